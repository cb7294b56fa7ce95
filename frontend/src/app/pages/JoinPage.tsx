export { JoinPage } from "../../features/join";
