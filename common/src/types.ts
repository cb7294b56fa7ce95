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
  proposalVotes: Array<{ userId: string; vote: "yes" | "no"; user: { firstName: string | null; lastName: string | null } }>;
}
