export { ProposalsSection } from "./ProposalsSection";
export { applyFinalized, applyProposal } from "./api";
