/** Every number of docs/product.md §5 and §9, named once. Both sides import these; nothing restates them. */

export const NAME_MAX = 50;
export const PASSWORD_MIN = 8;
/** RFC 5321 caps a forward path at 256 octets including the brackets. */
export const EMAIL_MAX = 254;
export const PASSWORD_MAX = 256;

export const GROUP_NAME_MAX = 255;
export const GROUP_STATUS_MAX = 50;
export const GROUP_DESCRIPTION_MAX = 5000;
export const TRIP_TITLE_MAX = 100;
export const TRIP_DESCRIPTION_MAX = 500;
export const DESTINATION_NAME_MAX = 500;
export const DESTINATION_ADDRESS_MAX = 1000;
export const PLACE_ID_MAX = 255;
export const URL_MAX = 2048;
export const VOTE_MAX = 10;
export const VOTES = ["yes", "no"] as const;
export type VoteValue = (typeof VOTES)[number];
/** A proposed trip lasts at most a year when given as a duration. */
export const PROPOSAL_DURATION_MAX_HOURS = 8760;
export const CHECKLIST_TITLE_MAX = 255;
export const CHECKLIST_DESCRIPTION_MAX = 1000;
export const CHECKLIST_ITEM_MAX = 500;
export const MESSAGE_MAX = 2000;
export const MESSAGE_TYPES = ["text"] as const;
/** Messages per page of the group chat. */
export const MESSAGES_PAGE_SIZE = 50;
export const LOCATION_NOTES_MAX = 500;
export const LOCATION_ADDRESS_MAX = 500;
/** How far the offline gazetteer may look for a town to name a location after, when no address is given. */
export const LOCATION_NEAREST_PLACE_MAX_KM = 25;

export const LATITUDE_MIN = -90;
export const LATITUDE_MAX = 90;
export const LONGITUDE_MIN = -180;
export const LONGITUDE_MAX = 180;

export const SHARE_DURATION_MIN_HOURS = 1;
export const SHARE_DURATION_MAX_HOURS = 72;
export const SHARE_DURATION_DEFAULT_HOURS = 2;
/** Live shares per person: the dashboard posts every position to each one, so the fan-out stays small. */
export const SHARE_LIVE_MAX = 10;
/** The caller's shares listed by GET /api/shared-trips, newest first. */
export const SHARED_TRIPS_LIST_MAX = 50;
/** Recent positions of a share returned by GET .../locations, latest first (the current one and a short trail). */
export const SHARE_LOCATIONS_MAX = 100;
/** Newest chat messages of a share returned by GET .../messages, oldest first. */
export const SHARE_MESSAGES_MAX = 100;
/**
 * A watcher reads "Live" only while the newest position is younger than this; after it, how old it is. Three times
 * the age the browser may reuse a position at (GEOLOCATION_OPTIONS.maximumAge): a sharer whose page is open and who
 * moves has posted by then.
 */
export const SHARE_STALE_AFTER_MS = 3 * 60_000;
/** A watcher's message quoted in the sharer's notification, in characters. */
export const SHARE_NOTICE_EXCERPT_MAX = 80;

/** Polling intervals: the fallback while the socket is disconnected. */
export const POLL_MS = {
  groupMembers: 5_000,
  groupLocations: 5_000,
  groupMessages: 5_000,
  sharedTrip: 5_000,
  sharedTripLocations: 5_000,
  sharedTripMessages: 3_000,
  sharedTripsList: 30_000,
  notifications: 30_000,
} as const;

/**
 * Group auto-tracking (docs/product.md §4, §9): the position is watched and each move is sent as it happens; this is the
 * longest the page goes without asking for a fresh fix too (a watch can stall on some phones), and no fix older
 * than it is used. A check that finds no move sends nothing.
 */
export const GROUP_AUTO_UPDATE_MS = 5_000;
/** The least time between two automatic sends: a phone that reports several fixes a second sends the latest one. */
export const GROUP_TRACKING_MIN_SEND_GAP_MS = 1_000;

export const GEOLOCATION_OPTIONS = {
  enableHighAccuracy: true,
  timeout: 10_000,
  maximumAge: 60_000,
} as const;
/** Group tracking never uses a fix older than its check interval, so a move is never sent late from a cached fix. */
export const GROUP_TRACKING_GEOLOCATION_OPTIONS = { ...GEOLOCATION_OPTIONS, maximumAge: GROUP_AUTO_UPDATE_MS } as const;

export const SHARE_MIN_MOVE_METERS = 10;
export const EARTH_RADIUS_KM = 6371;
export const GROUP_TRACKING_MIN_DELTA_DEGREES = 0.0001;
export const SHARED_TRIP_COORD_DECIMALS = 6;
export const GROUP_COORD_DECIMALS = 4;

export const MAP = {
  defaultCenter: [40.7128, -74.006] as const,
  defaultZoom: 10,
  /** A map with nobody and no destination on it shows the whole world rather than any one place. */
  worldCenter: [20, 0] as const,
  modalZoom: 13,
  minZoom: 2,
  maxZoom: 18,
  maxLatitude: 85,
  singlePointZoom: 15,
  groupZoom: 12,
  sharedTripZoom: 15,
  sharedTripHeightPx: 300,
  /** Where the server serves the PMTiles basemap (by byte ranges); the path's suffix tells the renderer its format. */
  basemapPath: "/api/basemap.pmtiles",
} as const;

export const DESTINATION_SEARCH_MIN_CHARS = 3;
export const DESTINATION_SEARCH_MAX_RESULTS = 5;
/** Longest text GET /api/places accepts. */
export const PLACES_QUERY_MAX = 100;
/**
 * Most places GET /api/places/map answers for one view: the most populous in the box, so zooming in brings the
 * smaller towns. About what a phone map can label without the names covering each other.
 */
export const MAP_PLACES_MAX = 60;
/** Pause after the last keystroke before the destination search runs. */
export const DESTINATION_SEARCH_DEBOUNCE_MS = 300;
export const EARLIEST_DATE = "1900-01-01";

export const COVER_IMAGE_MAX_BYTES = 5_242_880;
export const COVER_IMAGE_MAX_FILES = 1;
/** The formats an upload may be, recognised by content; each is re-encoded in its own format. */
export const COVER_IMAGE_TYPES = ["image/png", "image/jpeg", "image/webp", "image/gif"] as const;
/** Stored covers fit in this square: twice the widest header, for sharp screens. */
export const COVER_IMAGE_MAX_EDGE_PX = 2560;
/** Larger images are refused before decoding: a small file can claim a huge canvas. */
export const COVER_IMAGE_MAX_INPUT_PIXELS = 50_000_000;
/** An upload URL works once, for its owner, this long. */
export const UPLOAD_URL_TTL_MS = 15 * 60_000;

export const AVATAR_STACK_MAX = 4;

export const REDIRECT_DELAY_MS = {
  afterUnauthorized: 500,
  joinPage: 1_000,
  uploadLogin: 1_500,
  afterJoin: 3_000,
} as const;
export const INVITE_COPIED_INDICATOR_MS = 2_000;

export const TOAST_DURATION_MS = 5_000;
export const TOOLTIP_OPEN_DELAY_MS = 700;

/** Failed sign-ins per e-mail and address before the sign-in call answers 429. */
export const SIGNIN_MAX_FAILURES = 5;
export const SIGNIN_FAILURE_WINDOW_MS = 15 * 60_000;

/** Request bodies nested deeper than this are refused before any validator walks them (no form nests past 3). */
export const JSON_MAX_DEPTH = 32;
/** A group's arrival radius around its main destination, in metres (owner's setting). */
export const ARRIVAL_RADIUS_MIN_METERS = 50;
export const ARRIVAL_RADIUS_MAX_METERS = 5_000;
export const ARRIVAL_RADIUS_DEFAULT_METERS = 300;
/**
 * A member who arrived counts as gone again only beyond this multiple of the radius, so GPS jitter at the edge
 * does not raise an arrival on every fix.
 */
export const ARRIVAL_REARM_FACTOR = 2;
/** The chat line written for an arrival; members cannot post this type themselves. */
export const SYSTEM_MESSAGE_TYPE = "system";
/** A shared trip's watcher sees "Arrived" when the sharer is this close to the named destination. */
export const SHARE_ARRIVED_METERS = 300;
/** The highest speed a position may report, in metres per second (an airliner's cruise is about 250). */
export const SPEED_MAX_MPS = 1_000;
/** Below this speed (m/s) the sharer is treated as stopped: no ETA is shown. */
export const SHARE_ETA_MIN_SPEED_MPS = 0.5;

export const NOTIFICATION_KINDS = [
  "arrival",
  "member-joined",
  "member-left",
  "proposal-created",
  "trip-finalized",
  "destination-changed",
  "owner-changed",
  "share-message",
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];
/** Notifications per page of GET /api/notifications. */
export const NOTIFICATIONS_PAGE_SIZE = 50;
/** Notifications older than this are deleted. */
export const NOTIFICATION_RETENTION_DAYS = 30;
/** Ids one POST /api/notifications/read may name. */
export const NOTIFICATION_READ_IDS_MAX = 500;
/** Tracker apps (OwnTracks, OsmAnd, Traccar Client) per person. */
export const TRACKERS_MAX = 10;
export const TRACKER_NAME_MAX = 50;
/**
 * A tracker stores at most one point per this many milliseconds of the points' own time; extra points are answered
 * 2xx and dropped.
 */
export const TRACKER_MIN_INTERVAL_MS = 1_000;
/** Points stamped further ahead than this (a phone with a wrong clock) are refused. */
export const TRACKER_FUTURE_SKEW_MS = 5 * 60_000;

/** Whole days of a trip shown in its calendar file at most; a longer range is a typo, not a trip. */
export const CALENDAR_MAX_DAYS = 366;
/** Browsers counted per share; once reached, more viewers are not told apart (the count stops growing). */
export const SHARE_VIEWS_MAX = 10_000;

/** The widest accuracy circle a tracker point may report, in metres; a wider one is dropped as unknown. */
export const TRACKER_ACCURACY_MAX_METERS = 10_000_000;
/** A tracker point's altitude, in metres, from the deepest ocean floor to the edge of space; outside it is unknown. */
export const TRACKER_ALTITUDE_MIN_METERS = -11_000;
export const TRACKER_ALTITUDE_MAX_METERS = 100_000;

/**
 * The longest single text value a request may carry (a body value, a body key, a query-string value), in UTF-16
 * units; a longer one is refused before any route, validator or pattern reads it. Every text field is capped below
 * this anyway, and image uploads are raw bodies, not text values. The validators count characters, and one character
 * can take two UTF-16 units (emoji) plus selectors they do not count, and text is trimmed before it is counted: four
 * times the longest field leaves room for any real text of any field.
 */
export const INPUT_STRING_MAX =
  4 *
  Math.max(
    NAME_MAX,
    EMAIL_MAX,
    PASSWORD_MAX,
    GROUP_NAME_MAX,
    GROUP_STATUS_MAX,
    GROUP_DESCRIPTION_MAX,
    TRIP_TITLE_MAX,
    TRIP_DESCRIPTION_MAX,
    DESTINATION_NAME_MAX,
    DESTINATION_ADDRESS_MAX,
    PLACE_ID_MAX,
    URL_MAX,
    CHECKLIST_TITLE_MAX,
    CHECKLIST_DESCRIPTION_MAX,
    CHECKLIST_ITEM_MAX,
    MESSAGE_MAX,
    LOCATION_NOTES_MAX,
    LOCATION_ADDRESS_MAX,
    PLACES_QUERY_MAX,
    TRACKER_NAME_MAX,
  );
