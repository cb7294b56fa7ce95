export { InviteMembersDialog } from "./InviteMembersDialog";
