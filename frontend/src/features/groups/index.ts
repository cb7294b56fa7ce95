export { GroupsOverview } from "./GroupsOverview";
export { GroupPage } from "./GroupPage";
export { GroupPageSkeleton } from "./GroupStateViews";
export { TripActions } from "./TripActions";
export { groupKeys } from "./api";
