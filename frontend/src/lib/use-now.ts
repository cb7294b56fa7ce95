import { useEffect, useState } from "react";
import { DRAWN_AT_ATTRIBUTE } from "@caravan/common";
import { useServerDrawing } from "./use-server-drawing";

/** The time the server draws its page at (server-render.tsx sets it for each drawing). */
let drawing: Date | null = null;
export function setDrawingTime(at: Date | null): void {
  drawing = at;
}

let pageDrawnAt: Date | null | undefined;
/** When the page on screen was drawn by the server, if it was: its relative times were written for that moment. */
function drawnAt(): Date | null {
  if (import.meta.env.SSR) return drawing;
  if (pageDrawnAt === undefined) {
    const written = document.querySelector(`#root > [${DRAWN_AT_ATTRIBUTE}]`)?.getAttribute(DRAWN_AT_ATTRIBUTE);
    pageDrawnAt = written && Number.isFinite(Number(written)) ? new Date(Number(written)) : null;
  }
  return pageDrawnAt;
}

/** How often "3 min ago" is brought up to date: it counts minutes, so twice a minute is soon enough. */
export const RELATIVE_TIME_REFRESH_MS = 30_000;

/**
 * The current time, refreshed every `everyMs`: relative times ("3 min ago") and countdowns keep going without new data.
 * The server's drawing and the app's first drawing over it (which adopts the server's: start.tsx) start from the time
 * the page was drawn at, so that both say the same; the app then moves on to the time it is.
 */
export function useNow(everyMs: number): Date {
  // The drawing's time while React adopts the server's page; React then draws again with the phone's.
  const adopting = useServerDrawing();
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), everyMs);
    return () => window.clearInterval(timer);
  }, [everyMs]);
  return (adopting && drawnAt()) || now;
}
