/** The Group Messages panel (docs/product.md §2, §8). */
export const CHAT_TEXTS = {
  title: "Group Messages",
  inputLabel: "Message",
  placeholder: "Write a message...",
  hint: "Enter to send, Shift+Enter for a new line",
  send: "Send",
  sendFailed: "Failed to send message",
  empty: "No messages yet",
  emptyText: "Say hello and get the plans going.",
  loadFailed: "Messages could not be loaded.",
  retry: "Try again",
  loadingOlder: "Loading earlier messages...",
  beginning: "This is the start of the conversation.",
  newMessages: "New messages",
  jumpToLatest: "Jump to latest",
  checklists: "Checklists",
  you: "You",
} as const;
