export { TrackerAppsDialog } from "./TrackerAppsDialog";
export { TrackerSharingSwitch } from "./TrackerSharingSwitch";
