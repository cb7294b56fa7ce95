import { formatRelativeTime, TOASTS, TRACKER_TEXTS as T } from "@caravan/common";
import { SwitchRow } from "../../components/SwitchRow";
import { notifyFailure } from "../../components/toaster";
import { useNow } from "../../lib/use-now";
import { LAST_SEEN_REFRESH_MS, useSetTrackerSharing, useTrackerSharing } from "./api";

/** The group page's "From my tracker app" switch: the caller's tracker apps update their location in this group. */
export function TrackerSharingSwitch({ groupId }: { groupId: number }) {
  const sharing = useTrackerSharing(groupId);
  const set = useSetTrackerSharing(groupId);
  const data = sharing.data;
  // "Last seen ... ago" from the page's drawing time while the app takes a drawn page over, then from the phone's.
  const now = useNow(LAST_SEEN_REFRESH_MS);
  const enabled = data?.enabled ?? false;
  const seen = data?.lastSeenAt
    ? [
        `${T.lastSeen} ${formatRelativeTime(data.lastSeenAt, now)}`,
        data.lastBattery !== null ? `${T.battery} ${Math.round(data.lastBattery)}%` : null,
      ]
        .filter(Boolean)
        .join(" · ")
    : null;
  return (
    <SwitchRow
      checked={enabled}
      disabled={!data || set.isPending}
      onCheckedChange={(on) =>
        set.mutate(on, { onError: (err) => notifyFailure(TOASTS.errorTitle, err, T.sharingFailed) })
      }
      testId="tracker-sharing"
      hintTestId="tracker-sharing-status"
      label={T.fromTracker}
      hint={seen ?? T.fromTrackerHint}
      hintColor={enabled ? "brand.700" : "ink.muted"}
    />
  );
}
