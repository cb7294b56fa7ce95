/**
 * The API paths that more than one part of the app asks for by name: the feature that reads them, and the first
 * load, which asks for some of them before that feature's code has arrived (early-reads.ts). They are declared with
 * the pages that read them first (common/src/pages.ts).
 */
export {
  CURRENT_USER_PATH,
  GROUPS_PATH,
  GROUP_STATS_PATH,
  MY_SHARED_TRIPS_PATH,
  NOTIFICATIONS_PATH,
  SESSION_PROBE_PATH,
} from "@caravan/common";
