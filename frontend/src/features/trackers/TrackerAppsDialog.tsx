import { Badge, Box, Button, Code, Dialog, Flex, HStack, Input, List, Stack, Text } from "@chakra-ui/react";
import { QRCodeCanvas } from "qrcode.react";
import { useFormik } from "formik";
import { useState } from "react";
import {
  formatRelativeTime,
  SHARE_TEXTS,
  TOASTS,
  TRACKER_NAME_MAX,
  TRACKER_TEXTS as T,
  trackerSchema,
  type CreatedTracker,
  type Tracker,
} from "@caravan/common";
import { ApiError } from "../../api/client";
import { AppDialog } from "../../components/AppDialog";
import { FormField } from "../../components/FormField";
import { notify, notifyFailure } from "../../components/toaster";
import { owntracksConfigLink, useCreateTracker, useDeleteTracker, useTrackers } from "./api";
import { DialogHeader } from "../../components/DialogHeader";

/** Create, set up, watch and delete the caller's tracker apps. The token is only in the answer to the creation. */
export function TrackerAppsDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const trackers = useTrackers(open);
  const create = useCreateTracker();
  const [created, setCreated] = useState<CreatedTracker | null>(null);
  // common's trackerSchema, as the server's CreateTrackerDto; checked when the form is sent.
  const form = useFormik({
    initialValues: { name: "" },
    validationSchema: trackerSchema,
    validateOnChange: false,
    validateOnBlur: false,
    onSubmit: async (values, helpers) => {
      try {
        setCreated(await create.mutateAsync(trackerSchema.cast(values).name));
        helpers.resetForm();
        notify("success", T.created, T.tokenOnce);
      } catch (err) {
        if (err instanceof ApiError) helpers.setFieldError("name", err.message);
        else notifyFailure(TOASTS.errorTitle, err, T.createFailed);
      }
    },
  });

  const close = () => {
    setCreated(null);
    form.resetForm();
    onClose();
  };

  return (
    <AppDialog
      open={open}
      onOpenChange={(e) => !e.open && close()}
      size={{ base: "full", sm: "lg" }}
      scrollBehavior="inside"
      testId="tracker-apps-dialog"
    >
      <DialogHeader size="md" title={T.sectionTitle} description={T.intro} />
      <Dialog.Body>
        <Stack gap="5">
          <form onSubmit={form.handleSubmit} noValidate aria-label={T.add}>
            <Flex gap="3" align="flex-end" direction={{ base: "column", sm: "row" }}>
              <Box flex="1" width="full">
                <FormField label={T.nameLabel} error={form.errors.name}>
                  <Input {...form.getFieldProps("name")} maxLength={TRACKER_NAME_MAX} placeholder={T.namePlaceholder} />
                </FormField>
              </Box>
              <Button
                type="submit"
                colorPalette="brand"
                disabled={create.isPending}
                mb="6"
                width={{ base: "full", sm: "auto" }}
              >
                {T.add}
              </Button>
            </Flex>
          </form>
          {created ? <CreatedTrackerSetup tracker={created} /> : null}
          <TrackerList trackers={trackers.data ?? []} loaded={!trackers.isPending} />
          <Text fontSize="sm" color="fg.muted" data-testid="tracker-privacy">
            {T.privacy}
          </Text>
        </Stack>
      </Dialog.Body>
      <Dialog.Footer>
        <Button variant="outline" onClick={close}>
          Close
        </Button>
      </Dialog.Footer>
    </AppDialog>
  );
}

function CreatedTrackerSetup({ tracker }: { tracker: CreatedTracker }) {
  const traccarServer = tracker.urls.osmand.slice(0, tracker.urls.osmand.indexOf("?"));
  return (
    <Stack
      gap="4"
      p="4"
      borderRadius="xl"
      bg="brand.50"
      borderWidth="1px"
      borderColor="brand.200"
      data-testid="tracker-created"
    >
      <Stack gap="1">
        <Text fontWeight="700" color="ink">
          {tracker.name}
        </Text>
        <Text fontSize="sm" color="ink.muted">
          {T.tokenOnce}
        </Text>
        <CopyLine label={T.token} value={tracker.token} testId="tracker-token" />
      </Stack>
      <AppSetup
        title={T.owntracksTitle}
        qr={owntracksConfigLink(tracker.urls.owntracks, tracker.token)}
        url={tracker.urls.owntracks}
        settings={T.owntracksSettings}
        testId="owntracks"
      />
      <AppSetup
        title={T.osmandTitle}
        qr={tracker.urls.osmand}
        url={tracker.urls.osmand}
        settings={T.osmandSettings}
        extra={<CopyLine label={T.traccarServerUrl} value={traccarServer} testId="traccar-server" />}
        testId="osmand"
      />
    </Stack>
  );
}

function AppSetup(props: {
  title: string;
  qr: string;
  url: string;
  settings: readonly string[];
  extra?: React.ReactNode;
  testId: string;
}) {
  return (
    <Flex gap="4" direction={{ base: "column", sm: "row" }} align={{ base: "stretch", sm: "flex-start" }}>
      <Stack gap="1" align="center" flexShrink={0}>
        <Box bg="white" p="2" borderRadius="md" data-testid={`qr-${props.testId}`}>
          <QRCodeCanvas value={props.qr} size={200} level="L" marginSize={4} aria-label={`${props.title} QR code`} />
        </Box>
        <Text fontSize="xs" color="ink.muted">
          {T.qrHint}
        </Text>
      </Stack>
      <Stack gap="2" minW="0" flex="1">
        <Text fontWeight="700" color="ink">
          {props.title}
        </Text>
        <CopyLine label={T.url} value={props.url} testId={`url-${props.testId}`} />
        {props.extra}
        <List.Root fontSize="sm" color="ink" gap="1" ps="4">
          {props.settings.map((s) => (
            <List.Item key={s}>{s}</List.Item>
          ))}
        </List.Root>
      </Stack>
    </Flex>
  );
}

function CopyLine({ label, value, testId }: { label: string; value: string; testId: string }) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      notify("success", T.copied, label);
    } catch {
      notify("error", TOASTS.errorTitle, SHARE_TEXTS.copyFailed);
    }
  };
  return (
    <HStack gap="2" align="flex-start" minW="0">
      <Stack gap="0" minW="0" flex="1">
        <Text fontSize="xs" fontWeight="700" textTransform="uppercase" letterSpacing="wider" color="fg.subtle">
          {label}
        </Text>
        <Code fontSize="xs" wordBreak="break-all" whiteSpace="normal" data-testid={testId}>
          {value}
        </Code>
      </Stack>
      <Button size="xs" variant="outline" onClick={copy} flexShrink={0} aria-label={`${T.copy} ${label}`}>
        {T.copy}
      </Button>
    </HStack>
  );
}

function TrackerList({ trackers, loaded }: { trackers: Tracker[]; loaded: boolean }) {
  const remove = useDeleteTracker();
  const now = new Date();
  if (loaded && trackers.length === 0) {
    return (
      <Text fontSize="sm" color="ink.muted">
        {T.none}
      </Text>
    );
  }
  return (
    <Stack gap="2" as="ul" aria-label={T.sectionTitle}>
      {trackers.map((t) => (
        <Flex
          as="li"
          key={t.id}
          gap="3"
          align="center"
          p="3"
          borderRadius="lg"
          borderWidth="1px"
          borderColor="border.muted"
          data-testid="tracker-row"
        >
          <Stack gap="0.5" flex="1" minW="0">
            <Text fontWeight="600" color="ink" truncate>
              {t.name}
            </Text>
            <HStack gap="2" fontSize="xs" color="ink.muted" wrap="wrap">
              <Text data-testid="tracker-last-seen">
                {t.lastSeenAt ? `${T.lastSeen} ${formatRelativeTime(t.lastSeenAt, now)}` : T.neverSeen}
              </Text>
              {t.lastBattery !== null ? (
                <Badge size="sm" variant="subtle">
                  {T.battery} {Math.round(t.lastBattery)}%
                </Badge>
              ) : null}
              {t.lastAccuracy !== null ? (
                <Badge size="sm" variant="subtle">
                  {T.accuracy} {Math.round(t.lastAccuracy)} m
                </Badge>
              ) : null}
            </HStack>
          </Stack>
          <Button
            size="xs"
            variant="outline"
            colorPalette="red"
            disabled={remove.isPending}
            onClick={() =>
              remove.mutate(t.id, {
                onSuccess: () => notify("success", T.deleted, t.name),
                onError: (err) => notifyFailure(TOASTS.errorTitle, err, T.deleteFailed),
              })
            }
            aria-label={`${T.delete} ${t.name}`}
          >
            {T.delete}
          </Button>
        </Flex>
      ))}
    </Stack>
  );
}
