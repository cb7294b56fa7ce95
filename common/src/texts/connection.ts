/** The real-time connection indicator on the group and shared-trip pages. */
export const CONNECTION_TEXTS = {
  live: "Live",
  reconnecting: "Reconnecting...",
  liveHint: "Updates arrive as they happen.",
  reconnectingHint: "Connection lost: checking for updates every few seconds until it is back.",
} as const;
