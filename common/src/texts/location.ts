import { t } from "../i18n/index.js";

/** Group location sharing: docs/product.md §8 toasts and geolocation texts, and the Group Locations card's own texts. */
export const LOCATION_TEXTS = {
  get updated() {
    return t("location.updated");
  },
  get updateFailed() {
    return t("location.updateFailed");
  },
  get geolocationDenied() {
    return t("location.geolocationDenied");
  },
  get geolocationUnavailable() {
    return t("location.geolocationUnavailable");
  },
  get geolocationTimeout() {
    return t("location.geolocationTimeout");
  },
  get geolocationFailed() {
    return t("location.geolocationFailed");
  },
  get geolocationUnsupported() {
    return t("location.geolocationUnsupported");
  },
  get trackingStarted() {
    return t("location.trackingStarted");
  },
  get trackingStartedText() {
    return t("location.trackingStartedText");
  },
  get trackingStopped() {
    return t("location.trackingStopped");
  },
  get trackingStoppedText() {
    return t("location.trackingStoppedText");
  },
  get trackingAuthErrorTitle() {
    return t("location.trackingAuthErrorTitle");
  },
  get trackingAuthErrorText() {
    return t("location.trackingAuthErrorText");
  },
  get permissionDeniedTitle() {
    return t("location.permissionDeniedTitle");
  },
  get permissionRequiredTitle() {
    return t("location.permissionRequiredTitle");
  },
  get accessFailedTitle() {
    return t("location.accessFailedTitle");
  },
  get trackingActive() {
    return t("location.trackingActive");
  },
  get trackingInactive() {
    return t("location.trackingInactive");
  },
  get permissionHint() {
    return t("location.permissionHint");
  },
  /** Under the Auto Location Tracking switch: how often it sends (GROUP_TRACKING_MIN_SEND_GAP_MS, the skip rule). */
  trackingCadence: (minGapSeconds: number) => t("location.trackingCadence", { seconds: minGapSeconds }),
  get autoUpdateNotes() {
    return t("location.autoUpdateNotes");
  },
  get stoppedSharingTitle() {
    return t("location.stoppedSharingTitle");
  },
  get stoppedSharingText() {
    return t("location.stoppedSharingText");
  },
  get stopSharingFailed() {
    return t("location.stopSharingFailed");
  },
  get mapEmptyTitle() {
    return t("location.mapEmptyTitle");
  },
  get mapEmptyText() {
    return t("location.mapEmptyText");
  },
  get dialogTitle() {
    return t("location.dialogTitle");
  },
  get dialogDescription() {
    return t("location.dialogDescription");
  },
  get mapTab() {
    return t("location.mapTab");
  },
  get manualTab() {
    return t("location.manualTab");
  },
  get mapHint() {
    return t("location.mapHint");
  },
  get useCurrentLocation() {
    return t("location.useCurrentLocation");
  },
  get locating() {
    return t("location.locating");
  },
  get latitude() {
    return t("location.latitude");
  },
  get longitude() {
    return t("location.longitude");
  },
  get address() {
    return t("location.address");
  },
  get addressPlaceholder() {
    return t("location.addressPlaceholder");
  },
  get notes() {
    return t("location.notes");
  },
  get notesPlaceholder() {
    return t("location.notesPlaceholder");
  },
  get selectedPoint() {
    return t("location.selectedPoint");
  },
  get submit() {
    return t("location.submit");
  },
  get submitting() {
    return t("location.submitting");
  },
  get cancel() {
    return t("location.cancel");
  },
  get cardTitle() {
    return t("location.cardTitle");
  },
  get cardDescription() {
    return t("location.cardDescription");
  },
  get updateButton() {
    return t("location.updateButton");
  },
  get autoTrackingLabel() {
    return t("location.autoTrackingLabel");
  },
  get stopSharing() {
    return t("location.stopSharing");
  },
  get stoppingSharing() {
    return t("location.stoppingSharing");
  },
  get mapLabel() {
    return t("location.mapLabel");
  },
  get memberStatusTitle() {
    return t("location.memberStatusTitle");
  },
  get currentLocation() {
    return t("location.currentLocation");
  },
  get locationShared() {
    return t("location.locationShared");
  },
  get noLocationShared() {
    return t("location.noLocationShared");
  },
  get locationNotShared() {
    return t("location.locationNotShared");
  },
  get owner() {
    return t("location.owner");
  },
  get you() {
    return t("location.you");
  },
  get directions() {
    return t("location.directions");
  },
  get toDestination() {
    return t("location.toDestination");
  },
  get updatedLabel() {
    return t("location.updatedLabel");
  },
  get removeMember() {
    return t("location.removeMember");
  },
  removeMemberLabel: (name: string) => t("location.removeMemberLabel", { name }),
  get removeConfirmTitle() {
    return t("location.removeConfirmTitle");
  },
  removeConfirmText: (name: string) => t("location.removeConfirmText", { name }),
  get removing() {
    return t("location.removing");
  },
  get removedTitle() {
    return t("location.removedTitle");
  },
  removedText: (name: string) => t("location.removedText", { name }),
  get removeFailed() {
    return t("location.removeFailed");
  },
} as const;
