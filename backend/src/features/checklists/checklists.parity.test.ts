/**
 * The checklist forms' yup schemas and the server's ChecklistDto, ChecklistItemDto and ToggleDto answer the same
 * payloads alike.
 */
import "reflect-metadata";
import { describe, expect, it } from "vitest";
import { VALIDATION, checklistItemSchema, checklistSchema, firstErrors, toggleSchema } from "@caravan/common";
import { validationErrors } from "../../http/validate.js";
import { ChecklistDto, ChecklistItemDto, ToggleDto } from "./checklists.dto.js";

const checklistCases: Record<string, unknown>[] = [
  {},
  { title: "Packing" },
  { title: "Packing", description: "Everything for the Camino" },
  { title: "" },
  { title: "   " },
  { title: null },
  { title: "t".repeat(255) },
  { title: "t".repeat(256) },
  { title: "Packing", description: "" },
  { title: "Packing", description: null },
  { title: "Packing", description: "d".repeat(2001) },
  { title: "", description: "d".repeat(5001) },
];

const itemCases: Record<string, unknown>[] = [
  {},
  { text: "Scallop shell" },
  { text: "" },
  { text: "   " },
  { text: null },
  { text: "i".repeat(500) },
  { text: "i".repeat(501) },
];

const toggleCases: Record<string, unknown>[] = [
  {},
  { completed: true },
  { completed: false },
  { completed: null },
  { completed: "true" },
  { completed: "false" },
  { completed: 1 },
  { completed: 0 },
  { completed: [true] },
];

describe("checklist validation parity between the browser and the server", () => {
  it.each(checklistCases.map((c, i) => [i, c]))("checklist case %i", async (_i, payload) => {
    expect(await validationErrors(ChecklistDto, payload)).toEqual(await firstErrors(checklistSchema, payload));
  });

  it.each(itemCases.map((c, i) => [i, c]))("item case %i", async (_i, payload) => {
    expect(await validationErrors(ChecklistItemDto, payload)).toEqual(await firstErrors(checklistItemSchema, payload));
  });

  it.each(toggleCases.map((c, i) => [i, c]))("toggle case %i", async (_i, payload) => {
    expect(await validationErrors(ToggleDto, payload)).toEqual(await firstErrors(toggleSchema, payload));
  });

  it("is not vacuous", async () => {
    expect(await firstErrors(toggleSchema, { completed: "true" })).toEqual({ completed: VALIDATION.completedFlag });
    expect(await validationErrors(ToggleDto, { completed: false })).toEqual({});
    expect(await firstErrors(checklistItemSchema, { text: "  " })).toEqual({ text: VALIDATION.itemTextRequired });
    expect(await validationErrors(ChecklistDto, { title: "" })).toEqual({ title: VALIDATION.checklistTitleRequired });
  });
});
