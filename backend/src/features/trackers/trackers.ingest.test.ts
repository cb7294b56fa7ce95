import { describe, expect, it } from "vitest";
import { TRACKER_TEXTS as T } from "@caravan/common";
import { basicPassword, parseOsmAnd, parseOwnTracks, parseTimestamp, parseTraccarJson } from "./trackers.ingest.js";

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
    expect(parseOsmAnd({ id: "t", lat: "1", lon: "2", speed: "10" }).point.speed).toBeCloseTo(5.14444, 4);
    expect(parseOwnTracks({ _type: "location", lat: 1, lon: 2, vel: 36 })!.speed).toBeCloseTo(10, 6);
    const json = parseTraccarJson({ device_id: "t", location: { coords: { latitude: 1, longitude: 2, speed: 4 } } });
    expect(json.point.speed).toBe(4);
    expect(parseOsmAnd({ id: "t", lat: "1", lon: "2", speed: "-1" }).point.speed).toBeNull();
  });

  it("reads OsmAnd's hdop as the accuracy in metres, 0 as none, after accuracy and hacc", () => {
    const at = { id: "t", lat: "60", lon: "30" };
    expect(parseOsmAnd({ ...at, hdop: "6.0" }).point.accuracy).toBe(6);
    expect(parseOsmAnd({ ...at, hdop: "0.0" }).point.accuracy).toBeNull();
    expect(parseOsmAnd({ ...at, hdop: "6.0", accuracy: "12" }).point.accuracy).toBe(12);
    expect(parseOsmAnd({ ...at, hdop: "6.0", hacc: "4" }).point.accuracy).toBe(4);
    expect(() => parseOsmAnd({ ...at, hdop: "far" })).toThrow();
  });

  it("takes the token from id or deviceid, and the position from lat/lon or location", () => {
    expect(parseOsmAnd({ deviceid: "abc", location: "60.5,30.25" })).toMatchObject({
      token: "abc",
      point: { latitude: 60.5, longitude: 30.25 },
    });
    expect(() => parseOsmAnd({ id: "t", location: "60.5" })).toThrow(T.locationInvalid);
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
