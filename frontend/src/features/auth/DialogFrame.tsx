import { useLayoutEffect } from "react";
import { AUTH_DIALOG_TEXTS, AUTH_DIALOG_TITLES } from "@caravan/common";
import { hideDialogFrame, showDialogFrame } from "../../lib/dialog-frame";
import { useAuthDialog } from "./dialog-store";

/**
 * What the sign-in dialog shows while its code loads: the frame of the view asked for, so that the tap is answered
 * at once, while the dialog is open. The dialog itself hides the frame when it mounts; leaving the page hides it too.
 */
export function DialogFrame() {
  const open = useAuthDialog((s) => s.open);
  const view = useAuthDialog((s) => s.view);
  const close = useAuthDialog((s) => s.close);
  useLayoutEffect(() => {
    if (!open) return;
    showDialogFrame(AUTH_DIALOG_TITLES[view], AUTH_DIALOG_TEXTS.loading, close);
    return hideDialogFrame;
  }, [open, view, close]);
  return null;
}
