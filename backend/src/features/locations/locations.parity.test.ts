/** The Update Your Location dialog's yup schema and the server's LocationUpdateDto answer the same payloads alike. */
import "reflect-metadata";
import { describe, expect, it } from "vitest";
import { VALIDATION, firstErrors, isValidPoint, locationUpdateSchema } from "@caravan/common";
import { validationErrors } from "../../http/validate.js";
import { LocationUpdateDto } from "./locations.dto.js";

const good = {
  latitude: 42.8125,
  longitude: -1.6458,
  address: "Plaza del Castillo, Pamplona",
  notes: "By the fountain",
};

const cases: Record<string, unknown>[] = [
  {},
  good,
  { latitude: 0, longitude: 0 },
  { latitude: 90, longitude: 180 },
  { latitude: -90, longitude: -180 },
  { ...good, latitude: 90.0001 },
  { ...good, latitude: -91 },
  { ...good, longitude: 180.5 },
  { ...good, longitude: -181 },
  { ...good, latitude: "45" },
  { ...good, longitude: "west" },
  { ...good, latitude: null },
  { ...good, longitude: undefined },
  { ...good, address: "" },
  { ...good, address: null },
  { ...good, address: "   " },
  { ...good, address: "a".repeat(501) },
  { ...good, notes: "n".repeat(500) },
  { ...good, notes: "n".repeat(501) },
  { latitude: 100, longitude: "x", address: "a".repeat(501), notes: "n".repeat(501) },
];

describe("location update validation parity between the browser and the server", () => {
  it.each(cases.map((c, i) => [i, c]))("case %i", async (_i, payload) => {
    expect(await validationErrors(LocationUpdateDto, payload)).toEqual(
      await firstErrors(locationUpdateSchema, payload),
    );
  });

  it("is not vacuous: a bad payload yields one message per bad field", async () => {
    expect(await firstErrors(locationUpdateSchema, cases.at(-1))).toEqual({
      latitude: VALIDATION.latitudeRange,
      longitude: VALIDATION.longitudeNumber,
      address: VALIDATION.addressTooLong,
      notes: VALIDATION.locationNotesTooLong,
    });
  });

  it("a point is on the globe only with both coordinates numbers in range", () => {
    expect(isValidPoint({ latitude: 42.8, longitude: -1.6 })).toBe(true);
    expect(isValidPoint({ latitude: 90, longitude: -180 })).toBe(true);
    expect(isValidPoint({ latitude: 91, longitude: 0 })).toBe(false);
    expect(isValidPoint({ latitude: 0, longitude: Number.NaN })).toBe(false);
  });
});
