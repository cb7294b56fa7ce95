import { queryOptions, useQuery } from "@tanstack/react-query";
import { currentUserKey, EVENTLESS } from "./query-keys";
import { fetchCurrentUser } from "./session";

export { currentUserKey };

/**
 * Who is signed in changes only by signing in or out (full page loads) or by a profile change (which invalidates
 * it), and every call already answers 401 once the session has ended: a screen that mounts later reads the answer
 * the page has, rather than asking again.
 */
export const currentUserQuery = queryOptions({
  queryKey: currentUserKey,
  queryFn: ({ signal }) => fetchCurrentUser(signal),
  staleTime: Infinity,
  meta: EVENTLESS,
});

export function useCurrentUser() {
  return useQuery(currentUserQuery);
}
