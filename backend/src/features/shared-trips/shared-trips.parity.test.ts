/** common's sharedTripLocationSchema and the server's SharedTripLocationDto answer the same positions alike. */
import "reflect-metadata";
import { describe, expect, it } from "vitest";
import { VALIDATION, firstErrors, sharedTripLocationSchema } from "@caravan/common";
import { validationErrors } from "../../http/validate.js";
import { SharedTripLocationDto } from "./shared-trips.dto.js";

const at = { latitude: 42.88, longitude: -8.54 };

const cases: Record<string, unknown>[] = [
  {},
  at,
  { ...at, speed: 1.4 },
  { ...at, speed: null },
  { ...at, speed: 0 },
  { ...at, speed: -0.5 },
  { ...at, speed: 10_000 },
  { ...at, speed: "fast" },
  { ...at, latitude: 91, speed: -1 },
  { ...at, notes: "n".repeat(501) },
];

describe("shared-trip position validation parity between the browser and the server", () => {
  it.each(cases.map((c, i) => [i, c]))("case %i", async (_i, payload) => {
    expect(await validationErrors(SharedTripLocationDto, payload)).toEqual(
      await firstErrors(sharedTripLocationSchema, payload),
    );
  });

  it("is not vacuous", async () => {
    expect(await firstErrors(sharedTripLocationSchema, { ...at, latitude: 91, speed: -1 })).toEqual({
      latitude: VALIDATION.latitudeRange,
      speed: VALIDATION.speedInvalid,
    });
  });
});
