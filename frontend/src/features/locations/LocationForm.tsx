import { Button, chakra, Dialog, Input, SimpleGrid, Stack, Tabs, Textarea } from "@chakra-ui/react";
import { useFormik } from "formik";
import { useState } from "react";
import { LOCATION_ADDRESS_MAX, LOCATION_NOTES_MAX, LOCATION_TEXTS, TOASTS, type GroupLocation } from "@caravan/common";
import { isSessionExpired } from "../../api/client";
import { FormField } from "../../components/FormField";
import { notify } from "../../components/toaster";
import { useUpdateLocation } from "./api";
import type { Coordinates } from "./geolocation";
import { coordinatesOf, initialLocationValues, pointOf, validateLocation } from "./location-form";
import { LocationMapTab } from "./LocationMapTab";
import { reverseGeocode } from "./reverse-geocode";

type LocationTab = "map" | "manual";

interface LocationFormProps {
  groupId: number;
  current: GroupLocation | null;
  startAt: Coordinates[];
  googleMapsApiKey: string | null;
  onDone(): void;
}

/**
 * The dialog's form: a point chosen on the map or typed in, an optional address and notes. Checked on submit by
 * common's locationUpdateSchema; a wrong coordinate opens Manual Entry, where its message shows.
 */
export function LocationForm({ groupId, current, startAt, googleMapsApiKey, onDone }: LocationFormProps) {
  const update = useUpdateLocation(groupId);
  const [tab, setTab] = useState<LocationTab>("map");
  const form = useFormik({
    initialValues: initialLocationValues(current),
    validateOnChange: false,
    validateOnBlur: false,
    validate: async (values) => {
      const errors = await validateLocation(values);
      if (errors.latitude || errors.longitude) setTab("manual");
      return errors;
    },
    onSubmit: async (values) => {
      const { latitude, longitude } = coordinatesOf(values);
      try {
        let place = values.address.trim() || null;
        if (!place && googleMapsApiKey) place = await reverseGeocode(googleMapsApiKey, { latitude, longitude });
        await update.mutateAsync({ latitude, longitude, address: place, notes: values.notes.trim() || null });
      } catch (err) {
        // The app answers an ended session itself: 'Unauthorized', then the trip to sign in.
        if (isSessionExpired(err)) return;
        notify("error", TOASTS.errorTitle, LOCATION_TEXTS.updateFailed);
        return;
      }
      notify("success", LOCATION_TEXTS.updated);
      onDone();
    },
  });

  const choose = (p: Coordinates) => {
    void form.setValues({ ...form.values, latitude: String(p.latitude), longitude: String(p.longitude) }, false);
    form.setErrors({});
  };

  return (
    // A flex column like Dialog.Content itself, so the body scrolls inside the dialog on short screens.
    <chakra.form
      onSubmit={form.handleSubmit}
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
            <LocationMapTab point={pointOf(form.values)} startAt={startAt} onChoose={choose} />
          </Tabs.Content>
          <Tabs.Content value="manual" p="0">
            <SimpleGrid columns={{ base: 1, sm: 2 }} gapX="4">
              <FormField label={LOCATION_TEXTS.latitude} error={form.errors.latitude}>
                <Input
                  {...form.getFieldProps("latitude")}
                  inputMode="decimal"
                  autoComplete="off"
                  placeholder="40.7128"
                />
              </FormField>
              <FormField label={LOCATION_TEXTS.longitude} error={form.errors.longitude}>
                <Input
                  {...form.getFieldProps("longitude")}
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
              {...form.getFieldProps("address")}
              maxLength={LOCATION_ADDRESS_MAX}
              placeholder={LOCATION_TEXTS.addressPlaceholder}
              autoComplete="off"
            />
          </FormField>
          <FormField label={LOCATION_TEXTS.notes}>
            <Textarea
              {...form.getFieldProps("notes")}
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
        <Button type="submit" colorPalette="brand" fontWeight="600" disabled={form.isSubmitting}>
          {form.isSubmitting ? LOCATION_TEXTS.submitting : LOCATION_TEXTS.submit}
        </Button>
      </Dialog.Footer>
    </chakra.form>
  );
}
