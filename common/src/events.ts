import type {
  AppNotification,
  Checklist,
  GroupLocation,
  GroupMember,
  GroupMessage,
  Group,
  SharedTripLocation,
  SharedTripMessage,
  TripProposal,
} from "./types.js";
import { ERRORS, SHARE_TEXTS } from "./messages.js";
/** Real-time protocol: room names, event names and payloads, shared by server and client. */

export const rooms = {
  group: (groupId: number) => `group:${groupId}`,
  share: (token: string) => `share:${token}`,
  user: (userId: string) => `user:${userId}`,
  /** The sockets of one signed-in session, named by a digest of its id (the id itself is a bearer secret). */
  session: (sessionDigest: string) => `session:${sessionDigest}`,
} as const;

export const SERVER_EVENTS = [
  "location:updated",
  "message:created",
  "member:joined",
  "member:left",
  "group:updated",
  "group:deleted",
  "proposal:created",
  "proposal:voted",
  "proposal:finalized",
  "checklist:changed",
  "share:location",
  "share:message",
  "share:ended",
  "member:arrived",
  "notification:created",
] as const;
export type ServerEventName = (typeof SERVER_EVENTS)[number];

export type SubscribeRequest = { groupId: number } | { shareToken: string };
export type SubscribeAck = { ok: true } | { ok: false; error: string };

/** Why a subscription was refused. A refusal never says whether the group or share exists. */
export const SUBSCRIBE_ERRORS = {
  invalidRequest: "Subscribe with either a group id or a share token",
  signInRequired: "Sign in to follow a group",
  notMember: ERRORS.notGroupMember,
  shareUnavailable: SHARE_TEXTS.notFound,
  tooManyRooms: "Too many subscriptions on one connection",
  unavailable: "Subscriptions are unavailable right now; try again",
} as const;

/** Rooms one connection may follow besides its own user room; a page needs one or two. */
export const MAX_SUBSCRIPTIONS_PER_SOCKET = 20;

/**
 * Sent by the server to its own connections when cross-instance fan-out resumes after an outage: events published
 * on other instances meanwhile were lost, so clients refetch what they show, exactly as after a reconnect.
 */
export const RESYNC_EVENT = "resync";

/** The server's acknowledgement callback; the client passes one with every subscribe and unsubscribe. */
export type SubscribeCallback = (ack: SubscribeAck) => void;

/** What the client may emit. */
export interface ClientToServerEvents {
  subscribe(request: SubscribeRequest, ack: SubscribeCallback): void;
  unsubscribe(request: SubscribeRequest, ack: SubscribeCallback): void;
}

/** checklist:changed: the checklist as GET returns it, or null with its id when it was deleted. */
export interface ChecklistChangedEvent {
  groupId: number;
  checklistId: number;
  checklist: Checklist | null;
}

/** member:joined: the new member as GET /api/groups/{id}/members lists them. */
export interface MemberJoinedEvent {
  groupId: number;
  member: GroupMember;
}

/** member:left: sent to the group room before the leaver's sockets are removed from it. */
export interface MemberLeftEvent {
  groupId: number;
  userId: string;
  /** The member's account was deleted: their messages, proposals and votes in the group went with it. */
  accountDeleted?: true;
}

/** member:arrived: a member came within the group's arrival radius of its destination. */
export interface MemberArrivedEvent {
  groupId: number;
  userId: string;
  arrivedAt: string;
}

/** group:deleted: sent to the group room before every socket is removed from it. */
export interface GroupDeletedEvent {
  groupId: number;
}

/** location:updated when a member stops sharing (or leaves): their location is gone for everyone. */
export interface LocationRemovedEvent {
  groupId: number;
  userId: string;
  removed: true;
}

/** location:updated: a member's new current location as GET lists it, or its removal. */
export type LocationUpdatedEvent = GroupLocation | LocationRemovedEvent;

export const isLocationRemoval = (e: LocationUpdatedEvent): e is LocationRemovedEvent => "removed" in e && e.removed;

/** share:ended: the share was stopped by its owner or reached its expiry; its sockets leave the room right after. */
export interface ShareEndedEvent {
  reason: "stopped" | "expired";
  endedAt: string;
}

/** proposal:finalized: the finalized proposal; group:updated follows with the group it changed. */
export interface ProposalFinalizedEvent {
  groupId: number;
  proposal: TripProposal;
}

/** The payload of every server event: the same shapes the REST calls return. */
export interface ServerEventPayloads {
  "location:updated": LocationUpdatedEvent;
  "message:created": GroupMessage;
  "member:joined": MemberJoinedEvent;
  "member:left": MemberLeftEvent;
  "group:updated": Group;
  "group:deleted": GroupDeletedEvent;
  "proposal:created": TripProposal;
  "proposal:voted": TripProposal;
  "proposal:finalized": ProposalFinalizedEvent;
  "checklist:changed": ChecklistChangedEvent;
  "share:location": SharedTripLocation;
  "share:message": SharedTripMessage;
  "share:ended": ShareEndedEvent;
  "member:arrived": MemberArrivedEvent;
  /** To the recipient's own room only (rooms.user). */
  "notification:created": AppNotification;
}

/** What the server may emit, typed for Socket.IO on both sides. */
export type ServerToClientEvents = { [E in ServerEventName]: (payload: ServerEventPayloads[E]) => void } & {
  [RESYNC_EVENT]: () => void;
};
