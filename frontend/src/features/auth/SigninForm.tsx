import { Button, Input, Stack } from "@chakra-ui/react";
import type { FormikProps } from "formik";
import type { SigninPayload } from "@caravan/common";
import { FormField } from "../../components/FormField";
import { PasswordInput } from "../../components/PasswordInput";
import { SwitchLink } from "./SwitchLink";

export function SigninForm({ form, onSwitch }: { form: FormikProps<SigninPayload>; onSwitch(): void }) {
  const error = (field: keyof SigninPayload) => (form.touched[field] ? form.errors[field] : undefined);
  return (
    <form onSubmit={form.handleSubmit} noValidate aria-label="Sign In">
      <Stack gap="1">
        <FormField label="Email" error={error("email")}>
          <Input
            {...form.getFieldProps("email")}
            type="email"
            autoComplete="email"
            inputMode="email"
            autoFocus={!form.values.email}
            data-autofocus={form.values.email ? undefined : ""}
          />
        </FormField>
        <FormField label="Password" error={error("password")}>
          <PasswordInput
            {...form.getFieldProps("password")}
            autoComplete="current-password"
            autoFocus={Boolean(form.values.email)}
            data-autofocus={form.values.email ? "" : undefined}
          />
        </FormField>
        <Button type="submit" colorPalette="brand" size="lg" mt="2" fontWeight="600" disabled={form.isSubmitting}>
          {form.isSubmitting ? "Signing In..." : "Sign In"}
        </Button>
        <SwitchLink question="Don't have an account?" action="Sign up" onClick={onSwitch} />
      </Stack>
    </form>
  );
}
