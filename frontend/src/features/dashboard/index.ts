export { DashboardHeader } from "./DashboardHeader";
export { UserMenu } from "./UserMenu";
