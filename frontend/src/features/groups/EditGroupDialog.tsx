import { useFormik } from "formik";
import { useState } from "react";
import {
  GROUP_TEXTS,
  TOASTS,
  editGroupSchema,
  type DestinationResult,
  type Group,
  type UpdateGroupPayload,
} from "@caravan/common";
import { ApiError } from "../../api/client";
import { notify, notifyFailure } from "../../components/toaster";
import { useUpdateGroup } from "./api";
import { DestinationChooser } from "./DestinationChooser";
import { GroupDetailsFields, GroupFormDialog, GroupFormLayout, type GroupDetailsValues } from "./GroupForm";

export interface EditGroupDialogProps {
  group: Group;
  open: boolean;
  onOpenChange(open: boolean): void;
}

/** The owner's Edit Group: what Create New Travel Group set, the cover aside (the header's upload control sets it). */
export function EditGroupDialog({ group, open, onOpenChange }: EditGroupDialogProps) {
  const close = () => onOpenChange(false);
  return (
    <GroupFormDialog open={open} onClose={close} testId="edit-group-dialog">
      <EditGroupForm group={group} onDone={close} />
    </GroupFormDialog>
  );
}

const valuesOf = (group: Group): GroupDetailsValues => ({
  name: group.name,
  description: group.description ?? "",
  status: group.status,
  startDate: group.startDate,
  endDate: group.endDate,
});

/** Mounted with each opening (the content unmounts on close), so it starts from the group as it is then. */
function EditGroupForm({ group, onDone }: { group: Group; onDone(): void }) {
  const mutation = useUpdateGroup(group.id);
  // A place picked here; until then the group's own destination is shown and not sent again.
  const [picked, setPicked] = useState<DestinationResult | null>(null);
  const current = group.destinationName ? { name: group.destinationName, address: group.destinationAddress } : null;
  const form = useFormik<GroupDetailsValues>({
    initialValues: valuesOf(group),
    validationSchema: editGroupSchema,
    validateOnChange: true,
    onSubmit: async (values, helpers) => {
      const payload: UpdateGroupPayload = {
        name: values.name.trim(),
        description: values.description.trim(),
        status: values.status,
        startDate: values.startDate,
        endDate: values.endDate,
        ...(picked && {
          destinationName: picked.name,
          destinationAddress: picked.address,
          destinationLatitude: picked.latitude,
          destinationLongitude: picked.longitude,
          destinationPlaceId: picked.placeId,
        }),
      };
      try {
        await mutation.mutateAsync(payload);
      } catch (err) {
        if (err instanceof ApiError) helpers.setErrors(err.fieldErrors);
        notifyFailure(TOASTS.errorTitle, err, GROUP_TEXTS.updateFailed);
        return;
      }
      notify("success", GROUP_TEXTS.updatedTitle, GROUP_TEXTS.updatedText);
      onDone();
    },
  });

  return (
    <GroupFormLayout
      form={form}
      titleId="edit-group-title"
      title={GROUP_TEXTS.editTitle}
      text={GROUP_TEXTS.editText}
      submit={[GROUP_TEXTS.save, GROUP_TEXTS.saving]}
      onCancel={onDone}
    >
      <GroupDetailsFields form={form} />
      <DestinationChooser value={picked ?? current} onChange={setPicked} />
    </GroupFormLayout>
  );
}
