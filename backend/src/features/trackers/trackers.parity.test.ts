/**
 * The new-tracker form's yup schema and the server's CreateTrackerDto, and the sharing switch's schema and
 * TrackerSharingDto, answer the same payloads alike.
 */
import "reflect-metadata";
import { describe, expect, it } from "vitest";
import { TRACKER_TEXTS, firstErrors, trackerSchema, trackerSharingSchema } from "@caravan/common";
import { validationErrors } from "../../http/validate.js";
import { CreateTrackerDto, TrackerSharingDto } from "./trackers.dto.js";

const cases: Record<string, unknown>[] = [
  {},
  { name: "Olga's phone" },
  { name: "" },
  { name: "   " },
  { name: null },
  { name: "t".repeat(50) },
  { name: "t".repeat(51) },
];

const sharingCases: Record<string, unknown>[] = [
  {},
  { enabled: true },
  { enabled: false },
  { enabled: null },
  { enabled: "false" },
  { enabled: 0 },
  { enabled: { on: true } },
];

describe("tracker name validation parity between the browser and the server", () => {
  it.each(cases.map((c, i) => [i, c]))("case %i", async (_i, payload) => {
    expect(await validationErrors(CreateTrackerDto, payload)).toEqual(await firstErrors(trackerSchema, payload));
  });

  it.each(sharingCases.map((c, i) => [i, c]))("sharing case %i", async (_i, payload) => {
    expect(await validationErrors(TrackerSharingDto, payload)).toEqual(
      await firstErrors(trackerSharingSchema, payload),
    );
  });

  it("is not vacuous", async () => {
    expect(await firstErrors(trackerSharingSchema, { enabled: "false" })).toEqual({
      enabled: TRACKER_TEXTS.enabledInvalid,
    });
    expect(await firstErrors(trackerSchema, { name: " " })).toEqual({ name: TRACKER_TEXTS.nameRequired });
    expect(await firstErrors(trackerSchema, { name: "t".repeat(51) })).toEqual({ name: TRACKER_TEXTS.nameTooLong });
  });
});
