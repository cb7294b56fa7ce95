/** The Update Your Location dialog's yup schema and the server's LocationUpdateDto answer the same payloads alike. */
import "reflect-metadata";
import { describe, expect, it } from "vitest";
import {
  LOCATION_ADDRESS_MAX,
  LOCATION_NOTES_MAX,
  VALIDATION,
  firstErrors,
  isValidPoint,
  locationUpdateSchema,
} from "@caravan/common";
import { validateBody, validationErrors } from "../../http/validate.js";
import { LocationUpdateDto, plainLocationUpdate } from "./locations.dto.js";

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

describe("the shortcut for the body every device sends", () => {
  const latitudes: unknown[] = [42.8125, 0, -0, 90, -90, 90.00000004, 90.00000006, -90.00000004, 1e-9, 5e-324, 91];
  const longitudes: unknown[] = [-1.6458, 180, -180, 180.00000004, -180.00000006, 1e300, Number.NaN, "7", null];
  const texts = (max: number): unknown[] => [
    undefined,
    null,
    "",
    "   ",
    " Plaza del Castillo ",
    "a".repeat(max),
    ` ${"a".repeat(max)}\n`,
    "a".repeat(max + 1),
    // class-validator counts a surrogate pair or an emoji's presentation selector as one character.
    "😀".repeat(max / 2 + 1),
    "✈️".repeat(max / 2 + 1),
    42,
    ["a"],
  ];
  const bodies: unknown[] = [];
  for (const latitude of latitudes)
    for (const longitude of longitudes) bodies.push({ latitude, longitude }, { latitude, longitude, extra: 1 });
  for (const address of texts(LOCATION_ADDRESS_MAX))
    for (const notes of texts(LOCATION_NOTES_MAX)) bodies.push({ ...good, address, notes });
  bodies.push({ latitude: 1 }, { longitude: 1 }, {}, null, [], "text", 7, { ...good, __proto__: null });
  bodies.push(JSON.parse('{"latitude": 1, "longitude": 2, "__proto__": {"admin": true}}'));

  it.each(bodies.map((b, i) => [i, b]))("body %i: the DTO validateBody gives, or left to it", async (_i, body) => {
    const shortcut = plainLocationUpdate(body);
    const full = await validateBody(LocationUpdateDto, body).catch((err: unknown) => err);
    if (shortcut === null) return;
    expect(shortcut).toBeInstanceOf(LocationUpdateDto);
    expect(full).toBeInstanceOf(LocationUpdateDto);
    expect({ ...shortcut }).toStrictEqual({ ...(full as LocationUpdateDto) });
  });

  it("takes the bodies devices send: coordinates, with or without address and notes", () => {
    expect(plainLocationUpdate({ latitude: 48.8606, longitude: 2.3376 })).toMatchObject({ latitude: 48.8606 });
    expect(plainLocationUpdate(good)).toMatchObject({ address: good.address, notes: good.notes });
    expect(plainLocationUpdate({ ...good, address: null, notes: " x " })).toMatchObject({ address: null, notes: "x" });
    const decided = bodies.filter((b) => plainLocationUpdate(b) !== null).length;
    expect(decided).toBeGreaterThan(50);
    expect(decided).toBeLessThan(bodies.length);
  });
});
