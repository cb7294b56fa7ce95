import {
  LATITUDE_MAX,
  LATITUDE_MIN,
  LONGITUDE_MAX,
  LONGITUDE_MIN,
  SPEED_MAX_MPS,
  TRACKER_ACCURACY_MAX_METERS,
  TRACKER_ALTITUDE_MAX_METERS,
  TRACKER_ALTITUDE_MIN_METERS,
  TRACKER_TEXTS as T,
} from "@caravan/common";
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
/**
 * A decimal number as the apps write one. Each alternative starts differently and every part after the digits starts
 * with its own character, so a run of digits can be matched one way only: the time is linear in the length.
 */
const NUMERIC = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;
/** ISO 8601 without a zone, as Traccar accepts it ("2014-06-04 09:10:11"): read as UTC. */
const ZONELESS = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/;
/** Unix times up to this are seconds, above it milliseconds (1e11 s is the year 5138). */
const SECONDS_MAX = 1e11;
const BEARING_MAX_DEGREES = 360;

type Fields = Record<string, unknown>;

/** A number from JSON or from a query string: null when absent or empty, NaN when it is anything else. */
export function readNumber(value: unknown): number | null {
  if (value === undefined || value === null || value === "") return null;
  if (Array.isArray(value)) return readNumber(value.at(-1));
  if (typeof value === "number") return value;
  return typeof value === "string" && NUMERIC.test(value.trim()) ? Number(value) : NaN;
}

/** The value when it is a number within [min, max]; otherwise (absent, garbage, out of range) unknown. */
const inRange = (n: number | null, min: number, max: number): number | null =>
  n !== null && n >= min && n <= max ? n : null;

const times = (n: number | null, factor: number) => (n === null ? null : n * factor);

/** Refuses a position that is missing, not a number or off the globe: a point without one is worth nothing. */
function position(latitude: number | null, longitude: number | null): { latitude: number; longitude: number } {
  // Written so that NaN fails too.
  if (latitude === null || !(latitude >= LATITUDE_MIN && latitude <= LATITUDE_MAX)) throw badRequest(T.latitudeInvalid);
  if (longitude === null || !(longitude >= LONGITUDE_MIN && longitude <= LONGITUDE_MAX)) {
    throw badRequest(T.longitudeInvalid);
  }
  return { latitude, longitude };
}

/**
 * Which points are kept and what of them. Only the position and the time decide whether a point is usable: a
 * latitude or longitude that is missing, not a number or out of range, or a timestamp that cannot be read, refuses
 * the point with 400, and nothing is written. Every other field (accuracy, altitude, speed, bearing, battery) is
 * optional and comes from sensors that misreport now and then: a value out of its range, or not a number at all, is
 * dropped (stored as unknown) and the point is kept. The -1 that several apps send for an unknown speed, heading or
 * accuracy is dropped the same way. Refusing such a point would lose the position, and the apps resend a
 * refused point forever. The storing service runs every point through this before it writes anything, so nothing
 * the database cannot hold reaches it.
 */
export function usablePoint(point: TrackerPoint): TrackerPoint {
  const { latitude, longitude } = position(point.latitude, point.longitude);
  if (point.recordedAt !== null && !Number.isFinite(point.recordedAt.getTime())) throw badRequest(T.timestampInvalid);
  return {
    latitude,
    longitude,
    recordedAt: point.recordedAt,
    accuracy: inRange(point.accuracy, 0, TRACKER_ACCURACY_MAX_METERS),
    altitude: inRange(point.altitude, TRACKER_ALTITUDE_MIN_METERS, TRACKER_ALTITUDE_MAX_METERS),
    speed: inRange(point.speed, 0, SPEED_MAX_MPS),
    bearing: inRange(point.bearing, 0, BEARING_MAX_DEGREES),
    battery: inRange(point.battery, 0, 100),
  };
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
  return usablePoint({
    ...position(readNumber(msg.lat), readNumber(msg.lon)),
    recordedAt: parseTimestamp(msg.tst),
    accuracy: readNumber(msg.acc),
    altitude: readNumber(msg.alt),
    speed: times(readNumber(msg.vel), KMH_MS),
    bearing: readNumber(msg.cog),
    battery: readNumber(msg.batt),
  });
}

/**
 * OsmAnd's online tracking fills its `{3}` (documented as HDOP) with the Android location's accuracy in metres, and
 * 0 when the fix has none. Read as the accuracy when no usable `accuracy` or `hacc` came with the point.
 */
const accuracyOf = (n: number | null) => inRange(n, 0, TRACKER_ACCURACY_MAX_METERS);
const osmAndHdop = (raw: unknown): number | null => {
  const metres = accuracyOf(readNumber(raw));
  return metres === 0 ? null : metres;
};

/**
 * The token of an OsmAnd-protocol request: `id` or `deviceid` in the query string or form, `device_id` in Traccar
 * Client 9's JSON body. Read before anything else of the request, which is parsed only once the token is known.
 */
export function osmAndToken(fields: Fields): string | null {
  return first(fields.device_id) ?? first(fields.id) ?? first(fields.deviceid);
}

/** Traccar Client 9 sends a JSON body whose `location` is an object; the other apps send flat fields. */
export const isTraccarJson = (fields: Fields) => fields.location !== null && typeof fields.location === "object";

/** The OsmAnd protocol (OsmAnd, Traccar Client, GPSLogger): query string or form fields. `speed` is in knots. */
export function parseOsmAnd(fields: Fields): TrackerPoint {
  let lat = fields.lat;
  let lon = fields.lon;
  const location = first(fields.location);
  if ((lat === undefined || lon === undefined) && location !== null) {
    const parts = location.split(",");
    if (parts.length !== 2) throw badRequest(T.locationInvalid);
    [lat, lon] = parts;
  }
  return usablePoint({
    ...position(readNumber(lat), readNumber(lon)),
    recordedAt: parseTimestamp(fields.timestamp),
    accuracy: accuracyOf(readNumber(fields.accuracy)) ?? accuracyOf(readNumber(fields.hacc)) ?? osmAndHdop(fields.hdop),
    altitude: readNumber(fields.altitude),
    speed: times(readNumber(fields.speed), KNOT_MS),
    bearing: readNumber(fields.bearing ?? fields.heading),
    battery: readNumber(fields.batt),
  });
}

/**
 * Traccar Client 9's JSON body: `{device_id, location: {timestamp, coords: {...}, battery: {level}}}`. Speed is m/s,
 * battery level a fraction of 1; -1 means unknown.
 */
export function parseTraccarJson(body: Fields): TrackerPoint {
  const location = body.location;
  if (location === null || typeof location !== "object" || Array.isArray(location)) throw badRequest(T.locationInvalid);
  const loc = location as Fields;
  const coords = (loc.coords && typeof loc.coords === "object" ? loc.coords : {}) as Fields;
  const battery = (loc.battery && typeof loc.battery === "object" ? loc.battery : {}) as Fields;
  const level = times(readNumber(battery.level), 100);
  return usablePoint({
    ...position(readNumber(coords.latitude), readNumber(coords.longitude)),
    recordedAt: parseTimestamp(loc.timestamp),
    accuracy: readNumber(coords.accuracy),
    altitude: readNumber(coords.altitude),
    speed: readNumber(coords.speed),
    bearing: readNumber(coords.heading),
    battery: level === null ? null : Math.round(level),
  });
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
