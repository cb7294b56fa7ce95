import { useSyncExternalStore } from "react";

const unchanging = () => () => undefined;
const inTheApp = () => false;
const onTheServer = () => true;

/**
 * True in the server's rendering of a page and in the app's first render over it, which adopts the server's (React
 * uses a store's snapshot for the server there); false in every other render. For what only the phone can say, such
 * as a time of day in its own time zone, which the server's rendering leaves out and the app fills in once it has the
 * page (React renders again at once where the snapshots differ).
 */
export function useServerRendering(): boolean {
  return useSyncExternalStore(unchanging, inTheApp, onTheServer);
}
