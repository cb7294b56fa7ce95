import { shouldSkipGroupUpdate } from "@caravan/common";
import type { Coordinates } from "./geolocation";

/** The group skip rule lives in common: tracker apps' points on the server follow the same one (docs/product.md §9). */
export const shouldSkipUpdate = shouldSkipGroupUpdate;

/** Manual entry: what is not a number becomes 0 (docs/product.md §5). */
export function parseCoordinate(text: string): number {
  const n = Number.parseFloat(text);
  return Number.isFinite(n) ? n : 0;
}

export interface MoveSender {
  /** A fix from the browser: sent now, or once the spacing allows, unless it is no move from what was sent. */
  offer(position: Coordinates): void;
  /** Nothing more is sent, not even a fix waiting for its turn. */
  stop(): void;
}

/**
 * Sends the moves of a watched position as they happen, one at a time, at least `minGapMs` apart: a fix that comes
 * sooner waits for its turn, and a newer one replaces it while it waits, so only the latest position goes out. A fix
 * within the skip rule of the last one sent is dropped. A send that fails leaves the last sent position as it was,
 * so the next fix (a move, or the same place again) is tried again.
 */
export function createMoveSender(
  send: (position: Coordinates) => Promise<void>,
  minGapMs: number,
  now: () => number = () => performance.now(),
): MoveSender {
  let lastSent: Coordinates | null = null;
  let lastSentAt = -Infinity;
  let waiting: Coordinates | null = null;
  let sending = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;

  const flush = () => {
    if (stopped || sending || !waiting || timer !== undefined) return;
    if (shouldSkipUpdate(lastSent, waiting)) {
      waiting = null;
      return;
    }
    const wait = lastSentAt + minGapMs - now();
    if (wait > 0) {
      timer = setTimeout(() => {
        timer = undefined;
        flush();
      }, wait);
      return;
    }
    const position = waiting;
    waiting = null;
    sending = true;
    lastSentAt = now();
    send(position).then(
      () => {
        lastSent = position;
        sending = false;
        flush();
      },
      () => {
        sending = false;
        flush();
      },
    );
  };

  return {
    offer(position) {
      waiting = position;
      flush();
    },
    stop() {
      stopped = true;
      waiting = null;
      clearTimeout(timer);
    },
  };
}
