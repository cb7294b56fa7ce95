/** common's markReadSchema and the server's MarkReadDto answer the same requests alike. */
import "reflect-metadata";
import { describe, expect, it } from "vitest";
import { ID_MAX, NOTIFICATION_READ_IDS_MAX, VALIDATION, firstErrors, markReadSchema } from "@caravan/common";
import { validationErrors } from "../../http/validate.js";
import { MarkReadDto } from "./notifications.dto.js";

const cases: Record<string, unknown>[] = [
  {},
  { ids: null },
  { ids: [] },
  { ids: [1, 2, 3] },
  { ids: [ID_MAX] },
  { ids: Array.from({ length: NOTIFICATION_READ_IDS_MAX }, (_, i) => i + 1) },
  { ids: Array.from({ length: NOTIFICATION_READ_IDS_MAX + 1 }, (_, i) => i + 1) },
  { ids: [0] },
  { ids: [-4] },
  { ids: [ID_MAX + 1] },
  { ids: [1.5] },
  { ids: ["7"] },
  { ids: [7, null] },
  { ids: 7 },
  { ids: "1,2" },
  { ids: { 0: 1 } },
];

describe("mark-read validation parity between the browser and the server", () => {
  it.each(cases.map((c, i) => [i, c]))("case %i", async (_i, payload) => {
    expect(await validationErrors(MarkReadDto, payload)).toEqual(await firstErrors(markReadSchema, payload));
  });

  it("is not vacuous", async () => {
    expect(await firstErrors(markReadSchema, { ids: ["7"] })).toEqual({ ids: VALIDATION.notificationIdsInvalid });
    expect(await validationErrors(MarkReadDto, { ids: [7] })).toEqual({});
  });
});
