import { Initial1763780000000 } from "./1763780000000-initial.js";
import { LocationMembership1795318966911 } from "./1795318966911-location-membership.js";
import { ObjectUploads1795319482491 } from "./1795319482491-object-uploads.js";
import { ArrivalsNotifications1795400000000 } from "./1795400000000-arrivals-notifications.js";
import { SharedTripDestination1795400100000 } from "./1795400100000-shared-trip-destination.js";
import { EmailVerified1795410000000 } from "./1795410000000-email-verified.js";
import { InviteManagement1795410100000 } from "./1795410100000-invite-management.js";
import { Trackers1795420000014 } from "./1795420000014-trackers.js";
import { SharedTripViews1795430000001 } from "./1795430000001-shared-trip-views.js";
import { ShareMessageNotifications1795440000001 } from "./1795440000001-share-message-notifications.js";
import { UserLanguage1795450000000 } from "./1795450000000-user-language.js";

/** Listed explicitly, oldest first: globs do not work under vitest. */
export const migrations = [
  Initial1763780000000,
  LocationMembership1795318966911,
  ObjectUploads1795319482491,
  ArrivalsNotifications1795400000000,
  SharedTripDestination1795400100000,
  EmailVerified1795410000000,
  InviteManagement1795410100000,
  Trackers1795420000014,
  SharedTripViews1795430000001,
  ShareMessageNotifications1795440000001,
  UserLanguage1795450000000,
];
