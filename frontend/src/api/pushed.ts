import type { QueryClient } from "@tanstack/react-query";

/**
 * Things several members change at once (a proposal's votes, a checklist's items) reach a page two ways: the room
 * pushes each change's whole new state, and a change made here is answered with the state it left. Both replace the
 * cached copy, so the later to arrive wins. An answer can arrive after the push of a later change by someone else
 * (a phone's slow connection beside an open socket): applied then, it would put the older state back, and nothing
 * would come to correct it.
 *
 * So each push is noted, and a change's answer is applied only if nothing was pushed about that thing while the
 * change was on its way. When something was, the room is following it and the change's own push is on its way too
 * (the server pushes every change it commits), or comes with the refetch that follows a reconnection.
 */
interface Pushes {
  /** Counts pushes in the order they arrive. */
  clock: number;
  /** The clock at each thing's latest push. */
  latest: Map<string, number>;
}

const byClient = new WeakMap<QueryClient, Pushes>();

function pushesOf(client: QueryClient): Pushes {
  let pushes = byClient.get(client);
  if (!pushes) {
    pushes = { clock: 0, latest: new Map() };
    byClient.set(client, pushes);
  }
  return pushes;
}

/** Notes that the room pushed the state of `thing` (e.g. `proposal:7`). */
export function notePush(client: QueryClient, thing: string): void {
  const pushes = pushesOf(client);
  pushes.latest.set(thing, ++pushes.clock);
}

/** What a change takes as it leaves (return it from useMutation's onMutate) and its answer is checked against. */
export interface Sent {
  /** The push clock when the change left. */
  mark: number;
}

export const sentNow = (client: QueryClient): Sent => ({ mark: pushesOf(client).clock });

/** Whether a change's answer about `thing` is still the latest word on it: nothing was pushed since it was sent. */
export const answerIsLatest = (client: QueryClient, thing: string, sent: Sent | undefined): boolean =>
  sent === undefined || (pushesOf(client).latest.get(thing) ?? 0) <= sent.mark;
