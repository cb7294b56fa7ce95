import { SHARE_TEXTS, TOASTS } from "@caravan/common";
import { notify } from "../../components/toaster";

/** Copies a share link and says whether it worked (docs/product.md §8 texts). */
export async function copyShareLink(url: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(url);
    notify("success", SHARE_TEXTS.copiedTitle, SHARE_TEXTS.copiedText);
  } catch {
    notify("error", TOASTS.errorTitle, SHARE_TEXTS.copyFailed);
  }
}
