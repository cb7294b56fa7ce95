import { describe, expect, it } from "vitest";
import { directionsUrl } from "./destination";

describe("directionsUrl", () => {
  it("goes from the member's location to the destination, driving", () => {
    expect(directionsUrl({ latitude: 45.9, longitude: 6.12 }, { latitude: 45.83, longitude: 6.86 })).toBe(
      "https://www.google.com/maps/dir/?api=1&origin=45.9,6.12&destination=45.83,6.86&travelmode=driving",
    );
  });
  it("leaves the origin to the maps app when the member shares no location", () => {
    expect(directionsUrl(null, { latitude: -33.86, longitude: 151.21 })).toBe(
      "https://www.google.com/maps/dir/?api=1&destination=-33.86,151.21&travelmode=driving",
    );
  });
});
