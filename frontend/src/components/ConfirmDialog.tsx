import { onDemand, whenOpen } from "./on-demand";
import type { ConfirmDialogProps } from "./ConfirmDialogView";

/** An alert dialog for an action that cannot be undone; focus starts on Cancel. Its code loads when first opened. */
export const ConfirmDialog = onDemand<ConfirmDialogProps>(
  () => import("./ConfirmDialogView").then((m) => m.ConfirmDialogView),
  whenOpen,
);
