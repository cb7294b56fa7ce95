import { Button, Dialog, Input, Link, Separator, SimpleGrid, Stack, Text, Wrap } from "@chakra-ui/react";
import { useFormik } from "formik";
import { lazy, Suspense, useState } from "react";
import { ACCOUNT_TEXTS, TOASTS, profileSchema, type CurrentUser, type ProfilePayload } from "@caravan/common";
import { ApiError } from "../../api/client";
import { FormField } from "../../components/FormField";
import { notify, notifyFailure } from "../../components/toaster";
import { EXPORT_PATH, useUpdateProfile } from "./api";
import { AppDialog } from "../../components/AppDialog";
import { DialogHeader } from "../../components/DialogHeader";

// Opened rarely: its code loads when it is asked for.
const DeleteAccountDialog = lazy(() => import("./DeleteAccountDialog"));

interface ProfileDialogProps {
  user: CurrentUser;
  open: boolean;
  onClose(): void;
}

export function ProfileDialog({ user, open, onClose }: ProfileDialogProps) {
  const mutation = useUpdateProfile();
  const [deleting, setDeleting] = useState(false);
  const form = useFormik<ProfilePayload>({
    initialValues: { firstName: user.firstName ?? "", lastName: user.lastName ?? "" },
    enableReinitialize: true,
    validationSchema: profileSchema,
    onSubmit: async (values, helpers) => {
      try {
        await mutation.mutateAsync(profileSchema.cast(values) as ProfilePayload);
      } catch (err) {
        if (err instanceof ApiError) helpers.setErrors(err.fieldErrors);
        notifyFailure(TOASTS.errorTitle, err, TOASTS.profileFailedText);
        return;
      }
      notify("success", TOASTS.profileUpdatedTitle, TOASTS.profileUpdatedText);
      onClose();
    },
  });

  const close = () => {
    form.resetForm();
    onClose();
  };
  const error = (field: keyof ProfilePayload) => (form.touched[field] ? form.errors[field] : undefined);

  return (
    <>
      <AppDialog open={open} onOpenChange={(e) => !e.open && close()} size="md">
        <form onSubmit={form.handleSubmit} noValidate aria-label="User Profile">
          <DialogHeader
            size="md"
            title="User Profile"
            description="This is how your name appears to the members of your groups."
          />
          <Dialog.Body>
            <Stack gap="1">
              <SimpleGrid columns={{ base: 1, sm: 2 }} columnGap="3" rowGap="1">
                <FormField label="First Name" error={error("firstName")}>
                  <Input {...form.getFieldProps("firstName")} autoComplete="given-name" />
                </FormField>
                <FormField label="Last Name" error={error("lastName")}>
                  <Input {...form.getFieldProps("lastName")} autoComplete="family-name" />
                </FormField>
              </SimpleGrid>
              {user.email && (
                <Text fontSize="sm" color="fg.muted">
                  Signed in as{" "}
                  <Text as="span" fontWeight="600" color="ink">
                    {user.email}
                  </Text>
                </Text>
              )}
              <Separator my="3" />
              <Stack gap="2" as="section" aria-labelledby="profile-your-data">
                <Text id="profile-your-data" fontWeight="700" color="ink" fontSize="sm">
                  {ACCOUNT_TEXTS.sectionTitle}
                </Text>
                <Text fontSize="sm" color="fg.muted">
                  {ACCOUNT_TEXTS.sectionHint}
                </Text>
                <Wrap gap="2">
                  <Button asChild size="sm" variant="outline">
                    <Link href={EXPORT_PATH} download title={ACCOUNT_TEXTS.downloadHint}>
                      {ACCOUNT_TEXTS.download}
                    </Link>
                  </Button>
                  <Button
                    size="sm"
                    variant="outline"
                    colorPalette="red"
                    type="button"
                    onClick={() => setDeleting(true)}
                  >
                    {ACCOUNT_TEXTS.deleteAccount}
                  </Button>
                </Wrap>
              </Stack>
            </Stack>
          </Dialog.Body>
          <Dialog.Footer gap="3">
            <Button variant="outline" onClick={close} type="button">
              Cancel
            </Button>
            <Button type="submit" colorPalette="brand" disabled={form.isSubmitting}>
              {form.isSubmitting ? "Saving..." : "Save Changes"}
            </Button>
          </Dialog.Footer>
        </form>
      </AppDialog>
      {deleting ? (
        <Suspense fallback={null}>
          <DeleteAccountDialog user={user} onClose={() => setDeleting(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
