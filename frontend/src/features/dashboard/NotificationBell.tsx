import { Box, IconButton } from "@chakra-ui/react";
import { BellIcon } from "../../components/icons";

/** The header's bell. SPEC §2 gives it a red dot and no behaviour yet. */
export function NotificationBell() {
  return (
    <IconButton variant="ghost" aria-label="Notifications" borderRadius="full" position="relative" color="fg.muted">
      <BellIcon boxSize="5" />
      <Box
        position="absolute"
        top="2"
        insetEnd="2.5"
        boxSize="2"
        borderRadius="full"
        bg="red.500"
        borderWidth="2px"
        borderColor="white"
        boxSizing="content-box"
        data-testid="notification-dot"
      />
    </IconButton>
  );
}
