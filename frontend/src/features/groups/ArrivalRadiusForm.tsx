import { Button, Field, HStack, Input, Stack } from "@chakra-ui/react";
import { useFormik } from "formik";
import {
  ARRIVAL_RADIUS_MAX_METERS,
  ARRIVAL_RADIUS_MIN_METERS,
  arrivalRadiusSchema,
  NOTIFICATION_TEXTS as T,
  TOASTS,
  VALIDATION,
  type Group,
} from "@caravan/common";
import { notify, notifyFailure } from "../../components/toaster";
import { useUpdateGroup } from "./api";

/** The owner's arrival radius: members this close to the destination count as arrived. */
export function ArrivalRadiusForm({ group }: { group: Group }) {
  const mutation = useUpdateGroup(group.id);
  // common's arrivalRadiusSchema, as the server's UpdateGroupDto; checked when the form is sent.
  const form = useFormik({
    initialValues: { arrivalRadiusMeters: String(group.arrivalRadiusMeters) },
    validationSchema: arrivalRadiusSchema,
    validateOnChange: false,
    validateOnBlur: false,
    onSubmit: (values, helpers) =>
      mutation.mutate(
        { arrivalRadiusMeters: arrivalRadiusSchema.cast(values).arrivalRadiusMeters },
        {
          onSuccess: (g) => {
            helpers.resetForm({ values: { arrivalRadiusMeters: String(g.arrivalRadiusMeters) } });
            notify("success", T.arrivalRadiusSaved);
          },
          onError: (err) => notifyFailure(TOASTS.errorTitle, err, VALIDATION.arrivalRadiusRange),
        },
      ),
  });
  const error = form.errors.arrivalRadiusMeters ?? null;
  return (
    <Stack
      as="form"
      gap="1"
      mt="3"
      onSubmit={(e) => {
        e.preventDefault();
        form.handleSubmit();
      }}
      data-testid="arrival-radius-form"
    >
      <Field.Root invalid={error !== null}>
        <Field.Label fontSize="sm" color="ink">
          {T.arrivalRadiusLabel}
        </Field.Label>
        <HStack gap="2" align="flex-start">
          <Input
            type="number"
            inputMode="numeric"
            min={ARRIVAL_RADIUS_MIN_METERS}
            max={ARRIVAL_RADIUS_MAX_METERS}
            step={1}
            size="sm"
            maxW="8rem"
            bg="surface.raised"
            {...form.getFieldProps("arrivalRadiusMeters")}
          />
          <Button type="submit" size="sm" variant="outline" colorPalette="brand" loading={mutation.isPending}>
            {T.arrivalRadiusSave}
          </Button>
        </HStack>
        {error ? (
          <Field.ErrorText>{error}</Field.ErrorText>
        ) : (
          <Field.HelperText>{T.arrivalRadiusHint}</Field.HelperText>
        )}
      </Field.Root>
    </Stack>
  );
}
