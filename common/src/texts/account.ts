import { NOTIFICATION_RETENTION_DAYS } from "../limits.js";

/** The caller's own data: export, account deletion, and what the profile dialog says about them. */
export const ACCOUNT_TEXTS = {
  sectionTitle: "Your data",
  sectionHint: "Download everything Caravan stores about you, or delete your account.",
  download: "Download my data",
  downloadHint:
    "A JSON file with your profile, groups, your own messages, locations, shares, checklists, proposals, votes, tracker apps and notifications.",
  deleteAccount: "Delete account",
  deleteTitle: "Delete your account?",
  /** Exactly what happens (docs/decisions/0013-account-deletion-and-export.md). */
  deleteConsequences: [
    "You are signed out everywhere, on every device.",
    "Your messages, locations, shared trips and their trails, proposals, votes, tracker apps and notifications are deleted.",
    "Images you uploaded are deleted, except covers still shown by groups that live on; so are invitations sent to your e-mail address.",
    "Each group you own passes to its longest-standing other member, who is told; a group with nobody else in it is deleted.",
    "Checklists you created stay with their groups, without your name.",
    `Notices that already name you by first name stay: arrival lines in group chats, and other members' notifications until they expire after ${NOTIFICATION_RETENTION_DAYS} days.`,
    "This cannot be undone.",
  ],
  passwordLabel: "Your password",
  passwordHint: "Enter your password to confirm.",
  emailLabel: "Your e-mail address",
  emailHint: (email: string) => `You sign in with a provider: type ${email} to confirm.`,
  confirm: "Delete my account",
  deleting: "Deleting...",
  deletedTitle: "Account Deleted",
  deletedText: "Your account and your data have been deleted.",
  deleteFailed: "Failed to delete account",
  passwordRequired: "Enter your password to delete your account",
  passwordWrong: "That password is not right",
  emailRequired: "Type your e-mail address to delete your account",
  emailWrong: "That is not the e-mail address of this account",
  exportFileName: (date: string) => `caravan-data-${date}.json`,
  /** The export's own note on what it leaves out. */
  exportNote:
    "Everything Caravan stores about you. Other people's messages and e-mail addresses, password hashes and tracker tokens are never included.",
} as const;

/** The group's calendar file and the GPX trail of a share. */
export const CALENDAR_TEXTS = {
  addToCalendar: "Add to calendar",
  addToCalendarLabel: (group: string) => `Add ${group} to your calendar (.ics)`,
  noDates: "This group has no trip dates yet, so there is nothing to put in a calendar.",
  eventDescription: (url: string) => `Group page: ${url}`,
  trailName: (date: string) => `Caravan shared trip, ${date}`,
  trailGone: "This trail is no longer stored.",
  downloadTrail: "Download trail (GPX)",
  views: (n: number) => `${n} ${n === 1 ? "view" : "views"}`,
  watching: (n: number) => `${n} watching now`,
  watchingLabel: (n: number) => `${n} watching now: end this share`,
  viewsPrivacy:
    "The sharer sees how many browsers opened this link and how many watch now: each browser is counted once by a random number in a cookie, kept only as a keyed hash and deleted together with the share's locations and messages. No IP address is stored.",
} as const;
