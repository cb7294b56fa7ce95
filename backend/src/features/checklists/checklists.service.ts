import { In, type DataSource } from "typeorm";
import { rooms, type Checklist as ChecklistView, type ChecklistChangedEvent } from "@caravan/common";
import { ChecklistItem, GroupChecklist, type User } from "../../db/entities/index.js";
import type { Realtime } from "../../realtime/publisher.js";
import { presentChecklist } from "./checklists.presenter.js";

/**
 * Checklists and their items. Routes resolve an id to its group through src/access and check the
 * caller's membership of that group before calling anything else here.
 */
export class ChecklistsService {
  constructor(
    private readonly db: DataSource,
    private readonly realtime: Realtime,
  ) {}

  private get checklists() {
    return this.db.getRepository(GroupChecklist);
  }
  private get items() {
    return this.db.getRepository(ChecklistItem);
  }

  /** Every checklist of the group with its items: two queries, whatever the number of checklists. */
  async list(groupId: number): Promise<ChecklistView[]> {
    const lists = await this.checklists.find({ where: { groupId }, order: { createdAt: "ASC", id: "ASC" } });
    if (lists.length === 0) return [];
    const items = await this.items.find({
      where: { checklistId: In(lists.map((l) => l.id)) },
      relations: { completedByUser: true },
      order: { id: "ASC" },
    });
    return lists.map((l) =>
      presentChecklist(
        l,
        items.filter((i) => i.checklistId === l.id),
      ),
    );
  }

  async one(checklistId: number): Promise<ChecklistView> {
    const list = await this.checklists.findOneByOrFail({ id: checklistId });
    const items = await this.items.find({
      where: { checklistId },
      relations: { completedByUser: true },
      order: { id: "ASC" },
    });
    return presentChecklist(list, items);
  }

  async create(groupId: number, author: User, title: string, description: string | null): Promise<ChecklistView> {
    const saved = await this.checklists.save({
      groupId,
      title,
      description: description || null,
      createdBy: author.id,
    });
    return this.changed(groupId, saved.id);
  }

  async remove(groupId: number, checklistId: number): Promise<void> {
    await this.checklists.delete({ id: checklistId });
    this.publish({ groupId, checklistId, checklist: null });
  }

  async addItem(groupId: number, checklistId: number, text: string): Promise<ChecklistView> {
    await this.items.save({ checklistId, text });
    return this.changed(groupId, checklistId);
  }

  async toggle(
    groupId: number,
    checklistId: number,
    itemId: number,
    completed: boolean,
    by: User,
  ): Promise<ChecklistView> {
    await this.items.update(
      { id: itemId },
      completed
        ? { completed, completedBy: by.id, completedAt: new Date() }
        : { completed, completedBy: null, completedAt: null },
    );
    return this.changed(groupId, checklistId);
  }

  async removeItem(groupId: number, checklistId: number, itemId: number): Promise<void> {
    await this.items.delete({ id: itemId });
    await this.changed(groupId, checklistId);
  }

  private async changed(groupId: number, checklistId: number): Promise<ChecklistView> {
    const checklist = await this.one(checklistId);
    this.publish({ groupId, checklistId, checklist });
    return checklist;
  }

  private publish(event: ChecklistChangedEvent) {
    this.realtime.publish(rooms.group(event.groupId), "checklist:changed", event);
  }
}
