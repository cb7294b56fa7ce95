import type { GroupLocation } from "@caravan/common";
import type { User } from "../../db/entities/index.js";
import { presentPublicUser } from "../auth/user.presenter.js";

export interface LocationRow {
  id: number;
  groupId: number;
  userId: string;
  latitude: number;
  longitude: number;
  address: string | null;
  notes: string | null;
  createdAt: Date;
}

export function presentLocation(
  l: LocationRow,
  user: Pick<User, "firstName" | "lastName" | "email" | "profileImageUrl">,
): GroupLocation {
  return {
    id: l.id,
    groupId: l.groupId,
    userId: l.userId,
    latitude: l.latitude,
    longitude: l.longitude,
    address: l.address,
    notes: l.notes,
    createdAt: l.createdAt.toISOString(),
    user: presentPublicUser(user),
  };
}
