import { LATITUDE_MAX, LATITUDE_MIN, LONGITUDE_MAX, LONGITUDE_MIN, TRACKER_TEXTS as T } from "@caravan/common";
import { badRequest } from "../../http/errors.js";

/** One position as the apps report it, in Caravan's units: degrees, metres, metres per second, percent. */
export interface TrackerPoint {
  latitude: number;
  longitude: number;
  /** The app's own timestamp; null when it sent none (the server's clock is used). */
  recordedAt: Date | null;
  accuracy: number | null;
  altitude: number | null;
  speed: number | null;
  bearing: number | null;
  battery: number | null;
}

const KNOT_MS = 1852 / 3600;
const KMH_MS = 1000 / 3600;
const NUMERIC = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;
/** ISO 8601 without a zone, as Traccar accepts it ("2014-06-04 09:10:11"): read as UTC. */
const ZONELESS = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/;
/** Unix times up to this are seconds, above it milliseconds (1e11 s is the year 5138). */
const SECONDS_MAX = 1e11;

type Fields = Record<string, unknown>;

/** A number from JSON or from a query string; absent or empty is null, anything else that is not a number is 400. */
function num(value: unknown, field: string): number | null {
  if (value === undefined || value === null || value === "") return null;
  if (Array.isArray(value)) return num(value.at(-1), field);
  const n =
    typeof value === "number" ? value : typeof value === "string" && NUMERIC.test(value.trim()) ? Number(value) : NaN;
  if (!Number.isFinite(n)) throw badRequest(T.numberInvalid(field));
  return n;
}

function within(n: number | null, min: number, max: number, field: string): number | null {
  if (n !== null && (n < min || n > max)) throw badRequest(T.rangeInvalid(field));
  return n;
}

/** Several apps send -1 for "unknown" speed, heading or accuracy; that is not an error, only absent. */
const unknownIfNegative = (n: number | null) => (n !== null && n < 0 ? null : n);

function coordinates(lat: unknown, lon: unknown): { latitude: number; longitude: number } {
  const latitude = safe(() => num(lat, "lat"), T.latitudeInvalid);
  const longitude = safe(() => num(lon, "lon"), T.longitudeInvalid);
  if (latitude === null || latitude < LATITUDE_MIN || latitude > LATITUDE_MAX) throw badRequest(T.latitudeInvalid);
  if (longitude === null || longitude < LONGITUDE_MIN || longitude > LONGITUDE_MAX) {
    throw badRequest(T.longitudeInvalid);
  }
  return { latitude, longitude };
}

function safe<R>(read: () => R, message: string): R {
  try {
    return read();
  } catch {
    throw badRequest(message);
  }
}

/** Unix seconds, Unix milliseconds, or an ISO 8601 date (a date without zone is UTC). */
export function parseTimestamp(value: unknown): Date | null {
  if (value === undefined || value === null || value === "") return null;
  if (Array.isArray(value)) return parseTimestamp(value.at(-1));
  let ms: number;
  if (typeof value === "number" || (typeof value === "string" && NUMERIC.test(value.trim()))) {
    const n = Number(value);
    ms = n > SECONDS_MAX ? n : n * 1000;
  } else if (typeof value === "string") {
    const text = value.trim();
    ms = Date.parse(ZONELESS.test(text) ? `${text.replace(" ", "T")}Z` : text);
  } else {
    ms = NaN;
  }
  // Before 2000 is a phone that has not set its clock yet, not a position worth keeping.
  if (!Number.isFinite(ms) || ms < Date.UTC(2000, 0, 1) || ms > 8.64e15) throw badRequest(T.timestampInvalid);
  return new Date(ms);
}

const percent = (n: number | null, field: string) => within(n, 0, 100, field);

/**
 * OwnTracks HTTP mode (owntracks.org/booklet/tech/json): a `location` becomes a point; the other message types are
 * answered and ignored (null). `vel` is km/h.
 */
export function parseOwnTracks(body: unknown): TrackerPoint | null {
  if (body === null || typeof body !== "object" || Array.isArray(body)) throw badRequest(T.notJson);
  const msg = body as Fields;
  // A zero-length POST (a friend deleted in the app) arrives as an empty object: nothing to do.
  if (msg._type === "encrypted") throw badRequest(T.encryptedUnsupported);
  if (msg._type !== "location") return null;
  return {
    ...coordinates(msg.lat, msg.lon),
    recordedAt: parseTimestamp(msg.tst),
    accuracy: within(num(msg.acc, "acc"), 0, 1e7, "acc"),
    altitude: num(msg.alt, "alt"),
    speed: mult(unknownIfNegative(num(msg.vel, "vel")), KMH_MS),
    bearing: unknownIfNegative(within(num(msg.cog, "cog"), -1, 360, "cog")),
    battery: percent(unknownIfNegative(num(msg.batt, "batt")), "batt"),
  };
}

const mult = (n: number | null, factor: number) => (n === null ? null : n * factor);

/**
 * OsmAnd's online tracking fills its `{3}` (documented as HDOP) with the Android location's accuracy in metres, and
 * 0 when the fix has none. Read as the accuracy when no `accuracy` or `hacc` came with the point.
 */
const osmAndHdop = (raw: unknown): number | null => {
  const metres = unknownIfNegative(within(num(raw, "hdop"), -1, 1e7, "hdop"));
  return metres === 0 ? null : metres;
};

/** The OsmAnd protocol (OsmAnd, Traccar Client, GPSLogger): query string or form fields. `speed` is in knots. */
export function parseOsmAnd(fields: Fields): { token: string | null; point: TrackerPoint } {
  const token = first(fields.id) ?? first(fields.deviceid);
  let lat = fields.lat;
  let lon = fields.lon;
  const location = first(fields.location);
  if ((lat === undefined || lon === undefined) && location !== null) {
    const parts = location.split(",");
    if (parts.length !== 2) throw badRequest(T.locationInvalid);
    [lat, lon] = parts;
  }
  return {
    token,
    point: {
      ...coordinates(lat, lon),
      recordedAt: parseTimestamp(fields.timestamp),
      accuracy: unknownIfNegative(num(fields.accuracy ?? fields.hacc, "accuracy")) ?? osmAndHdop(fields.hdop),
      altitude: num(fields.altitude, "altitude"),
      speed: mult(unknownIfNegative(num(fields.speed, "speed")), KNOT_MS),
      bearing: unknownIfNegative(within(num(fields.bearing ?? fields.heading, "bearing"), -1, 360, "bearing")),
      battery: percent(unknownIfNegative(num(fields.batt, "batt")), "batt"),
    },
  };
}

/**
 * Traccar Client 9's JSON body: `{device_id, location: {timestamp, coords: {...}, battery: {level}}}`. Speed is m/s,
 * battery level a fraction of 1; -1 means unknown.
 */
export function parseTraccarJson(body: Fields): { token: string | null; point: TrackerPoint } {
  const location = body.location;
  if (location === null || typeof location !== "object" || Array.isArray(location)) throw badRequest(T.locationInvalid);
  const loc = location as Fields;
  const coords = (loc.coords && typeof loc.coords === "object" ? loc.coords : {}) as Fields;
  const battery = (loc.battery && typeof loc.battery === "object" ? loc.battery : {}) as Fields;
  const level = unknownIfNegative(within(num(battery.level, "battery.level"), -1, 1, "battery.level"));
  return {
    token: first(body.device_id),
    point: {
      ...coordinates(coords.latitude, coords.longitude),
      recordedAt: parseTimestamp(loc.timestamp),
      accuracy: unknownIfNegative(num(coords.accuracy, "accuracy")),
      altitude: num(coords.altitude, "altitude"),
      speed: unknownIfNegative(num(coords.speed, "speed")),
      bearing: unknownIfNegative(within(num(coords.heading, "heading"), -1, 360, "heading")),
      battery: level === null ? null : Math.round(level * 100),
    },
  };
}

function first(value: unknown): string | null {
  const v = Array.isArray(value) ? value[0] : value;
  return typeof v === "string" && v !== "" ? v : null;
}

/** The password of an HTTP Basic Authorization header; OwnTracks sends any user name with the token as password. */
export function basicPassword(header: string | undefined): string | null {
  const match = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header ?? "");
  if (!match) return null;
  const decoded = Buffer.from(match[1]!, "base64").toString("utf8");
  const colon = decoded.indexOf(":");
  return colon === -1 ? null : decoded.slice(colon + 1);
}
