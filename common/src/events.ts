import type { Checklist } from "./types.js";
/** Real-time protocol: room names, event names and payloads, shared by server and client. */

export const rooms = {
  group: (groupId: number) => `group:${groupId}`,
  share: (token: string) => `share:${token}`,
  user: (userId: string) => `user:${userId}`,
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
] as const;
export type ServerEventName = (typeof SERVER_EVENTS)[number];

export type SubscribeRequest = { groupId: number } | { shareToken: string };
export type SubscribeAck = { ok: true } | { ok: false; error: string };

/** checklist:changed: the checklist as GET returns it, or null with its id when it was deleted. */
export interface ChecklistChangedEvent {
  groupId: number;
  checklistId: number;
  checklist: Checklist | null;
}
