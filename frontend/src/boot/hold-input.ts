import { SERVER_RENDERED_ATTRIBUTE } from "@caravan/common";

/**
 * Holds what a visitor does to a page the server rendered until the app has taken it over (start.tsx removes the
 * page's `[data-server-rendered]` mark then): the page can be read, scrolled and moved through with the keyboard at
 * once, but its buttons would do nothing yet, its links and forms would leave the page the app is about to take over,
 * and text typed into its fields would be lost. Taps, clicks, form submissions and typing inside the mark are
 * cancelled by listeners on the document, which look for the mark on each event, so that nothing needs undoing once
 * the app has the page.
 *
 * Not `inert` on the page's wrapper, as before: taking that away makes the browser restyle every element of the page
 * at once, 30-80 ms on a laptop's Chromium and about four times that on a mid-range phone, in the task in which the app
 * takes the page over.
 */
const HELD = ["click", "auxclick", "dblclick", "submit", "beforeinput", "dragstart", "drop"] as const;

const MARKED = `[${SERVER_RENDERED_ATTRIBUTE}]`;

function hold(event: Event): void {
  if (!(event.target instanceof Element) || !event.target.closest(MARKED)) return;
  event.preventDefault();
  event.stopImmediatePropagation();
}

/** Installs the listeners; call once, as the server-rendered page's script starts. */
export function holdInput(): void {
  for (const type of HELD) document.addEventListener(type, hold, { capture: true });
}
