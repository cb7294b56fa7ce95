import type { Checklist as ChecklistView, ChecklistItem as ItemView } from "@caravan/common";
import type { ChecklistItem, GroupChecklist } from "../../db/entities/index.js";

export function presentItem(i: ChecklistItem): ItemView {
  return {
    id: i.id,
    text: i.text,
    completed: i.completed,
    completedAt: i.completedAt?.toISOString() ?? null,
    completedByUser: i.completedByUser
      ? { firstName: i.completedByUser.firstName, email: i.completedByUser.email }
      : null,
    createdAt: i.createdAt.toISOString(),
  };
}

export function presentChecklist(c: GroupChecklist, items: ChecklistItem[]): ChecklistView {
  return {
    id: c.id,
    groupId: c.groupId,
    title: c.title,
    description: c.description,
    createdBy: c.createdBy,
    createdAt: c.createdAt.toISOString(),
    items: items.map(presentItem),
  };
}
