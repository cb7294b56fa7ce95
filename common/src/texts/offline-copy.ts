import { t } from "../i18n/index.js";

/**
 * Reading the offline copy on the device while the server cannot be reached
 * (docs/decisions/0014-offline-and-install.md). A file apart from OFFLINE_TEXTS, which the app's first load carries.
 */
export const OFFLINE_COPY_TEXTS = {
  /** The banner while the browser is online but Caravan's server does not answer (a captive portal, a restart). */
  unreachable: (when: string) => t("offlineCopy.unreachable", { when }),
  /** Offline or unreachable, on a page with no offline copy on this device. */
  get noCopy() {
    return t("offlineCopy.noCopy");
  },
} as const;
