import { ChecklistItem } from "./checklist-item.entity.js";
import { GroupChecklist } from "./group-checklist.entity.js";
import { GroupInvite } from "./group-invite.entity.js";
import { GroupMembership } from "./group-membership.entity.js";
import { GroupMessage } from "./group-message.entity.js";
import { Notification } from "./notification.entity.js";
import { GroupRemoval } from "./group-removal.entity.js";
import { ObjectUpload } from "./object-upload.entity.js";
import { Group } from "./group.entity.js";
import { SessionRecord } from "./session.entity.js";
import { SharedTripLocation } from "./shared-trip-location.entity.js";
import { SharedTripMessage } from "./shared-trip-message.entity.js";
import { SharedTrip } from "./shared-trip.entity.js";
import { SharedTripViewRecord } from "./shared-trip-view.entity.js";
import { Tracker } from "./tracker.entity.js";
import { TrackerGroupSharing } from "./tracker-group-sharing.entity.js";
import { TripProposalVote } from "./trip-proposal-vote.entity.js";
import { TripProposal } from "./trip-proposal.entity.js";
import { UserLocation } from "./user-location.entity.js";
import { User } from "./user.entity.js";

export {
  ChecklistItem,
  Group,
  GroupChecklist,
  GroupInvite,
  GroupMembership,
  GroupMessage,
  Notification,
  GroupRemoval,
  ObjectUpload,
  SessionRecord,
  SharedTrip,
  SharedTripLocation,
  SharedTripMessage,
  SharedTripViewRecord,
  Tracker,
  TrackerGroupSharing,
  TripProposal,
  TripProposalVote,
  User,
  UserLocation,
};

/** Listed explicitly: globs do not work under vitest (ARCHITECTURE §8). */
export const entities = [
  SessionRecord,
  User,
  Group,
  GroupMembership,
  UserLocation,
  GroupMessage,
  GroupInvite,
  TripProposal,
  TripProposalVote,
  GroupChecklist,
  ChecklistItem,
  SharedTrip,
  SharedTripLocation,
  SharedTripMessage,
  SharedTripViewRecord,
  ObjectUpload,
  Notification,
  Tracker,
  TrackerGroupSharing,
  GroupRemoval,
];
