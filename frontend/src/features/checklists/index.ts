import type { ComponentProps } from "react";
import { onDemand, whenOpen } from "../../components/on-demand";
import type { ChecklistsDialog as View } from "./ChecklistsDialog";

/** The group's checklists, with their forms, loaded the first time they are opened. */
export const ChecklistsDialog = onDemand<ComponentProps<typeof View>>(
  () => import("./ChecklistsDialog").then((m) => m.ChecklistsDialog),
  whenOpen,
);
export { applyChecklistEvent } from "./api";
