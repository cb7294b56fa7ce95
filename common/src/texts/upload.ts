/** The cover image control: docs/product.md §8 toasts and the control's own texts. */
export const UPLOAD_TEXTS = {
  addPhoto: "Add Photo",
  changePhoto: "Change Photo",
  uploading: "Uploading...",
  uploadFailed: "Failed to upload image. Please try again.",
  loginRequiredTitle: "Login Required",
  loginRequiredText: "Please log in to upload images.",
  uploadErrorTitle: "Upload Error",
  prepareFailed: "Failed to prepare image upload. Please try again.",
  coverUpdated: "Group cover image updated successfully!",
} as const;
