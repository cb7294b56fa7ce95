import { onDemand, whenOpen } from "../../components/on-demand";
import type { DestinationSearchDialogProps } from "./DestinationSearchDialog";

export type { DestinationSearchDialogProps };

/** The destination search, loaded the first time it opens. */
export const DestinationSearchDialog = onDemand<DestinationSearchDialogProps>(
  () => import("./DestinationSearchDialog").then((m) => m.DestinationSearchDialog),
  whenOpen,
);
