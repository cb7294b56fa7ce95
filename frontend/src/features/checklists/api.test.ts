import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import type { Checklist } from "@caravan/common";
import { applyChecklist, applyChecklistEvent, checklistKeys } from "./api";

const list = (id: number, title = `List ${id}`): Checklist => ({
  id,
  groupId: 2,
  title,
  description: null,
  createdBy: "u1",
  createdAt: "2026-05-01T10:00:00.000Z",
  items: [],
});

describe("checklist cache", () => {
  it("replaces a changed checklist in place and keeps id order", () => {
    const client = new QueryClient();
    client.setQueryData(checklistKeys.list(2), [list(1), list(4)]);
    applyChecklist(client, 2, 4, list(4, "Renamed"));
    applyChecklist(client, 2, 3, list(3));
    expect(client.getQueryData<Checklist[]>(checklistKeys.list(2))!.map((c) => [c.id, c.title])).toEqual([
      [1, "List 1"],
      [3, "List 3"],
      [4, "Renamed"],
    ]);
  });

  it("removes a deleted checklist, from the event that carries null", () => {
    const client = new QueryClient();
    client.setQueryData(checklistKeys.list(2), [list(1), list(4)]);
    applyChecklistEvent(client, { groupId: 2, checklistId: 1, checklist: null });
    expect(client.getQueryData<Checklist[]>(checklistKeys.list(2))!.map((c) => c.id)).toEqual([4]);
  });

  it("leaves checklists that were never loaded alone", () => {
    const client = new QueryClient();
    applyChecklistEvent(client, { groupId: 2, checklistId: 1, checklist: list(1) });
    expect(client.getQueryData(checklistKeys.list(2))).toBeUndefined();
  });
});
