/** common's places query schemas and the server's PlacesQueryDto and MapPlacesQueryDto answer the same queries alike. */
import "reflect-metadata";
import { describe, expect, it } from "vitest";
import { PLACES_QUERY_MAX, VALIDATION, firstErrors, mapPlacesQuerySchema, placesQuerySchema } from "@caravan/common";
import { validationErrors } from "../../http/validate.js";
import { MapPlacesQueryDto, PlacesQueryDto } from "./places.dto.js";

/** What Koa's ctx.query holds: strings, or a list of strings for a repeated parameter. */
const searchCases: Record<string, unknown>[] = [
  {},
  { q: "Lisbon" },
  { q: "  Santiago de Compostela " },
  { q: "" },
  { q: "q".repeat(PLACES_QUERY_MAX) },
  { q: ` ${"q".repeat(PLACES_QUERY_MAX)} ` },
  { q: "q".repeat(PLACES_QUERY_MAX + 1) },
  { q: ["Lisbon", "Porto"] },
  { q: null },
];

const box = { south: "38.6", west: "-9.3", north: "38.8", east: "-9.0" };

const mapCases: Record<string, unknown>[] = [
  {},
  box,
  { south: "-90", west: "-180", north: "90", east: "180" },
  { ...box, west: "170", east: "-170" },
  { ...box, south: " 38.6 " },
  { ...box, south: "" },
  { ...box, south: "north" },
  { ...box, south: "1e1" },
  { ...box, south: "Infinity" },
  { ...box, south: "-90.5" },
  { ...box, north: "91" },
  { ...box, west: "-180.01" },
  { ...box, east: "181" },
  { ...box, east: ["1", "2"] },
  { ...box, east: null },
  { south: "x", west: "200", north: "", east: ["1"] },
];

describe("places query validation parity between the browser and the server", () => {
  it.each(searchCases.map((c, i) => [i, c]))("search case %i", async (_i, query) => {
    expect(await validationErrors(PlacesQueryDto, query)).toEqual(await firstErrors(placesQuerySchema, query));
  });

  it.each(mapCases.map((c, i) => [i, c]))("map case %i", async (_i, query) => {
    expect(await validationErrors(MapPlacesQueryDto, query)).toEqual(await firstErrors(mapPlacesQuerySchema, query));
  });

  it("is not vacuous", async () => {
    expect(await firstErrors(placesQuerySchema, {})).toEqual({ q: VALIDATION.placesQueryRequired });
    expect(await firstErrors(placesQuerySchema, { q: "q".repeat(PLACES_QUERY_MAX + 1) })).toEqual({
      q: VALIDATION.placesQueryTooLong,
    });
    expect(await validationErrors(MapPlacesQueryDto, mapCases.at(-1)!)).toEqual({
      south: VALIDATION.mapBoundsInvalid,
      west: VALIDATION.mapBoundsInvalid,
      north: VALIDATION.mapBoundsInvalid,
      east: VALIDATION.mapBoundsInvalid,
    });
    expect(await firstErrors(mapPlacesQuerySchema, box)).toEqual({});
  });
});
