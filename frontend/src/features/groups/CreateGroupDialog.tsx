import { Button, Dialog, Input, NativeSelect, SimpleGrid, Stack, Text, Textarea, chakra } from "@chakra-ui/react";
import { useFormik } from "formik";
import { useId, useState } from "react";
import {
  GROUP_STATUSES,
  GROUP_TEXTS,
  TOASTS,
  createGroupSchema,
  type CreateGroupPayload,
  type DestinationResult,
  type GroupStatus,
} from "@caravan/common";
import { ApiError, isSessionExpired } from "../../api/client";
import { DatePickerField } from "../../components/DatePickerField";
import { FormField } from "../../components/FormField";
import { notify } from "../../components/toaster";
import { useCreateGroup } from "./api";
import { dayToIso, isoToDay } from "./dates";
import { DestinationChooser } from "./DestinationChooser";
import { useGroupDialogs } from "./dialog-store";
import { fieldError, liveField } from "./form-fields";
import { AppDialog } from "../../components/AppDialog";
import { DialogHeader } from "../../components/DialogHeader";

interface CreateGroupValues {
  name: string;
  description: string;
  status: GroupStatus;
  startDate: string | null;
  endDate: string | null;
  coverImageUrl: string;
}

/** SPEC §2: empty texts, status Active. */
const INITIAL: CreateGroupValues = {
  name: "",
  description: "",
  status: "active",
  startDate: null,
  endDate: null,
  coverImageUrl: "",
};

/** SPEC §8: the create call's 401 shows its own toast (its message carries the status). */
const isUnauthorized = (err: unknown) =>
  isSessionExpired(err) || (err instanceof Error && /401|Unauthorized/.test(err.message));

export function CreateGroupDialog() {
  const open = useGroupDialogs((s) => s.open === "create");
  const close = useGroupDialogs((s) => s.close);
  return (
    <AppDialog
      open={open}
      onOpenChange={(e) => !e.open && close()}
      size={{ mdDown: "full", md: "lg" }}
      scrollBehavior="inside"
      lazyMount
      unmountOnExit
      testId="create-group-dialog"
      contentProps={{ borderRadius: { base: "0", md: "2xl" } }}
    >
      <CreateGroupForm onDone={close} />
    </AppDialog>
  );
}

/** Lives inside the dialog's content, which unmounts on close: every opening starts from the defaults. */
function CreateGroupForm({ onDone }: { onDone(): void }) {
  const mutation = useCreateGroup();
  const [destination, setDestination] = useState<DestinationResult | null>(null);
  const form = useFormik<CreateGroupValues>({
    initialValues: INITIAL,
    validationSchema: createGroupSchema,
    validateOnChange: true,
    onSubmit: async (values, helpers) => {
      const payload: CreateGroupPayload = {
        name: values.name.trim(),
        description: values.description.trim(),
        status: values.status,
        coverImageUrl: values.coverImageUrl.trim() || null,
        startDate: values.startDate,
        endDate: values.endDate,
        destinationName: destination?.name ?? null,
        destinationAddress: destination?.address ?? null,
        destinationLatitude: destination?.latitude ?? null,
        destinationLongitude: destination?.longitude ?? null,
        destinationPlaceId: destination?.placeId ?? null,
      };
      try {
        await mutation.mutateAsync(payload);
      } catch (err) {
        if (isUnauthorized(err)) {
          notify("error", GROUP_TEXTS.signInRequiredTitle, GROUP_TEXTS.signInRequiredText);
          onDone();
          return;
        }
        if (err instanceof ApiError) helpers.setErrors(err.fieldErrors);
        notify("error", TOASTS.errorTitle, GROUP_TEXTS.createFailed);
        return;
      }
      notify("success", GROUP_TEXTS.createdTitle, GROUP_TEXTS.createdText);
      helpers.resetForm();
      setDestination(null);
      onDone();
    },
  });

  const setDay = (field: "startDate" | "endDate") => (day: string | null) => {
    void form.setFieldTouched(field, true, false);
    void form.setFieldValue(field, day ? dayToIso(day) : null);
  };

  return (
    // A flex column like Dialog.Content itself, so the body scrolls inside the dialog and the footer stays in view.
    <chakra.form
      onSubmit={form.handleSubmit}
      noValidate
      aria-labelledby="create-group-title"
      display="flex"
      flexDirection="column"
      flex="1"
      minH="0"
    >
      <DialogHeader
        size="md"
        titleId="create-group-title"
        title={GROUP_TEXTS.createTitle}
        description={GROUP_TEXTS.createText}
      />
      <Dialog.Body>
        <Stack gap="1">
          <FormField label={GROUP_TEXTS.nameLabel} error={fieldError(form, "name")}>
            <Input {...liveField(form, "name")} placeholder={GROUP_TEXTS.namePlaceholder} autoComplete="off" />
          </FormField>
          <FormField label={GROUP_TEXTS.descriptionLabel} error={fieldError(form, "description")}>
            <Textarea
              {...liveField(form, "description")}
              placeholder={GROUP_TEXTS.descriptionPlaceholder}
              rows={3}
              resize="vertical"
            />
          </FormField>
          <FormField label={GROUP_TEXTS.statusLabel} error={fieldError(form, "status")}>
            <NativeSelect.Root>
              <NativeSelect.Field {...liveField(form, "status")}>
                {GROUP_STATUSES.map((s) => (
                  <option key={s} value={s}>
                    {GROUP_TEXTS.statusOption[s]}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </FormField>
          <SimpleGrid columns={{ base: 1, sm: 2 }} columnGap="3" rowGap="1">
            <DateField
              label={GROUP_TEXTS.startDateLabel}
              value={form.values.startDate}
              onChange={setDay("startDate")}
              error={fieldError(form, "startDate")}
            />
            <DateField
              label={GROUP_TEXTS.endDateLabel}
              value={form.values.endDate}
              onChange={setDay("endDate")}
              error={fieldError(form, "endDate")}
            />
          </SimpleGrid>
          <FormField label={GROUP_TEXTS.coverLabel} error={fieldError(form, "coverImageUrl")}>
            <Input
              {...liveField(form, "coverImageUrl")}
              type="url"
              inputMode="url"
              placeholder={GROUP_TEXTS.coverPlaceholder}
              autoComplete="off"
            />
          </FormField>
          <DestinationChooser value={destination} onChange={setDestination} />
        </Stack>
      </Dialog.Body>
      <Dialog.Footer gap="3">
        <Button variant="outline" type="button" onClick={onDone}>
          {GROUP_TEXTS.cancel}
        </Button>
        <Button type="submit" colorPalette="brand" disabled={form.isSubmitting}>
          {form.isSubmitting ? GROUP_TEXTS.creating : GROUP_TEXTS.create}
        </Button>
      </Dialog.Footer>
    </chakra.form>
  );
}

/** FormField's layout for a date: the picker is a button, so the label names it through aria-labelledby. */
function DateField(props: {
  label: string;
  value: string | null;
  onChange(day: string | null): void;
  error?: string | undefined;
}) {
  const labelId = useId();
  return (
    <Stack gap="1.5">
      <Text as="span" id={labelId} fontWeight="600" fontSize="sm" color="ink">
        {props.label}
      </Text>
      <DatePickerField
        labelId={labelId}
        value={isoToDay(props.value)}
        onChange={props.onChange}
        placeholder={GROUP_TEXTS.datePlaceholder}
        invalid={Boolean(props.error)}
      />
      {/* Two lines kept free: the end-date message wraps in a half-width column. */}
      <Text
        as="span"
        role={props.error ? "alert" : undefined}
        minH={{ base: "1.25rem", sm: "2.5rem" }}
        fontSize="xs"
        lineHeight="1.25rem"
        color="fg.error"
      >
        {props.error ?? ""}
      </Text>
    </Stack>
  );
}
