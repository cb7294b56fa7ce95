import { Badge, Box, HStack, Stack, Text } from "@chakra-ui/react";
import { SHARE_TEXTS, formatRelativeTime, formatRemaining, type SharedTripInfo } from "@caravan/common";
import { ClockIcon } from "../../components/icons";
import { PageTitle } from "../../components/PageTitle";
import { UserAvatar } from "../../components/UserAvatar";
import { LiveDot } from "./LiveDot";
import type { ShareState } from "./rules";

/** The sharer, the time left and the share's state; the notice that replaces the location once it has ended. */
export function SharedTripHeader({
  info,
  name,
  state,
  now,
}: {
  info: SharedTripInfo;
  name: string;
  state: ShareState;
  now: Date;
}) {
  const ended = state.kind === "stopped" || state.kind === "expired";
  return (
    <Stack direction={{ base: "column", sm: "row" }} justify="space-between" align={{ sm: "center" }} gap="4">
      <HStack gap="4" minW="0">
        <UserAvatar user={{ ...info.sharer, email: null }} size="lg" />
        <Stack gap="1" minW="0">
          <PageTitle lineClamp={2}>{name}'s Location</PageTitle>
          <HStack gap="1.5" color="fg.muted" fontSize="sm" data-testid="share-countdown">
            <ClockIcon boxSize="4" />
            <Text>
              {!ended
                ? formatRemaining(info.expiresAt, now)
                : state.kind === "stopped"
                  ? SHARE_TEXTS.stopped
                  : SHARE_TEXTS.expired}
            </Text>
          </HStack>
        </Stack>
      </HStack>
      <StateBadge state={state} now={now} />
    </Stack>
  );
}

const BADGES: Record<ShareState["kind"], { palette: string; dot: boolean }> = {
  live: { palette: "green", dot: true },
  waiting: { palette: "gray", dot: false },
  stale: { palette: "orange", dot: false },
  stopped: { palette: "gray", dot: false },
  expired: { palette: "gray", dot: false },
};

function StateBadge({ state, now }: { state: ShareState; now: Date }) {
  const { palette, dot } = BADGES[state.kind];
  const text =
    state.kind === "stale" ? SHARE_TEXTS.lastLocationAgo(formatRelativeTime(state.since, now)) : badgeText(state.kind);
  return (
    <Badge
      colorPalette={palette}
      variant="subtle"
      size="lg"
      borderRadius="full"
      px="3"
      gap="2"
      alignSelf={{ base: "flex-start", sm: "center" }}
      whiteSpace="normal"
      data-testid="share-status"
      data-state={state.kind}
    >
      {dot ? <LiveDot live /> : null}
      {text}
    </Badge>
  );
}

function badgeText(kind: Exclude<ShareState["kind"], "stale">): string {
  switch (kind) {
    case "live":
      return SHARE_TEXTS.live;
    case "waiting":
      return SHARE_TEXTS.waitingFirst;
    case "stopped":
      return SHARE_TEXTS.stopped;
    case "expired":
      return SHARE_TEXTS.expired;
  }
}

export function SharedTripEnded({ name, stopped }: { name: string; stopped: boolean }) {
  return (
    <Box
      role="status"
      bg="sand.100"
      borderWidth="1px"
      borderColor="sand.300"
      borderRadius="card"
      px={{ base: "4", md: "6" }}
      py="4"
      data-testid="share-ended"
    >
      <Text fontWeight="700" color="ink">
        {SHARE_TEXTS.endedTitle}
      </Text>
      <Text fontSize="sm" color="ink.muted" mt="1">
        {stopped ? SHARE_TEXTS.endedStopped(name) : SHARE_TEXTS.endedExpired(name)}
      </Text>
    </Box>
  );
}
