import { Button, Input, Stack, Text } from "@chakra-ui/react";
import { useFormik } from "formik";
import { INVITE_TEXTS, TOASTS, inviteEmailSchema } from "@caravan/common";
import { ApiError, failureText, isSessionExpired } from "../../api/client";
import { FormField } from "../../components/FormField";
import { notify } from "../../components/toaster";
import { useSendEmailInvite } from "./api";

export function EmailInviteForm({ groupId }: { groupId: number }) {
  const invite = useSendEmailInvite(groupId);
  const form = useFormik({
    initialValues: { email: "" },
    validationSchema: inviteEmailSchema,
    onSubmit: async (values, helpers) => {
      let sentTo: string;
      try {
        sentTo = (await invite.mutateAsync(inviteEmailSchema.cast(values).email)).email;
      } catch (err) {
        if (isSessionExpired(err)) return;
        if (err instanceof ApiError && err.fieldErrors.email) helpers.setErrors({ email: err.fieldErrors.email });
        notify("error", TOASTS.errorTitle, failureText(err, INVITE_TEXTS.sendFailed));
        return;
      }
      notify("success", INVITE_TEXTS.sentTitle, INVITE_TEXTS.sentText(sentTo));
      helpers.resetForm();
    },
  });
  const error = form.touched.email ? form.errors.email : undefined;
  return (
    <form onSubmit={form.handleSubmit} noValidate aria-label={INVITE_TEXTS.emailTab}>
      <Stack gap="1">
        <FormField label={INVITE_TEXTS.emailLabel} error={error}>
          <Input
            {...form.getFieldProps("email")}
            type="email"
            inputMode="email"
            autoComplete="off"
            placeholder={INVITE_TEXTS.emailPlaceholder}
            autoFocus
            data-autofocus=""
          />
        </FormField>
        <Text fontSize="sm" color="fg.muted" mt="-1" mb="3">
          {INVITE_TEXTS.emailHint}
        </Text>
        <Button type="submit" colorPalette="brand" size="lg" fontWeight="600" disabled={form.isSubmitting}>
          {form.isSubmitting ? INVITE_TEXTS.sending : INVITE_TEXTS.send}
        </Button>
      </Stack>
    </form>
  );
}
