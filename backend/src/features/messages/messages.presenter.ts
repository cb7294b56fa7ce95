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
    user: presentPublicUser(m.user!),
  };
}
