export { GroupMessagesPanel } from "./GroupMessagesPanel";
export { addMessage, removeMessagesBy } from "./api";
