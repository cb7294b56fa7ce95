import { formatRelativeTime } from "@caravan/common";
import { RELATIVE_TIME_REFRESH_MS, useNow } from "../lib/use-now";

/**
 * "3 min ago", kept current every `everyMs` (by default, as often as every relative time). The text alone follows the
 * clock: as time passes, and as the app takes over a page the server rendered (useNow), only this text is rendered
 * again, not the card or the list around it.
 */
export function RelativeTime({ at, everyMs = RELATIVE_TIME_REFRESH_MS }: { at: Date | string; everyMs?: number }) {
  return formatRelativeTime(at, useNow(everyMs));
}
