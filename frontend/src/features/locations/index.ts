export { GroupLocationsCard } from "./GroupLocationsCard";
export { MemberStatusList } from "./MemberStatusList";
export { applyLocationEventToCache } from "./api";
