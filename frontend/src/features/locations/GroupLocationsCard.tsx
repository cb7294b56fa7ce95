import { Button, Flex, Heading, Stack, Text } from "@chakra-ui/react";
import { useState } from "react";
import {
  displayName,
  formatCoordinates,
  GROUP_TRACKING_MIN_SEND_GAP_MS,
  initials,
  LOCATION_TEXTS,
  MAP,
  TOASTS,
  type Group,
  type GroupLocation,
} from "@caravan/common";
import { useClientConfig } from "../../api/config";
import { isSessionExpired } from "../../api/client";
import { MapPinIcon } from "../../components/icons";
import { TravelMap, type MapPerson } from "../../components/map";
import { notify } from "../../components/toaster";
import { useStopSharing } from "./api";
import { destinationOf, pickerStartPoints } from "./destination";
import { TrackerSharingSwitch } from "../trackers";
import { onDemand, whenOpen } from "../../components/on-demand";
import type { UpdateLocationDialogProps } from "./UpdateLocationDialog";
import { useAutoTracking } from "./use-auto-tracking";
import { useLocationsFeed } from "./use-locations-feed";
import { RelativeTime } from "../../components/RelativeTime";
import { SectionCard } from "../../components/SectionCard";
import { SwitchRow } from "../../components/SwitchRow";

// The Update Location dialog, with its form and its map, loads the first time it opens.
const UpdateLocationDialog = onDemand<UpdateLocationDialogProps>(
  () => import("./UpdateLocationDialog").then((m) => m.UpdateLocationDialog),
  whenOpen,
);

function toPerson(l: GroupLocation, currentUserId: string): MapPerson {
  return {
    id: l.userId,
    latitude: l.latitude,
    longitude: l.longitude,
    name: displayName(l.user),
    initials: initials(l.user),
    imageUrl: l.user.profileImageUrl,
    self: l.userId === currentUserId,
    details: (
      <>
        <Text fontSize="sm" color="ink.muted">
          {l.address ?? formatCoordinates(l.latitude, l.longitude)}
        </Text>
        {l.notes ? (
          <Text fontSize="sm" color="ink" fontStyle="italic">
            {l.notes}
          </Text>
        ) : null}
        <Text fontSize="xs" color="ink.muted">
          <RelativeTime at={l.createdAt} />
        </Text>
      </>
    ),
  };
}

/** docs/product.md §2 'Group Locations': update, auto-tracking, stop sharing, and the map of members and destination. */
export function GroupLocationsCard({ group, currentUserId }: { group: Group; currentUserId: string }) {
  const [dialogOpen, setDialogOpen] = useState(false);
  const googleMapsApiKey = useClientConfig().data?.googleMapsApiKey ?? null;
  const locations = useLocationsFeed(group.id);
  const tracking = useAutoTracking(group.id, googleMapsApiKey);
  const stopSharing = useStopSharing(group.id, currentUserId);

  const list = locations.data ?? [];
  const mine = list.find((l) => l.userId === currentUserId) ?? null;
  const destination = destinationOf(group);
  const denied = tracking.permission === "denied";

  const stop = () => {
    // Otherwise the next automatic update would share the location again a few seconds later.
    if (tracking.enabled) tracking.setEnabled(false);
    stopSharing.mutate(undefined, {
      onSuccess: () => notify("success", LOCATION_TEXTS.stoppedSharingTitle, LOCATION_TEXTS.stoppedSharingText),
      onError: (err) => {
        if (isSessionExpired(err)) return;
        notify("error", TOASTS.errorTitle, LOCATION_TEXTS.stopSharingFailed);
      },
    });
  };

  return (
    <SectionCard aria-labelledby="locations-heading" p={{ base: "4", md: "5" }} data-testid="group-locations">
      <Flex gap="3" align={{ base: "stretch", sm: "center" }} direction={{ base: "column", sm: "row" }} mb="4">
        <Stack gap="0.5" flex="1" minW="0">
          <Heading id="locations-heading" as="h2" fontSize="lg" fontFamily="heading" fontWeight="700" color="ink">
            {LOCATION_TEXTS.cardTitle}
          </Heading>
          <Text fontSize="sm" color="ink.muted">
            {LOCATION_TEXTS.cardDescription}
          </Text>
        </Stack>
        <Button colorPalette="brand" size="sm" fontWeight="600" onClick={() => setDialogOpen(true)}>
          <MapPinIcon boxSize="4" />
          {LOCATION_TEXTS.updateButton}
        </Button>
      </Flex>

      <Flex
        gap="3"
        align={{ base: "flex-start", sm: "center" }}
        direction={{ base: "column", sm: "row" }}
        justify="space-between"
        p="3"
        mb="4"
        borderRadius="xl"
        bg={tracking.enabled ? "brand.50" : "surface.sunken"}
        borderWidth="1px"
        borderColor={tracking.enabled ? "brand.200" : "transparent"}
      >
        {/* The switches one above the other, so each hint keeps a readable line length at every width. */}
        <Stack gap="3" flex="1" minW="0">
          <SwitchRow
            checked={tracking.enabled}
            onCheckedChange={(on) => tracking.setEnabled(on)}
            disabled={denied && !tracking.enabled}
            testId="auto-tracking"
            hintTestId="auto-tracking-status"
            label={LOCATION_TEXTS.autoTrackingLabel}
            hint={
              denied
                ? LOCATION_TEXTS.permissionHint
                : tracking.enabled
                  ? LOCATION_TEXTS.trackingActive
                  : LOCATION_TEXTS.trackingInactive
            }
            hintColor={denied ? "fg.error" : tracking.enabled ? "brand.700" : "ink.muted"}
            note={denied ? null : LOCATION_TEXTS.trackingCadence(GROUP_TRACKING_MIN_SEND_GAP_MS / 1000)}
            noteTestId="auto-tracking-cadence"
          />
          <TrackerSharingSwitch groupId={group.id} />
        </Stack>
        {mine ? (
          <Button
            variant="outline"
            colorPalette="red"
            size="sm"
            flexShrink={0}
            width={{ base: "full", sm: "auto" }}
            bg="surface.raised"
            onClick={stop}
            disabled={stopSharing.isPending}
          >
            {stopSharing.isPending ? LOCATION_TEXTS.stoppingSharing : LOCATION_TEXTS.stopSharing}
          </Button>
        ) : null}
      </Flex>

      <TravelMap
        people={list.map((l) => toPerson(l, currentUserId))}
        destination={destination}
        zoom={MAP.groupZoom}
        height={{ base: "18rem", md: "26rem" }}
        label={LOCATION_TEXTS.mapLabel}
      />

      <UpdateLocationDialog
        groupId={group.id}
        current={mine}
        startAt={pickerStartPoints(
          mine,
          destination,
          list.filter((l) => l.userId !== currentUserId),
        )}
        googleMapsApiKey={googleMapsApiKey}
        open={dialogOpen}
        onOpenChange={setDialogOpen}
      />
    </SectionCard>
  );
}
