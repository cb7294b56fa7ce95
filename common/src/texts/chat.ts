import { t } from "../i18n/index.js";

/** The Group Messages panel (docs/product.md §2, §8). */
export const CHAT_TEXTS = {
  get title() {
    return t("chat.title");
  },
  get inputLabel() {
    return t("chat.inputLabel");
  },
  get placeholder() {
    return t("chat.placeholder");
  },
  get hint() {
    return t("chat.hint");
  },
  get send() {
    return t("chat.send");
  },
  get sendFailed() {
    return t("chat.sendFailed");
  },
  get empty() {
    return t("chat.empty");
  },
  get emptyText() {
    return t("chat.emptyText");
  },
  get loadFailed() {
    return t("chat.loadFailed");
  },
  get retry() {
    return t("chat.retry");
  },
  get loadingOlder() {
    return t("chat.loadingOlder");
  },
  get beginning() {
    return t("chat.beginning");
  },
  get newMessages() {
    return t("chat.newMessages");
  },
  get jumpToLatest() {
    return t("chat.jumpToLatest");
  },
  get checklists() {
    return t("chat.checklists");
  },
  get you() {
    return t("chat.you");
  },
} as const;
