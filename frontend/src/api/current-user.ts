import { queryOptions, useQuery } from "@tanstack/react-query";
import type { CurrentUser } from "@caravan/common";
import { ApiError, CURRENT_USER_PATH, api } from "./client";

export const currentUserKey = ["auth", "user"] as const;

/** The signed-in user, or null when signed out: GET /api/auth/user answers 401 for visitors. */
export async function fetchCurrentUser(signal?: AbortSignal): Promise<CurrentUser | null> {
  try {
    return await api.get<CurrentUser>(CURRENT_USER_PATH, signal);
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) return null;
    throw err;
  }
}

export const currentUserQuery = queryOptions({
  queryKey: currentUserKey,
  queryFn: ({ signal }) => fetchCurrentUser(signal),
});

export function useCurrentUser() {
  return useQuery(currentUserQuery);
}
