import { Circle, Stack, Text } from "@chakra-ui/react";
import { OFFLINE_COPY_TEXTS } from "@caravan/common";
import { AlertIcon } from "../components/icons";
import { useReachability } from "./reachability";

/**
 * Whether a read is waiting for the network (offline, or the server out of reach) with nothing to show: the device
 * has no offline copy of it. Until the offline copy has been read, it may still come from there.
 */
export function useNoCachedCopy(query: { isPending: boolean; fetchStatus: string }): boolean {
  const checked = useReachability((state) => state.offlineCopyRead);
  return checked && query.isPending && query.fetchStatus === "paused";
}

/** In place of a page, or a part of one, that has no offline copy on this device while it cannot reach the server. */
export function NoCachedCopy() {
  return (
    <Stack role="status" align="center" textAlign="center" gap="3" py={{ base: "12", md: "16" }} px="6">
      <Circle size="12" bg="orange.subtle" color={{ base: "orange.800", _dark: "orange.200" }} aria-hidden="true">
        <AlertIcon boxSize="6" />
      </Circle>
      <Text color="ink.muted" maxW="md" data-testid="no-cached-copy">
        {OFFLINE_COPY_TEXTS.noCopy}
      </Text>
    </Stack>
  );
}
