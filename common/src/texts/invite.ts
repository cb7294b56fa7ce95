import { t } from "../i18n/index.js";

/** Invite Members dialog (docs/product.md §2, §8). */
export const INVITE_TEXTS = {
  get title() {
    return t("invite.title");
  },
  subtitle: (groupName: string) => t("invite.subtitle", { groupName }),
  get emailTab() {
    return t("invite.emailTab");
  },
  get linkTab() {
    return t("invite.linkTab");
  },
  get emailLabel() {
    return t("invite.emailLabel");
  },
  get emailPlaceholder() {
    return t("invite.emailPlaceholder");
  },
  get emailHint() {
    return t("invite.emailHint");
  },
  get send() {
    return t("invite.send");
  },
  get sending() {
    return t("invite.sending");
  },
  get sentTitle() {
    return t("invite.sentTitle");
  },
  sentText: (email: string) => t("invite.sentText", { email }),
  get sendFailed() {
    return t("invite.sendFailed");
  },
  get createLink() {
    return t("invite.createLink");
  },
  get creatingLink() {
    return t("invite.creatingLink");
  },
  get newLink() {
    return t("invite.newLink");
  },
  get linkLabel() {
    return t("invite.linkLabel");
  },
  get linkIntro() {
    return t("invite.linkIntro");
  },
  get linkNote() {
    return t("invite.linkNote");
  },
  linkExpires: (date: string) => t("invite.linkExpires", { date }),
  get linkFailed() {
    return t("invite.linkFailed");
  },
  get copy() {
    return t("invite.copy");
  },
  get copied() {
    return t("invite.copied");
  },
  get copyFailedTitle() {
    return t("invite.copyFailedTitle");
  },
  get copyFailedText() {
    return t("invite.copyFailedText");
  },
  get pendingTitle() {
    return t("invite.pendingTitle");
  },
  get pendingEmpty() {
    return t("invite.pendingEmpty");
  },
  get pendingLoadFailed() {
    return t("invite.pendingLoadFailed");
  },
  get pendingLink() {
    return t("invite.pendingLink");
  },
  pendingExpires: (date: string) => t("invite.pendingExpires", { date }),
  pendingUses: (n: number) => t("invite.pendingUses", { count: n }),
  pendingBy: (name: string) => t("invite.pendingBy", { name }),
  get revoke() {
    return t("invite.revoke");
  },
  revokeLabel: (what: string) => t("invite.revokeLabel", { what }),
  get revokeConfirmTitle() {
    return t("invite.revokeConfirmTitle");
  },
  get revokeConfirmText() {
    return t("invite.revokeConfirmText");
  },
  get revoking() {
    return t("invite.revoking");
  },
  get revokedTitle() {
    return t("invite.revokedTitle");
  },
  get revokedText() {
    return t("invite.revokedText");
  },
  get revokeFailed() {
    return t("invite.revokeFailed");
  },
} as const;

/** The join page /join/{token} (docs/product.md §2, §4, §8). */
export const JOIN_TEXTS = {
  get invalidTitle() {
    return t("join.invalidTitle");
  },
  get invalidText() {
    return t("join.invalidText");
  },
  get goHome() {
    return t("join.goHome");
  },
  get title() {
    return t("join.title");
  },
  get intro() {
    return t("join.intro");
  },
  get noDate() {
    return t("join.noDate");
  },
  get startsLabel() {
    return t("join.startsLabel");
  },
  get join() {
    return t("join.join");
  },
  get joining() {
    return t("join.joining");
  },
  get cancel() {
    return t("join.cancel");
  },
  joiningAs: (email: string) => t("join.joiningAs", { email }),
  /** Under Join Group for a visitor who is not signed in. */
  get signedOutHint() {
    return t("join.signedOutHint");
  },
  get signInTitle() {
    return t("join.signInTitle");
  },
  get signInText() {
    return t("join.signInText");
  },
  get sessionTitle() {
    return t("join.sessionTitle");
  },
  get sessionText() {
    return t("join.sessionText");
  },
  get joined() {
    return t("join.joined");
  },
  get failed() {
    return t("join.failed");
  },
  get welcomeTitle() {
    return t("join.welcomeTitle");
  },
  get welcomeText() {
    return t("join.welcomeText");
  },
  get openGroup() {
    return t("join.openGroup");
  },
  get alreadyMember() {
    return t("join.alreadyMember");
  },
  get openMemberGroup() {
    return t("join.openMemberGroup");
  },
} as const;
