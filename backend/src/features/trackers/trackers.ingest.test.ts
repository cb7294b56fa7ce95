import { describe, expect, it } from "vitest";
import { TRACKER_TEXTS as T } from "@caravan/common";
import {
  basicPassword,
  osmAndToken,
  parseOsmAnd,
  parseOwnTracks,
  parseTimestamp,
  parseTraccarJson,
  readNumber,
  usablePoint,
} from "./trackers.ingest.js";

describe("tracker payloads", () => {
  it("reads timestamps in seconds, milliseconds, ISO 8601 and Traccar's zoneless form (UTC)", () => {
    const at = Date.UTC(2016, 0, 27, 18, 55, 47);
    expect(parseTimestamp(at / 1000)?.getTime()).toBe(at);
    expect(parseTimestamp(String(at))?.getTime()).toBe(at);
    expect(parseTimestamp("2016-01-27T18:55:47Z")?.getTime()).toBe(at);
    expect(parseTimestamp("2016-01-27 18:55:47")?.getTime()).toBe(at);
    expect(parseTimestamp("2016-01-27T20:55:47+02:00")?.getTime()).toBe(at);
    expect(parseTimestamp(undefined)).toBeNull();
    expect(() => parseTimestamp("noon")).toThrow(T.timestampInvalid);
    expect(() => parseTimestamp(12)).toThrow(T.timestampInvalid);
  });

  it("converts every protocol's speed to m/s and keeps -1 as unknown", () => {
    expect(parseOsmAnd({ id: "t", lat: "1", lon: "2", speed: "10" }).speed).toBeCloseTo(5.14444, 4);
    expect(parseOwnTracks({ _type: "location", lat: 1, lon: 2, vel: 36 })!.speed).toBeCloseTo(10, 6);
    const json = parseTraccarJson({ device_id: "t", location: { coords: { latitude: 1, longitude: 2, speed: 4 } } });
    expect(json.speed).toBe(4);
    expect(parseOsmAnd({ id: "t", lat: "1", lon: "2", speed: "-1" }).speed).toBeNull();
  });

  it("reads OsmAnd's hdop as the accuracy in metres, 0 as none, after accuracy and hacc", () => {
    const at = { id: "t", lat: "60", lon: "30" };
    expect(parseOsmAnd({ ...at, hdop: "6.0" }).accuracy).toBe(6);
    expect(parseOsmAnd({ ...at, hdop: "0.0" }).accuracy).toBeNull();
    expect(parseOsmAnd({ ...at, hdop: "6.0", accuracy: "12" }).accuracy).toBe(12);
    expect(parseOsmAnd({ ...at, hdop: "6.0", hacc: "4" }).accuracy).toBe(4);
    // An unusable accuracy gives way to the next source, and unusable everywhere is unknown.
    expect(parseOsmAnd({ ...at, hdop: "6.0", accuracy: "far" }).accuracy).toBe(6);
    expect(parseOsmAnd({ ...at, hdop: "far" }).accuracy).toBeNull();
  });

  it("takes the token from id, deviceid or device_id, and the position from lat/lon or location", () => {
    expect(osmAndToken({ deviceid: "abc", location: "60.5,30.25" })).toBe("abc");
    expect(osmAndToken({ id: ["abc", "def"] })).toBe("abc");
    expect(osmAndToken({ device_id: "abc", location: {} })).toBe("abc");
    expect(osmAndToken({ lat: "1", lon: "2" })).toBeNull();
    expect(parseOsmAnd({ deviceid: "abc", location: "60.5,30.25" })).toMatchObject({
      latitude: 60.5,
      longitude: 30.25,
    });
    expect(() => parseOsmAnd({ id: "t", location: "60.5" })).toThrow(T.locationInvalid);
  });

  it("reads a long run of digits in one pass and refuses it as a position", () => {
    // 99,000 digits and a letter: the old pattern tried every split of the digits between two of its parts.
    const digits = `${"1".repeat(99_000)}x`;
    expect(readNumber(digits)).toBeNaN();
    expect(readNumber("1".repeat(99_000))).toBe(Infinity);
    expect(() => parseOsmAnd({ lat: digits, lon: "1" })).toThrow(T.latitudeInvalid);
    expect(() => parseOwnTracks({ _type: "location", lat: 1, lon: 2, tst: digits })).toThrow(T.timestampInvalid);
    expect(() =>
      parseTraccarJson({ device_id: "t", location: { coords: { latitude: digits, longitude: 1 } } }),
    ).toThrow(T.latitudeInvalid);
  });

  it("reads the number forms the apps write, and nothing else", () => {
    for (const [text, n] of [
      ["42", 42],
      ["-0.883333", -0.883333],
      ["+1.5", 1.5],
      ["1.", 1],
      [".5", 0.5],
      ["1e3", 1000],
      ["2.5E-1", 0.25],
      [" 7 ", 7],
    ] as const) {
      expect(readNumber(text), text).toBe(n);
    }
    for (const text of ["east", "1.2.3", "1e", ".", "+", "0x10", "1,5", "Infinity", "1 2"]) {
      expect(readNumber(text), text).toBeNaN();
    }
    expect(readNumber("")).toBeNull();
    expect(readNumber(undefined)).toBeNull();
    expect(readNumber(["1", "2"])).toBe(2);
  });

  it("drops an optional field out of its range or not a number, keeping the point; refuses a bad position", () => {
    const base = { _type: "location", lat: 46, lon: 11, tst: 1_700_000_000 };
    const odd = parseOwnTracks({ ...base, vel: 1.5e39, cog: 400, batt: 140, acc: -5, alt: 1e9 })!;
    expect(odd).toMatchObject({ latitude: 46, longitude: 11, speed: null, bearing: null, battery: null });
    expect(odd).toMatchObject({ accuracy: null, altitude: null });
    expect(parseOwnTracks({ ...base, vel: "fast", cog: "north", batt: "full", acc: "far", alt: "high" })).toMatchObject(
      { latitude: 46, speed: null, bearing: null, battery: null, accuracy: null, altitude: null },
    );
    expect(parseOwnTracks({ ...base, vel: 3600, cog: 360, batt: 100, acc: 0, alt: -400 })).toMatchObject({
      speed: 1000,
      bearing: 360,
      battery: 100,
      accuracy: 0,
      altitude: -400,
    });
    expect(parseOsmAnd({ lat: "1", lon: "2", speed: "1e300", batt: "101", bearing: "-2" })).toMatchObject({
      speed: null,
      battery: null,
      bearing: null,
    });
    const json = parseTraccarJson({
      device_id: "t",
      location: { coords: { latitude: 1, longitude: 2, speed: 2000, accuracy: 1e40 }, battery: { level: 1.5 } },
    });
    expect(json).toMatchObject({ speed: null, accuracy: null, battery: null });

    expect(() => parseOwnTracks({ ...base, lat: 91 })).toThrow(T.latitudeInvalid);
    expect(() => parseOwnTracks({ ...base, lat: "north" })).toThrow(T.latitudeInvalid);
    expect(() => parseOwnTracks({ ...base, lon: Number.NaN })).toThrow(T.longitudeInvalid);
    expect(() => parseOwnTracks({ ...base, tst: "yesterday" })).toThrow(T.timestampInvalid);
  });

  it("makes any point usable before it is stored, whoever built it", () => {
    const point = {
      latitude: 1,
      longitude: 2,
      recordedAt: null,
      accuracy: Number.NaN,
      altitude: 10,
      speed: 4e38,
      bearing: 90,
      battery: -1,
    };
    expect(usablePoint(point)).toEqual({ ...point, accuracy: null, speed: null, battery: null });
    expect(() => usablePoint({ ...point, latitude: Number.NaN })).toThrow(T.latitudeInvalid);
    expect(() => usablePoint({ ...point, recordedAt: new Date(Number.NaN) })).toThrow(T.timestampInvalid);
  });

  it("ignores OwnTracks messages that are not locations and refuses encrypted ones", () => {
    expect(parseOwnTracks({ _type: "lwt", tst: 1 })).toBeNull();
    expect(parseOwnTracks({})).toBeNull();
    expect(() => parseOwnTracks({ _type: "encrypted", data: "x" })).toThrow(T.encryptedUnsupported);
    expect(() => parseOwnTracks([])).toThrow(T.notJson);
  });

  it("reads the password of a Basic header, whatever the user name", () => {
    expect(basicPassword(`Basic ${Buffer.from("jane:s3cr:et").toString("base64")}`)).toBe("s3cr:et");
    expect(basicPassword("Bearer x")).toBeNull();
    expect(basicPassword(undefined)).toBeNull();
  });
});
