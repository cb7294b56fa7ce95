import { t } from "../i18n/index.js";

/** Installed app and offline reading (docs/decisions/0014-offline-and-install.md). */
export const OFFLINE_TEXTS = {
  /** The banner over pages read from the device while offline; `when` is when that data was last fetched. */
  showing: (when: string) => t("offline.showing", { when }),
  get writeRefused() {
    return t("offline.writeRefused");
  },
  get updateReady() {
    return t("offline.updateReady");
  },
  get reloadToUpdate() {
    return t("offline.reloadToUpdate");
  },
} as const;
