import { describe, expect, it } from "vitest";
import {
  calendarDaysUntil,
  displayName,
  distanceKm,
  formatEta,
  formatCoordinates,
  formatCountdown,
  formatDistance,
  formatDurationHours,
  formatNearPlace,
  formatRelativeTime,
  formatRemaining,
} from "./format.js";

describe("formatDistance", () => {
  it.each([
    [0, "0 m"],
    [0.4567, "457 m"],
    [0.9994, "999 m"],
    [1, "1.0 km"],
    [1.04, "1.0 km"],
    [9.94, "9.9 km"],
    [10, "10 km"],
    [123.6, "124 km"],
  ])("%s km -> %s", (km, text) => expect(formatDistance(km)).toBe(text));
});

describe("distanceKm", () => {
  it("measures a great circle with R = 6371 km", () => {
    // Paris to London: about 343.5 km on a 6371 km sphere.
    const d = distanceKm({ latitude: 48.8566, longitude: 2.3522 }, { latitude: 51.5074, longitude: -0.1278 });
    expect(d).toBeGreaterThan(343);
    expect(d).toBeLessThan(344);
    expect(distanceKm({ latitude: 1, longitude: 1 }, { latitude: 1, longitude: 1 })).toBe(0);
  });
});

describe("formatRelativeTime", () => {
  const now = new Date("2026-05-01T12:00:00Z");
  const ago = (ms: number) => new Date(now.getTime() - ms);
  it.each([
    [0, "0 min ago"],
    [59_999, "0 min ago"],
    [60_000, "1 min ago"],
    [59 * 60_000, "59 min ago"],
    [60 * 60_000, "1 hour ago"],
    [23 * 3_600_000, "23 hours ago"],
    [24 * 3_600_000, "1 day ago"],
    [72 * 3_600_000, "3 days ago"],
  ])("%s ms -> %s", (ms, text) => expect(formatRelativeTime(ago(ms), now)).toBe(text));
});

describe("formatCountdown (calendar days)", () => {
  const now = new Date(2026, 4, 1, 23, 30);
  it.each([
    [new Date(2026, 3, 30, 9), "Trip has started"],
    [new Date(2026, 4, 1, 0, 1), "Starting today"],
    [new Date(2026, 4, 2, 0, 1), "1 day to go"],
    [new Date(2026, 4, 11, 23, 59), "10 days to go"],
  ])("%s -> %s", (start, text) => expect(formatCountdown(start, now)).toBe(text));
  it("counts days across a month end", () => expect(calendarDaysUntil(new Date(2026, 5, 1), now)).toBe(31));
});

describe("formatRemaining", () => {
  const now = new Date("2026-05-01T12:00:00Z");
  const later = (ms: number) => new Date(now.getTime() + ms);
  it.each([
    [0, "Expired"],
    [-1, "Expired"],
    [59_999, "0m remaining"],
    [60_000, "1m remaining"],
    [3_600_000, "1h 0m remaining"],
    [2 * 3_600_000 + 5 * 60_000 + 30_000, "2h 5m remaining"],
  ])("%s ms -> %s", (ms, text) => expect(formatRemaining(later(ms), now)).toBe(text));
});

describe("small formatters", () => {
  it("duration", () => {
    expect(formatDurationHours(1)).toBe("Duration: 1 hour");
    expect(formatDurationHours(2)).toBe("Duration: 2 hours");
  });
  it("coordinates", () => {
    expect(formatCoordinates(48.856613, 2.352222)).toBe("48.8566, 2.3522");
    expect(formatCoordinates(48.856613, 2.352222, 6)).toBe("48.856613, 2.352222");
  });
  it("display name falls back from full name to first name to e-mail", () => {
    expect(displayName({ firstName: "Ann", lastName: "Lee", email: "a@x.io" })).toBe("Ann Lee");
    expect(displayName({ firstName: "Ann", lastName: null, email: "a@x.io" })).toBe("Ann");
    expect(displayName({ firstName: null, lastName: null, email: "a@x.io" })).toBe("a@x.io");
  });
});

describe("formatNearPlace", () => {
  it.each([
    [
      { name: "Annecy", region: "Auvergne-Rhône-Alpes", country: "France" },
      "near Annecy, Auvergne-Rhône-Alpes, France",
    ],
    [{ name: "Monaco", region: "", country: "Monaco" }, "near Monaco"],
    [{ name: "Vaduz", region: null, country: "Liechtenstein" }, "near Vaduz, Liechtenstein"],
    [{ name: "Paris", region: "Île-de-France", country: "France" }, "near Paris, Île-de-France, France"],
  ])("%j -> %s", (place, text) => expect(formatNearPlace(place)).toBe(text));
});

describe("formatEta", () => {
  it("says minutes under an hour, hours and minutes above, and never less than a minute", () => {
    expect(formatEta(10_000, 10)).toBe("17 min");
    expect(formatEta(5, 30)).toBe("1 min");
    expect(formatEta(90_000, 20)).toBe("1 h 15 min");
    expect(formatEta(72_000, 20)).toBe("1 h");
  });
});
