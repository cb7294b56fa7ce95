import { Badge, Box } from "@chakra-ui/react";
import { useEffect } from "react";
import { CONNECTION_TEXTS } from "@caravan/common";
import { useConnectionStore } from "./connection-store";
import { getSocket } from "./socket";

/**
 * 'Live' while events arrive as they happen, 'Reconnecting...' while the connection is lost (the page polls then).
 * Shows nothing during the first connection of the tab, which usually takes a moment.
 */
export function LiveIndicator() {
  const status = useConnectionStore((state) => state.status);
  useEffect(() => {
    getSocket();
  }, []);
  if (status === "connecting") return null;
  const live = status === "connected";
  return (
    <Badge
      role="status"
      colorPalette={live ? "green" : "orange"}
      variant="subtle"
      borderRadius="full"
      px="2.5"
      gap="1.5"
      title={live ? CONNECTION_TEXTS.liveHint : CONNECTION_TEXTS.reconnectingHint}
    >
      <Box as="span" boxSize="2" borderRadius="full" bg={live ? "green.500" : "orange.400"} aria-hidden="true" />
      {live ? CONNECTION_TEXTS.live : CONNECTION_TEXTS.reconnecting}
    </Badge>
  );
}
