import { Box, Container, HStack, Text } from "@chakra-ui/react";
import { useQueryClient, type QueryClient } from "@tanstack/react-query";
import { useSyncExternalStore } from "react";
import { OFFLINE_COPY_TEXTS, OFFLINE_TEXTS } from "@caravan/common";
import { useOnline, useServerReachable } from "./use-online";

/** When the oldest data on screen was fetched: what the page shows is at least that current. */
function oldestShown(client: QueryClient): number {
  let oldest = 0;
  for (const query of client.getQueryCache().getAll()) {
    const at = query.state.dataUpdatedAt;
    if (at > 0 && query.getObserversCount() > 0 && (oldest === 0 || at < oldest)) oldest = at;
  }
  return oldest;
}

/** "10:42" today, "Nov 22, 10:42" on another day, in the reader's own locale. */
export function formatFetchedAt(at: number, now = new Date()): string {
  const date = new Date(at);
  const time = date.toLocaleTimeString(undefined, { hour: "2-digit", minute: "2-digit" });
  if (date.toDateString() === now.toDateString()) return time;
  return `${date.toLocaleDateString(undefined, { month: "short", day: "numeric" })}, ${time}`;
}

/**
 * Over a signed-in page while the browser is offline, or online but unable to reach the server (a captive portal, a
 * server restarting): says that what is shown was fetched earlier, and when. Gone as soon as the page reads from the
 * server again (it then fetches everything again).
 */
export function OfflineBanner() {
  const online = useOnline();
  const reachable = useServerReachable();
  const live = online && reachable;
  const client = useQueryClient();
  // Live, the banner is not shown, so the cache's updates (several a second on a busy group) need not redraw it.
  const oldest = useSyncExternalStore(
    (onChange) => client.getQueryCache().subscribe(onChange),
    () => (live ? 0 : oldestShown(client)),
    () => 0,
  );
  if (live || oldest === 0) return null;
  return (
    <Box
      role="status"
      position="sticky"
      top="16"
      zIndex="sticky"
      bg="orange.subtle"
      color={{ base: "orange.900", _dark: "orange.100" }}
      borderBottomWidth="1px"
      borderColor="orange.muted"
      data-testid="offline-banner"
    >
      <Container maxW="6xl" py="2">
        <HStack gap="2">
          <Box as="span" boxSize="2" flexShrink={0} borderRadius="full" bg="orange.500" aria-hidden="true" />
          <Text fontSize="sm" fontWeight="600">
            {(online ? OFFLINE_COPY_TEXTS.unreachable : OFFLINE_TEXTS.showing)(formatFetchedAt(oldest))}
          </Text>
        </HStack>
      </Container>
    </Box>
  );
}
