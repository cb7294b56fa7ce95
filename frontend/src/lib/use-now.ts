import { useEffect, useState } from "react";
import { RENDERED_AT_ATTRIBUTE } from "@caravan/common";
import { useServerRendering } from "./use-server-rendering";

/** The time the server renders its page at (server-render.tsx sets it for each render). */
let rendering: Date | null = null;
export function setRenderingTime(at: Date | null): void {
  rendering = at;
}

let pageRenderedAt: Date | null | undefined;
/** When the page on screen was rendered by the server, if it was: its relative times were written for that moment. */
function renderedAt(): Date | null {
  if (import.meta.env.SSR) return rendering;
  if (pageRenderedAt === undefined) {
    const written = document.querySelector(`#root > [${RENDERED_AT_ATTRIBUTE}]`)?.getAttribute(RENDERED_AT_ATTRIBUTE);
    pageRenderedAt = written && Number.isFinite(Number(written)) ? new Date(Number(written)) : null;
  }
  return pageRenderedAt;
}

/** How often "3 min ago" is brought up to date: it counts minutes, so twice a minute is soon enough. */
export const RELATIVE_TIME_REFRESH_MS = 30_000;

/**
 * The current time, refreshed every `everyMs`: relative times ("3 min ago") and countdowns keep going without new data.
 * The server's rendering and the app's first render over it (which adopts the server's: boot/start.tsx) start from the
 * time the page was rendered at, so that both say the same; the app then moves on to the time it is.
 */
export function useNow(everyMs: number): Date {
  // The rendering's time while React adopts the server's page; React then renders again with the phone's.
  const adopting = useServerRendering();
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), everyMs);
    return () => window.clearInterval(timer);
  }, [everyMs]);
  return (adopting && renderedAt()) || now;
}
