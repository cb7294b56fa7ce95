import { Badge, Box, Grid, HStack, Skeleton, Stack, Text } from "@chakra-ui/react";
import type { ReactNode } from "react";
import {
  MAP,
  SHARE_ARRIVED_METERS,
  SHARE_DESTINATION_TEXTS,
  SHARE_ETA_MIN_SPEED_MPS,
  SHARED_TRIP_COORD_DECIMALS,
  TRACKER_TEXTS,
  distanceKm,
  formatCoordinates,
  formatDistance,
  formatEta,
  formatRelativeTime,
  formatSpeed,
  initials,
  type SharedTripDestination,
  type SharedTripInfo,
  type SharedTripLocation,
} from "@caravan/common";
import { TravelMap } from "../../components/map";
import { LiveIndicator, useConnectionStore } from "../../realtime";
import { ShareSectionCard } from "./ShareSectionCard";
import { useFollowFrame } from "./use-follow-frame";

const DETAIL_COLUMNS = { base: "1fr", sm: "repeat(2, minmax(0, 1fr))" };

/** Current Location: the sharer on the map, where and when, the way to the destination, speed and accuracy. */
export function CurrentLocationCard({
  info,
  name,
  location,
  loading,
  now,
}: {
  info: SharedTripInfo;
  name: string;
  location: SharedTripLocation | null;
  loading: boolean;
  now: Date;
}) {
  const frameId = useFollowFrame(location);
  const height = `${MAP.sharedTripHeightPx}px`;
  const coordinates = location
    ? formatCoordinates(location.latitude, location.longitude, SHARED_TRIP_COORD_DECIMALS)
    : null;
  return (
    <ShareSectionCard title="Current Location" aside={<ReconnectingNotice />} testId="current-location">
      {location ? (
        <Stack gap="4">
          <TravelMap
            people={[
              {
                id: frameId,
                latitude: location.latitude,
                longitude: location.longitude,
                name,
                initials: initials(info.sharer),
                imageUrl: info.sharer.profileImageUrl,
                accuracy: location.accuracy,
              },
            ]}
            zoom={MAP.sharedTripZoom}
            height={height}
            label={`Map of ${name}'s location`}
            showEmptyOverlay={false}
          />
          <Grid templateColumns={DETAIL_COLUMNS} gap="4">
            <Detail
              label="Address"
              testId="share-address"
              // A town name alone is too coarse to send help to: the exact point stays readable beneath it.
              below={location.address && location.address !== coordinates ? coordinates : null}
            >
              {location.address ?? coordinates}
            </Detail>
            <Detail label="Last updated" testId="share-updated">
              {formatRelativeTime(location.createdAt, now)}{" "}
              <Badge
                size="sm"
                variant="subtle"
                colorPalette={location.source === "app" ? "brand" : "gray"}
                data-testid="share-source"
              >
                {location.source === "app" ? TRACKER_TEXTS.sourceApp : TRACKER_TEXTS.sourceBrowser}
              </Badge>
            </Detail>
            {info.destination ? (
              <Box gridColumn={{ sm: "span 2" }}>
                <DestinationStatus destination={info.destination} location={location} />
              </Box>
            ) : null}
            {location.speed !== null ? (
              <Detail label={TRACKER_TEXTS.speed} testId="share-speed">
                {formatSpeed(location.speed)}
              </Detail>
            ) : null}
            {location.accuracy !== null ? (
              <Detail label={TRACKER_TEXTS.accuracy} testId="share-accuracy">
                ±{Math.round(location.accuracy)} m
              </Detail>
            ) : null}
            <Box gridColumn={{ sm: "span 2" }}>
              <Detail label="Notes">{location.notes ?? "No notes"}</Detail>
            </Box>
          </Grid>
        </Stack>
      ) : loading ? (
        // A location's frame: the map, then where, when and the notes, so that the sections beneath stay where
        // they are when it comes.
        <Stack gap="4" aria-busy="true" data-testid="share-location-loading">
          <Skeleton height={height} borderRadius="xl" />
          <Grid templateColumns={DETAIL_COLUMNS} gap="4">
            {/* A position is most often named after its town, with its point beneath. */}
            <DetailSkeleton label="Address" below />
            <DetailSkeleton label="Last updated" />
            <DetailSkeleton label="Notes" wide />
          </Grid>
        </Stack>
      ) : (
        <Stack
          height={height}
          align="center"
          justify="center"
          textAlign="center"
          gap="2"
          bg="surface.sunken"
          borderRadius="xl"
          px="6"
          data-testid="share-waiting"
        >
          <Text fontWeight="700" color="ink">
            Waiting for {name}'s location
          </Text>
          <Text fontSize="sm" color="ink.muted" maxW="sm">
            The map appears here as soon as {name} starts sharing from their device. This page updates by itself.
          </Text>
        </Stack>
      )}
    </ShareSectionCard>
  );
}

/** Where the sharer is heading: how far, how long at the speed their device reports, or that they are there. */
function DestinationStatus({
  destination,
  location,
}: {
  destination: SharedTripDestination;
  location: SharedTripLocation;
}) {
  const meters = distanceKm(location, destination) * 1000;
  const arrived = meters <= SHARE_ARRIVED_METERS;
  const speed = location.speed;
  const eta = !arrived && speed !== null && speed >= SHARE_ETA_MIN_SPEED_MPS ? formatEta(meters, speed) : null;
  return (
    <Stack
      gap="1"
      px="4"
      py="3"
      borderRadius="xl"
      bg={arrived ? "bg.success" : "brand.50"}
      borderWidth="1px"
      borderColor={arrived ? "green.muted" : "brand.200"}
      data-testid="share-destination"
    >
      <Text fontWeight="700" color="ink" wordBreak="break-word">
        {SHARE_DESTINATION_TEXTS.headingTo(destination.name)}
      </Text>
      <HStack gap="2" wrap="wrap" fontSize="sm">
        {arrived ? (
          <Badge colorPalette="green" variant="solid" borderRadius="full" data-testid="share-arrived">
            {SHARE_DESTINATION_TEXTS.arrived}
          </Badge>
        ) : (
          <>
            <Text color="ink" data-testid="share-distance">
              {SHARE_DESTINATION_TEXTS.away(formatDistance(meters / 1000))}
            </Text>
            {eta ? (
              <Text color="brand.700" fontWeight="600" data-testid="share-eta">
                · {SHARE_DESTINATION_TEXTS.eta(eta)}
              </Text>
            ) : null}
          </>
        )}
      </HStack>
    </Stack>
  );
}

/** The socket's state only when it matters: the share's own badge already says Live. */
function ReconnectingNotice() {
  const reconnecting = useConnectionStore((s) => s.status === "reconnecting");
  return reconnecting ? <LiveIndicator /> : null;
}

function Detail({
  label,
  children,
  testId,
  below,
}: {
  label: string;
  children: ReactNode;
  testId?: string;
  below?: string | null;
}) {
  return (
    <Stack gap="0.5" minW="0">
      <DetailLabel>{label}</DetailLabel>
      <Text color="ink" wordBreak="break-word" data-testid={testId}>
        {children}
      </Text>
      {below ? (
        <Text fontSize="sm" color="ink.muted" wordBreak="break-word" data-testid={testId && `${testId}-below`}>
          {below}
        </Text>
      ) : null}
    </Stack>
  );
}

function DetailLabel({ children }: { children: ReactNode }) {
  return (
    <Text fontSize="xs" fontWeight="700" textTransform="uppercase" letterSpacing="wider" color="fg.subtle">
      {children}
    </Text>
  );
}

/** A detail whose value is on its way: its label, a line of text's height, and a smaller line's if `below`. */
function DetailSkeleton({ label, below = false, wide = false }: { label: string; below?: boolean; wide?: boolean }) {
  return (
    <Stack gap="0.5" minW="0" gridColumn={wide ? { sm: "span 2" } : undefined}>
      <DetailLabel>{label}</DetailLabel>
      <Skeleton height="6" width="60%" />
      {below ? <Skeleton height="5" width="40%" /> : null}
    </Stack>
  );
}
