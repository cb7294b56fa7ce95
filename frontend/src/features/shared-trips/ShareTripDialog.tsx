import {
  Box,
  Button,
  CloseButton,
  Dialog,
  Field,
  HStack,
  IconButton,
  Input,
  Link,
  Portal,
  Stack,
  Text,
} from "@chakra-ui/react";
import { useFormik } from "formik";
import { useState } from "react";
import {
  SHARE_DURATION_MAX_HOURS,
  SHARE_DESTINATION_TEXTS,
  SHARE_TEXTS,
  TOASTS,
  type SharedTrip,
} from "@caravan/common";
import { notify, notifyFailure } from "../../components/toaster";
import { DestinationSearchDialog } from "../places";
import { useCreateSharedTrip } from "./api";
import { copyShareLink } from "./copy-link";
import { CopyIcon, ExternalLinkIcon } from "../../components/icons";
import { clampDuration, emptyShareForm, nextDurationText, sharePayload, validateShareForm } from "./share-form";
import { DialogHeader } from "../../components/DialogHeader";

/**
 * The Share Your Trip dialog of the dashboard's Share Trip button (ShareTripButton.tsx). The form runs through Formik
 * on common's createSharedTripSchema (`validateShareForm`); the duration field clamps what is typed instead of
 * reporting it.
 */
export function ShareTripDialog({ open, onOpenChange }: { open: boolean; onOpenChange(open: boolean): void }) {
  const [created, setCreated] = useState<SharedTrip | null>(null);
  const [searching, setSearching] = useState(false);
  const create = useCreateSharedTrip();
  const form = useFormik({
    initialValues: emptyShareForm,
    validate: validateShareForm,
    validateOnChange: false,
    validateOnBlur: false,
    onSubmit: async (values, helpers) => {
      const payload = sharePayload(values);
      void helpers.setFieldValue("durationHours", String(payload.durationHours), false);
      try {
        const trip = await create.mutateAsync(payload);
        setCreated(trip);
        notify("success", SHARE_TEXTS.createdTitle, SHARE_TEXTS.createdText(trip.durationHours));
      } catch (err) {
        notifyFailure(TOASTS.errorTitle, err, SHARE_TEXTS.createFailed);
      }
    },
  });
  const { durationHours: durationText, destination } = form.values;
  const setDestination = (next: typeof destination) => {
    void form.setFieldValue("destination", next, false);
    form.setFieldError("destination", undefined);
  };

  const reset = () => {
    form.resetForm();
    setCreated(null);
    create.reset();
  };

  return (
    <Dialog.Root
      open={open}
      onOpenChange={({ open: next }) => {
        onOpenChange(next);
        if (!next) reset();
      }}
      placement="center"
      motionPreset="slide-in-bottom"
      size="md"
    >
      <Portal>
        <Dialog.Backdrop bg="blackAlpha.600" backdropFilter="blur(2px)" />
        <Dialog.Positioner px={{ base: "3", sm: "4" }}>
          <Dialog.Content borderRadius="2xl" boxShadow="lift" data-testid="share-trip-dialog">
            <DialogHeader
              title="Share Your Trip"
              description={created ? SHARE_TEXTS.createdDescription : SHARE_TEXTS.createDescription}
            />
            <Dialog.Body pt="5" pb="6">
              {created ? (
                <CreatedStep
                  trip={created}
                  onDone={() => {
                    onOpenChange(false);
                    reset();
                  }}
                />
              ) : (
                <form onSubmit={form.handleSubmit} noValidate>
                  <Stack gap="5">
                    <Field.Root gap="1.5">
                      <Field.Label fontWeight="600" fontSize="sm" color="ink">
                        Share duration (hours){" "}
                        <Text as="span" color="fg.muted" fontWeight="500">
                          (max {SHARE_DURATION_MAX_HOURS} hours)
                        </Text>
                      </Field.Label>
                      <Input
                        name="durationHours"
                        inputMode="numeric"
                        autoComplete="off"
                        value={durationText}
                        onChange={(e) =>
                          void form.setFieldValue("durationHours", nextDurationText(e.target.value), false)
                        }
                        onBlur={() =>
                          void form.setFieldValue("durationHours", String(clampDuration(durationText)), false)
                        }
                        maxW="40"
                        size="lg"
                      />
                      <Field.HelperText color="fg.muted">
                        Whole hours from 1 to {SHARE_DURATION_MAX_HOURS}. You can stop sharing earlier at any time.
                      </Field.HelperText>
                    </Field.Root>
                    <Field.Root gap="1.5" invalid={Boolean(form.errors.destination)}>
                      <Field.Label fontWeight="600" fontSize="sm" color="ink">
                        {SHARE_DESTINATION_TEXTS.label}
                      </Field.Label>
                      {destination ? (
                        <HStack gap="2" wrap="wrap" data-testid="share-destination-choice">
                          <Text fontWeight="600" color="ink" wordBreak="break-word">
                            {destination.name}
                          </Text>
                          <Button size="xs" variant="ghost" onClick={() => setDestination(null)}>
                            {SHARE_DESTINATION_TEXTS.remove}
                          </Button>
                        </HStack>
                      ) : (
                        <Button
                          size="sm"
                          variant="outline"
                          colorPalette="brand"
                          alignSelf="flex-start"
                          onClick={() => setSearching(true)}
                        >
                          {SHARE_DESTINATION_TEXTS.choose}
                        </Button>
                      )}
                      <Field.HelperText color="fg.muted">{SHARE_DESTINATION_TEXTS.hint}</Field.HelperText>
                      {form.errors.destination ? (
                        <Field.ErrorText fontSize="xs" role="alert">
                          {form.errors.destination}
                        </Field.ErrorText>
                      ) : null}
                    </Field.Root>
                    <DestinationSearchDialog
                      open={searching}
                      onOpenChange={setSearching}
                      current={null}
                      onSelect={(place) =>
                        setDestination({ name: place.name, latitude: place.latitude, longitude: place.longitude })
                      }
                    />
                    <Box bg="brand.subtle" borderRadius="lg" px="4" py="3">
                      <Text fontSize="sm" color="brand.fg">
                        Anyone with the link sees your location while it is live. Nothing is sent until you press Start
                        Sharing on your dashboard.
                      </Text>
                    </Box>
                    <Button
                      type="submit"
                      colorPalette="brand"
                      size="lg"
                      loading={create.isPending || form.isSubmitting}
                      loadingText="Creating..."
                    >
                      Create Share Link
                    </Button>
                  </Stack>
                </form>
              )}
            </Dialog.Body>
            <Dialog.CloseTrigger asChild top="4" insetEnd="4">
              <CloseButton size="sm" aria-label="Close" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

function CreatedStep({ trip, onDone }: { trip: SharedTrip; onDone: () => void }) {
  const expires = new Date(trip.expiresAt).toLocaleString(undefined, {
    weekday: "short",
    hour: "numeric",
    minute: "2-digit",
  });
  return (
    <Stack gap="5">
      <Field.Root gap="1.5">
        <Field.Label fontWeight="600" fontSize="sm" color="ink">
          Share link
        </Field.Label>
        <HStack gap="2" w="full">
          <Input
            readOnly
            value={trip.shareUrl}
            onFocus={(e) => e.target.select()}
            fontFamily="mono"
            fontSize="sm"
            flex="1"
            minW="0"
            data-testid="share-link"
          />
          <IconButton asChild variant="outline" aria-label="Open shared trip in a new tab">
            <Link href={trip.shareUrl} target="_blank" rel="noopener noreferrer">
              <ExternalLinkIcon />
            </Link>
          </IconButton>
        </HStack>
        <Field.HelperText color="fg.muted">
          Live for {trip.durationHours} {trip.durationHours === 1 ? "hour" : "hours"}, until {expires}.
        </Field.HelperText>
      </Field.Root>
      <Box bg="sunset.subtle" borderRadius="lg" px="4" py="3">
        <Text fontSize="sm" color="sunset.fg">
          Next: press Start Sharing under Active Shared Trips on your dashboard to send your location to this link.
        </Text>
      </Box>
      <Stack direction={{ base: "column", sm: "row" }} gap="3">
        <Button flex={{ sm: "1" }} colorPalette="brand" size="lg" onClick={() => void copyShareLink(trip.shareUrl)}>
          <CopyIcon />
          Copy Link
        </Button>
        <Button flex={{ sm: "1" }} variant="outline" size="lg" onClick={onDone}>
          Done
        </Button>
      </Stack>
    </Stack>
  );
}
