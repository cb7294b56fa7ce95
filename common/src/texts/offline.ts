/** Installed app and offline reading (docs/decisions/0014-offline-and-install.md). */
export const OFFLINE_TEXTS = {
  /** The banner over pages read from the device while offline; `when` is when that data was last fetched. */
  showing: (when: string) => `Offline, showing data from ${when}`,
  writeRefused: "You are offline: nothing was sent. Try again once you are back online.",
  updateReady: "A new version is ready.",
  reloadToUpdate: "Reload to update",
} as const;
