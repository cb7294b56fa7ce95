export { SharedTripPage } from "../../features/shared-trips";
