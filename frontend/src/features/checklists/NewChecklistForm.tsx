import { Button, HStack, Input, Stack, Textarea } from "@chakra-ui/react";
import { useFormik } from "formik";
import { CHECKLIST_TEXTS, TOASTS, checklistSchema } from "@caravan/common";
import { ApiError, isSessionExpired } from "../../api/client";
import { FormField } from "../../components/FormField";
import { notify } from "../../components/toaster";
import { useChecklistMutations } from "./api";
import { SectionCard } from "../../components/SectionCard";

/** Title trimmed and required, description optional (docs/product.md §5). */
export function NewChecklistForm({ groupId, onDone }: { groupId: number; onDone(): void }) {
  const { create } = useChecklistMutations(groupId);
  const form = useFormik({
    initialValues: { title: "", description: "" },
    validationSchema: checklistSchema,
    onSubmit: async (values, helpers) => {
      const payload = checklistSchema.cast(values);
      try {
        await create.mutateAsync({ title: payload.title, description: payload.description ?? null });
      } catch (err) {
        if (isSessionExpired(err)) return;
        if (err instanceof ApiError) helpers.setErrors(err.fieldErrors);
        notify("error", TOASTS.errorTitle, CHECKLIST_TEXTS.createFailed);
        return;
      }
      notify("success", CHECKLIST_TEXTS.created);
      onDone();
    },
  });
  const error = (field: "title" | "description") => (form.touched[field] ? form.errors[field] : undefined);
  return (
    <SectionCard as="div" borderRadius="xl" borderColor="brand.200" p={{ base: "4", sm: "5" }}>
      <form onSubmit={form.handleSubmit} noValidate aria-label={CHECKLIST_TEXTS.newChecklist}>
        <Stack gap="1">
          <FormField label={CHECKLIST_TEXTS.titleLabel} error={error("title")}>
            <Input
              {...form.getFieldProps("title")}
              placeholder={CHECKLIST_TEXTS.titlePlaceholder}
              autoFocus
              data-autofocus=""
            />
          </FormField>
          <FormField label={CHECKLIST_TEXTS.descriptionLabel} error={error("description")}>
            <Textarea
              {...form.getFieldProps("description")}
              placeholder={CHECKLIST_TEXTS.descriptionPlaceholder}
              rows={2}
              autoresize
            />
          </FormField>
          <HStack justify="end" gap="2">
            <Button variant="ghost" onClick={onDone}>
              {CHECKLIST_TEXTS.cancel}
            </Button>
            <Button type="submit" colorPalette="brand" disabled={form.isSubmitting}>
              {form.isSubmitting ? CHECKLIST_TEXTS.creating : CHECKLIST_TEXTS.create}
            </Button>
          </HStack>
        </Stack>
      </form>
    </SectionCard>
  );
}
