import { t } from "../i18n/index.js";

/** The real-time connection indicator on the group and shared-trip pages. */
export const CONNECTION_TEXTS = {
  get live() {
    return t("connection.live");
  },
  get reconnecting() {
    return t("connection.reconnecting");
  },
  get liveHint() {
    return t("connection.liveHint");
  },
  get reconnectingHint() {
    return t("connection.reconnectingHint");
  },
} as const;
