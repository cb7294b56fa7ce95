/**
 * common's destinationSchema and the server's DestinationDto answer the same payloads alike, and so does UpdateGroupDto
 * (PATCH /api/groups/{id}) for a destination sent alone.
 */
import "reflect-metadata";
import { describe, expect, it } from "vitest";
import { VALIDATION, destinationSchema, firstErrors } from "@caravan/common";
import { validationErrors } from "../../http/validate.js";
import { DestinationDto, UpdateGroupDto } from "./groups.dto.js";

const vienna = {
  destinationName: "Vienna",
  destinationAddress: "Vienna, Austria",
  destinationLatitude: 48.2,
  destinationLongitude: 16.37,
  destinationPlaceId: "geonames:2761369",
};

const cases: Record<string, unknown>[] = [
  {},
  vienna,
  { destinationName: "Vienna" },
  { ...vienna, destinationName: "" },
  { ...vienna, destinationName: "   " },
  { ...vienna, destinationName: null },
  { ...vienna, destinationName: "n".repeat(500) },
  { ...vienna, destinationName: "n".repeat(501) },
  { ...vienna, destinationName: ` ${"n".repeat(500)} ` },
  { ...vienna, destinationAddress: "" },
  { ...vienna, destinationAddress: "a".repeat(1000) },
  { ...vienna, destinationAddress: "a".repeat(1001) },
  { ...vienna, destinationLatitude: null, destinationLongitude: null },
  { ...vienna, destinationLatitude: -90, destinationLongitude: 180 },
  { ...vienna, destinationLatitude: 90.01 },
  { ...vienna, destinationLongitude: -180.01 },
  { ...vienna, destinationLatitude: "north" },
  { ...vienna, destinationPlaceId: "" },
  { ...vienna, destinationPlaceId: "p".repeat(255) },
  { ...vienna, destinationPlaceId: "p".repeat(256) },
  {
    destinationName: "n".repeat(501),
    destinationAddress: "a".repeat(1001),
    destinationLatitude: 95,
    destinationLongitude: 200,
    destinationPlaceId: "p".repeat(256),
  },
];

describe("destination validation parity between the browser and the server", () => {
  it.each(cases.map((c, i) => [i, c]))("case %i", async (_i, payload) => {
    expect(await validationErrors(DestinationDto, payload)).toEqual(await firstErrors(destinationSchema, payload));
  });

  it.each(cases.map((c, i) => [i, c]))("update case %i", async (_i, payload) => {
    expect(await validationErrors(UpdateGroupDto, payload)).toEqual(await firstErrors(destinationSchema, payload));
  });

  it("is not vacuous", async () => {
    expect(await validationErrors(DestinationDto, cases.at(-1)!)).toEqual({
      destinationName: VALIDATION.destinationTooLong,
      destinationAddress: VALIDATION.addressTooLong,
      destinationLatitude: VALIDATION.latitudeRange,
      destinationLongitude: VALIDATION.longitudeRange,
      destinationPlaceId: VALIDATION.placeIdTooLong,
    });
  });
});
