import { t } from "../i18n/index.js";

/** Notifications: one text per kind, naming the person by first name and the group or place; and the bell's texts. */
export const NOTIFICATION_TEXTS = {
  arrival: (person: string, place: string) => t("notification.arrival", { person, place }),
  memberJoined: (person: string, group: string) => t("notification.memberJoined", { person, group }),
  memberLeft: (person: string, group: string) => t("notification.memberLeft", { person, group }),
  proposalCreated: (person: string, place: string) => t("notification.proposalCreated", { person, place }),
  tripFinalized: (person: string, place: string, group: string) =>
    t("notification.tripFinalized", { person, place, group }),
  destinationChanged: (person: string, place: string, group: string) =>
    t("notification.destinationChanged", { person, place, group }),
  destinationCleared: (person: string, group: string) => t("notification.destinationCleared", { person, group }),
  ownerChanged: (person: string, group: string) => t("notification.ownerChanged", { person, group }),
  shareMessage: (person: string) => t("notification.shareMessage", { person }),
  /** Who did it when the account has no first name. */
  get someone() {
    return t("notification.someone");
  },
  /** The destination when it has no name, only coordinates. */
  get theDestination() {
    return t("notification.theDestination");
  },
  get bellLabel() {
    return t("notification.bellLabel");
  },
  bellLabelUnread: (n: number) => t("notification.bellLabelUnread", { count: n }),
  get title() {
    return t("notification.title");
  },
  get markAllRead() {
    return t("notification.markAllRead");
  },
  get empty() {
    return t("notification.empty");
  },
  get emptyHint() {
    return t("notification.emptyHint");
  },
  get loadMore() {
    return t("notification.loadMore");
  },
  get loadFailed() {
    return t("notification.loadFailed");
  },
  get unread() {
    return t("notification.unread");
  },
  get browserToggle() {
    return t("notification.browserToggle");
  },
  get browserToggleHint() {
    return t("notification.browserToggleHint");
  },
  get browserDenied() {
    return t("notification.browserDenied");
  },
  get browserUnsupported() {
    return t("notification.browserUnsupported");
  },
  arrivedAt: (time: string) => t("notification.arrivedAt", { time }),
  get arrivalRadiusLabel() {
    return t("notification.arrivalRadiusLabel");
  },
  get arrivalRadiusHint() {
    return t("notification.arrivalRadiusHint");
  },
  get arrivalRadiusSave() {
    return t("notification.arrivalRadiusSave");
  },
  get arrivalRadiusSaved() {
    return t("notification.arrivalRadiusSaved");
  },
} as const;
