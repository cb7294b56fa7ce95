import { describe, expect, it } from "vitest";
import { VALIDATION } from "@caravan/common";
import { pointOf, validateLocation } from "./location-form";

const values = (latitude: string, longitude: string) => ({ latitude, longitude, address: "", notes: "" });

describe("the Update Your Location form", () => {
  it("says which coordinate is out of range, with common's messages", async () => {
    expect(await validateLocation(values("91", "-181"))).toEqual({
      latitude: VALIDATION.latitudeRange,
      longitude: VALIDATION.longitudeRange,
    });
    expect(await validateLocation(values("-90", "180"))).toEqual({});
  });

  it("reads what is not a number as 0, as docs/product.md §5 asks", async () => {
    expect(await validateLocation(values("north", ""))).toEqual({});
  });

  it("shows a point on the map only for two numbers in range", () => {
    expect(pointOf(values("42.8", "-1.6"))).toEqual({ latitude: 42.8, longitude: -1.6 });
    expect(pointOf(values("42.8", ""))).toBeNull();
    expect(pointOf(values("42.8x", "-1.6"))).toBeNull();
    expect(pointOf(values("95", "-1.6"))).toBeNull();
  });
});
