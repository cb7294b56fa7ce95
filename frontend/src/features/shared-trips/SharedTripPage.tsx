import {
  Badge,
  Box,
  Button,
  Card,
  Container,
  Grid,
  HStack,
  Heading,
  List,
  Skeleton,
  Stack,
  Text,
} from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { Link as RouterLink, useParams } from "react-router-dom";
import {
  MAP,
  SHARE_ARRIVED_METERS,
  SHARE_DESTINATION_TEXTS,
  SHARE_ETA_MIN_SPEED_MPS,
  CALENDAR_TEXTS,
  SHARE_TEXTS,
  SHARED_TRIP_COORD_DECIMALS,
  TRACKER_TEXTS,
  displayName,
  distanceKm,
  formatCoordinates,
  formatDistance,
  formatEta,
  formatRelativeTime,
  formatRemaining,
  formatSpeed,
  initials,
  type SharedTripDestination,
  type SharedTripInfo,
  type SharedTripLocation,
} from "@caravan/common";
import { ApiError } from "../../api/client";
import { useClientConfig } from "../../api/config";
import { useCurrentUser } from "../../api/current-user";
import { AppTopBar } from "../../components/AppTopBar";
import { TravelMap } from "../../components/map";
import { UserAvatar } from "../../components/UserAvatar";
import { useDocumentTitle } from "../../lib/use-document-title";
import { LiveIndicator, useConnectionStore } from "../../realtime";
import { LiveDot } from "./LiveDot";
import { sharedLocationsQuery, sharedTripQuery } from "./api";
import { ClockIcon, LifebuoyIcon, LockSmallIcon } from "../../components/icons";
import { isLive } from "./rules";
import { SharedTripChat } from "./SharedTripChat";
import { useFollowFrame } from "./use-follow-frame";
import { useNow } from "../../lib/use-now";
import { useShareLiveUpdates } from "./use-share-live-updates";

/** /shared/{token}: what a trusted person sees, signed in or not (SPEC §2). */
export function SharedTripPage() {
  const { token = "" } = useParams();
  const info = useQuery(sharedTripQuery(token, false));
  const notFound = info.error instanceof ApiError && info.error.status === 404;

  if (notFound) return <TripNotFound />;
  return (
    <PageShell>
      {info.data ? (
        <SharedTripView token={token} info={info.data} />
      ) : info.isError ? (
        <LoadFailed onRetry={() => void info.refetch()} />
      ) : (
        <LoadingView />
      )}
    </PageShell>
  );
}

function SharedTripView({ token, info }: { token: string; info: SharedTripInfo }) {
  const now = useNow(5_000);
  const live = isLive(info, now);
  const poll = useShareLiveUpdates(token, live);
  // Re-read the share while polling, so a stop or an expiry shows without a reload.
  useQuery(sharedTripQuery(token, poll.sharedTrip));
  const locations = useQuery(sharedLocationsQuery(token, poll.sharedTripLocations, live));
  const { data: user } = useCurrentUser();
  const name = displayName(info.sharer);
  useDocumentTitle(`${name}'s Location · Caravan`);

  const latest = live ? (locations.data?.[0] ?? null) : null;

  return (
    <Stack gap={{ base: "5", md: "6" }}>
      <Header info={info} name={name} live={live} now={now} />
      {!live ? <EndedNotice name={name} /> : null}
      <Grid templateColumns={{ base: "1fr", lg: "minmax(0, 2fr) minmax(0, 1fr)" }} gap={{ base: "5", md: "6" }}>
        <Stack gap={{ base: "5", md: "6" }} minW="0">
          {live ? (
            <CurrentLocation info={info} name={name} location={latest} loading={locations.isPending} now={now} />
          ) : null}
          <SharedTripChat
            token={token}
            viewerKey={info.viewerAuthorKey}
            live={live}
            user={user ?? null}
            sharerName={name}
            poll={poll.sharedTripMessages}
          />
        </Stack>
        <Stack gap={{ base: "5", md: "6" }} minW="0">
          <SafetyInformation name={name} />
          <PrivacyPanel />
        </Stack>
      </Grid>
    </Stack>
  );
}

function Header({ info, name, live, now }: { info: SharedTripInfo; name: string; live: boolean; now: Date }) {
  return (
    <Stack direction={{ base: "column", sm: "row" }} justify="space-between" align={{ sm: "center" }} gap="4">
      <HStack gap="4" minW="0">
        <UserAvatar user={{ ...info.sharer, email: null }} size="lg" />
        <Stack gap="1" minW="0">
          <Heading
            as="h1"
            fontFamily="heading"
            fontWeight="800"
            fontSize={{ base: "2xl", md: "3xl" }}
            letterSpacing="-0.03em"
            color="ink"
            lineClamp={2}
          >
            {name}'s Location
          </Heading>
          <HStack gap="1.5" color="fg.muted" fontSize="sm" data-testid="share-countdown">
            <ClockIcon boxSize="4" />
            <Text>{live ? formatRemaining(info.expiresAt, now) : "Expired"}</Text>
          </HStack>
        </Stack>
      </HStack>
      {live ? (
        <Badge
          colorPalette="green"
          variant="subtle"
          size="lg"
          borderRadius="full"
          px="3"
          gap="2"
          alignSelf={{ base: "flex-start", sm: "center" }}
          data-testid="share-status"
        >
          <LiveDot live />
          Live
        </Badge>
      ) : (
        <Badge
          colorPalette="gray"
          variant="subtle"
          size="lg"
          borderRadius="full"
          px="3"
          alignSelf={{ base: "flex-start", sm: "center" }}
          data-testid="share-status"
        >
          Expired
        </Badge>
      )}
    </Stack>
  );
}

function EndedNotice({ name }: { name: string }) {
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
        This shared trip has ended
      </Text>
      <Text fontSize="sm" color="ink.muted" mt="1">
        {name} stopped sharing, or the time ran out. The location is no longer shown, and the chat is read-only.
      </Text>
    </Box>
  );
}

function SectionCard({
  title,
  aside,
  children,
  testId,
}: {
  title: string;
  aside?: React.ReactNode;
  children: React.ReactNode;
  testId?: string;
}) {
  return (
    <Card.Root borderRadius="card" boxShadow="card" borderWidth="1px" borderColor="border.muted" data-testid={testId}>
      <Card.Header pb="0" px={{ base: "4", md: "6" }} pt={{ base: "4", md: "5" }}>
        <HStack justify="space-between" gap="3">
          <Card.Title as="h2" fontFamily="heading" fontSize="lg" fontWeight="800" color="ink">
            {title}
          </Card.Title>
          {aside}
        </HStack>
      </Card.Header>
      <Card.Body px={{ base: "4", md: "6" }} pb={{ base: "4", md: "6" }} pt="4">
        {children}
      </Card.Body>
    </Card.Root>
  );
}

function CurrentLocation({
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
    <SectionCard title="Current Location" aside={<ReconnectingNotice />} testId="current-location">
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
          <Grid templateColumns={{ base: "1fr", sm: "repeat(2, minmax(0, 1fr))" }} gap="4">
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
        <Skeleton height={height} borderRadius="xl" />
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
    </SectionCard>
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
      bg={arrived ? "green.50" : "brand.50"}
      borderWidth="1px"
      borderColor={arrived ? "green.200" : "brand.200"}
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
  children: React.ReactNode;
  testId?: string;
  below?: string | null;
}) {
  return (
    <Stack gap="0.5" minW="0">
      <Text fontSize="xs" fontWeight="700" textTransform="uppercase" letterSpacing="wider" color="fg.subtle">
        {label}
      </Text>
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

function SafetyInformation({ name }: { name: string }) {
  const points = [
    `Agree on check-in times with ${name}. If the location stops updating or a check-in is missed, message here first, then call.`,
    `If you believe ${name} is in danger, call the local emergency number (112 across Europe, 911 in North America) and give the address shown here.`,
    "A position can be off by tens of metres indoors or between tall buildings, and it stops updating while the phone is offline: check Last updated.",
    `Keep this link private. Anyone who has it can see ${name}'s location until the share ends.`,
  ];
  return (
    <SectionCard title="Safety Information" testId="safety-information">
      <List.Root gap="3" variant="plain">
        {points.map((p) => (
          <List.Item key={p} alignItems="flex-start" fontSize="sm" color="ink">
            <List.Indicator asChild color="sunset.600" mt="0.5">
              <LifebuoyIcon boxSize="4" />
            </List.Indicator>
            {p}
          </List.Item>
        ))}
      </List.Root>
    </SectionCard>
  );
}

function PrivacyPanel() {
  const { data: config } = useClientConfig();
  return (
    <Box
      as="aside"
      aria-label="Privacy"
      bg="brand.subtle"
      borderRadius="card"
      borderWidth="1px"
      borderColor="brand.100"
      px={{ base: "4", md: "5" }}
      py="4"
      data-testid="share-privacy"
    >
      <HStack gap="2" color="brand.fg" mb="1.5">
        <LockSmallIcon boxSize="4" />
        <Text fontWeight="700">Privacy</Text>
      </HStack>
      {config ? (
        <Stack gap="1.5">
          <Text fontSize="sm" color="brand.900">
            {SHARE_TEXTS.privacy(config.shareRetentionHours)}
          </Text>
          <Text fontSize="sm" color="brand.900" data-testid="share-views-privacy">
            {CALENDAR_TEXTS.viewsPrivacy}
          </Text>
        </Stack>
      ) : (
        <Skeleton height="16" />
      )}
    </Box>
  );
}

function PageShell({ children }: { children: React.ReactNode }) {
  return (
    <Box minH="100dvh" bg="surface.page">
      <AppTopBar />
      <Container as="main" maxW="6xl" px={{ base: "4", md: "6" }} py={{ base: "6", md: "10" }}>
        {children}
      </Container>
    </Box>
  );
}

function LoadingView() {
  return (
    <Stack gap="6" aria-busy="true">
      <HStack gap="4">
        <Skeleton boxSize="12" borderRadius="full" />
        <Stack gap="2" flex="1">
          <Skeleton height="7" maxW="xs" />
          <Skeleton height="4" maxW="40" />
        </Stack>
      </HStack>
      <Skeleton height="96" borderRadius="card" />
    </Stack>
  );
}

function LoadFailed({ onRetry }: { onRetry: () => void }) {
  return (
    <Stack align="center" textAlign="center" gap="4" py="16">
      <Heading as="h1" fontFamily="heading" fontSize="2xl" color="ink">
        This shared trip could not be loaded
      </Heading>
      <Text color="fg.muted">Check your connection and try again.</Text>
      <Button colorPalette="brand" onClick={onRetry}>
        Try again
      </Button>
    </Stack>
  );
}

function TripNotFound() {
  useDocumentTitle("Trip Not Found · Caravan");
  return (
    <PageShell>
      <Stack align="center" textAlign="center" gap="5" py={{ base: "12", md: "20" }} data-testid="trip-not-found">
        <Box color="sand.400">
          <LifebuoyIcon boxSize="12" />
        </Box>
        <Heading
          as="h1"
          fontFamily="heading"
          fontWeight="800"
          fontSize={{ base: "xl", md: "2xl" }}
          color="ink"
          maxW="xl"
        >
          {SHARE_TEXTS.notFound}
        </Heading>
        <Button asChild colorPalette="brand" size="lg">
          <RouterLink to="/">Go to Home</RouterLink>
        </Button>
      </Stack>
    </PageShell>
  );
}
