import { Badge, type BadgeProps } from "@chakra-ui/react";
import { GROUP_TEXTS } from "@caravan/common";

const palette: Record<string, BadgeProps["colorPalette"]> = { active: "brand", planning: "sunset", completed: "gray" };

export function StatusBadge({ status, ...rest }: { status: string } & BadgeProps) {
  return (
    <Badge colorPalette={palette[status] ?? "gray"} variant="subtle" borderRadius="full" px="2.5" {...rest}>
      {GROUP_TEXTS.status[status] ?? status}
    </Badge>
  );
}
