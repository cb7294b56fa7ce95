import { TOASTS, TRACKER_TEXTS as T } from "@caravan/common";
import { RelativeTime } from "../../components/RelativeTime";
import { SwitchRow } from "../../components/SwitchRow";
import { notifyFailure } from "../../components/toaster";
import { LAST_SEEN_REFRESH_MS, useSetTrackerSharing, useTrackerSharing } from "./api";

/** The group page's "From my tracker app" switch: the caller's tracker apps update their location in this group. */
export function TrackerSharingSwitch({ groupId }: { groupId: number }) {
  const sharing = useTrackerSharing(groupId);
  const set = useSetTrackerSharing(groupId);
  const data = sharing.data;
  const enabled = data?.enabled ?? false;
  // "Last seen 2 min ago · Battery 81%": the time alone follows the clock.
  const seen = data?.lastSeenAt ? (
    <>
      {T.lastSeen} <RelativeTime at={data.lastSeenAt} everyMs={LAST_SEEN_REFRESH_MS} />
      {data.lastBattery !== null ? ` · ${T.battery} ${Math.round(data.lastBattery)}%` : null}
    </>
  ) : null;
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
