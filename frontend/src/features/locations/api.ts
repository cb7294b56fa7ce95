/** Group locations: fetchers, query options, hooks, and how a location:updated event lands in the cache. */
import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import {
  isLocationRemoval,
  type GroupLocation,
  type LocationUpdatePayload,
  type LocationUpdatedEvent,
} from "@caravan/common";
import { api } from "../../api/client";
import { locationKeys } from "../../api/query-keys";

export { locationKeys };

export const fetchGroupLocations = (groupId: number, signal?: AbortSignal) =>
  api.get<GroupLocation[]>(`/api/groups/${groupId}/locations`, signal);
export const postGroupLocation = (groupId: number, payload: LocationUpdatePayload) =>
  api.post<GroupLocation>(`/api/groups/${groupId}/locations`, payload);
export const deleteMyGroupLocation = (groupId: number) => api.delete<void>(`/api/groups/${groupId}/locations/me`);

/** `poll` is the fallback interval while the socket is down, false while it is up. */
export const groupLocationsQuery = (groupId: number, poll: number | false = false) =>
  queryOptions({
    queryKey: locationKeys.group(groupId),
    queryFn: ({ signal }) => fetchGroupLocations(groupId, signal),
    refetchInterval: poll,
    refetchIntervalInBackground: true,
  });

export function useGroupLocations(groupId: number, poll: number | false) {
  return useQuery(groupLocationsQuery(groupId, poll));
}

/** Replaces the member's entry (or adds it), or drops it on a removal; the list stays one entry per member. */
export function applyLocationEvent(
  list: GroupLocation[] | undefined,
  event: LocationUpdatedEvent,
): GroupLocation[] | undefined {
  if (!list) return list;
  if (isLocationRemoval(event)) return list.filter((l) => l.userId !== event.userId);
  const current = list.find((l) => l.userId === event.userId);
  // Events can overtake each other with the POST's answer: never step back to an older position.
  if (current && Date.parse(current.createdAt) > Date.parse(event.createdAt)) return list;
  return current ? list.map((l) => (l.userId === event.userId ? event : l)) : [...list, event];
}

export function applyLocationEventToCache(client: QueryClient, groupId: number, event: LocationUpdatedEvent) {
  client.setQueryData<GroupLocation[]>(locationKeys.group(groupId), (list) => applyLocationEvent(list, event));
}

export function useUpdateLocation(groupId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (payload: LocationUpdatePayload) => postGroupLocation(groupId, payload),
    onSuccess: (saved) => applyLocationEventToCache(client, groupId, saved),
  });
}

export function useStopSharing(groupId: number, userId: string | undefined) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => deleteMyGroupLocation(groupId),
    onSuccess: () => {
      if (userId) applyLocationEventToCache(client, groupId, { groupId, userId, removed: true });
    },
  });
}
