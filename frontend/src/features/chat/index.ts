export { GroupMessagesPanel } from "./GroupMessagesPanel";
export { addMessage } from "./api";
