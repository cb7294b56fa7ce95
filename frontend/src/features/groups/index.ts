export { GroupsOverview } from "./GroupsOverview";
export { GroupHeader } from "./GroupHeader";
export { DestinationBanner } from "./DestinationBanner";
export { PrivacyNote } from "./PrivacyNote";
export { GroupAccessDenied, GroupNotFound, GroupPageSkeleton } from "./GroupStateViews";
export { StatusBadge } from "./StatusBadge";
export { TripActions } from "./TripActions";
export { formatDay } from "./dates";
export { groupQuery, isForbidden, membersQuery, useRemoveMember } from "./api";
