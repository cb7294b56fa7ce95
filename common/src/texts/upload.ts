import { t } from "../i18n/index.js";

/** The cover image control: docs/product.md §8 toasts and the control's own texts. */
export const UPLOAD_TEXTS = {
  get addPhoto() {
    return t("upload.addPhoto");
  },
  get changePhoto() {
    return t("upload.changePhoto");
  },
  get uploading() {
    return t("upload.uploading");
  },
  get uploadFailed() {
    return t("upload.uploadFailed");
  },
  get loginRequiredTitle() {
    return t("upload.loginRequiredTitle");
  },
  get loginRequiredText() {
    return t("upload.loginRequiredText");
  },
  get uploadErrorTitle() {
    return t("upload.uploadErrorTitle");
  },
  get prepareFailed() {
    return t("upload.prepareFailed");
  },
  get coverUpdated() {
    return t("upload.coverUpdated");
  },
} as const;
