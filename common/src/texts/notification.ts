/** Notifications: one text per kind, naming the person by first name and the group or place; and the bell's texts. */
export const NOTIFICATION_TEXTS = {
  arrival: (person: string, place: string) => `${person} arrived at ${place}`,
  memberJoined: (person: string, group: string) => `${person} joined ${group}`,
  memberLeft: (person: string, group: string) => `${person} left ${group}`,
  proposalCreated: (person: string, place: string) => `${person} proposed ${place}`,
  tripFinalized: (person: string, place: string, group: string) => `${person} chose ${place} for ${group}`,
  destinationChanged: (person: string, place: string, group: string) =>
    `${person} set ${group}'s destination to ${place}`,
  destinationCleared: (person: string, group: string) => `${person} cleared ${group}'s destination`,
  ownerChanged: (person: string, group: string) => `${person} deleted their account: you now own ${group}`,
  shareMessage: (person: string) => `${person} wrote on your shared trip`,
  /** Who did it when the account has no first name. */
  someone: "Someone",
  /** The destination when it has no name, only coordinates. */
  theDestination: "the destination",
  bellLabel: "Notifications",
  bellLabelUnread: (n: number) => `Notifications, ${n} unread`,
  title: "Notifications",
  markAllRead: "Mark all as read",
  empty: "No notifications yet",
  emptyHint:
    "Arrivals, new members, proposals and decisions in your groups, and messages on your shared trips, show up here.",
  loadMore: "Show older",
  loadFailed: "Failed to load notifications",
  unread: "Unread",
  browserToggle: "Browser notifications",
  browserToggleHint: "Also show new ones as system notifications while Caravan is open.",
  browserDenied: "This browser blocks notifications from Caravan. Allow them in the site settings to switch this on.",
  browserUnsupported: "This browser does not support system notifications.",
  arrivedAt: (time: string) => `Arrived ${time}`,
  arrivalRadiusLabel: "Arrival radius (metres)",
  arrivalRadiusHint: "Members within this distance of the destination count as arrived.",
  arrivalRadiusSave: "Save",
  arrivalRadiusSaved: "Arrival radius saved",
} as const;
