import { Button, Input, SimpleGrid, Stack } from "@chakra-ui/react";
import type { FormikProps } from "formik";
import type { SignupPayload } from "@caravan/common";
import { FormField } from "../../components/FormField";
import { PasswordInput } from "../../components/PasswordInput";
import { SwitchLink } from "./SwitchLink";

export function SignupForm({ form, onSwitch }: { form: FormikProps<SignupPayload>; onSwitch(): void }) {
  const error = (field: keyof SignupPayload) => (form.touched[field] ? form.errors[field] : undefined);
  return (
    <form onSubmit={form.handleSubmit} noValidate aria-label="Create Account">
      <Stack gap="1">
        <SimpleGrid columns={{ base: 1, sm: 2 }} columnGap="3" rowGap="1">
          <FormField label="First Name" error={error("firstName")}>
            <Input {...form.getFieldProps("firstName")} autoComplete="given-name" autoFocus data-autofocus="" />
          </FormField>
          <FormField label="Last Name" error={error("lastName")}>
            <Input {...form.getFieldProps("lastName")} autoComplete="family-name" />
          </FormField>
        </SimpleGrid>
        <FormField label="Email" error={error("email")}>
          <Input {...form.getFieldProps("email")} type="email" autoComplete="email" inputMode="email" />
        </FormField>
        <FormField label="Password" error={error("password")} reserveLines={2}>
          <PasswordInput {...form.getFieldProps("password")} autoComplete="new-password" />
        </FormField>
        <FormField label="Confirm Password" error={error("confirmPassword")}>
          <PasswordInput {...form.getFieldProps("confirmPassword")} autoComplete="new-password" />
        </FormField>
        <Button type="submit" colorPalette="brand" size="lg" mt="2" fontWeight="600" disabled={form.isSubmitting}>
          {form.isSubmitting ? "Creating Account..." : "Create Account"}
        </Button>
        <SwitchLink question="Already have an account?" action="Sign in" onClick={onSwitch} />
      </Stack>
    </form>
  );
}
