import { useState } from "react";
import { COVER_IMAGE_MAX_BYTES, ERRORS, REDIRECT_DELAY_MS, TOASTS, UPLOAD_TEXTS, type Group } from "@caravan/common";
import { ApiError } from "../../api/client";
import { notify, notifyThenGo } from "../../components/toaster";
import { requestUploadUrl, setCoverImage, uploadImage } from "./api";

const isUnauthorized = (error: unknown) => error instanceof ApiError && error.status === 401;

function askToLogIn(): void {
  notifyThenGo(
    UPLOAD_TEXTS.loginRequiredTitle,
    UPLOAD_TEXTS.loginRequiredText,
    "/api/login",
    REDIRECT_DELAY_MS.uploadLogin,
    "error",
  );
}

/** The text for a failed upload: the server's own for a 4xx that has one (docs/product.md §8), else the product's general one. */
function uploadFailure(error: unknown): string {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.serverMessage) {
    return error.serverMessage;
  }
  return UPLOAD_TEXTS.uploadFailed;
}

/** Pick, check, get an upload URL, PUT the file, set it as the cover: with docs/product.md §8's toasts at each failure. */
export function useCoverUpload(groupId: number, onUploaded: (group: Group) => void) {
  const [uploading, setUploading] = useState(false);

  async function upload(file: File): Promise<void> {
    if (file.size > COVER_IMAGE_MAX_BYTES) {
      notify("error", TOASTS.errorTitle, ERRORS.imageTooLarge);
      return;
    }
    setUploading(true);
    try {
      let uploadURL: string;
      try {
        ({ uploadURL } = await requestUploadUrl());
      } catch (error) {
        if (isUnauthorized(error)) askToLogIn();
        else notify("error", UPLOAD_TEXTS.uploadErrorTitle, UPLOAD_TEXTS.prepareFailed);
        return;
      }
      try {
        const { objectPath } = await uploadImage(uploadURL, file);
        const group = await setCoverImage(groupId, objectPath);
        notify("success", UPLOAD_TEXTS.coverUpdated);
        onUploaded(group);
      } catch (error) {
        if (isUnauthorized(error)) askToLogIn();
        else notify("error", TOASTS.errorTitle, uploadFailure(error));
      }
    } finally {
      setUploading(false);
    }
  }

  return { upload, uploading };
}
