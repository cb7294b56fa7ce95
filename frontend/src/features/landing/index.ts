export { LandingPage } from "./LandingPage";
