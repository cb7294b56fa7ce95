import { describe, expect, it } from "vitest";
import { DESTINATION_NAME_MAX, SHARE_STALE_AFTER_MS, SHARE_TEXTS, VALIDATION } from "@caravan/common";
import { geolocationFailure, isLive, liveTrips, movedEnough, shareState } from "./rules";
import { clampDuration, emptyShareForm, nextDurationText, sharePayload, validateShareForm } from "./share-form";

describe("share duration", () => {
  it.each([
    ["2", 2],
    ["1", 1],
    ["72", 72],
    ["0", 1],
    ["-5", 1],
    ["73", 72],
    ["1000", 72],
    ["abc", 1],
    ["", 1],
    ["4.7", 4],
    [12, 12],
    [Number.NaN, 1],
  ])("%j becomes %i", (raw, hours) => {
    expect(clampDuration(raw)).toBe(hours);
  });

  it("lets the field be emptied to retype, and clamps everything else at once", () => {
    expect(nextDurationText("")).toBe("");
    expect(nextDurationText("99")).toBe("72");
    expect(nextDurationText("x")).toBe("1");
  });
});

describe("the Share Your Trip form", () => {
  const santiago = { name: "Santiago de Compostela", latitude: 42.88, longitude: -8.54 };

  it("opens on 2 hours and no destination", () => {
    expect(emptyShareForm).toEqual({ durationHours: "2", destination: null });
  });

  it("sends the duration clamped, an empty field as 1 hour, and the picked destination", () => {
    expect(sharePayload({ durationHours: "", destination: null })).toEqual({ durationHours: 1, destination: null });
    expect(sharePayload({ durationHours: "100", destination: santiago })).toEqual({
      durationHours: 72,
      destination: santiago,
    });
  });

  it("passes what it sends through common's schema: a clamped duration always passes, a bad destination does not", async () => {
    for (const durationHours of ["", "0", "abc", "3", "72", "500"]) {
      expect(await validateShareForm({ durationHours, destination: santiago })).toEqual({});
    }
    expect(
      await validateShareForm({
        durationHours: "3",
        destination: { ...santiago, name: "n".repeat(DESTINATION_NAME_MAX + 1) },
      }),
    ).toEqual({ destination: VALIDATION.destinationTooLong });
    expect(await validateShareForm({ durationHours: "3", destination: { ...santiago, latitude: 95 } })).toEqual({
      destination: VALIDATION.latitudeRange,
    });
  });
});

describe("movement threshold", () => {
  const here = { latitude: 48.8566, longitude: 2.3522 };
  // One degree of latitude is about 111.2 km on a 6371 km sphere: 0.0001 degrees is about 11.1 m.
  it("posts the first position, and any move of 10 m or more", () => {
    expect(movedEnough(null, here)).toBe(true);
    expect(movedEnough(here, { ...here, latitude: here.latitude + 0.0001 })).toBe(true);
  });
  it("skips a move under 10 m", () => {
    expect(movedEnough(here, here)).toBe(false);
    expect(movedEnough(here, { ...here, latitude: here.latitude + 0.00008 })).toBe(false);
  });
});

describe("live shares", () => {
  const now = new Date("2030-01-01T12:00:00Z");
  it("are active and not yet expired", () => {
    expect(isLive({ isActive: true, expiresAt: "2030-01-01T12:00:01Z" }, now)).toBe(true);
    expect(isLive({ isActive: true, expiresAt: "2030-01-01T12:00:00Z" }, now)).toBe(false);
    expect(isLive({ isActive: false, expiresAt: "2030-01-02T00:00:00Z" }, now)).toBe(false);
    expect(
      liveTrips(
        [
          { id: 1, isActive: true, expiresAt: "2030-01-01T13:00:00Z" },
          { id: 2, isActive: false, expiresAt: "2030-01-01T13:00:00Z" },
        ],
        now,
      ).map((t) => t.id),
    ).toEqual([1]);
  });
});

describe("geolocation errors", () => {
  it("retries a timeout quietly, waits out a lost fix, and stops on refusal or anything else", () => {
    expect(geolocationFailure(3)).toEqual({ action: "retry" });
    expect(geolocationFailure(2)).toEqual({ action: "stopUnlessRecovered", text: SHARE_TEXTS.unavailable });
    expect(geolocationFailure(1)).toEqual({ action: "stop", text: SHARE_TEXTS.permissionDenied });
    expect(geolocationFailure(0)).toEqual({ action: "stop", text: SHARE_TEXTS.accessDenied });
  });

  it("uses the product's texts", () => {
    expect(SHARE_TEXTS.permissionDenied).toBe(
      "Location permission denied. Please enable location access to share your position.",
    );
    expect(SHARE_TEXTS.unavailable).toBe("Location unavailable. Please check your device's location settings.");
    expect(SHARE_TEXTS.accessDenied).toBe("Location access denied");
  });
});

describe("shareState", () => {
  const now = new Date("2031-07-04T12:00:00Z");
  const live = { isActive: true, expiresAt: "2031-07-04T14:00:00Z", stopped: false };
  const at = (msAgo: number) => ({ createdAt: new Date(now.getTime() - msAgo).toISOString() });

  it("is live only while the newest position is recent", () => {
    expect(shareState(live, at(0), false, now)).toEqual({ kind: "live" });
    expect(shareState(live, at(SHARE_STALE_AFTER_MS), false, now)).toEqual({ kind: "live" });
    const old = at(SHARE_STALE_AFTER_MS + 1);
    expect(shareState(live, old, false, now)).toEqual({ kind: "stale", since: old.createdAt });
  });

  it("waits before the first position, but not while the positions are still being read", () => {
    expect(shareState(live, null, false, now)).toEqual({ kind: "waiting" });
    expect(shareState(live, null, true, now)).toEqual({ kind: "live" });
  });

  it("tells a share stopped by hand from one that ran out", () => {
    expect(shareState({ ...live, isActive: false, stopped: true }, at(0), false, now)).toEqual({ kind: "stopped" });
    expect(shareState({ ...live, isActive: false }, at(0), false, now)).toEqual({ kind: "expired" });
    expect(shareState({ ...live, expiresAt: "2031-07-04T11:00:00Z" }, at(0), false, now)).toEqual({
      kind: "expired",
    });
  });
});
