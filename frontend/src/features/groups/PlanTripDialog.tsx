import { Button, Circle, Dialog, Input, Stack, Textarea } from "@chakra-ui/react";
import { useFormik } from "formik";
import { useState } from "react";
import { useNavigate } from "react-router-dom";
import { GROUP_TEXTS, TOASTS, planTripSchema } from "@caravan/common";
import { ApiError } from "../../api/client";
import { FormField } from "../../components/FormField";
import { CheckIcon } from "../../components/icons";
import { notify, notifyFailure } from "../../components/toaster";
import { useCreateGroup } from "./api";
import { useGroupDialogs } from "./dialog-store";
import { fieldError, liveField } from "./form-fields";
import { AppDialog } from "../../components/AppDialog";
import { DialogHeader } from "../../components/DialogHeader";

interface PlanTripValues {
  name: string;
  description: string;
}

/** Plan a New Trip: a planning group from a title and a description, then 'Stay Here' or 'Go to Trip' (docs/product.md §2, §4). */
export function PlanTripDialog() {
  const open = useGroupDialogs((s) => s.open === "plan");
  const close = useGroupDialogs((s) => s.close);
  return (
    <AppDialog
      open={open}
      onOpenChange={(e) => !e.open && close()}
      size="md"
      lazyMount
      unmountOnExit
      testId="plan-trip-dialog"
    >
      <PlanTripSteps onDone={close} />
    </AppDialog>
  );
}

function PlanTripSteps({ onDone }: { onDone(): void }) {
  const navigate = useNavigate();
  const mutation = useCreateGroup();
  const [createdId, setCreatedId] = useState<number | null>(null);
  const form = useFormik<PlanTripValues>({
    initialValues: { name: "", description: "" },
    validationSchema: planTripSchema,
    validateOnChange: true,
    onSubmit: async (values, helpers) => {
      try {
        const group = await mutation.mutateAsync({
          name: values.name.trim(),
          description: values.description.trim(),
          status: "planning",
        });
        notify("success", GROUP_TEXTS.tripCreatedTitle);
        setCreatedId(group.id);
      } catch (err) {
        if (err instanceof ApiError) helpers.setErrors(err.fieldErrors);
        notifyFailure(TOASTS.errorTitle, err, GROUP_TEXTS.tripFailed);
      }
    },
  });

  if (createdId !== null) {
    return (
      <>
        <DialogHeader
          size="md"
          alignItems="center"
          gap="3"
          textAlign="center"
          above={
            <Circle size="14" bg="brand.50" color="brand.600" aria-hidden="true">
              <CheckIcon boxSize="7" />
            </Circle>
          }
          title={GROUP_TEXTS.tripCreatedHeading}
          description={GROUP_TEXTS.tripCreatedBody}
          descriptionProps={{ maxW: "xs" }}
        />
        <Dialog.Footer gap="3" justifyContent="center" pb="6">
          <Button variant="outline" onClick={onDone}>
            {GROUP_TEXTS.stayHere}
          </Button>
          <Button
            colorPalette="brand"
            onClick={() => {
              onDone();
              navigate(`/groups/${createdId}`);
            }}
          >
            {GROUP_TEXTS.goToTrip}
          </Button>
        </Dialog.Footer>
      </>
    );
  }

  return (
    <form onSubmit={form.handleSubmit} noValidate aria-labelledby="plan-trip-title">
      <DialogHeader
        size="md"
        titleId="plan-trip-title"
        title={GROUP_TEXTS.planTitle}
        description={GROUP_TEXTS.planText}
      />
      <Dialog.Body>
        <Stack gap="1">
          <FormField label={GROUP_TEXTS.tripTitleLabel} error={fieldError(form, "name")}>
            <Input {...liveField(form, "name")} placeholder={GROUP_TEXTS.tripTitlePlaceholder} autoComplete="off" />
          </FormField>
          <FormField label={GROUP_TEXTS.tripDescriptionLabel} error={fieldError(form, "description")}>
            <Textarea
              {...liveField(form, "description")}
              placeholder={GROUP_TEXTS.tripDescriptionPlaceholder}
              rows={3}
              resize="vertical"
            />
          </FormField>
        </Stack>
      </Dialog.Body>
      <Dialog.Footer gap="3">
        <Button variant="outline" type="button" onClick={onDone}>
          {GROUP_TEXTS.cancel}
        </Button>
        <Button type="submit" colorPalette="brand" disabled={form.isSubmitting}>
          {form.isSubmitting ? GROUP_TEXTS.creatingTrip : GROUP_TEXTS.createTrip}
        </Button>
      </Dialog.Footer>
    </form>
  );
}
