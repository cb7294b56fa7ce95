import { Circle, Stack, Text } from "@chakra-ui/react";
import { KEPT_COPY_TEXTS } from "@caravan/common";
import { AlertIcon } from "../components/icons";
import { useReachability } from "./reachability";

/**
 * Whether a read is waiting for the network (offline, or the server out of reach) with nothing to show: the device
 * kept no copy of it. Until what was kept has been read, it may still come from there.
 */
export function useNoKeptCopy(query: { isPending: boolean; fetchStatus: string }): boolean {
  const checked = useReachability((state) => state.keptCopyRead);
  return checked && query.isPending && query.fetchStatus === "paused";
}

/** In place of a page, or a part of one, that this device kept no copy of while it cannot reach the server. */
export function NoKeptCopy() {
  return (
    <Stack role="status" align="center" textAlign="center" gap="3" py={{ base: "12", md: "16" }} px="6">
      <Circle size="12" bg="orange.100" color="orange.800" aria-hidden="true">
        <AlertIcon boxSize="6" />
      </Circle>
      <Text color="ink.muted" maxW="md" data-testid="no-kept-copy">
        {KEPT_COPY_TEXTS.noCopy}
      </Text>
    </Stack>
  );
}
