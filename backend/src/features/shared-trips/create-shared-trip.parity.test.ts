/** common's createSharedTripSchema and the server's CreateSharedTripDto answer the same requests alike. */
import "reflect-metadata";
import { describe, expect, it } from "vitest";
import { SHARE_TEXTS, VALIDATION, createSharedTripSchema, firstErrors } from "@caravan/common";
import { validationErrors } from "../../http/validate.js";
import { CreateSharedTripDto } from "./shared-trips.dto.js";

const santiago = { name: "Santiago de Compostela", latitude: 42.88, longitude: -8.54 };

const cases: Record<string, unknown>[] = [
  {},
  { durationHours: 2 },
  { durationHours: 1 },
  { durationHours: 72 },
  { durationHours: 0 },
  { durationHours: 73 },
  { durationHours: 2.5 },
  { durationHours: "2" },
  { durationHours: null },
  { durationHours: 2, destination: null },
  { durationHours: 2, destination: santiago },
  { durationHours: 2, destination: "Santiago" },
  { durationHours: 2, destination: { name: "Santiago" } },
  { durationHours: 2, destination: { ...santiago, name: "" } },
  { durationHours: 2, destination: { ...santiago, name: "   " } },
  { durationHours: 2, destination: { ...santiago, name: "n".repeat(501) } },
  { durationHours: 2, destination: { ...santiago, latitude: 95 } },
  { durationHours: 2, destination: { ...santiago, longitude: "west" } },
  { durationHours: 2, destination: { ...santiago, name: 5 } },
  { durationHours: 99, destination: { latitude: 1 } },
];

describe("share creation validation parity between the browser and the server", () => {
  it.each(cases.map((c, i) => [i, c]))("case %i", async (_i, payload) => {
    expect(await validationErrors(CreateSharedTripDto, payload)).toEqual(
      await firstErrors(createSharedTripSchema, payload),
    );
  });

  it("is not vacuous", async () => {
    expect(await firstErrors(createSharedTripSchema, cases.at(-1))).toEqual({
      durationHours: SHARE_TEXTS.durationInvalid,
      destination: VALIDATION.shareDestinationIncomplete,
    });
  });
});
