/** Shared trips: server errors, docs/product.md §8 toasts, and the texts of the dialog, the dashboard section and the shared page. */
export const SHARE_TEXTS = {
  notFound: "Trip Not Found. This shared trip link is invalid, expired, or has been stopped by the owner.",
  ended: "This shared trip has ended.",
  sharerOnly: "Only the person sharing this trip can do this",
  liveLimit: "You have 10 live shared trips. Stop one before creating another.",
  durationInvalid: "Duration must be a whole number of hours from 1 to 72",
  createdTitle: "Share Link Created!",
  createdText: (hours: number) => `Your location will be shared for ${hours} ${hours === 1 ? "hour" : "hours"}.`,
  createFailed: "Failed to create shared trip",
  copiedTitle: "Copied!",
  copiedText: "Share link copied to clipboard",
  copyFailed: "Failed to copy to clipboard",
  noActiveTitle: "No Active Shared Trips",
  noActiveText: "Create a shared trip first to start location tracking.",
  geolocationUnsupportedTitle: "Geolocation Not Supported",
  geolocationUnsupportedText: "This browser cannot tell us where you are, so it cannot share your location.",
  trackingErrorTitle: "Location Sharing Stopped",
  permissionDenied: "Location permission denied. Please enable location access to share your position.",
  unavailable: "Location unavailable. Please check your device's location settings.",
  accessDenied: "Location access denied",
  startGps: "Start Sharing",
  pauseGps: "Pause GPS",
  stopShare: "Stop Sharing",
  stopConfirmTitle: "Stop this shared trip?",
  stopConfirmText:
    "The link stops working at once for everyone who has it, and your location is no longer shown there. This cannot be undone.",
  stoppedTitle: "Sharing Stopped",
  stoppedText: "The link no longer shows your location.",
  stopFailed: "Failed to stop sharing",
  loginToChat: "Please log in to send messages",
  /** Beside the product's loginToChat: what a watcher without an account can and cannot do, and the way to chat. */
  chatNeedsAccount: "Following needs no account; chatting needs a free one. Your message is kept while you sign in.",
  signInToChat: "Sign in or sign up",
  /** The Share dialog once the link exists: what a watcher can do without an account, and what needs one. */
  createdDescription:
    "Send this link to someone you trust. They can follow you without an account, and chat with you once signed in (a free account).",
  createDescription: "Create a private link that lets someone you trust follow your location for a limited time.",
  /** The watcher's header: the share's state, told by what has really arrived. */
  live: "Live",
  expired: "Expired",
  stopped: "Stopped",
  waitingFirst: "Waiting for the first location",
  lastLocationAgo: (ago: string) => `Last location ${ago}`,
  endedTitle: "This shared trip has ended",
  endedStopped: (name: string) =>
    `${name} stopped sharing. The location is no longer shown, and the chat is read-only.`,
  endedExpired: (name: string) =>
    `${name}'s sharing time ran out. The location is no longer shown, and the chat is read-only.`,
  /** The dashboard card: what watchers wrote. */
  unreadMessages: (n: number) => (n === 1 ? "1 new message" : `${n} new messages`),
  lastMessage: (author: string, content: string) => `${author}: ${content}`,
  privacy: (retentionHours: number) =>
    "Only people holding this link can see the location, and only while the share is live. " +
    "Chat messages, addresses and notes are stored encrypted. " +
    (retentionHours === 0
      ? "Locations and messages are deleted as soon as the share ends."
      : `Locations and messages are deleted ${retentionHours} ${retentionHours === 1 ? "hour" : "hours"} after the share ends.`),
} as const;

/** A shared trip's optional destination: the Share dialog's field and what watchers see. */
export const SHARE_DESTINATION_TEXTS = {
  label: "Destination (optional)",
  hint: "Watchers see how far you are from it, and when you get there.",
  choose: "Choose destination",
  remove: "Remove destination",
  headingTo: (place: string) => `Heading to ${place}`,
  away: (distance: string) => `${distance} away`,
  eta: (duration: string) => `ETA ${duration}`,
  arrived: "Arrived",
  waiting: "Distance shows once a location arrives.",
} as const;
