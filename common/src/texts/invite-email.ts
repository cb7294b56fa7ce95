import { t } from "../i18n/index.js";

/** The invitation e-mail (backend/src/features/invites/invite-email.ts). */
export const INVITE_EMAIL_TEXTS = {
  subject: (inviter: string, group: string) => t("inviteEmail.subject", { inviter, group }),
  intro: (inviter: string, group: string) => t("inviteEmail.intro", { inviter, group }),
  get join() {
    return t("inviteEmail.join");
  },
  joinAt: (link: string) => t("inviteEmail.joinAt", { link }),
  openLink: (link: string) => t("inviteEmail.openLink", { link }),
  expires: (until: string) => t("inviteEmail.expires", { until }),
  get ignore() {
    return t("inviteEmail.ignore");
  },
} as const;
