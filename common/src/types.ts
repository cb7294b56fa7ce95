/** Wire shapes (docs/product.md §3, "Shapes used by screens"). Timestamps are ISO 8601 strings. */
import type { NotificationKind } from "./limits.js";

export type GroupStatus = "planning" | "active" | "completed";
export const GROUP_STATUSES: readonly GroupStatus[] = ["planning", "active", "completed"];

export type OAuthProvider = "google" | "microsoft" | "yahoo";
export const OAUTH_PROVIDERS: readonly OAuthProvider[] = ["google", "microsoft", "yahoo"];
export const OAUTH_PROVIDER_LABELS: Record<OAuthProvider, string> = {
  google: "Google",
  microsoft: "Microsoft",
  yahoo: "Yahoo",
};
/**
 * Why a provider sign-in came back to the landing page without signing in: `/?authError=<code>&provider=<p>`.
 * Shown with ERRORS.oauthNotConfigured, oauthFailed and oauthEmailUnverified.
 */
export type OAuthErrorCode = "not_configured" | "failed" | "unverified";

export interface SignupPayload {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  confirmPassword: string;
}

export interface SigninPayload {
  email: string;
  password: string;
}

export interface ProfilePayload {
  firstName: string;
  lastName: string;
}

export interface CurrentUser {
  id: string;
  email: string | null;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
  provider: string | null;
  createdAt: string;
  /** Whether the account has a password (else deleting it is confirmed by typing its e-mail). */
  hasPassword: boolean;
  /** The language chosen in the user menu (a SUPPORTED_LOCALES code), kept across devices; null: the browser's. */
  language: string | null;
}

/** PUT /api/auth/language: a SUPPORTED_LOCALES code, or null to follow the browser again. */
export interface LanguagePayload {
  language: string | null;
}

/** DELETE /api/auth/user: the password, or for an account without one its e-mail address. */
export interface DeleteAccountPayload {
  password?: string;
  email?: string;
}

/** What the client may know about another person: never a password hash, never their provider. */
export interface PublicUser {
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  profileImageUrl: string | null;
}

/** The server's settings that the browser needs before it can render. */
export interface ClientConfig {
  oauthProviders: OAuthProvider[];
  googleMapsApiKey: string | null;
  tileUrl: string | null;
  /** Where the self-hosted PMTiles vector basemap is served, when the server has one; it wins over tileUrl. */
  basemapUrl: string | null;
  publicUrl: string;
  /** Hours after a shared trip ends before its locations and messages are deleted. */
  shareRetentionHours: number;
}

export interface ErrorBody {
  message: string;
  /** Field-level validation messages, first failure per field. */
  errors?: Record<string, string>;
}

export interface GroupMessage {
  id: number;
  groupId: number;
  content: string;
  messageType: string;
  createdAt: string;
  /** Null on a system line (messageType "system", e.g. an arrival): nobody wrote it. */
  userId: string | null;
  user: PublicUser | null;
}

/** A page of chat, oldest first; `olderCursor` fetches the page before it (null when there is none). */
export interface MessagePage {
  messages: GroupMessage[];
  olderCursor: number | null;
}

export interface ChecklistItem {
  id: number;
  text: string;
  completed: boolean;
  completedAt: string | null;
  completedByUser: { firstName: string | null; email: string | null } | null;
  createdAt: string;
}

export interface Checklist {
  id: number;
  groupId: number;
  title: string;
  description: string | null;
  createdBy: string | null;
  createdAt: string;
  items: ChecklistItem[];
}

export type ProposalStatus = "proposed" | "finalized" | "closed";

export interface TripProposal {
  id: number;
  groupId: number;
  destinationName: string;
  destinationAddress: string | null;
  destinationLatitude: number | null;
  destinationLongitude: number | null;
  destinationPlaceId: string | null;
  startDate: string | null;
  endDate: string | null;
  durationHours: number | null;
  status: string;
  /** Yes votes. */
  votes: number;
  isActive: boolean;
  createdAt: string;
  proposedBy: string;
  proposer: { firstName: string | null; lastName: string | null };
  proposalVotes: Array<{
    userId: string;
    vote: "yes" | "no";
    user: { firstName: string | null; lastName: string | null };
  }>;
}

/** A group as GET /api/groups/{id} returns it (and as group:updated carries it). */
export interface Group {
  id: number;
  name: string;
  description: string | null;
  coverImageUrl: string | null;
  ownerId: string;
  status: GroupStatus;
  startDate: string | null;
  endDate: string | null;
  destinationName: string | null;
  destinationAddress: string | null;
  destinationLatitude: number | null;
  destinationLongitude: number | null;
  destinationPlaceId: string | null;
  /** Members within this many metres of the destination count as arrived. */
  arrivalRadiusMeters: number;
  createdAt: string;
  updatedAt: string;
}

/** A face on a dashboard card: no e-mail, the card does not need one. */
export interface GroupCardMember {
  userId: string;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
}

/** One dashboard card: the group, its member count and its first members (owner first). */
export interface GroupSummary extends Group {
  memberCount: number;
  members: GroupCardMember[];
}

export interface GroupStats {
  /** Messages posted in the caller's groups during the last 24 hours. */
  recentMessages: number;
}

export interface GroupMember {
  userId: string;
  role: string;
  joinedAt: string;
  /** When the member last arrived at the current destination; null when not there (or no destination). */
  arrivedAt: string | null;
  user: PublicUser;
}

/**
 * One invite still able to let someone in (GET /api/groups/{id}/invites, owner only): an e-mail invite not used yet,
 * or a link, until it expires. The token is never listed: whoever needs the link already has it.
 */
export interface PendingInvite {
  id: number;
  kind: "email" | "link";
  /** The invited address (e-mail invites only). */
  email: string | null;
  createdAt: string;
  expiresAt: string;
  /** How many joined through it. */
  useCount: number;
  invitedBy: PublicUser;
}

/** POST /api/groups. Dates are ISO 8601; empty strings count as absent. */
export interface CreateGroupPayload {
  name: string;
  description?: string | null;
  status?: GroupStatus;
  startDate?: string | null;
  endDate?: string | null;
  coverImageUrl?: string | null;
  destinationName?: string | null;
  destinationAddress?: string | null;
  destinationLatitude?: number | null;
  destinationLongitude?: number | null;
  destinationPlaceId?: string | null;
}

/** One answer of the destination search (GET /api/places, or Google Places in the browser). */
/** A town or city drawn on the offline map layer, from GET /api/places/map. */
export interface MapPlace {
  id: number;
  name: string;
  population: number;
  latitude: number;
  longitude: number;
}

export interface DestinationResult {
  /** Stable id: "geonames:<id>" from the offline gazetteer, a Google place id otherwise. */
  placeId: string;
  name: string;
  /** "Lyon, Auvergne-Rhône-Alpes, France". */
  address: string;
  latitude: number;
  longitude: number;
}

/** POST /api/objects/upload: where to PUT the image, once, before `expiresAt`. */
export interface UploadTicket {
  uploadURL: string;
  expiresAt: string;
}

/** The answer to the PUT of an image: the app path it is served from, which PUT .../cover-image accepts. */
export interface UploadedObject {
  objectPath: string;
}

/** PUT /api/groups/{id}/cover-image. */
export interface CoverImagePayload {
  coverImageURL: string;
}

/** PATCH /api/groups/{id}: only the main destination may change this way. */
export type UpdateDestinationPayload = Pick<
  CreateGroupPayload,
  "destinationName" | "destinationAddress" | "destinationLatitude" | "destinationLongitude" | "destinationPlaceId"
>;

/**
 * PATCH /api/groups/{id}: only the fields sent change. Any member may change the destination; the name, description,
 * status, dates and arrival radius are the owner's (docs/decisions/0036-who-changes-a-group.md).
 */
export type UpdateGroupPayload = UpdateDestinationPayload &
  Partial<Pick<CreateGroupPayload, "description" | "startDate" | "endDate">> & {
    name?: string;
    status?: GroupStatus;
    arrivalRadiusMeters?: number;
  };

/**
 * A member's current location in a group, as GET /api/groups/{id}/locations lists it and location:updated carries
 * it. There is one per member and group: each update replaces the previous one.
 */
export interface GroupLocation {
  id: number;
  groupId: number;
  userId: string;
  latitude: number;
  longitude: number;
  address: string | null;
  notes: string | null;
  /** When this location was posted (the time of the member's latest update). */
  createdAt: string;
  user: PublicUser;
}

/** POST /api/groups/{groupId}/locations. Without an address the server names the place itself. */
export interface LocationUpdatePayload {
  latitude: number;
  longitude: number;
  address?: string | null;
  notes?: string | null;
}

/** One of the caller's shared trips (POST and GET /api/shared-trips). `isActive` is true only while it is live. */
export interface SharedTrip {
  id: number;
  shareToken: string;
  shareUrl: string;
  durationHours: number;
  expiresAt: string;
  isActive: boolean;
  /** The tracker app whose points reached this live share last, so the sharer knows the tab may be closed. */
  fedBy: string | null;
  /** Distinct browsers that opened the link (the sharer's own excepted). */
  views: number;
  /** Sockets of other people following the share now, over every instance; 0 once it has ended. */
  watchersNow: number;
  /** Whether stored points exist, so the trail can be downloaded (GET /api/shared-trips/{id}/trail.gpx). */
  hasTrail: boolean;
  /** Watchers' messages the sharer has not read yet (their notifications are unread). */
  unreadMessages: number;
  /** The newest message a watcher wrote, by first name. */
  lastMessage: { author: string; content: string; createdAt: string } | null;
}

export interface CreateSharedTripPayload {
  durationHours: number;
  destination?: SharedTripDestination | null;
}

/** GET /api/shared-trips/{token}: all that a link holder learns about the share and the person sharing. */
export interface SharedTripInfo {
  isActive: boolean;
  expiresAt: string;
  /** Ended by the sharer before its time ran out (false while live, and when it expired). */
  stopped: boolean;
  /** Where the sharer is heading, when they named a place. */
  destination: SharedTripDestination | null;
  sharer: { firstName: string | null; lastName: string | null; profileImageUrl: string | null };
  /** The signed-in viewer's authorKey in this share (null when signed out): which messages are theirs. */
  viewerAuthorKey: string | null;
}

/**
 * The attribute that marks a server-rendered page's wrapper, naming the page (a `ServerRenderedPage`), until the app
 * has taken the page over.
 */
export const SERVER_RENDERED_ATTRIBUTE = "data-server-rendered";

/** The id of the `<script type="application/json">` holding the reads a server-rendered page was rendered from. */
export const SERVER_STATE_ID = "caravan-state";

/**
 * The attribute of a server-rendered page's wrapper that says when it was rendered, in ms since the epoch: its
 * relative times were written for that moment, and the app's first render over it starts from the same
 * (frontend/src/lib/use-now.ts).
 */
export const RENDERED_AT_ATTRIBUTE = "data-rendered-at";

/** A position posted to a shared trip (GET .../locations, share:location). */
export interface SharedTripLocation {
  id: number;
  latitude: number;
  longitude: number;
  address: string | null;
  notes: string | null;
  /** When the position was taken: the tracker app's own timestamp, or when the browser posted it. */
  createdAt: string;
  /** Who sent it: the sharer's open browser tab, or a tracker app running in the background. */
  source: LocationSource;
  /** Radius of the 68% confidence circle, in metres, when the app reports it. */
  accuracy: number | null;
  /** Ground speed in metres per second (every protocol's unit is converted to this), when known. */
  speed: number | null;
}

export type LocationSource = "browser" | "app";

/** A tracker app as its owner sees it (GET /api/trackers): never the token. */
export interface Tracker {
  id: number;
  name: string;
  createdAt: string;
  lastSeenAt: string | null;
  /** Battery level in percent, as last reported. */
  lastBattery: number | null;
  /** Accuracy in metres of the last stored point. */
  lastAccuracy: number | null;
}

/** POST /api/trackers: the only answer that holds the token, and the app settings built from it. */
export interface CreatedTracker extends Tracker {
  token: string;
  urls: { owntracks: string; osmand: string };
}

/** GET/PUT /api/groups/{id}/tracker-sharing: whether the caller's tracker apps feed this group. */
export interface TrackerSharing {
  enabled: boolean;
  /** The caller's most recently seen tracker, so the switch can say when it last reported. */
  lastSeenAt: string | null;
  lastBattery: number | null;
}

/** A shared trip's optional destination, from the same place search as groups. */
export interface SharedTripDestination {
  name: string;
  latitude: number;
  longitude: number;
}

/** POST /api/shared-trips/{token}/locations. */
export interface SharedTripLocationPayload {
  latitude: number;
  longitude: number;
  address?: string | null;
  notes?: string | null;
  speed?: number | null;
}

/** A shared-trip chat message: the author's name only, never an e-mail (watchers need no account). */
export interface SharedTripMessage {
  id: number;
  content: string;
  messageType: string;
  createdAt: string;
  /**
   * The same for every message one person writes in this share and different in every other share: enough to tell
   * one's own messages, never the author's account id (watchers may be anonymous).
   */
  authorKey: string;
  /** Written by the person sharing the trip. */
  fromSharer: boolean;
  user: { firstName: string | null; lastName: string | null };
}

/** GET /api/notifications: one entry, for its recipient only. */
export interface AppNotification {
  id: number;
  kind: NotificationKind;
  text: string;
  groupId: number | null;
  /** The shared trip a watcher wrote on (the recipient's own share): opening the notice opens its page. */
  shareToken: string | null;
  createdAt: string;
  readAt: string | null;
}

/** A page of notifications, newest first; `nextCursor` fetches the older ones (null when there are none). */
export interface NotificationPage {
  notifications: AppNotification[];
  nextCursor: number | null;
  /** All of the caller's unread notifications, not only this page's. */
  unreadCount: number;
}
