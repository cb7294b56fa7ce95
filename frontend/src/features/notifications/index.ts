export { NotificationBell } from "./NotificationBell";
