import { NOTIFICATION_RETENTION_DAYS } from "../limits.js";
import { t } from "../i18n/index.js";

/** The caller's own data: export, account deletion, and what the profile dialog says about them. */
export const ACCOUNT_TEXTS = {
  get sectionTitle() {
    return t("account.sectionTitle");
  },
  get sectionHint() {
    return t("account.sectionHint");
  },
  get download() {
    return t("account.download");
  },
  get downloadHint() {
    return t("account.downloadHint");
  },
  get deleteAccount() {
    return t("account.deleteAccount");
  },
  get deleteTitle() {
    return t("account.deleteTitle");
  },
  /** Exactly what happens (docs/decisions/0013-account-deletion-and-export.md). */
  get deleteConsequences() {
    return [
      t("account.deleteConsequences.0"),
      t("account.deleteConsequences.1"),
      t("account.deleteConsequences.2"),
      t("account.deleteConsequences.3"),
      t("account.deleteConsequences.4"),
      t("account.deleteConsequences.5", { days: NOTIFICATION_RETENTION_DAYS }),
      t("account.deleteConsequences.6"),
    ];
  },
  get passwordLabel() {
    return t("account.passwordLabel");
  },
  get passwordHint() {
    return t("account.passwordHint");
  },
  get emailLabel() {
    return t("account.emailLabel");
  },
  emailHint: (email: string) => t("account.emailHint", { email }),
  get confirm() {
    return t("account.confirm");
  },
  get deleting() {
    return t("account.deleting");
  },
  get deletedTitle() {
    return t("account.deletedTitle");
  },
  get deletedText() {
    return t("account.deletedText");
  },
  get deleteFailed() {
    return t("account.deleteFailed");
  },
  get passwordRequired() {
    return t("account.passwordRequired");
  },
  get passwordWrong() {
    return t("account.passwordWrong");
  },
  get emailRequired() {
    return t("account.emailRequired");
  },
  get emailWrong() {
    return t("account.emailWrong");
  },
  exportFileName: (date: string) => t("account.exportFileName", { date }),
  /** The export's own note on what it leaves out. */
  get exportNote() {
    return t("account.exportNote");
  },
} as const;

/** The group's calendar file and the GPX trail of a share. */
export const CALENDAR_TEXTS = {
  get addToCalendar() {
    return t("calendar.addToCalendar");
  },
  addToCalendarLabel: (group: string) => t("calendar.addToCalendarLabel", { group }),
  get noDates() {
    return t("calendar.noDates");
  },
  eventDescription: (url: string) => t("calendar.eventDescription", { url }),
  trailName: (date: string) => t("calendar.trailName", { date }),
  get trailGone() {
    return t("calendar.trailGone");
  },
  get downloadTrail() {
    return t("calendar.downloadTrail");
  },
  views: (n: number) => t("calendar.views", { count: n }),
  watching: (n: number) => t("calendar.watching", { count: n }),
  watchingLabel: (n: number) => t("calendar.watchingLabel", { count: n }),
  get viewsPrivacy() {
    return t("calendar.viewsPrivacy");
  },
} as const;
