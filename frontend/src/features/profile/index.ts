export { ProfileDialog } from "./ProfileDialog";
