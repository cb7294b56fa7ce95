/** Tracker apps: the owner's list, creation (the only answer with the token) and deletion; per-group sharing. */
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { CreatedTracker, Tracker, TrackerSharing } from "@caravan/common";
import { api } from "../../api/client";
import { trackerKeys } from "../../api/query-keys";

/** How often the list and the group switch re-read last seen and battery while open. */
export const LAST_SEEN_REFRESH_MS = 30_000;

export const fetchTrackers = (signal?: AbortSignal) => api.get<Tracker[]>("/api/trackers", signal);
export const createTracker = (name: string) => api.post<CreatedTracker>("/api/trackers", { name });
export const deleteTracker = (id: number) => api.delete<void>(`/api/trackers/${id}`);
export const fetchTrackerSharing = (groupId: number, signal?: AbortSignal) =>
  api.get<TrackerSharing>(`/api/groups/${groupId}/tracker-sharing`, signal);
export const putTrackerSharing = (groupId: number, enabled: boolean) =>
  api.put<TrackerSharing>(`/api/groups/${groupId}/tracker-sharing`, { enabled });

export const trackersQuery = queryOptions({
  queryKey: trackerKeys.mine,
  queryFn: ({ signal }) => fetchTrackers(signal),
  refetchInterval: LAST_SEEN_REFRESH_MS,
});

export function useTrackers(enabled = true) {
  return useQuery({ ...trackersQuery, enabled });
}

export function useCreateTracker() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createTracker,
    onSuccess: () => client.invalidateQueries({ queryKey: trackerKeys.all }),
  });
}

export function useDeleteTracker() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteTracker,
    onSuccess: () => client.invalidateQueries({ queryKey: trackerKeys.all }),
  });
}

export function useTrackerSharing(groupId: number) {
  return useQuery({
    queryKey: trackerKeys.sharing(groupId),
    queryFn: ({ signal }) => fetchTrackerSharing(groupId, signal),
    refetchInterval: LAST_SEEN_REFRESH_MS,
  });
}

export function useSetTrackerSharing(groupId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (enabled: boolean) => putTrackerSharing(groupId, enabled),
    onSuccess: (sharing) => client.setQueryData(trackerKeys.sharing(groupId), sharing),
  });
}

/** The OwnTracks setup as one link: the app reads `owntracks:///config?inline=` with a base64 configuration. */
export function owntracksConfigLink(url: string, token: string): string {
  const config = { _type: "configuration", mode: 3, url, auth: true, username: "caravan", password: token };
  return `owntracks:///config?inline=${btoa(JSON.stringify(config))}`;
}
