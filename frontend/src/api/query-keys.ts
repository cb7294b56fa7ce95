/**
 * Every query key of the app, one factory per resource, so that a feature and the real-time table
 * (app/group-events.ts) name the same cache entry the same way. The values are what the offline copy
 * (offline/store.ts) keeps and reads back: changing one drops what a device kept.
 *
 *   ["auth", "user"]                            who is signed in
 *   ["config"]                                  the server's settings for the browser
 *   ["groups", "list" | "stats"]                the dashboard
 *   ["groups", "detail", id]                    a group
 *   ["groups", "detail", id, "members"]         its members
 *   ["groups", "detail", id, "locations"]       its members' last locations
 *   ["groups", "detail", id, "invites"]         its pending invites
 *   ["messages", id] / ["checklists", id] / ["proposals", id]   its chat, checklists and trip proposals
 *   ["notifications"]                           the bell
 *   ["shared-trips", ...]                       share links: mine, and one token's info, locations and chat
 *   ["places", ...]                             destination search
 *   ["trackers", "mine" | "sharing", groupId]   tracker apps, and whether they feed a group
 */

export const currentUserKey = ["auth", "user"] as const;

export const clientConfigKey = ["config"] as const;

export const groupKeys = {
  all: ["groups"] as const,
  list: () => ["groups", "list"] as const,
  stats: () => ["groups", "stats"] as const,
  detail: (id: number) => ["groups", "detail", id] as const,
  members: (id: number) => ["groups", "detail", id, "members"] as const,
};

export const locationKeys = {
  group: (groupId: number) => ["groups", "detail", groupId, "locations"] as const,
};

export const inviteKeys = {
  pending: (groupId: number) => ["groups", "detail", groupId, "invites"] as const,
};

export const messageKeys = {
  list: (groupId: number) => ["messages", groupId] as const,
};

export const checklistKeys = {
  list: (groupId: number) => ["checklists", groupId] as const,
};

export const proposalKeys = {
  list: (groupId: number) => ["proposals", groupId] as const,
};

export const notificationKeys = {
  all: ["notifications"] as const,
};

export const sharedTripKeys = {
  mine: ["shared-trips", "mine"] as const,
  share: (token: string) => ["shared-trips", "token", token] as const,
  info: (token: string) => ["shared-trips", "token", token, "info"] as const,
  locations: (token: string) => ["shared-trips", "token", token, "locations"] as const,
  messages: (token: string) => ["shared-trips", "token", token, "messages"] as const,
};

export const placesKeys = {
  all: ["places"] as const,
  search: (source: "gazetteer" | "google", text: string) => ["places", source, text] as const,
  googleReady: (apiKey: string) => ["places", "google-ready", apiKey] as const,
};

export const trackerKeys = {
  all: ["trackers"] as const,
  mine: ["trackers", "mine"] as const,
  sharing: (groupId: number) => ["trackers", "sharing", groupId] as const,
};

/**
 * The `meta` of a query that no event ever changes, read once per page load: the server's settings for the browser,
 * who is signed in. A room's subscription has nothing to catch up on for it (realtime/room.ts `refetchOlderThan`).
 */
export const EVENTLESS = { eventless: true } as const;
