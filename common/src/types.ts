/** Wire shapes (SPEC §3, "Shapes used by screens"). Timestamps are ISO 8601 strings. */

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
  userId: string;
  user: PublicUser;
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
  user: PublicUser;
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
}

export interface CreateSharedTripPayload {
  durationHours: number;
}

/** GET /api/shared-trips/{token}: all that a link holder learns about the share and the person sharing. */
export interface SharedTripInfo {
  isActive: boolean;
  expiresAt: string;
  sharer: { firstName: string | null; lastName: string | null; profileImageUrl: string | null };
}

/** A position posted to a shared trip (GET .../locations, share:location). */
export interface SharedTripLocation {
  id: number;
  latitude: number;
  longitude: number;
  address: string | null;
  notes: string | null;
  createdAt: string;
}

/** POST /api/shared-trips/{token}/locations. */
export interface SharedTripLocationPayload {
  latitude: number;
  longitude: number;
  address?: string | null;
  notes?: string | null;
}

/** A shared-trip chat message: the author's name only, never an e-mail (watchers need no account). */
export interface SharedTripMessage {
  id: number;
  content: string;
  messageType: string;
  createdAt: string;
  userId: string;
  /** Written by the person sharing the trip. */
  fromSharer: boolean;
  user: { firstName: string | null; lastName: string | null };
}
