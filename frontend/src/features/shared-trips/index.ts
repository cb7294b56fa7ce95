export { ActiveSharedTrips } from "./ActiveSharedTrips";
export { ShareTripButton } from "./ShareTripDialog";
export { SharedTripPage } from "./SharedTripPage";
