import { LessThan, type DataSource } from "typeorm";
import {
  MESSAGES_PAGE_SIZE,
  SYSTEM_MESSAGE_TYPE,
  rooms,
  type GroupMessage as GroupMessageView,
  type MessagePage,
} from "@caravan/common";
import { GroupMessage, type User } from "../../db/entities/index.js";
import type { Realtime } from "../../realtime/publisher.js";
import { presentMessage } from "./messages.presenter.js";

export class MessagesService {
  constructor(
    private readonly db: DataSource,
    private readonly realtime: Realtime,
  ) {}

  async post(groupId: number, author: User, content: string, messageType = "text"): Promise<GroupMessageView> {
    const saved = await this.db.getRepository(GroupMessage).save({ groupId, userId: author.id, content, messageType });
    const view = presentMessage({ ...saved, user: author });
    this.realtime.publish(rooms.group(groupId), "message:created", view);
    return view;
  }

  /** A line nobody wrote (messageType "system"), shown as a centred note; members cannot post one themselves. */
  async postSystem(groupId: number, content: string): Promise<GroupMessageView> {
    const saved = await this.db
      .getRepository(GroupMessage)
      .save({ groupId, userId: null, content, messageType: SYSTEM_MESSAGE_TYPE });
    const view = presentMessage({ ...saved, user: undefined });
    this.realtime.publish(rooms.group(groupId), "message:created", view);
    return view;
  }

  /** The newest page (or the page before `before`), oldest first; reads at most one page plus one row. */
  async page(groupId: number, before: number | null, limit = MESSAGES_PAGE_SIZE): Promise<MessagePage> {
    const rows = await this.db.getRepository(GroupMessage).find({
      where: before ? { groupId, id: LessThan(before) } : { groupId },
      relations: { user: true },
      order: { id: "DESC" },
      take: limit + 1,
    });
    const hasOlder = rows.length > limit;
    const page = rows.slice(0, limit).reverse();
    return { messages: page.map(presentMessage), olderCursor: hasOlder ? page[0]!.id : null };
  }
}
