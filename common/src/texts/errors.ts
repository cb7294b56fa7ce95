import { OAUTH_ERRORS } from "./oauth-errors.js";
import { t } from "../i18n/index.js";

/** The server's error texts (docs/product.md §8), the provider sign-in ones included. */
export const ERRORS = {
  ...OAUTH_ERRORS,
  get unauthorized() {
    return t("errors.unauthorized");
  },
  get forbidden() {
    return t("errors.forbidden");
  },
  get notFound() {
    return t("errors.notFound");
  },
  get rangeNotSatisfiable() {
    return t("errors.rangeNotSatisfiable");
  },
  get internal() {
    return t("errors.internal");
  },
  get unavailable() {
    return t("errors.unavailable");
  },
  get badOrigin() {
    return t("errors.badOrigin");
  },
  get payloadTooLarge() {
    return t("errors.payloadTooLarge");
  },
  get nestingTooDeep() {
    return t("errors.nestingTooDeep");
  },
  get nulCharacter() {
    return t("errors.nulCharacter");
  },
  get conflict() {
    return t("errors.conflict");
  },
  get invalidValue() {
    return t("errors.invalidValue");
  },
  get emailTaken() {
    return t("errors.emailTaken");
  },
  get invalidCredentials() {
    return t("errors.invalidCredentials");
  },
  get tooManySignins() {
    return t("errors.tooManySignins");
  },
  get tooManyRequests() {
    return t("errors.tooManyRequests");
  },
  get groupNotFound() {
    return t("errors.groupNotFound");
  },
  get invalidId() {
    return t("errors.invalidId");
  },
  get notGroupMember() {
    return t("errors.notGroupMember");
  },
  get ownerOnly() {
    return t("errors.ownerOnly");
  },
  get checklistNotFound() {
    return t("errors.checklistNotFound");
  },
  get itemNotFound() {
    return t("errors.itemNotFound");
  },
  get proposalNotFound() {
    return t("errors.proposalNotFound");
  },
  get proposalsClosed() {
    return t("errors.proposalsClosed");
  },
  get proposalNotOpen() {
    return t("errors.proposalNotOpen");
  },
  get finalizeNeedsYes() {
    return t("errors.finalizeNeedsYes");
  },
  get leaveSelfOnly() {
    return t("errors.leaveSelfOnly");
  },
  get ownerCannotLeave() {
    return t("errors.ownerCannotLeave");
  },
  get inviteNotFound() {
    return t("errors.inviteNotFound");
  },
  get inviteExpired() {
    return t("errors.inviteExpired");
  },
  get inviteUsed() {
    return t("errors.inviteUsed");
  },
  get inviteGone() {
    return t("errors.inviteGone");
  },
  get memberNotFound() {
    return t("errors.memberNotFound");
  },
  get removedFromGroup() {
    return t("errors.removedFromGroup");
  },
  get inviteMailFailed() {
    return t("errors.inviteMailFailed");
  },
  get uploadNotFound() {
    return t("errors.uploadNotFound");
  },
  get uploadNotYours() {
    return t("errors.uploadNotYours");
  },
  get uploadExpired() {
    return t("errors.uploadExpired");
  },
  get uploadUsed() {
    return t("errors.uploadUsed");
  },
  get imageTooLarge() {
    return t("errors.imageTooLarge");
  },
  get imageUnsupported() {
    return t("errors.imageUnsupported");
  },
  get imageUnreadable() {
    return t("errors.imageUnreadable");
  },
  get imageDimensionsTooLarge() {
    return t("errors.imageDimensionsTooLarge");
  },
  get coverImageNotUploaded() {
    return t("errors.coverImageNotUploaded");
  },
  get rawBodyExpected() {
    return t("errors.rawBodyExpected");
  },
  get bodyCutShort() {
    return t("errors.bodyCutShort");
  },
  get notOverHttps() {
    return t("errors.notOverHttps");
  },
} as const;
