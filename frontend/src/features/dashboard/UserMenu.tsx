import { Box, Button, HStack, Menu, Portal, Stack, Text } from "@chakra-ui/react";
import { displayName, type CurrentUser } from "@caravan/common";
import { LogOutIcon, UserIcon } from "../../components/icons";
import { UserAvatar } from "../../components/UserAvatar";
import { navigateTo } from "../../lib/browser";

export function UserMenu({ user, onProfile }: { user: CurrentUser; onProfile(): void }) {
  return (
    <Menu.Root
      positioning={{ placement: "bottom-end" }}
      onSelect={({ value }) => {
        if (value === "profile") onProfile();
        if (value === "logout") navigateTo("/api/logout");
      }}
    >
      <Menu.Trigger asChild>
        <Button variant="ghost" px="1" borderRadius="full" aria-label="Open user menu" h="auto" minW="auto">
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
              <Box flex="1">Profile</Box>
            </Menu.Item>
            <Menu.Item value="logout" cursor="pointer" py="2">
              <LogOutIcon boxSize="4" />
              <Box flex="1">Logout</Box>
            </Menu.Item>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
