import {
  Badge,
  Button,
  Card,
  Flex,
  HStack,
  Heading,
  IconButton,
  Link,
  SimpleGrid,
  Spinner,
  Stack,
  Text,
} from "@chakra-ui/react";
import {
  CALENDAR_TEXTS,
  SHARE_TEXTS,
  TOASTS,
  TRACKER_TEXTS,
  formatDurationHours,
  formatRemaining,
  type SharedTrip,
} from "@caravan/common";
import { useState } from "react";
import { Link as RouterLink } from "react-router-dom";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { notify, notifyFailure } from "../../components/toaster";
import { useMySharedTrips, useStopSharedTrip } from "./api";
import { copyShareLink } from "./copy-link";
import {
  CopyIcon,
  DownloadIcon,
  ExternalLinkIcon,
  EyeIcon,
  MessageIcon,
  NavigationIcon,
  PauseIcon,
  StopIcon,
  UsersIcon,
} from "../../components/icons";
import { liveTrips } from "./rules";
import { useShareTracking } from "./tracking-store";
import { LiveDot } from "./LiveDot";
import { useNow } from "../../lib/use-now";
import { useShareTracker } from "./use-share-tracker";
import { SectionCard } from "../../components/SectionCard";

/**
 * The dashboard's Active Shared Trips section: shown only while at least one share is live. Start Sharing sends
 * this device's position to every live share; each card offers the link and a way to end the share early.
 */
export function ActiveSharedTrips() {
  const { data } = useMySharedTrips();
  // Ticks so remaining times count down and expired shares drop off between refetches.
  const now = useNow(15_000);
  const live = liveTrips(data ?? [], now);
  const { tracking, toggle } = useShareTracker(live);
  const updating = useShareTracking((s) => s.updating);

  if (live.length === 0) return null;

  return (
    <SectionCard
      aria-labelledby="active-shared-trips"
      mb={{ base: "8", md: "10" }}
      borderColor={tracking ? "green.muted" : "border.muted"}
      data-testid="active-shared-trips"
    >
      <Flex direction={{ base: "column", sm: "row" }} gap="4" justify="space-between" align={{ sm: "center" }}>
        <Stack gap="1">
          <HStack gap="2.5">
            <Heading id="active-shared-trips" as="h2" fontFamily="heading" fontSize="xl" fontWeight="800" color="ink">
              Active Shared Trips
            </Heading>
            <Badge colorPalette="brand" variant="subtle" borderRadius="full" px="2">
              {live.length}
            </Badge>
          </HStack>
          <Text fontSize="sm" color="fg.muted">
            {tracking
              ? "Sending this device's position to every live link."
              : "These links are live. Start sharing to send your location to them."}
          </Text>
        </Stack>
        <HStack gap="3" justify={{ base: "space-between", sm: "flex-end" }}>
          {updating ? (
            <HStack gap="2" color="fg.muted" fontSize="sm" role="status" data-testid="updating-location">
              <Spinner size="xs" color="green.500" />
              <Text>Updating location...</Text>
            </HStack>
          ) : null}
          {/* Only this device's GPS: the links stay live until each card's Stop Sharing ends them. */}
          <Button
            onClick={toggle}
            colorPalette="green"
            variant={tracking ? "outline" : "solid"}
            aria-pressed={tracking}
          >
            {tracking ? <PauseIcon /> : <NavigationIcon />}
            {tracking ? SHARE_TEXTS.pauseGps : SHARE_TEXTS.startGps}
          </Button>
        </HStack>
      </Flex>

      {tracking ? (
        <HStack
          mt="4"
          gap="3"
          bg="bg.success"
          color="green.fg"
          borderRadius="lg"
          px="4"
          py="3"
          fontSize="sm"
          data-testid="tracking-note"
        >
          <LiveDot live />
          <Text>Location is shared automatically while this page is open. The green dot shows real-time sharing.</Text>
        </HStack>
      ) : null}

      <SimpleGrid mt="5" columns={{ base: 1, md: 2, lg: 3 }} gap="4">
        {live.map((trip) => (
          <ShareCard key={trip.id} trip={trip} now={now} tracking={tracking} />
        ))}
      </SimpleGrid>
    </SectionCard>
  );
}

function ShareCard({ trip, now, tracking }: { trip: SharedTrip; now: Date; tracking: boolean }) {
  const stop = useStopSharedTrip();
  const [confirming, setConfirming] = useState(false);
  const onStop = async () => {
    try {
      await stop.mutateAsync(trip.id);
      setConfirming(false);
      notify("info", SHARE_TEXTS.stoppedTitle, SHARE_TEXTS.stoppedText);
    } catch (err) {
      setConfirming(false);
      notifyFailure(TOASTS.errorTitle, err, SHARE_TEXTS.stopFailed);
    }
  };
  return (
    <Card.Root variant="outline" borderRadius="xl" data-testid="shared-trip-card" data-token={trip.shareToken}>
      <Card.Body gap="3" p="4">
        {/* On the narrowest phones the time left goes beneath the state rather than cutting its words short. */}
        <Flex justify="space-between" align="center" columnGap="3" rowGap="2" wrap="wrap">
          <HStack gap="2.5" flexShrink={0}>
            <LiveDot live={tracking} />
            <Text fontWeight="700" color="ink" data-testid="share-card-state">
              {tracking ? "Sharing live" : "Link live"}
            </Text>
          </HStack>
          <Badge colorPalette="orange" variant="subtle" borderRadius="full" px="2.5" flexShrink={0}>
            {formatRemaining(trip.expiresAt, now)}
          </Badge>
        </Flex>
        <Stack gap="0.5">
          <Text fontSize="sm" color="fg.muted">
            {formatDurationHours(trip.durationHours)}
          </Text>
          {trip.fedBy ? (
            <Text fontSize="sm" color="brand.700" fontWeight="600" data-testid="share-fed-by">
              {TRACKER_TEXTS.fedBy(trip.fedBy)}
            </Text>
          ) : null}
          <Text fontSize="xs" color="fg.subtle" fontFamily="mono" truncate title={trip.shareUrl}>
            {trip.shareUrl}
          </Text>
        </Stack>
        {/* Who opened the link and who watches now; the watcher count is also a way to end the share. */}
        <Flex gap="2" align="center" justify="space-between" wrap="wrap" data-testid="share-audience">
          <HStack gap="1.5" fontSize="sm" color="fg.muted" data-testid="share-views">
            <EyeIcon boxSize="4" />
            <Text>{CALENDAR_TEXTS.views(trip.views)}</Text>
          </HStack>
          <Button
            size="xs"
            variant="subtle"
            colorPalette={trip.watchersNow > 0 ? "green" : "gray"}
            borderRadius="full"
            aria-label={CALENDAR_TEXTS.watchingLabel(trip.watchersNow)}
            onClick={() => setConfirming(true)}
            data-testid="share-watchers"
          >
            <UsersIcon />
            {CALENDAR_TEXTS.watching(trip.watchersNow)}
          </Button>
        </Flex>
        <LastMessage trip={trip} />
        <HStack gap="2">
          <Button size="sm" variant="outline" flex="1" onClick={() => void copyShareLink(trip.shareUrl)}>
            <CopyIcon />
            Copy Link
          </Button>
          <IconButton asChild size="sm" variant="outline" aria-label="Open shared trip in a new tab">
            <Link href={trip.shareUrl} target="_blank" rel="noopener noreferrer">
              <ExternalLinkIcon />
            </Link>
          </IconButton>
        </HStack>
        {trip.hasTrail ? (
          <Link
            href={`/api/shared-trips/${trip.id}/trail.gpx`}
            download
            fontSize="sm"
            color="brand.700"
            fontWeight="600"
            alignSelf="flex-start"
            minH="11"
            data-testid="share-trail-gpx"
          >
            <DownloadIcon boxSize="4" />
            {CALENDAR_TEXTS.downloadTrail}
          </Link>
        ) : null}
        {/* Ending the link is for good, so it says so and asks first. */}
        <Button size="sm" variant="outline" colorPalette="red" onClick={() => setConfirming(true)}>
          <StopIcon />
          {SHARE_TEXTS.stopShare}
        </Button>
        <ConfirmDialog
          open={confirming}
          title={SHARE_TEXTS.stopConfirmTitle}
          message={SHARE_TEXTS.stopConfirmText}
          confirmLabel={SHARE_TEXTS.stopShare}
          pending={stop.isPending}
          onConfirm={() => void onStop()}
          onCancel={() => setConfirming(false)}
        />
      </Card.Body>
    </Card.Root>
  );
}

/** What watchers wrote: how much is unread and the newest line; opening it reads the chat (and its notices). */
function LastMessage({ trip }: { trip: SharedTrip }) {
  if (!trip.lastMessage) return null;
  const unread = trip.unreadMessages;
  return (
    <Link
      asChild
      display="flex"
      gap="2.5"
      alignItems="flex-start"
      bg={unread > 0 ? "brand.50" : "surface.sunken"}
      borderRadius="lg"
      px="3"
      py="2.5"
      textDecoration="none"
      color="ink"
      _hover={{ bg: unread > 0 ? "brand.100" : "sand.100" }}
      data-testid="share-last-message"
    >
      <RouterLink to={`/shared/${trip.shareToken}`}>
        <MessageIcon boxSize="4" mt="0.5" color="brand.700" flexShrink={0} />
        <Stack gap="0.5" minW="0" flex="1">
          {unread > 0 ? (
            <Text fontSize="xs" fontWeight="700" color="brand.700" data-testid="share-unread">
              {SHARE_TEXTS.unreadMessages(unread)}
            </Text>
          ) : null}
          <Text fontSize="sm" lineClamp={2} wordBreak="break-word">
            {SHARE_TEXTS.lastMessage(trip.lastMessage.author, trip.lastMessage.content)}
          </Text>
        </Stack>
      </RouterLink>
    </Link>
  );
}
