export { ChecklistsDialog } from "./ChecklistsDialog";
export { applyChecklistEvent } from "./api";
