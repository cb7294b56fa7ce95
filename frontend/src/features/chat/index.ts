export { GroupMessagesPanel } from "./GroupMessagesPanel";
