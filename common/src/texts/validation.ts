import { SUPPORTED_LOCALES, t } from "../i18n/index.js";

/** Every validation text of docs/product.md §5, exactly as written there. */
export const VALIDATION = {
  get firstNameRequired() {
    return t("validation.firstNameRequired");
  },
  get firstNameTooLong() {
    return t("validation.firstNameTooLong");
  },
  get lastNameRequired() {
    return t("validation.lastNameRequired");
  },
  get lastNameTooLong() {
    return t("validation.lastNameTooLong");
  },
  get invalidEmail() {
    return t("validation.invalidEmail");
  },
  get passwordTooShort() {
    return t("validation.passwordTooShort");
  },
  get passwordComplexity() {
    return t("validation.passwordComplexity");
  },
  get passwordTooLong() {
    return t("validation.passwordTooLong");
  },
  get passwordsDontMatch() {
    return t("validation.passwordsDontMatch");
  },
  get passwordRequired() {
    return t("validation.passwordRequired");
  },
  get emailTooLong() {
    return t("validation.emailTooLong");
  },
  get groupNameRequired() {
    return t("validation.groupNameRequired");
  },
  get groupNameTooLong() {
    return t("validation.groupNameTooLong");
  },
  get tripTitleRequired() {
    return t("validation.tripTitleRequired");
  },
  get tripTitleTooLong() {
    return t("validation.tripTitleTooLong");
  },
  get descriptionTooLong() {
    return t("validation.descriptionTooLong");
  },
  get inviteEmailInvalid() {
    return t("validation.inviteEmailInvalid");
  },
  get destinationRequired() {
    return t("validation.destinationRequired");
  },
  get latitudeRange() {
    return t("validation.latitudeRange");
  },
  get longitudeRange() {
    return t("validation.longitudeRange");
  },
  get userNotAuthenticated() {
    return t("validation.userNotAuthenticated");
  },
  get loginToSendMessages() {
    return t("validation.loginToSendMessages");
  },
  get invalidBody() {
    return t("validation.invalidBody");
  },
  get messageRequired() {
    return t("validation.messageRequired");
  },
  get messageTooLong() {
    return t("validation.messageTooLong");
  },
  get messageTypeInvalid() {
    return t("validation.messageTypeInvalid");
  },
  get checklistTitleRequired() {
    return t("validation.checklistTitleRequired");
  },
  get checklistTitleTooLong() {
    return t("validation.checklistTitleTooLong");
  },
  get checklistDescriptionTooLong() {
    return t("validation.checklistDescriptionTooLong");
  },
  get itemTextRequired() {
    return t("validation.itemTextRequired");
  },
  get itemTextTooLong() {
    return t("validation.itemTextTooLong");
  },
  get completedFlag() {
    return t("validation.completedFlag");
  },
  get invalidCursor() {
    return t("validation.invalidCursor");
  },
  get destinationTooLong() {
    return t("validation.destinationTooLong");
  },
  get addressTooLong() {
    return t("validation.addressTooLong");
  },
  get placeIdTooLong() {
    return t("validation.placeIdTooLong");
  },
  get invalidDate() {
    return t("validation.invalidDate");
  },
  get endBeforeStart() {
    return t("validation.endBeforeStart");
  },
  get endWithoutStart() {
    return t("validation.endWithoutStart");
  },
  get durationInvalid() {
    return t("validation.durationInvalid");
  },
  get datesOrDuration() {
    return t("validation.datesOrDuration");
  },
  get voteInvalid() {
    return t("validation.voteInvalid");
  },
  get latitudeNumber() {
    return t("validation.latitudeNumber");
  },
  get longitudeNumber() {
    return t("validation.longitudeNumber");
  },
  get locationAddressText() {
    return t("validation.locationAddressText");
  },
  get locationNotesText() {
    return t("validation.locationNotesText");
  },
  get locationNotesTooLong() {
    return t("validation.locationNotesTooLong");
  },
  get groupStatusInvalid() {
    return t("validation.groupStatusInvalid");
  },
  get coverImageUrlHttps() {
    return t("validation.coverImageUrlHttps");
  },
  get coverImageUrlTooLong() {
    return t("validation.coverImageUrlTooLong");
  },
  get placesQueryRequired() {
    return t("validation.placesQueryRequired");
  },
  get placesQueryTooLong() {
    return t("validation.placesQueryTooLong");
  },
  get mapBoundsInvalid() {
    return t("validation.mapBoundsInvalid");
  },
  get coverImageUrlRequired() {
    return t("validation.coverImageUrlRequired");
  },
  get speedInvalid() {
    return t("validation.speedInvalid");
  },
  get shareDestinationIncomplete() {
    return t("validation.shareDestinationIncomplete");
  },
  get arrivalRadiusRange() {
    return t("validation.arrivalRadiusRange");
  },
  get notificationIdsInvalid() {
    return t("validation.notificationIdsInvalid");
  },
  get languageInvalid() {
    return t("validation.languageInvalid", { locales: SUPPORTED_LOCALES.join(", ") });
  },
} as const;
