export { useAuthDialog, type AuthView } from "./dialog-store";
export { AuthDialog } from "./lazy";
export { AuthDialogHost } from "./AuthDialogHost";
export { DialogFrame } from "./DialogFrame";
