import { Stack, Text } from "@chakra-ui/react";
import type { ReactNode } from "react";
import { displayName, GROUP_TEXTS, type CurrentUser } from "@caravan/common";
import { PageTitle } from "../../components/PageTitle";

interface DashboardHeaderProps {
  user: CurrentUser;
  /** Buttons beside the title (the groups feature's trip and share actions). */
  actions?: ReactNode;
}

export function DashboardHeader({ user, actions }: DashboardHeaderProps) {
  const firstName = displayName({ firstName: user.firstName });
  return (
    <Stack
      direction={{ base: "column", md: "row" }}
      justify="space-between"
      align={{ base: "stretch", md: "flex-end" }}
      gap="5"
      mb={{ base: "8", md: "10" }}
    >
      <Stack gap="1.5">
        <PageTitle>{GROUP_TEXTS.dashboardTitle}</PageTitle>
        <Text color="fg.muted" fontSize={{ base: "md", md: "lg" }}>
          {GROUP_TEXTS.welcomeBack(firstName)}
        </Text>
      </Stack>
      {actions}
    </Stack>
  );
}
