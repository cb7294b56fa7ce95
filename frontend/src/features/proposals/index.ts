export { ProposalsSection } from "./ProposalsSection";
