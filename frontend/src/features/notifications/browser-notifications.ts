import { create } from "zustand";
import { persist } from "zustand/middleware";
import type { AppNotification } from "@caravan/common";

/**
 * System notifications while Caravan is open. Off by default; the browser's permission is asked for only when the
 * user switches them on, and nothing is shown unless both the switch and the permission say yes.
 */
interface BrowserNotificationsState {
  enabled: boolean;
  setEnabled(enabled: boolean): void;
}

export const useBrowserNotifications = create<BrowserNotificationsState>()(
  persist((set) => ({ enabled: false, setEnabled: (enabled) => set({ enabled }) }), {
    name: "caravan.browser-notifications",
  }),
);

export const browserNotificationsSupported = () => typeof window !== "undefined" && "Notification" in window;

export const browserPermission = (): NotificationPermission | "unsupported" =>
  browserNotificationsSupported() ? Notification.permission : "unsupported";

/** Switching on asks for permission (once the browser has an answer, it does not ask again). */
export async function enableBrowserNotifications(): Promise<NotificationPermission | "unsupported"> {
  if (!browserNotificationsSupported()) return "unsupported";
  const permission =
    Notification.permission === "default" ? await Notification.requestPermission() : Notification.permission;
  useBrowserNotifications.getState().setEnabled(permission === "granted");
  return permission;
}

export function showBrowserNotification(notification: AppNotification, onClick: () => void): void {
  if (!useBrowserNotifications.getState().enabled || browserPermission() !== "granted") return;
  const shown = new Notification("Caravan", { body: notification.text, tag: `caravan-${notification.id}` });
  shown.onclick = () => {
    window.focus();
    onClick();
    shown.close();
  };
}
