import { t } from "../i18n/index.js";

/** Groups: the dashboard, the Create / Plan a Trip / Planned Trip dialogs and the group page (docs/product.md §2, §5, §8). */
export const GROUP_TEXTS = {
  get dashboardTitle() {
    return t("group.dashboardTitle");
  },
  welcomeBack: (name: string) => t("group.welcomeBack", { name }),
  get statActiveGroups() {
    return t("group.statActiveGroups");
  },
  get statOngoingTrips() {
    return t("group.statOngoingTrips");
  },
  get statPlanning() {
    return t("group.statPlanning");
  },
  get statRecentMessages() {
    return t("group.statRecentMessages");
  },
  get noDescription() {
    return t("group.noDescription");
  },
  get viewGroup() {
    return t("group.viewGroup");
  },
  get emptyTitle() {
    return t("group.emptyTitle");
  },
  get emptyText() {
    return t("group.emptyText");
  },
  get createFirst() {
    return t("group.createFirst");
  },
  get newGroup() {
    return t("group.newGroup");
  },
  get loadFailed() {
    return t("group.loadFailed");
  },
  get retry() {
    return t("group.retry");
  },
  membersCount: (n: number) => t("group.membersCount", { count: n }),
  get status(): Record<string, string> {
    return {
      planning: t("group.status.planning"),
      active: t("group.status.active"),
      completed: t("group.status.completed"),
    };
  },
  get statusOption(): Record<string, string> {
    return {
      planning: t("group.statusOption.planning"),
      active: t("group.statusOption.active"),
      completed: t("group.statusOption.completed"),
    };
  },

  get createTitle() {
    return t("group.createTitle");
  },
  get createText() {
    return t("group.createText");
  },
  get nameLabel() {
    return t("group.nameLabel");
  },
  get namePlaceholder() {
    return t("group.namePlaceholder");
  },
  get descriptionLabel() {
    return t("group.descriptionLabel");
  },
  get descriptionPlaceholder() {
    return t("group.descriptionPlaceholder");
  },
  get statusLabel() {
    return t("group.statusLabel");
  },
  get startDateLabel() {
    return t("group.startDateLabel");
  },
  get endDateLabel() {
    return t("group.endDateLabel");
  },
  get datePlaceholder() {
    return t("group.datePlaceholder");
  },
  get coverLabel() {
    return t("group.coverLabel");
  },
  get coverPlaceholder() {
    return t("group.coverPlaceholder");
  },
  get destinationLabel() {
    return t("group.destinationLabel");
  },
  get selectDestination() {
    return t("group.selectDestination");
  },
  get changeDestination() {
    return t("group.changeDestination");
  },
  get destinationHelper() {
    return t("group.destinationHelper");
  },
  get cancel() {
    return t("group.cancel");
  },
  get create() {
    return t("group.create");
  },
  get creating() {
    return t("group.creating");
  },
  get createdTitle() {
    return t("group.createdTitle");
  },
  get createdText() {
    return t("group.createdText");
  },
  get signInRequiredTitle() {
    return t("group.signInRequiredTitle");
  },
  get signInRequiredText() {
    return t("group.signInRequiredText");
  },
  get createFailed() {
    return t("group.createFailed");
  },

  get editGroup() {
    return t("group.editGroup");
  },
  get editTitle() {
    return t("group.editTitle");
  },
  get editText() {
    return t("group.editText");
  },
  get save() {
    return t("group.save");
  },
  get saving() {
    return t("group.saving");
  },
  get updatedTitle() {
    return t("group.updatedTitle");
  },
  get updatedText() {
    return t("group.updatedText");
  },
  get updateFailed() {
    return t("group.updateFailed");
  },

  get planTrip() {
    return t("group.planTrip");
  },
  get plannedTrip() {
    return t("group.plannedTrip");
  },
  get planTitle() {
    return t("group.planTitle");
  },
  get planText() {
    return t("group.planText");
  },
  get tripTitleLabel() {
    return t("group.tripTitleLabel");
  },
  get tripTitlePlaceholder() {
    return t("group.tripTitlePlaceholder");
  },
  get tripDescriptionLabel() {
    return t("group.tripDescriptionLabel");
  },
  get tripDescriptionPlaceholder() {
    return t("group.tripDescriptionPlaceholder");
  },
  get createTrip() {
    return t("group.createTrip");
  },
  get creatingTrip() {
    return t("group.creatingTrip");
  },
  get tripCreatedTitle() {
    return t("group.tripCreatedTitle");
  },
  get tripCreatedHeading() {
    return t("group.tripCreatedHeading");
  },
  get tripCreatedBody() {
    return t("group.tripCreatedBody");
  },
  get tripFailed() {
    return t("group.tripFailed");
  },
  get stayHere() {
    return t("group.stayHere");
  },
  get goToTrip() {
    return t("group.goToTrip");
  },
  get plannedTitle() {
    return t("group.plannedTitle");
  },
  get plannedText() {
    return t("group.plannedText");
  },
  get plannedEmpty() {
    return t("group.plannedEmpty");
  },
  get noStartDate() {
    return t("group.noStartDate");
  },
  get close() {
    return t("group.close");
  },

  get back() {
    return t("group.back");
  },
  get backToHome() {
    return t("group.backToHome");
  },
  get refreshPage() {
    return t("group.refreshPage");
  },
  get accessDeniedTitle() {
    return t("group.accessDeniedTitle");
  },
  get accessDeniedText() {
    return t("group.accessDeniedText");
  },
  get notFoundTitle() {
    return t("group.notFoundTitle");
  },
  get notFoundText() {
    return t("group.notFoundText");
  },
  get noDates() {
    return t("group.noDates");
  },
  moreMembers: (n: number) => t("group.moreMembers", { count: n }),
  get inviteMore() {
    return t("group.inviteMore");
  },
  get deleteGroup() {
    return t("group.deleteGroup");
  },
  get leaveGroup() {
    return t("group.leaveGroup");
  },
  get confirmDelete() {
    return t("group.confirmDelete");
  },
  get confirmLeave() {
    return t("group.confirmLeave");
  },
  get confirmDeleteAction() {
    return t("group.confirmDeleteAction");
  },
  get confirmLeaveAction() {
    return t("group.confirmLeaveAction");
  },
  get deletedTitle() {
    return t("group.deletedTitle");
  },
  get deletedText() {
    return t("group.deletedText");
  },
  get deleteFailedTitle() {
    return t("group.deleteFailedTitle");
  },
  get deleteFailed() {
    return t("group.deleteFailed");
  },
  get leftTitle() {
    return t("group.leftTitle");
  },
  get leftText() {
    return t("group.leftText");
  },
  get exitFailedTitle() {
    return t("group.exitFailedTitle");
  },
  get exitFailed() {
    return t("group.exitFailed");
  },
  get groupTarget() {
    return t("group.groupTarget");
  },
  get noDestination() {
    return t("group.noDestination");
  },
  get noDestinationText() {
    return t("group.noDestinationText");
  },
  get addDestination() {
    return t("group.addDestination");
  },
  get updateDestination() {
    return t("group.updateDestination");
  },
  get destinationUpdated() {
    return t("group.destinationUpdated");
  },
  get destinationFailed() {
    return t("group.destinationFailed");
  },
  get owner() {
    return t("group.owner");
  },
  get privacyTitle() {
    return t("group.privacyTitle");
  },
} as const;
