export { DestinationSearchDialog, type DestinationSearchDialogProps } from "./DestinationSearchDialog";
