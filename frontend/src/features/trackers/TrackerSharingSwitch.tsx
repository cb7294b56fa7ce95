import { Stack, Switch, Text } from "@chakra-ui/react";
import { formatRelativeTime, TOASTS, TRACKER_TEXTS as T } from "@caravan/common";
import { notifyFailure } from "../../components/toaster";
import { useSetTrackerSharing, useTrackerSharing } from "./api";

/** The group page's "From my tracker app" switch: the caller's tracker apps update their location in this group. */
export function TrackerSharingSwitch({ groupId }: { groupId: number }) {
  const sharing = useTrackerSharing(groupId);
  const set = useSetTrackerSharing(groupId);
  const data = sharing.data;
  const enabled = data?.enabled ?? false;
  const seen = data?.lastSeenAt
    ? [
        `${T.lastSeen} ${formatRelativeTime(data.lastSeenAt)}`,
        data.lastBattery !== null ? `${T.battery} ${Math.round(data.lastBattery)}%` : null,
      ]
        .filter(Boolean)
        .join(" · ")
    : null;
  return (
    <Switch.Root
      checked={enabled}
      disabled={!data || set.isPending}
      onCheckedChange={(e) =>
        set.mutate(e.checked, { onError: (err) => notifyFailure(TOASTS.errorTitle, err, T.sharingFailed) })
      }
      colorPalette="brand"
      alignItems="flex-start"
      gap="3"
      data-testid="tracker-sharing"
    >
      <Switch.HiddenInput />
      <Switch.Control mt="0.5" />
      <Stack gap="0">
        <Switch.Label fontWeight="600" color="ink">
          {T.fromTracker}
        </Switch.Label>
        <Text fontSize="sm" color={enabled ? "brand.700" : "ink.muted"} data-testid="tracker-sharing-status">
          {seen ?? T.fromTrackerHint}
        </Text>
      </Stack>
    </Switch.Root>
  );
}
