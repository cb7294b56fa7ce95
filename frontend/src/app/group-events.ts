import { useQueryClient, type QueryClient, type QueryKey } from "@tanstack/react-query";
import { useMemo } from "react";
import type { ServerEventName, ServerEventPayloads } from "@caravan/common";
import { checklistKeys, groupKeys, messageKeys, proposalKeys } from "../api/query-keys";
import { useRoom, type RoomHandlers } from "../realtime";
import { addMessage, removeMessagesBy } from "../features/chat";
import { applyChecklistEvent } from "../features/checklists";
import { applyLocationEventToCache } from "../features/locations";
import { applyFinalized, applyPushedProposal } from "../features/proposals";

/** The events of a group's room; share:* go to share rooms and notification:created to the user's own room. */
export type GroupEventName = Exclude<ServerEventName, `share:${string}` | "notification:created">;

export interface GroupEventContext {
  client: QueryClient;
  groupId: number;
  currentUserId: string;
}

/** For each group event, what it changes in the cache: its payload written in, or the query keys it makes stale. */
export type GroupEventTable = {
  [E in GroupEventName]: (payload: ServerEventPayloads[E], context: GroupEventContext) => void;
};

const invalidate = (client: QueryClient, queryKey: QueryKey, exact = false) =>
  void client.invalidateQueries({ queryKey, exact });

/**
 * Every event of a group's room and the query keys it updates, in one place (api/query-keys.ts names them). The type
 * makes it list every group event that common/src/events.ts declares; the group page applies it once, through
 * useGroupEvents, and the screens below it only read the cache.
 */
export const groupEventTable: GroupEventTable = {
  "group:updated": (group, { client, groupId }) => {
    client.setQueryData(groupKeys.detail(groupId), group);
    invalidate(client, groupKeys.list());
    // A new destination clears everyone's arrival.
    invalidate(client, groupKeys.members(groupId));
  },
  // Refetching the gone group turns the page into 'Group not found'.
  "group:deleted": (_event, { client, groupId }) => {
    invalidate(client, groupKeys.detail(groupId), true);
    invalidate(client, groupKeys.list());
  },
  "member:joined": (_event, { client, groupId }) => {
    invalidate(client, groupKeys.members(groupId));
    invalidate(client, groupKeys.list());
  },
  "member:left": ({ userId, accountDeleted }, { client, groupId, currentUserId }) => {
    invalidate(client, groupKeys.members(groupId));
    invalidate(client, groupKeys.list());
    // The database deleted the leaver's location with the membership: they drop off the map at once.
    applyLocationEventToCache(client, groupId, { groupId, userId, removed: true });
    // A deleted account's messages, proposals and votes went with it; its ticked items lost their name.
    if (accountDeleted) {
      removeMessagesBy(client, groupId, userId);
      invalidate(client, proposalKeys.list(groupId));
      invalidate(client, checklistKeys.list(groupId));
    }
    // Left from another tab: this page no longer has access, and says so after the refetch.
    if (userId === currentUserId) invalidate(client, groupKeys.detail(groupId), true);
  },
  "member:arrived": (_event, { client, groupId }) => invalidate(client, groupKeys.members(groupId)),
  "location:updated": (event, { client, groupId }) => applyLocationEventToCache(client, groupId, event),
  "message:created": (message, { client }) => addMessage(client, message),
  "checklist:changed": (event, { client }) => applyChecklistEvent(client, event),
  "proposal:created": (proposal, { client }) => applyPushedProposal(client, proposal),
  "proposal:voted": (proposal, { client }) => applyPushedProposal(client, proposal),
  "proposal:finalized": (event, { client }) => applyFinalized(client, event),
};

const GROUP_EVENT_NAMES = Object.keys(groupEventTable) as GroupEventName[];

/** The query keys the table writes into for group `groupId` (the group's detail key covers members and locations). */
export const groupEventWrites = (groupId: number) => [
  groupKeys.detail(groupId),
  messageKeys.list(groupId),
  checklistKeys.list(groupId),
  proposalKeys.list(groupId),
];

/** The table as handlers for one group's room. */
export function groupEventHandlers(context: GroupEventContext): RoomHandlers {
  const handlers: RoomHandlers = {};
  for (const name of GROUP_EVENT_NAMES) {
    const apply = groupEventTable[name] as (payload: unknown, context: GroupEventContext) => void;
    (handlers as Record<string, (payload: unknown) => void>)[name] = (payload) => apply(payload, context);
  }
  return handlers;
}

/**
 * Follows group `groupId`'s room for as long as its page is open and applies every event to the cache through
 * groupEventTable: one subscription and one listener per event for the page, only this group's events.
 */
export function useGroupEvents(groupId: number, currentUserId: string): void {
  const client = useQueryClient();
  const handlers = useMemo(
    () => groupEventHandlers({ client, groupId, currentUserId }),
    [client, groupId, currentUserId],
  );
  useRoom({ groupId }, handlers, groupEventWrites(groupId));
}
