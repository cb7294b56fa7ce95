export { AuthDialog } from "./AuthDialog";
export { useAuthDialog, type AuthView } from "./dialog-store";
