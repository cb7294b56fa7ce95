/**
 * Reading the offline copy on the device while the server cannot be reached
 * (docs/decisions/0014-offline-and-install.md). A file apart from OFFLINE_TEXTS, which the app's first load carries.
 */
export const OFFLINE_COPY_TEXTS = {
  /** The banner while the browser is online but Caravan's server does not answer (a captive portal, a restart). */
  unreachable: (when: string) => `Caravan can't be reached, showing data from ${when}`,
  /** Offline or unreachable, on a page with no offline copy on this device. */
  noCopy: "No copy of this page is kept on this device. It loads once Caravan can be reached again.",
} as const;
