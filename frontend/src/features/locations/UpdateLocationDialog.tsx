import {
  Box,
  Button,
  chakra,
  Dialog,
  HStack,
  Input,
  SimpleGrid,
  Skeleton,
  Spinner,
  Stack,
  Tabs,
  Text,
  Textarea,
} from "@chakra-ui/react";
import { lazy, Suspense, useState, type FormEvent } from "react";
import {
  GEOLOCATION_OPTIONS,
  LATITUDE_MAX,
  LATITUDE_MIN,
  LOCATION_ADDRESS_MAX,
  LOCATION_NOTES_MAX,
  LOCATION_TEXTS,
  LONGITUDE_MAX,
  LONGITUDE_MIN,
  TOASTS,
  VALIDATION,
  type GroupLocation,
} from "@caravan/common";
import { isSessionExpired } from "../../api/client";
import { FormField } from "../../components/FormField";
import { MapPinIcon } from "../../components/icons";
import { notify } from "../../components/toaster";
import { useUpdateLocation } from "./api";
import { currentPosition, GeolocationError, type Coordinates } from "./geolocation";
import { reverseGeocode } from "./reverse-geocode";
import { parseCoordinate } from "./tracking";
import { AppDialog } from "../../components/AppDialog";
import { DialogHeader } from "../../components/DialogHeader";

const LocationPickerMap = lazy(() => import("./LocationPickerMap"));

type LocationTab = "map" | "manual";

interface UpdateLocationDialogProps {
  groupId: number;
  /** The caller's current location in this group, to start from. */
  current: GroupLocation | null;
  googleMapsApiKey: string | null;
  open: boolean;
  onOpenChange(open: boolean): void;
}

/** SPEC §2 'Update Your Location': Map Selection and Manual Entry. Reopens blank: its form unmounts on close. */
export function UpdateLocationDialog({
  groupId,
  current,
  googleMapsApiKey,
  open,
  onOpenChange,
}: UpdateLocationDialogProps) {
  return (
    <AppDialog
      open={open}
      onOpenChange={(e) => onOpenChange(e.open)}
      motionPreset="slide-in-bottom"
      size="lg"
      scrollBehavior="inside"
      lazyMount
      unmountOnExit
      testId="location-dialog"
    >
      <DialogHeader title={LOCATION_TEXTS.dialogTitle} description={LOCATION_TEXTS.dialogDescription} />
      <LocationForm
        groupId={groupId}
        current={current}
        googleMapsApiKey={googleMapsApiKey}
        onDone={() => onOpenChange(false)}
      />
    </AppDialog>
  );
}

interface FieldErrors {
  latitude?: string;
  longitude?: string;
}

const coordinateText = (n: number | undefined) => (n === undefined ? "" : String(n));

/** A point for the map only when both fields hold numbers in range; the map does not guess from half an entry. */
function pointOf(lat: string, lng: string): Coordinates | null {
  if (lat.trim() === "" || lng.trim() === "") return null;
  const latitude = Number(lat);
  const longitude = Number(lng);
  if (!Number.isFinite(latitude) || !Number.isFinite(longitude)) return null;
  if (latitude < LATITUDE_MIN || latitude > LATITUDE_MAX || longitude < LONGITUDE_MIN || longitude > LONGITUDE_MAX) {
    return null;
  }
  return { latitude, longitude };
}

function validate(latitude: number, longitude: number): FieldErrors {
  const errors: FieldErrors = {};
  if (latitude < LATITUDE_MIN || latitude > LATITUDE_MAX) errors.latitude = VALIDATION.latitudeRange;
  if (longitude < LONGITUDE_MIN || longitude > LONGITUDE_MAX) errors.longitude = VALIDATION.longitudeRange;
  return errors;
}

function LocationForm({
  groupId,
  current,
  googleMapsApiKey,
  onDone,
}: {
  groupId: number;
  current: GroupLocation | null;
  googleMapsApiKey: string | null;
  onDone(): void;
}) {
  const update = useUpdateLocation(groupId);
  const [tab, setTab] = useState<LocationTab>("map");
  const [lat, setLat] = useState(coordinateText(current?.latitude));
  const [lng, setLng] = useState(coordinateText(current?.longitude));
  const [address, setAddress] = useState("");
  const [notes, setNotes] = useState("");
  const [errors, setErrors] = useState<FieldErrors>({});
  const [locating, setLocating] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const point = pointOf(lat, lng);

  const choose = (p: Coordinates) => {
    setLat(String(p.latitude));
    setLng(String(p.longitude));
    setErrors({});
  };

  const useCurrentLocation = async () => {
    setLocating(true);
    try {
      choose(await currentPosition(GEOLOCATION_OPTIONS));
    } catch (err) {
      const text = err instanceof GeolocationError ? err.message : LOCATION_TEXTS.geolocationFailed;
      notify("error", TOASTS.errorTitle, text);
    } finally {
      setLocating(false);
    }
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const latitude = parseCoordinate(lat);
    const longitude = parseCoordinate(lng);
    const found = validate(latitude, longitude);
    setErrors(found);
    if (found.latitude || found.longitude) {
      setTab("manual");
      return;
    }
    setSubmitting(true);
    try {
      let place = address.trim() || null;
      if (!place && googleMapsApiKey) place = await reverseGeocode(googleMapsApiKey, { latitude, longitude });
      await update.mutateAsync({ latitude, longitude, address: place, notes: notes.trim() || null });
    } catch (err) {
      setSubmitting(false);
      // The app answers a 401 itself: 'Unauthorized', then the trip to sign in.
      if (isSessionExpired(err)) return;
      notify("error", TOASTS.errorTitle, LOCATION_TEXTS.updateFailed);
      return;
    }
    notify("success", LOCATION_TEXTS.updated);
    onDone();
  };

  return (
    // A flex column like Dialog.Content itself, so the body scrolls inside the dialog on short screens.
    <chakra.form
      onSubmit={submit}
      noValidate
      aria-label={LOCATION_TEXTS.dialogTitle}
      display="flex"
      flexDirection="column"
      flex="1"
      minH="0"
    >
      <Dialog.Body pt="4" pb="2">
        <Tabs.Root
          value={tab}
          onValueChange={(e) => setTab(e.value as LocationTab)}
          variant="enclosed"
          fitted
          colorPalette="brand"
        >
          <Tabs.List width="full" mb="4">
            <Tabs.Trigger value="map" fontWeight="600">
              {LOCATION_TEXTS.mapTab}
            </Tabs.Trigger>
            <Tabs.Trigger value="manual" fontWeight="600">
              {LOCATION_TEXTS.manualTab}
            </Tabs.Trigger>
          </Tabs.List>
          <Tabs.Content value="map" p="0">
            <Stack gap="3">
              <Text fontSize="sm" color="fg.muted">
                {LOCATION_TEXTS.mapHint}
              </Text>
              <Box
                height={{ base: "15rem", sm: "16rem" }}
                borderRadius="xl"
                overflow="hidden"
                borderWidth="1px"
                borderColor="border.muted"
                isolation="isolate"
                data-testid="location-picker"
              >
                <Suspense fallback={<Skeleton height="100%" />}>
                  <LocationPickerMap value={point} onChange={choose} />
                </Suspense>
              </Box>
              <HStack justify="space-between" gap="3" wrap="wrap">
                <Button
                  variant="outline"
                  colorPalette="brand"
                  size="sm"
                  onClick={useCurrentLocation}
                  disabled={locating}
                >
                  {locating ? <Spinner size="xs" /> : <MapPinIcon boxSize="4" />}
                  {locating ? LOCATION_TEXTS.locating : LOCATION_TEXTS.useCurrentLocation}
                </Button>
                <Text fontSize="sm" color="ink.muted" fontVariantNumeric="tabular-nums" data-testid="picked-point">
                  {point ? `${point.latitude.toFixed(5)}, ${point.longitude.toFixed(5)}` : ""}
                </Text>
              </HStack>
            </Stack>
          </Tabs.Content>
          <Tabs.Content value="manual" p="0">
            <SimpleGrid columns={{ base: 1, sm: 2 }} gapX="4">
              <FormField label={LOCATION_TEXTS.latitude} error={errors.latitude}>
                <Input
                  name="latitude"
                  value={lat}
                  onChange={(e) => setLat(e.target.value)}
                  inputMode="decimal"
                  autoComplete="off"
                  placeholder="40.7128"
                />
              </FormField>
              <FormField label={LOCATION_TEXTS.longitude} error={errors.longitude}>
                <Input
                  name="longitude"
                  value={lng}
                  onChange={(e) => setLng(e.target.value)}
                  inputMode="decimal"
                  autoComplete="off"
                  placeholder="-74.0060"
                />
              </FormField>
            </SimpleGrid>
          </Tabs.Content>
        </Tabs.Root>
        <Stack gap="0" mt="4">
          <FormField label={LOCATION_TEXTS.address}>
            <Input
              name="address"
              value={address}
              onChange={(e) => setAddress(e.target.value)}
              maxLength={LOCATION_ADDRESS_MAX}
              placeholder={LOCATION_TEXTS.addressPlaceholder}
              autoComplete="off"
            />
          </FormField>
          <FormField label={LOCATION_TEXTS.notes}>
            <Textarea
              name="notes"
              value={notes}
              onChange={(e) => setNotes(e.target.value)}
              maxLength={LOCATION_NOTES_MAX}
              placeholder={LOCATION_TEXTS.notesPlaceholder}
              rows={2}
              autoresize
            />
          </FormField>
        </Stack>
      </Dialog.Body>
      <Dialog.Footer pt="0" pb="6" gap="3">
        <Dialog.ActionTrigger asChild>
          <Button variant="ghost">{LOCATION_TEXTS.cancel}</Button>
        </Dialog.ActionTrigger>
        <Button type="submit" colorPalette="brand" fontWeight="600" disabled={submitting}>
          {submitting ? LOCATION_TEXTS.submitting : LOCATION_TEXTS.submit}
        </Button>
      </Dialog.Footer>
    </chakra.form>
  );
}
