import { Input } from "@chakra-ui/react";
import { useFormik } from "formik";
import { useState } from "react";
import {
  GROUP_TEXTS,
  TOASTS,
  createGroupSchema,
  type CreateGroupPayload,
  type DestinationResult,
} from "@caravan/common";
import { ApiError, isSessionExpired } from "../../api/client";
import { FormField } from "../../components/FormField";
import { notify } from "../../components/toaster";
import { useCreateGroup } from "./api";
import { DestinationChooser } from "./DestinationChooser";
import { GroupDetailsFields, GroupFormDialog, GroupFormLayout, type GroupDetailsValues } from "./GroupForm";
import { useGroupDialogs } from "./dialog-store";
import { fieldError, liveField } from "./form-fields";

interface CreateGroupValues extends GroupDetailsValues {
  coverImageUrl: string;
}

/** docs/product.md §2: empty texts, status Active. */
const INITIAL: CreateGroupValues = {
  name: "",
  description: "",
  status: "active",
  startDate: null,
  endDate: null,
  coverImageUrl: "",
};

/** docs/product.md §8: the create call's 401 shows its own toast (its message carries the status). */
const isUnauthorized = (err: unknown) =>
  isSessionExpired(err) || (err instanceof Error && /401|Unauthorized/.test(err.message));

export function CreateGroupDialog() {
  const open = useGroupDialogs((s) => s.open === "create");
  const close = useGroupDialogs((s) => s.close);
  return (
    <GroupFormDialog open={open} onClose={close} testId="create-group-dialog">
      <CreateGroupForm onDone={close} />
    </GroupFormDialog>
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

  return (
    <GroupFormLayout
      form={form}
      titleId="create-group-title"
      title={GROUP_TEXTS.createTitle}
      text={GROUP_TEXTS.createText}
      submit={[GROUP_TEXTS.create, GROUP_TEXTS.creating]}
      onCancel={onDone}
    >
      <GroupDetailsFields form={form} />
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
    </GroupFormLayout>
  );
}
