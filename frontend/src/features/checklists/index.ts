export { ChecklistsDialog } from "./ChecklistsDialog";
