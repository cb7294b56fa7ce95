export { DashboardPage } from "./DashboardPage";
