import { Box, Button, Dialog, Input, Stack, Text } from "@chakra-ui/react";
import { useState, type FormEvent } from "react";
import { useNavigate } from "react-router-dom";
import { ACCOUNT_TEXTS as T, TOASTS, type CurrentUser } from "@caravan/common";
import { ApiError, errorText } from "../../api/client";
import { AppDialog } from "../../components/AppDialog";
import { FormField } from "../../components/FormField";
import { PasswordInput } from "../../components/PasswordInput";
import { notify } from "../../components/toaster";
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
  const [value, setValue] = useState("");
  const [error, setError] = useState<string | undefined>();
  const byPassword = user.hasPassword;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!value.trim()) {
      setError(byPassword ? T.passwordRequired : T.emailRequired);
      return;
    }
    try {
      await mutation.mutateAsync(byPassword ? { password: value } : { email: value });
    } catch (err) {
      if (err instanceof ApiError && (err.status === 400 || err.status === 401) && err.serverMessage) {
        setError(err.serverMessage);
      } else {
        notify("error", TOASTS.errorTitle, errorText(err, T.deleteFailed));
      }
      return;
    }
    notify("success", T.deletedTitle, T.deletedText);
    onClose();
    navigate("/", { replace: true });
  };

  return (
    <AppDialog
      open
      role="alertdialog"
      onOpenChange={(e) => !e.open && !mutation.isPending && onClose()}
      size="md"
      testId="delete-account-dialog"
    >
      <form onSubmit={(e) => void submit(e)} noValidate aria-label={T.deleteTitle}>
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
              <FormField label={byPassword ? T.passwordLabel : T.emailLabel} error={error} reserveLines={1}>
                {byPassword ? (
                  <PasswordInput
                    name="password"
                    autoComplete="current-password"
                    value={value}
                    data-autofocus
                    onChange={(e) => {
                      setValue(e.target.value);
                      setError(undefined);
                    }}
                  />
                ) : (
                  <Input
                    name="email"
                    type="email"
                    autoComplete="off"
                    value={value}
                    data-autofocus
                    onChange={(e) => {
                      setValue(e.target.value);
                      setError(undefined);
                    }}
                  />
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
