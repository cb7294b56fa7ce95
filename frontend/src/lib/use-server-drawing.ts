import { useSyncExternalStore } from "react";

const unchanging = () => () => undefined;
const inTheApp = () => false;
const onTheServer = () => true;

/**
 * True in the server's drawing of a page and in the app's first drawing over it, which adopts the server's (React
 * uses a store's snapshot for the server there); false in every other drawing. For what only the phone can say, such
 * as a time of day in its own time zone, which the server's drawing leaves out and the app fills in once it has the
 * page (React draws again at once where the snapshots differ).
 */
export function useServerDrawing(): boolean {
  return useSyncExternalStore(unchanging, inTheApp, onTheServer);
}
