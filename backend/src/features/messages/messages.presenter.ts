import type { GroupMessage as GroupMessageView } from "@caravan/common";
import type { GroupMessage } from "../../db/entities/index.js";
import { presentPublicUser } from "../auth/user.presenter.js";

export function presentMessage(m: GroupMessage): GroupMessageView {
  return {
    id: m.id,
    groupId: m.groupId,
    content: m.content,
    messageType: m.messageType,
    createdAt: m.createdAt.toISOString(),
    userId: m.userId,
    // A system line (an arrival) has no author to show.
    user: m.user ? presentPublicUser(m.user) : null,
  };
}
