import { QueryClient, QueryObserver } from "@tanstack/react-query";
import { EventEmitter } from "node:events";
import type { SubscribeAck, SubscribeRequest } from "@caravan/common";
import { describe, expect, it } from "vitest";
import { applyOverReadsInFlight, belongsTo, refetchOlderThan, RoomSubscription, trackFetchStarts } from "./room";
import type { CaravanSocket } from "./socket";
import { EVENTLESS } from "../api/query-keys";

describe("belongsTo", () => {
  it("keeps a group page to its own group's events", () => {
    const group = { groupId: 5 };
    expect(belongsTo(group, "message:created", { groupId: 5 })).toBe(true);
    expect(belongsTo(group, "message:created", { groupId: 6 })).toBe(false);
    expect(belongsTo(group, "group:updated", { id: 5, name: "Alps" })).toBe(true);
    expect(belongsTo(group, "group:updated", { id: 6, name: "Coast" })).toBe(false);
    expect(belongsTo(group, "share:location", { latitude: 1 })).toBe(false);
  });

  it("keeps a shared-trip page to share events", () => {
    const share = { shareToken: "tok" };
    expect(belongsTo(share, "share:message", { id: 1 })).toBe(true);
    expect(belongsTo(share, "message:created", { groupId: 5 })).toBe(false);
  });

  it("passes everything on without a room", () => {
    expect(belongsTo(null, "group:deleted", { groupId: 9 })).toBe(true);
  });
});

describe("refetchOlderThan", () => {
  function activeQuery(client: QueryClient, key: string, meta?: Record<string, unknown>) {
    let calls = 0;
    let release: (() => void) | null = null;
    const observer = new QueryObserver(client, {
      queryKey: [key],
      meta,
      queryFn: () => {
        calls += 1;
        return new Promise<number>((resolve) => (release = () => resolve(calls)));
      },
    });
    const stop = observer.subscribe(() => {});
    return {
      calls: () => calls,
      finish: async () => {
        release?.();
        await new Promise((r) => setTimeout(r, 0));
      },
      stop,
    };
  }

  it("refetches queries fetched before the moment, restarts one still in flight from before, and leaves newer ones", async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    trackFetchStarts(client);
    const old = activeQuery(client, "old");
    await old.finish();
    const inFlight = activeQuery(client, "in-flight");
    await new Promise((r) => setTimeout(r, 2));
    const since = Date.now();
    await new Promise((r) => setTimeout(r, 2));
    const fresh = activeQuery(client, "fresh");

    void refetchOlderThan(client, since);
    await new Promise((r) => setTimeout(r, 0));
    expect([old.calls(), inFlight.calls(), fresh.calls()]).toEqual([2, 2, 1]);

    // Once refetched, a second call for the same moment (another room after the same reconnect) does nothing.
    void refetchOlderThan(client, since);
    await new Promise((r) => setTimeout(r, 0));
    expect([old.calls(), inFlight.calls(), fresh.calls()]).toEqual([2, 2, 1]);
    for (const q of [old, inFlight, fresh]) q.stop();
  });

  it("leaves the queries no event changes (EVENTLESS), read once per page load", async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    trackFetchStarts(client);
    const config = activeQuery(client, "config", EVENTLESS);
    const members = activeQuery(client, "members");
    await config.finish();
    await members.finish();
    await new Promise((r) => setTimeout(r, 2));

    void refetchOlderThan(client, Date.now());
    await new Promise((r) => setTimeout(r, 0));
    expect([config.calls(), members.calls()]).toEqual([1, 2]);
    for (const q of [config, members]) q.stop();
  });
});

describe("applyOverReadsInFlight", () => {
  const settle = () => new Promise((r) => setTimeout(r, 0));

  /**
   * A page watching the read `key`; the server answers "answer 1", "answer 2"... in the order asked, each waiting in
   * `pending` until released.
   */
  function watchedRead(client: QueryClient, key: string) {
    let asked = 0;
    const pending: Array<() => void> = [];
    const observer = new QueryObserver(client, {
      queryKey: [key],
      queryFn: () => {
        const answer = `answer ${++asked}`;
        return new Promise<string>((resolve) => pending.push(() => resolve(answer)));
      },
    });
    /** The server sends answer `i`, and the page takes it in. */
    const answer = async (i: number) => {
      pending[i]!();
      await settle();
    };
    return { pending, answer, stop: observer.subscribe(() => {}) };
  }
  const newClient = () => new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const writes = [["locations"]];

  it("keeps an event that arrives while a read answered before it is still on its way", async () => {
    const client = newClient();
    const { pending, answer, stop } = watchedRead(client, "locations");
    client.setQueryData(["locations"], "cached");
    await settle();
    expect(pending).toHaveLength(1);

    applyOverReadsInFlight(client, writes, () => client.setQueryData(["locations"], "pushed"));
    expect(client.getQueryData(["locations"])).toBe("pushed");
    // The first read lands late: it must not put the old data back.
    await answer(0);
    expect(client.getQueryData(["locations"])).toBe("pushed");
    // It was asked again after the event, and that answer is kept.
    expect(pending).toHaveLength(2);
    await answer(1);
    expect(client.getQueryData(["locations"])).toBe("answer 2");
    stop();
  });

  it("asks again when the first read of a page is on its way, which the event could not be applied to", async () => {
    const client = newClient();
    const { pending, answer, stop } = watchedRead(client, "locations");
    await settle();
    // Nothing cached yet: a handler that updates a list has nothing to update.
    applyOverReadsInFlight(client, writes, () => client.setQueryData<string>(["locations"], (old) => old && "pushed"));
    await answer(0);
    expect(client.getQueryData(["locations"])).toBeUndefined();
    expect(pending).toHaveLength(2);
    await answer(1);
    expect(client.getQueryData(["locations"])).toBe("answer 2");
    stop();
  });

  it("leaves alone the reads of keys the room does not write", async () => {
    const client = newClient();
    const { pending, answer, stop } = watchedRead(client, "notifications");
    await settle();
    applyOverReadsInFlight(client, writes, () => client.setQueryData(["locations"], "pushed"));
    await answer(0);
    expect(client.getQueryData(["notifications"])).toBe("answer 1");
    expect(pending).toHaveLength(1);
    stop();
  });

  it("cancels a read once: under a stream of events every read lands, and one more follows the last event", async () => {
    const client = newClient();
    const { pending, answer, stop } = watchedRead(client, "locations");
    await settle();
    // An event before each answer: a slow network and a busy group.
    for (let event = 1; event <= 5; event++) {
      applyOverReadsInFlight(client, writes, () => client.setQueryData(["locations"], `event ${event}`));
      expect(client.getQueryData(["locations"])).toBe(`event ${event}`);
      await settle();
    }
    // The first read was cancelled and asked again; events 2 to 5 came while that second read was on its way.
    expect(pending).toHaveLength(2);
    await answer(1);
    // It lands, and is asked once more for the events it may have missed.
    expect(client.getQueryData(["locations"])).toBe("answer 2");
    expect(pending).toHaveLength(3);
    await answer(2);
    expect(client.getQueryData(["locations"])).toBe("answer 3");
    expect(pending).toHaveLength(3);
    expect(client.isFetching()).toBe(0);
    stop();
  });

  it("only applies the event when nothing is in flight", () => {
    const client = new QueryClient();
    client.setQueryData(["locations"], "cached");
    applyOverReadsInFlight(client, writes, () => client.setQueryData(["locations"], "pushed"));
    expect(client.getQueryData(["locations"])).toBe("pushed");
    expect(client.isFetching()).toBe(0);
  });
});

describe("RoomSubscription", () => {
  it("counts as possibly missed what happened until the server's answer, not only until the request", async () => {
    // A socket whose server takes 30 ms to check access before it joins the room and answers.
    const socket = Object.assign(new EventEmitter(), {
      connected: true,
      emit(event: string, request: SubscribeRequest, ack: (a: SubscribeAck) => void) {
        if (event === "subscribe") setTimeout(() => ack({ ok: true }), 30);
        return true;
      },
    }) as unknown as CaravanSocket;
    const missed: number[] = [];
    const sentAt = Date.now();
    const subscription = new RoomSubscription(
      socket,
      { groupId: 7 },
      {
        handlers: () => ({}),
        onMissed: (since) => missed.push(since),
      },
    ).start();
    await new Promise((r) => setTimeout(r, 60));
    // A read started 20 ms after the request may have been served before the join: it must count as older.
    expect(missed).toHaveLength(1);
    expect(missed[0]).toBeGreaterThanOrEqual(sentAt + 25);
    subscription.stop();
  });
});
