import { Box, Button, HStack, Menu, Portal, Stack, Text } from "@chakra-ui/react";
import {
  displayName,
  initials,
  OFFLINE_TEXTS,
  TOASTS,
  TRACKER_TEXTS,
  USER_MENU_TEXTS,
  type CurrentUser,
} from "@caravan/common";
import { LogOutIcon, SmartphoneIcon, UserIcon } from "../../components/icons";
import { notify } from "../../components/toaster";
import { UserAvatar } from "../../components/UserAvatar";
import { ColorModeMenuGroup } from "../../components/ColorModeMenuGroup";
import { LanguageMenuGroup } from "../../components/LanguageMenuGroup";
import { api, isOffline } from "../../api/client";
import { navigateTo } from "../../lib/browser";
import { clearOfflineData } from "../../offline/store";

/**
 * Signing out removes what this browser kept for reading offline, then ends the session. Offline it is refused like
 * any other change: the server would still hold the session.
 */
async function signOut(): Promise<void> {
  if (isOffline()) {
    notify("error", TOASTS.errorTitle, OFFLINE_TEXTS.writeRefused);
    return;
  }
  await clearOfflineData().catch(() => undefined);
  // A POST (a cross-site GET must not sign anyone out); the landing page follows either way.
  await api.post("/api/logout").catch(() => undefined);
  navigateTo("/");
}

export function UserMenu({
  user,
  onProfile,
  onTrackers,
}: {
  user: CurrentUser;
  onProfile(): void;
  onTrackers(): void;
}) {
  return (
    <Menu.Root
      positioning={{ placement: "bottom-end" }}
      onSelect={({ value }) => {
        if (value === "profile") onProfile();
        if (value === "trackers") onTrackers();
        if (value === "logout") void signOut();
      }}
    >
      <Menu.Trigger asChild>
        <Button
          variant="ghost"
          px="1"
          borderRadius="full"
          aria-label={USER_MENU_TEXTS.open(initials(user))}
          h="auto"
          minW="auto"
        >
          <UserAvatar user={user} />
        </Button>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW="60" borderRadius="xl" p="1.5">
            <HStack px="2.5" py="2" gap="3">
              <UserAvatar user={user} size="md" />
              <Stack gap="0" minW="0">
                <Text fontWeight="600" fontSize="sm" color="ink" truncate>
                  {displayName(user)}
                </Text>
                {user.email && (
                  <Text fontSize="xs" color="fg.muted" truncate>
                    {user.email}
                  </Text>
                )}
              </Stack>
            </HStack>
            <Menu.Separator />
            <Menu.Item value="profile" cursor="pointer" py="2">
              <UserIcon boxSize="4" />
              <Box flex="1">{USER_MENU_TEXTS.profile}</Box>
            </Menu.Item>
            <Menu.Item value="trackers" cursor="pointer" py="2">
              <SmartphoneIcon boxSize="4" />
              <Box flex="1">{TRACKER_TEXTS.sectionTitle}</Box>
            </Menu.Item>
            <Menu.Separator />
            <ColorModeMenuGroup />
            <Menu.Separator />
            <LanguageMenuGroup />
            <Menu.Separator />
            <Menu.Item value="logout" cursor="pointer" py="2">
              <LogOutIcon boxSize="4" />
              <Box flex="1">{USER_MENU_TEXTS.logout}</Box>
            </Menu.Item>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
