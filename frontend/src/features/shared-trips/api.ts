/** Shared trips: fetchers, query options and hooks. The sharer's list and the public page's three reads. */
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  type CreateSharedTripPayload,
  POLL_MS,
  type SharedTrip,
  type SharedTripInfo,
  type SharedTripLocation,
  type SharedTripLocationPayload,
  type SharedTripMessage,
} from "@caravan/common";
import { api } from "../../api/client";
import { MY_SHARED_TRIPS_PATH } from "../../api/paths";
import { sharedTripKeys } from "../../api/query-keys";

export { sharedTripKeys };

const at = (token: string) => `/api/shared-trips/${encodeURIComponent(token)}`;

export const createSharedTrip = (payload: CreateSharedTripPayload) =>
  api.post<SharedTrip>(MY_SHARED_TRIPS_PATH, payload);
export const fetchMySharedTrips = (signal?: AbortSignal) => api.get<SharedTrip[]>(MY_SHARED_TRIPS_PATH, signal);
export const stopSharedTrip = (id: number) => api.post<SharedTrip>(`/api/shared-trips/${id}/stop`);
export const fetchSharedTrip = (token: string, signal?: AbortSignal) => api.get<SharedTripInfo>(at(token), signal);
export const fetchSharedLocations = (token: string, signal?: AbortSignal) =>
  api.get<SharedTripLocation[]>(`${at(token)}/locations`, signal);
export const fetchSharedMessages = (token: string, signal?: AbortSignal) =>
  api.get<SharedTripMessage[]>(`${at(token)}/messages`, signal);
export const postSharedLocation = (token: string, payload: SharedTripLocationPayload) =>
  api.post<SharedTripLocation>(`${at(token)}/locations`, payload);
export const postSharedMessage = (token: string, content: string) =>
  api.post<SharedTripMessage>(`${at(token)}/messages`, { content, messageType: "text" });

/** The sharer's shares, refetched every 30 s so expired ones drop off the dashboard (docs/product.md §7). */
export const mySharedTripsQuery = queryOptions({
  queryKey: sharedTripKeys.mine,
  queryFn: ({ signal }) => fetchMySharedTrips(signal),
  refetchInterval: POLL_MS.sharedTripsList,
});

export function useMySharedTrips(enabled = true) {
  return useQuery({ ...mySharedTripsQuery, enabled });
}

/**
 * The public page's reads. `poll` is the fallback interval while the socket is down, false while it is up.
 */
export const sharedTripQuery = (token: string, poll: number | false) =>
  queryOptions({
    queryKey: sharedTripKeys.info(token),
    queryFn: ({ signal }) => fetchSharedTrip(token, signal),
    refetchInterval: poll,
  });

export const sharedLocationsQuery = (token: string, poll: number | false, enabled: boolean) =>
  queryOptions({
    queryKey: sharedTripKeys.locations(token),
    queryFn: ({ signal }) => fetchSharedLocations(token, signal),
    refetchInterval: poll,
    enabled,
  });

export const sharedMessagesQuery = (token: string, poll: number | false, enabled: boolean) =>
  queryOptions({
    queryKey: sharedTripKeys.messages(token),
    queryFn: ({ signal }) => fetchSharedMessages(token, signal),
    refetchInterval: poll,
    enabled,
  });

export function useCreateSharedTrip() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createSharedTrip,
    onSuccess: () => client.invalidateQueries({ queryKey: sharedTripKeys.mine }),
  });
}

export function useStopSharedTrip() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: stopSharedTrip,
    onSuccess: (stopped) => {
      client.setQueryData<SharedTrip[]>(sharedTripKeys.mine, (list) =>
        list?.map((t) => (t.id === stopped.id ? stopped : t)),
      );
      void client.invalidateQueries({ queryKey: sharedTripKeys.mine });
    },
  });
}

export function useSendSharedMessage(token: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (content: string) => postSharedMessage(token, content),
    onSuccess: (message) => {
      client.setQueryData<SharedTripMessage[]>(sharedTripKeys.messages(token), (list) => appendMessage(list, message));
    },
  });
}

/** Adds a message unless it is already there (the socket may deliver it before the POST answers). */
export function appendMessage(list: SharedTripMessage[] | undefined, message: SharedTripMessage): SharedTripMessage[] {
  if (!list) return [message];
  return list.some((m) => m.id === message.id) ? list : [...list, message];
}

/** Puts a new position first unless it is already known. */
export function prependLocation(
  list: SharedTripLocation[] | undefined,
  location: SharedTripLocation,
): SharedTripLocation[] {
  if (!list) return [location];
  if (list.some((l) => l.id === location.id)) return list;
  // A tracker app may deliver a queued older point late: it joins the trail instead of becoming the current one.
  const at = list.findIndex((l) => Date.parse(l.createdAt) <= Date.parse(location.createdAt));
  return at === -1 ? [...list, location] : [...list.slice(0, at), location, ...list.slice(at)];
}
