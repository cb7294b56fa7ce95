/**
 * The API paths that more than one part of the app asks for by name: the feature that reads them, and the first
 * load, which asks for some of them before that feature's code has arrived (early-reads.ts). Kept apart so that the
 * first load carries these strings and nothing else.
 */
export const CURRENT_USER_PATH = "/api/auth/user";
/** The signed-in probe: "nobody" is answered 204, not 401, so a visitor's console stays clean. */
export const SESSION_PROBE_PATH = `${CURRENT_USER_PATH}?probe=1`;
export const GROUPS_PATH = "/api/groups";
export const GROUP_STATS_PATH = "/api/groups/stats";
export const MY_SHARED_TRIPS_PATH = "/api/shared-trips";
export const NOTIFICATIONS_PATH = "/api/notifications";
