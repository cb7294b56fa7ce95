import { Button, Dialog, Input, NativeSelect, SimpleGrid, Stack, Text, Textarea, chakra } from "@chakra-ui/react";
import type { FormikProps } from "formik";
import { useId, type ReactNode } from "react";
import { GROUP_STATUSES, GROUP_TEXTS, type GroupStatus } from "@caravan/common";
import { AppDialog } from "../../components/AppDialog";
import { DatePickerField } from "../../components/DatePickerField";
import { DialogHeader } from "../../components/DialogHeader";
import { FormField } from "../../components/FormField";
import { dayToIso, isoToDay } from "./dates";
import { fieldError, liveField } from "./form-fields";

/** The Create and Edit Group dialogs' frame: full screen on a phone, the body scrolling between header and footer. */
export function GroupFormDialog(props: { open: boolean; onClose(): void; testId: string; children: ReactNode }) {
  return (
    <AppDialog
      open={props.open}
      onOpenChange={(e) => !e.open && props.onClose()}
      size={{ mdDown: "full", md: "lg" }}
      scrollBehavior="inside"
      lazyMount
      unmountOnExit
      testId={props.testId}
      contentProps={{ borderRadius: { base: "0", md: "2xl" } }}
    >
      {props.children}
    </AppDialog>
  );
}

/**
 * A group form inside GroupFormDialog: title and text, the fields, then Cancel and the submit button (`submit`: its
 * label, and its label while the form is sent).
 */
export function GroupFormLayout<V extends GroupDetailsValues>(props: {
  form: FormikProps<V>;
  titleId: string;
  title: string;
  text: string;
  submit: readonly [idle: string, pending: string];
  onCancel(): void;
  children: ReactNode;
}) {
  const submitting = props.form.isSubmitting;
  return (
    // A flex column like Dialog.Content itself, so the body scrolls inside the dialog and the footer stays in view.
    <chakra.form
      onSubmit={props.form.handleSubmit}
      noValidate
      aria-labelledby={props.titleId}
      display="flex"
      flexDirection="column"
      flex="1"
      minH="0"
    >
      <DialogHeader size="md" titleId={props.titleId} title={props.title} description={props.text} />
      <Dialog.Body>
        <Stack gap="1">{props.children}</Stack>
      </Dialog.Body>
      <Dialog.Footer gap="3">
        <Button variant="outline" type="button" onClick={props.onCancel}>
          {GROUP_TEXTS.cancel}
        </Button>
        <Button type="submit" colorPalette="brand" disabled={submitting}>
          {submitting ? props.submit[1] : props.submit[0]}
        </Button>
      </Dialog.Footer>
    </chakra.form>
  );
}

/** What the owner sets about a group in both the Create and the Edit Group dialogs (common's groupFields). */
export interface GroupDetailsValues {
  name: string;
  description: string;
  status: GroupStatus;
  startDate: string | null;
  endDate: string | null;
}

/** Group Name, Description, Status, Start Date and End Date: the fields the two dialogs share. */
export function GroupDetailsFields<V extends GroupDetailsValues>({ form }: { form: FormikProps<V> }) {
  const setDay = (field: "startDate" | "endDate") => (day: string | null) => {
    void form.setFieldTouched(field, true, false);
    void form.setFieldValue(field, day ? dayToIso(day) : null);
  };
  return (
    <>
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
    </>
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
