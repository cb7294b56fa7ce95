import { Stack, Text } from "@chakra-ui/react";
import type { ReactNode } from "react";
import type { CurrentUser } from "@caravan/common";
import { PageTitle } from "../../components/PageTitle";

interface DashboardHeaderProps {
  user: CurrentUser;
  /** Buttons beside the title (the groups feature's trip and share actions). */
  actions?: ReactNode;
}

export function DashboardHeader({ user, actions }: DashboardHeaderProps) {
  const firstName = user.firstName?.trim() || "User";
  return (
    <Stack
      direction={{ base: "column", md: "row" }}
      justify="space-between"
      align={{ base: "stretch", md: "flex-end" }}
      gap="5"
      mb={{ base: "8", md: "10" }}
    >
      <Stack gap="1.5">
        <PageTitle>Your Travel Groups</PageTitle>
        <Text color="fg.muted" fontSize={{ base: "md", md: "lg" }}>
          Welcome back, {firstName}!
        </Text>
      </Stack>
      {actions}
    </Stack>
  );
}
