export { ConfirmDialog } from "../../components/ConfirmDialog";
