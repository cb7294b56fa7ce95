import { useQuery } from "@tanstack/react-query";
import { POLL_MS } from "@caravan/common";
import { usePollInterval } from "../../realtime";
import { groupQuery, membersQuery } from "./api";

/**
 * A group and, once it has loaded, its members. The members are polled only while the socket is down: member:joined
 * and member:left keep them current otherwise (app/group-events.ts).
 */
export function useGroup(groupId: number) {
  const group = useQuery(groupQuery(groupId));
  const members = useQuery({
    ...membersQuery(groupId),
    enabled: group.isSuccess,
    refetchInterval: usePollInterval(POLL_MS.groupMembers),
    refetchIntervalInBackground: true,
  });
  return { group, members };
}
