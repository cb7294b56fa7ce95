import { t } from "../i18n/index.js";

/** The Trip Proposals section and the propose dialog (docs/product.md §2, §4, §5, §8). */
export const PROPOSAL_TEXTS = {
  get title() {
    return t("proposal.title");
  },
  get subtitle() {
    return t("proposal.subtitle");
  },
  get propose() {
    return t("proposal.propose");
  },
  get empty() {
    return t("proposal.empty");
  },
  get emptyText() {
    return t("proposal.emptyText");
  },
  get loadFailed() {
    return t("proposal.loadFailed");
  },
  proposedBy: (name: string) => t("proposal.proposedBy", { name }),
  hours: (n: number) => t("proposal.hours", { count: n }),
  get yes() {
    return t("proposal.yes");
  },
  get no() {
    return t("proposal.no");
  },
  get noVotes() {
    return t("proposal.noVotes");
  },
  get yourVote() {
    return t("proposal.yourVote");
  },
  get finalize() {
    return t("proposal.finalize");
  },
  get finalizing() {
    return t("proposal.finalizing");
  },
  get finalizeHint() {
    return t("proposal.finalizeHint");
  },
  get confirmFinalizeTitle() {
    return t("proposal.confirmFinalizeTitle");
  },
  /** What finalizing does (docs/product.md §4), said before it is done; `dates` and `duration` as the proposal's card shows them. */
  confirmFinalize: (destination: string, dates: string | null, duration: string | null) =>
    t("proposal.confirmFinalize", {
      destination,
      extent: dates ? "dates" : duration ? "duration" : "none",
      dates: dates ?? "",
      duration: duration ?? "",
    }),
  get confirmFinalizeAction() {
    return t("proposal.confirmFinalizeAction");
  },
  get decided() {
    return t("proposal.decided");
  },
  get decidedText() {
    return t("proposal.decidedText");
  },
  get chosen() {
    return t("proposal.chosen");
  },
  get status(): Record<string, string> {
    return {
      proposed: t("proposal.status.proposed"),
      finalized: t("proposal.status.finalized"),
      closed: t("proposal.status.closed"),
    };
  },
  get dialogTitle() {
    return t("proposal.dialogTitle");
  },
  get dialogText() {
    return t("proposal.dialogText");
  },
  get destinationLabel() {
    return t("proposal.destinationLabel");
  },
  get destinationPlaceholder() {
    return t("proposal.destinationPlaceholder");
  },
  get searchDestination() {
    return t("proposal.searchDestination");
  },
  get addressLabel() {
    return t("proposal.addressLabel");
  },
  get addressPlaceholder() {
    return t("proposal.addressPlaceholder");
  },
  get whenLabel() {
    return t("proposal.whenLabel");
  },
  get modeDates() {
    return t("proposal.modeDates");
  },
  get modeDuration() {
    return t("proposal.modeDuration");
  },
  get startLabel() {
    return t("proposal.startLabel");
  },
  get endLabel() {
    return t("proposal.endLabel");
  },
  get durationLabel() {
    return t("proposal.durationLabel");
  },
  get cancel() {
    return t("proposal.cancel");
  },
  get submit() {
    return t("proposal.submit");
  },
  get submitting() {
    return t("proposal.submitting");
  },
  get createdTitle() {
    return t("proposal.createdTitle");
  },
  get createdText() {
    return t("proposal.createdText");
  },
  get createFailed() {
    return t("proposal.createFailed");
  },
  get voteFailed() {
    return t("proposal.voteFailed");
  },
  get finalizedTitle() {
    return t("proposal.finalizedTitle");
  },
  get finalizedText() {
    return t("proposal.finalizedText");
  },
  get finalizeFailed() {
    return t("proposal.finalizeFailed");
  },
} as const;
