export { DashboardPage } from "./DashboardPage";
export { UserMenu } from "./UserMenu";
