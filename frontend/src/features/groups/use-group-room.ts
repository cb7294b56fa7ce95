import { useQueryClient, type QueryKey } from "@tanstack/react-query";
import { useRoom } from "../../realtime";
import { groupKeys } from "./api";

/**
 * Follows the group's room for as long as its page is open; the chat, locations, proposals and checklists follow
 * the same room's events through useRoom(null) in their own components. Here: the group and its members.
 */
export function useGroupRoom(groupId: number, currentUserId: string) {
  const client = useQueryClient();
  const invalidate = (queryKey: QueryKey, exact = false) => void client.invalidateQueries({ queryKey, exact });
  useRoom(
    { groupId },
    {
      "group:updated": (group) => {
        client.setQueryData(groupKeys.detail(groupId), group);
        invalidate(groupKeys.list());
        // A new destination clears everyone's arrival.
        invalidate(groupKeys.members(groupId));
      },
      "member:arrived": () => invalidate(groupKeys.members(groupId)),
      // Refetching the gone group turns the page into 'Group not found'.
      "group:deleted": () => {
        invalidate(groupKeys.detail(groupId), true);
        invalidate(groupKeys.list());
      },
      "member:joined": () => {
        invalidate(groupKeys.members(groupId));
        invalidate(groupKeys.list());
      },
      "member:left": ({ userId }) => {
        invalidate(groupKeys.members(groupId));
        invalidate(groupKeys.list());
        // Left from another tab: this page no longer has access, and says so after the refetch.
        if (userId === currentUserId) invalidate(groupKeys.detail(groupId), true);
      },
    },
  );
}
