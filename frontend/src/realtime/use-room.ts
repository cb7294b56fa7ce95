/**
 * useRoom: follow a group or a shared trip in real time.
 *
 * A page maps each event to the query keys it shows, and nothing else: payloads are the shapes the REST calls
 * return, so a handler either writes the payload into the cache or invalidates the key it changes. The group page
 * does it with one table, every group event against the keys it updates (app/group-events.ts, useGroupEvents); the
 * shared-trip page follows `{ shareToken }`: share:location and share:message into sharedTripKeys.locations(token)
 * and .messages(token), share:ended invalidates sharedTripKeys.info(token). Queries poll while the socket is down:
 *
 *   const messages = useQuery({ ...messagesQuery(groupId), refetchInterval: usePollInterval(POLL_MS.groupMessages) });
 *
 * What the hook does for the page:
 * - subscribes when the socket connects and again after every reconnect (a new connection follows no rooms);
 * - passes on only this room's events (the socket also carries other rooms' and the user's own);
 * - after each successful subscribe, and when the server says events were lost (Redis outage), refetches once the
 *   active queries whose fetch started before that moment (the answer's arrival, not the request's: the server may
 *   serve a read before the join takes effect), so nothing missed while offline or while joining stays missing;
 * - unsubscribes on unmount (unless another mounted component still follows the same room).
 * Queries keep polling through usePollInterval while the socket is down; handlers may change on every render.
 *
 * With `null` instead of a request it follows no room and hands over every event the socket receives: those of the
 * signed-in user's own room (which every signed-in socket is in) and of any room followed elsewhere on the page.
 */
import { useQueryClient, type QueryKey } from "@tanstack/react-query";
import { useEffect, useLayoutEffect, useRef, useState } from "react";
import { SUBSCRIBE_ERRORS, type SubscribeAck, type SubscribeRequest } from "@caravan/common";
import {
  applyOverReadsInFlight,
  refetchOlderThan,
  RoomSubscription,
  trackFetchStarts,
  type RoomHandlers,
} from "./room";
import { getSocket, reconnectSocket } from "./socket";

export interface RoomState {
  /** True once the server has confirmed the subscription on the current connection. */
  subscribed: boolean;
  /** Why the server refused the subscription, if it did. */
  error: string | null;
}

/**
 * `writes` names the query keys (or their prefixes) that `handlers` write into; reads of those in flight when an
 * event comes are asked again after it (applyOverReadsInFlight).
 */
export function useRoom(
  request: SubscribeRequest | null,
  handlers: RoomHandlers,
  writes: readonly QueryKey[],
): RoomState {
  const queryClient = useQueryClient();
  const handlersRef = useRef(handlers);
  const writesRef = useRef(writes);
  useLayoutEffect(() => {
    handlersRef.current = handlers;
    writesRef.current = writes;
  });
  const [state, setState] = useState<RoomState>({ subscribed: false, error: null });

  const groupId = request && "groupId" in request ? request.groupId : null;
  const shareToken = request && "shareToken" in request ? request.shareToken : null;

  useEffect(() => {
    const room: SubscribeRequest | null = groupId !== null ? { groupId } : shareToken !== null ? { shareToken } : null;
    trackFetchStarts(queryClient);
    const socket = getSocket();
    let reconnectedForSession = false;
    const onAck = (ack: SubscribeAck) => {
      setState(ack.ok ? { subscribed: true, error: null } : { subscribed: false, error: ack.error });
      // The socket may predate a sign-in in this tab: its handshake was anonymous. One fresh handshake settles it.
      if (!ack.ok && ack.error === SUBSCRIBE_ERRORS.signInRequired && !reconnectedForSession) {
        reconnectedForSession = true;
        reconnectSocket();
      }
    };
    const onDisconnect = () => setState((s) => (s.subscribed ? { ...s, subscribed: false } : s));
    socket.on("disconnect", onDisconnect);
    const subscription = new RoomSubscription(socket, room, {
      handlers: () => handlersRef.current,
      applyEvent: (apply) => applyOverReadsInFlight(queryClient, writesRef.current, apply),
      onAck,
      onMissed: (since) => void refetchOlderThan(queryClient, since),
    }).start();
    return () => {
      subscription.stop();
      socket.off("disconnect", onDisconnect);
      setState({ subscribed: false, error: null });
    };
  }, [groupId, shareToken, queryClient]);

  return state;
}
