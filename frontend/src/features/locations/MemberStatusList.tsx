import { Badge, Box, Button, Circle, Flex, Grid, Heading, HStack, Skeleton, Stack, Text } from "@chakra-ui/react";
import {
  displayName,
  distanceKm,
  formatCoordinates,
  formatDistance,
  LOCATION_TEXTS,
  NOTIFICATION_TEXTS,
  type Group,
  type GroupLocation,
  type GroupMember,
} from "@caravan/common";
import { useState } from "react";
import { FlagIcon, RouteIcon } from "../../components/icons";
import { notify, notifyFailure } from "../../components/toaster";
import { useRemoveMember } from "../groups";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { UserAvatar } from "../../components/UserAvatar";
import { destinationOf, directionsUrl, type Destination } from "./destination";
import { useLocationsFeed } from "./use-locations-feed";
import { RELATIVE_TIME_REFRESH_MS, useNow } from "../../lib/use-now";
import { RelativeTime } from "../../components/RelativeTime";
import { SectionCard } from "../../components/SectionCard";
import { lazyDateTimeFormat } from "../../lib/formats";
import { useServerRendering } from "../../lib/use-server-rendering";

const arrivalTime = lazyDateTimeFormat({ timeStyle: "short" });
const arrivalDayTime = lazyDateTimeFormat({
  month: "short",
  day: "numeric",
  hour: "numeric",
  minute: "2-digit",
});

/** 'Arrived 14:05' today, 'Arrived Jun 3, 14:05' on another day. */
function arrivedLabel(iso: string, now: Date): string {
  const at = new Date(iso);
  const today = at.toDateString() === now.toDateString();
  return NOTIFICATION_TEXTS.arrivedAt((today ? arrivalTime : arrivalDayTime)().format(at));
}

/**
 * 'Arrived 14:05', kept current (today or not). A time of day is the phone's, in its own time zone: the server's
 * drawing, and the app's drawing that adopts it, keep the line's place, and only this text is drawn again once the
 * app has the page.
 */
function ArrivedAt({ at }: { at: string }) {
  const drawing = useServerRendering();
  const now = useNow(RELATIVE_TIME_REFRESH_MS);
  return drawing ? "\u00a0" : arrivedLabel(at, now);
}

interface MemberStatusListProps {
  group: Group;
  members: GroupMember[] | undefined;
  currentUserId: string;
}

/** docs/product.md §2 'Member Status': every member with where they are, how far from the destination, and since when. */
export function MemberStatusList({ group, members, currentUserId }: MemberStatusListProps) {
  const locations = useLocationsFeed(group.id);
  const destination = destinationOf(group);
  const byUser = new Map((locations.data ?? []).map((l) => [l.userId, l]));
  const viewerIsOwner = currentUserId === group.ownerId;
  const remove = useRemoveMember(group.id);
  const [removing, setRemoving] = useState<GroupMember | null>(null);

  const confirmRemove = () => {
    if (!removing) return;
    const name = displayName(removing.user);
    remove.mutate(removing.userId, {
      onSuccess: () => {
        setRemoving(null);
        notify("success", LOCATION_TEXTS.removedTitle, LOCATION_TEXTS.removedText(name));
      },
      onError: (err) => {
        setRemoving(null);
        notifyFailure(LOCATION_TEXTS.removeConfirmTitle, err, LOCATION_TEXTS.removeFailed);
      },
    });
  };

  return (
    <SectionCard aria-labelledby="member-status-heading" p={{ base: "4", md: "5" }}>
      <Heading
        id="member-status-heading"
        as="h2"
        fontSize="lg"
        fontFamily="heading"
        fontWeight="700"
        color="ink"
        mb="3"
      >
        {LOCATION_TEXTS.memberStatusTitle}
      </Heading>
      {!members || locations.isPending ? (
        <Stack gap="3">
          <Skeleton height="16" borderRadius="lg" />
          <Skeleton height="16" borderRadius="lg" />
        </Stack>
      ) : (
        <Stack as="ul" gap="2" listStyleType="none" data-testid="member-status">
          {members.map((m) => (
            <MemberRow
              key={m.userId}
              member={m}
              isOwner={m.role === "owner" || m.userId === group.ownerId}
              isSelf={m.userId === currentUserId}
              location={byUser.get(m.userId) ?? null}
              destination={destination}
              onRemove={viewerIsOwner && m.userId !== currentUserId ? () => setRemoving(m) : undefined}
            />
          ))}
        </Stack>
      )}
      <ConfirmDialog
        open={removing !== null}
        title={LOCATION_TEXTS.removeConfirmTitle}
        message={removing ? LOCATION_TEXTS.removeConfirmText(displayName(removing.user)) : ""}
        confirmLabel={LOCATION_TEXTS.removeMember}
        pending={remove.isPending}
        onConfirm={confirmRemove}
        onCancel={() => setRemoving(null)}
      />
    </SectionCard>
  );
}

interface MemberRowProps {
  member: GroupMember;
  isOwner: boolean;
  isSelf: boolean;
  location: GroupLocation | null;
  destination: Destination | null;
  /** Offered to the group's owner on everyone else's row. */
  onRemove?: () => void;
}

function MemberRow({ member, isOwner, isSelf, location, destination, onRemove }: MemberRowProps) {
  const name = displayName(member.user);
  const shared = location !== null;
  const distance = location && destination ? formatDistance(distanceKm(location, destination)) : null;
  return (
    <Box
      as="li"
      p="3"
      borderRadius="xl"
      bg={isSelf ? "sunset.50" : "surface.sunken"}
      borderWidth="1px"
      borderColor={isSelf ? "sunset.100" : "transparent"}
      data-testid="member-status-row"
      data-user-id={member.userId}
    >
      {/* Remove sits beside the text where there is room, and under it on a narrow phone, so that names and places
          keep the card's width. */}
      <Grid
        templateColumns={
          onRemove ? { base: "auto minmax(0, 1fr)", sm: "auto minmax(0, 1fr) auto" } : "auto minmax(0, 1fr)"
        }
        columnGap="3"
        rowGap="2"
        alignItems="flex-start"
      >
        <Box position="relative" flexShrink={0}>
          <UserAvatar user={member.user} size="md" />
          <Circle
            size="3"
            position="absolute"
            bottom="0"
            insetEnd="0"
            borderWidth="2px"
            borderColor="surface.raised"
            bg={shared ? "green.500" : "sand.400"}
            role="img"
            aria-label={shared ? LOCATION_TEXTS.locationShared : LOCATION_TEXTS.noLocationShared}
            title={shared ? LOCATION_TEXTS.locationShared : LOCATION_TEXTS.noLocationShared}
            data-testid="share-dot"
            data-shared={shared ? "true" : "false"}
          />
        </Box>
        <Stack gap="0.5" flex="1" minW="0">
          <Flex gap="2" align="center" wrap="wrap">
            <Text fontWeight="700" color="ink" overflowWrap="anywhere" data-testid="member-name">
              {name}
            </Text>
            {isSelf ? (
              <Text as="span" fontSize="sm" color="ink.muted">
                ({LOCATION_TEXTS.you})
              </Text>
            ) : null}
            {isOwner ? (
              <Badge colorPalette="sunset" variant="subtle" borderRadius="full">
                {LOCATION_TEXTS.owner}
              </Badge>
            ) : null}
            {distance ? (
              <Badge
                colorPalette="brand"
                variant="surface"
                borderRadius="full"
                ms="auto"
                fontVariantNumeric="tabular-nums"
                data-testid="member-distance"
                title={`${distance} ${LOCATION_TEXTS.toDestination}`}
                aria-label={`${distance} ${LOCATION_TEXTS.toDestination}`}
              >
                <FlagIcon boxSize="3" aria-hidden="true" />
                {distance}
              </Badge>
            ) : null}
          </Flex>
          {member.arrivedAt ? (
            <Text fontSize="sm" fontWeight="600" color="green.fg" data-testid="member-arrived">
              <ArrivedAt at={member.arrivedAt} />
            </Text>
          ) : null}
          {location ? (
            <>
              <Text fontSize="sm" color="ink" lineClamp={2} data-testid="member-location">
                <Text as="span" fontWeight="600">
                  {LOCATION_TEXTS.currentLocation}
                </Text>{" "}
                {location.address ?? formatCoordinates(location.latitude, location.longitude)}
              </Text>
              {location.notes ? (
                // What the member wrote with their location ("blue van by the gate") is meant for the group.
                <Text fontSize="sm" color="ink" fontStyle="italic" lineClamp={3} data-testid="member-notes">
                  “{location.notes}”
                </Text>
              ) : null}
              <HStack gap="1.5" fontSize="xs" color="ink.muted">
                <Text as="span">
                  <RelativeTime at={location.createdAt} />
                </Text>
                <Text as="span" aria-hidden="true">
                  ·
                </Text>
                <Text as="span" color="green.fg">
                  {LOCATION_TEXTS.locationShared}
                </Text>
              </HStack>
            </>
          ) : (
            <Text fontSize="sm" color="ink.muted" data-testid="member-location">
              {LOCATION_TEXTS.locationNotShared}
            </Text>
          )}
          {isSelf && destination ? (
            <Box mt="2">
              <Button asChild size="xs" variant="outline" colorPalette="brand">
                <a href={directionsUrl(location, destination)} target="_blank" rel="noopener noreferrer">
                  <RouteIcon boxSize="3.5" />
                  {LOCATION_TEXTS.directions}
                </a>
              </Button>
            </Box>
          ) : null}
        </Stack>
        {onRemove ? (
          <Button
            size="xs"
            variant="ghost"
            colorPalette="red"
            gridColumn={{ base: "2", sm: "3" }}
            justifySelf="flex-start"
            aria-label={LOCATION_TEXTS.removeMemberLabel(name)}
            onClick={onRemove}
            data-testid="remove-member"
          >
            {LOCATION_TEXTS.removeMember}
          </Button>
        ) : null}
      </Grid>
    </Box>
  );
}
