export { ProposalsSection } from "./ProposalsSection";
export { applyFinalized, applyPushedProposal } from "./api";
