import { Stack, Switch, Text } from "@chakra-ui/react";
import type { ReactNode } from "react";

export interface SwitchRowProps {
  label: ReactNode;
  /** The line under the label: what the switch does, or why it cannot be used now. */
  hint: ReactNode;
  /** The hint's colour (an error, the active state). */
  hintColor?: string;
  checked: boolean;
  disabled?: boolean;
  onCheckedChange(checked: boolean): void;
  /** "sm" inside small panels such as the bell's. */
  size?: "sm" | "md";
  testId?: string;
  hintTestId?: string;
  /** A second, quieter line under the hint: how the setting behaves while on. */
  note?: ReactNode;
  noteTestId?: string;
}

/** A switch with its label and a hint under it, the whole row taking the tap: the product's settings toggles. */
export function SwitchRow({
  label,
  hint,
  hintColor = "ink.muted",
  checked,
  disabled,
  onCheckedChange,
  size = "md",
  testId,
  hintTestId,
  note,
  noteTestId,
}: SwitchRowProps) {
  return (
    <Switch.Root
      checked={checked}
      onCheckedChange={(e) => onCheckedChange(e.checked)}
      disabled={disabled}
      colorPalette="brand"
      size={size}
      alignItems="flex-start"
      gap="3"
      data-testid={testId}
    >
      <Switch.HiddenInput />
      <Switch.Control mt="0.5" />
      <Stack gap="0">
        <Switch.Label fontWeight="600" color="ink" fontSize={size === "sm" ? "sm" : undefined}>
          {label}
        </Switch.Label>
        <Text fontSize={size === "sm" ? "xs" : "sm"} color={hintColor} data-testid={hintTestId}>
          {hint}
        </Text>
        {note ? (
          <Text fontSize="xs" color="ink.muted" mt="0.5" data-testid={noteTestId}>
            {note}
          </Text>
        ) : null}
      </Stack>
    </Switch.Root>
  );
}
