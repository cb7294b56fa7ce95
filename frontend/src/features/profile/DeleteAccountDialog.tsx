import { Box, Button, Dialog, Input, Stack, Text } from "@chakra-ui/react";
import { useFormik } from "formik";
import type { ChangeEvent } from "react";
import { useNavigate } from "react-router-dom";
import { ACCOUNT_TEXTS as T, TOASTS, deleteAccountSchema, type CurrentUser } from "@caravan/common";
import { ApiError } from "../../api/client";
import { AppDialog } from "../../components/AppDialog";
import { FormField } from "../../components/FormField";
import { PasswordInput } from "../../components/PasswordInput";
import { notify, notifyFailure } from "../../components/toaster";
import { useDeleteAccount } from "./api";
import { DialogHeader } from "../../components/DialogHeader";

interface DeleteAccountDialogProps {
  user: CurrentUser;
  onClose(): void;
}

/**
 * Says exactly what deleting the account does, then asks for the password (or, for an account that signs in only
 * through a provider, the e-mail address typed out). A wrong answer shows beneath the field and changes nothing.
 */
export default function DeleteAccountDialog({ user, onClose }: DeleteAccountDialogProps) {
  const mutation = useDeleteAccount();
  const navigate = useNavigate();
  const byPassword = user.hasPassword;
  const form = useFormik({
    initialValues: { answer: "" },
    validationSchema: deleteAccountSchema(byPassword ? "password" : "email"),
    validateOnChange: false,
    validateOnBlur: false,
    onSubmit: async ({ answer }, helpers) => {
      try {
        await mutation.mutateAsync(byPassword ? { password: answer } : { email: answer });
      } catch (err) {
        if (err instanceof ApiError && (err.status === 400 || err.status === 401) && err.serverMessage) {
          helpers.setFieldError("answer", err.serverMessage);
        } else {
          notifyFailure(TOASTS.errorTitle, err, T.deleteFailed);
        }
        return;
      }
      notify("success", T.deletedTitle, T.deletedText);
      onClose();
      navigate("/", { replace: true });
    },
  });
  const field = {
    ...form.getFieldProps("answer"),
    // A new answer clears the old one's message.
    onChange: (e: ChangeEvent<HTMLInputElement>) => {
      void form.setFieldValue("answer", e.target.value, false);
      form.setFieldError("answer", undefined);
    },
  };

  return (
    <AppDialog
      open
      role="alertdialog"
      onOpenChange={(e) => !e.open && !mutation.isPending && onClose()}
      size="md"
      testId="delete-account-dialog"
    >
      <form onSubmit={form.handleSubmit} noValidate aria-label={T.deleteTitle}>
        <DialogHeader size="md" title={T.deleteTitle} />
        <Dialog.Body>
          <Stack gap="4">
            <Dialog.Description asChild>
              <Box as="ul" ps="5" color="ink.muted" fontSize="sm" display="grid" gap="1.5" listStyleType="disc">
                {T.deleteConsequences.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </Box>
            </Dialog.Description>
            <Stack gap="1">
              <FormField
                label={byPassword ? T.passwordLabel : T.emailLabel}
                error={form.errors.answer}
                reserveLines={1}
              >
                {byPassword ? (
                  <PasswordInput {...field} name="password" autoComplete="current-password" data-autofocus />
                ) : (
                  <Input {...field} name="email" type="email" autoComplete="off" data-autofocus />
                )}
              </FormField>
              <Text fontSize="xs" color="fg.muted">
                {byPassword ? T.passwordHint : T.emailHint(user.email ?? "")}
              </Text>
            </Stack>
          </Stack>
        </Dialog.Body>
        <Dialog.Footer gap="3">
          <Button variant="outline" type="button" onClick={onClose} disabled={mutation.isPending}>
            Cancel
          </Button>
          <Button type="submit" colorPalette="red" loading={mutation.isPending} loadingText={T.deleting}>
            {T.confirm}
          </Button>
        </Dialog.Footer>
      </form>
    </AppDialog>
  );
}
