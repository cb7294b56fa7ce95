import { describe, expect, it } from "vitest";
import { directionsUrl, pickerStartPoints } from "./destination";

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

describe("pickerStartPoints", () => {
  const mine = { latitude: 45.9, longitude: 6.12 };
  const destination = { latitude: 45.92, longitude: 6.87 };
  const members = [
    { latitude: 46.2, longitude: 6.14 },
    { latitude: 45.76, longitude: 4.84 },
  ];
  it("starts on my last position first, then the destination, then the members, else nowhere in particular", () => {
    expect(pickerStartPoints(mine, destination, members)).toEqual([mine]);
    expect(pickerStartPoints(null, destination, members)).toEqual([destination]);
    expect(pickerStartPoints(null, null, members)).toEqual(members);
    expect(pickerStartPoints(null, null, [])).toEqual([]);
  });
});
