import { t } from "../i18n/index.js";

/** Tracker apps: server errors and the texts of the profile section, the group switch and the shared page. */
export const TRACKER_TEXTS = {
  get nameRequired() {
    return t("tracker.nameRequired");
  },
  get nameTooLong() {
    return t("tracker.nameTooLong");
  },
  get limit() {
    return t("tracker.limit");
  },
  get notFound() {
    return t("tracker.notFound");
  },
  get unknownToken() {
    return t("tracker.unknownToken");
  },
  get notJson() {
    return t("tracker.notJson");
  },
  get encryptedUnsupported() {
    return t("tracker.encryptedUnsupported");
  },
  get latitudeInvalid() {
    return t("tracker.latitudeInvalid");
  },
  get longitudeInvalid() {
    return t("tracker.longitudeInvalid");
  },
  get locationInvalid() {
    return t("tracker.locationInvalid");
  },
  get timestampInvalid() {
    return t("tracker.timestampInvalid");
  },
  get inFuture() {
    return t("tracker.inFuture");
  },
  get enabledInvalid() {
    return t("tracker.enabledInvalid");
  },
  get sectionTitle() {
    return t("tracker.sectionTitle");
  },
  get intro() {
    return t("tracker.intro");
  },
  get nameLabel() {
    return t("tracker.nameLabel");
  },
  get namePlaceholder() {
    return t("tracker.namePlaceholder");
  },
  get add() {
    return t("tracker.add");
  },
  get created() {
    return t("tracker.created");
  },
  get tokenOnce() {
    return t("tracker.tokenOnce");
  },
  get token() {
    return t("tracker.token");
  },
  get url() {
    return t("tracker.url");
  },
  get traccarServerUrl() {
    return t("tracker.traccarServerUrl");
  },
  get createFailed() {
    return t("tracker.createFailed");
  },
  get deleteFailed() {
    return t("tracker.deleteFailed");
  },
  get sharingFailed() {
    return t("tracker.sharingFailed");
  },
  get copy() {
    return t("tracker.copy");
  },
  get copied() {
    return t("tracker.copied");
  },
  get delete() {
    return t("tracker.delete");
  },
  get deleted() {
    return t("tracker.deleted");
  },
  get none() {
    return t("tracker.none");
  },
  get lastSeen() {
    return t("tracker.lastSeen");
  },
  get neverSeen() {
    return t("tracker.neverSeen");
  },
  get battery() {
    return t("tracker.battery");
  },
  get accuracy() {
    return t("tracker.accuracy");
  },
  get owntracksTitle() {
    return t("tracker.owntracksTitle");
  },
  get owntracksSettings() {
    return [
      t("tracker.owntracksSettings.0"),
      t("tracker.owntracksSettings.1"),
      t("tracker.owntracksSettings.2"),
      t("tracker.owntracksSettings.3"),
      t("tracker.owntracksSettings.4"),
    ];
  },
  get osmandTitle() {
    return t("tracker.osmandTitle");
  },
  get osmandSettings() {
    return [t("tracker.osmandSettings.0"), t("tracker.osmandSettings.1"), t("tracker.osmandSettings.2")];
  },
  get qrHint() {
    return t("tracker.qrHint");
  },
  get fromTracker() {
    return t("tracker.fromTracker");
  },
  get fromTrackerHint() {
    return t("tracker.fromTrackerHint");
  },
  fedBy: (name: string) => t("tracker.fedBy", { name }),
  get sourceBrowser() {
    return t("tracker.sourceBrowser");
  },
  get sourceApp() {
    return t("tracker.sourceApp");
  },
  get speed() {
    return t("tracker.speed");
  },
  get privacy() {
    return t("tracker.privacy");
  },
} as const;
