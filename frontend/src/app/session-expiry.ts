import { REDIRECT_DELAY_MS, TOASTS } from "@caravan/common";
import { setUnauthorizedHandler } from "../api/client";
import { notifyThenGo } from "../components/toaster";
import { currentPath } from "../lib/browser";
import { loginUrl } from "../lib/return-to";

/**
 * A 401 from any call but the signed-in probe means the session ended under the user: say so once, then send the
 * browser to sign in again and come back here. Several calls failing together still make one toast and one trip.
 */
export function installSessionExpiryHandler(): void {
  let leaving = false;
  setUnauthorizedHandler(() => {
    if (leaving) return;
    leaving = true;
    notifyThenGo(
      TOASTS.unauthorizedTitle,
      TOASTS.unauthorizedText,
      loginUrl(currentPath()),
      REDIRECT_DELAY_MS.afterUnauthorized,
      "error",
    );
  });
}
