import { Box, Field } from "@chakra-ui/react";
import type { ReactNode } from "react";

interface FormFieldProps {
  label: string;
  /** The message to show beneath the field, or nothing when the value is fine (or untouched). */
  error?: string | undefined;
  /** Lines kept free for the message: 2 where the longest message wraps. */
  reserveLines?: number;
  children: ReactNode;
}

/**
 * A labelled field whose error line always takes its space. A line that appears on blur would push the submit
 * button down between mousedown and mouseup, and the click would land on nothing. The message is the field's
 * description for assistive technology (Field.ErrorText wires aria-describedby).
 */
export function FormField({ label, error, reserveLines = 1, children }: FormFieldProps) {
  return (
    <Field.Root invalid={Boolean(error)} gap="1.5">
      <Field.Label fontWeight="600" fontSize="sm" color="ink">
        {label}
      </Field.Label>
      {children}
      <Box minH={`${1.25 * reserveLines}rem`}>
        <Field.ErrorText fontSize="xs" lineHeight="1.25rem" mt="0" data-field-error="" role="alert">
          {error}
        </Field.ErrorText>
      </Box>
    </Field.Root>
  );
}
