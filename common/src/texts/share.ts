import { t } from "../i18n/index.js";

/** Shared trips: server errors, docs/product.md §8 toasts, and the texts of the dialog, the dashboard section and the shared page. */
export const SHARE_TEXTS = {
  get notFound() {
    return t("share.notFound");
  },
  get ended() {
    return t("share.ended");
  },
  get sharerOnly() {
    return t("share.sharerOnly");
  },
  get liveLimit() {
    return t("share.liveLimit");
  },
  get durationInvalid() {
    return t("share.durationInvalid");
  },
  get createdTitle() {
    return t("share.createdTitle");
  },
  createdText: (hours: number) => t("share.createdText", { hours }),
  get createFailed() {
    return t("share.createFailed");
  },
  get copiedTitle() {
    return t("share.copiedTitle");
  },
  get copiedText() {
    return t("share.copiedText");
  },
  get copyFailed() {
    return t("share.copyFailed");
  },
  get noActiveTitle() {
    return t("share.noActiveTitle");
  },
  get noActiveText() {
    return t("share.noActiveText");
  },
  get geolocationUnsupportedTitle() {
    return t("share.geolocationUnsupportedTitle");
  },
  get geolocationUnsupportedText() {
    return t("share.geolocationUnsupportedText");
  },
  get trackingErrorTitle() {
    return t("share.trackingErrorTitle");
  },
  get permissionDenied() {
    return t("share.permissionDenied");
  },
  get unavailable() {
    return t("share.unavailable");
  },
  get accessDenied() {
    return t("share.accessDenied");
  },
  get startGps() {
    return t("share.startGps");
  },
  get pauseGps() {
    return t("share.pauseGps");
  },
  get stopShare() {
    return t("share.stopShare");
  },
  get stopConfirmTitle() {
    return t("share.stopConfirmTitle");
  },
  get stopConfirmText() {
    return t("share.stopConfirmText");
  },
  get stoppedTitle() {
    return t("share.stoppedTitle");
  },
  get stoppedText() {
    return t("share.stoppedText");
  },
  get stopFailed() {
    return t("share.stopFailed");
  },
  get loginToChat() {
    return t("share.loginToChat");
  },
  /** Beside the product's loginToChat: what a watcher without an account can and cannot do, and the way to chat. */
  get chatNeedsAccount() {
    return t("share.chatNeedsAccount");
  },
  get signInToChat() {
    return t("share.signInToChat");
  },
  /** The Share dialog once the link exists: what a watcher can do without an account, and what needs one. */
  get createdDescription() {
    return t("share.createdDescription");
  },
  get createDescription() {
    return t("share.createDescription");
  },
  /** The watcher's header: the share's state, told by what has really arrived. */
  get live() {
    return t("share.live");
  },
  get expired() {
    return t("share.expired");
  },
  get stopped() {
    return t("share.stopped");
  },
  get waitingFirst() {
    return t("share.waitingFirst");
  },
  lastLocationAgo: (ago: string) => t("share.lastLocationAgo", { ago }),
  get endedTitle() {
    return t("share.endedTitle");
  },
  endedStopped: (name: string) => t("share.endedStopped", { name }),
  endedExpired: (name: string) => t("share.endedExpired", { name }),
  /** The dashboard card: what watchers wrote. */
  unreadMessages: (n: number) => t("share.unreadMessages", { count: n }),
  lastMessage: (author: string, content: string) => t("share.lastMessage", { author, content }),
  privacy: (retentionHours: number) => t("share.privacy", { hours: retentionHours }),
} as const;

/** A shared trip's optional destination: the Share dialog's field and what watchers see. */
export const SHARE_DESTINATION_TEXTS = {
  get label() {
    return t("shareDestination.label");
  },
  get hint() {
    return t("shareDestination.hint");
  },
  get choose() {
    return t("shareDestination.choose");
  },
  get remove() {
    return t("shareDestination.remove");
  },
  headingTo: (place: string) => t("shareDestination.headingTo", { place }),
  away: (distance: string) => t("shareDestination.away", { distance }),
  eta: (duration: string) => t("shareDestination.eta", { duration }),
  get arrived() {
    return t("shareDestination.arrived");
  },
  get waiting() {
    return t("shareDestination.waiting");
  },
} as const;
