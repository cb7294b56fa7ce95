import { firstErrors, isValidPoint, locationUpdateSchema, type GroupLocation } from "@caravan/common";
import type { Coordinates } from "./geolocation";
import { parseCoordinate } from "./tracking";

/** The Update Your Location form's fields, as typed. */
export interface LocationFormValues {
  latitude: string;
  longitude: string;
  address: string;
  notes: string;
}

const coordinateText = (n: number | undefined) => (n === undefined ? "" : String(n));

/** The form starts from the member's current location in the group, if any; address and notes start blank. */
export const initialLocationValues = (current: GroupLocation | null): LocationFormValues => ({
  latitude: coordinateText(current?.latitude),
  longitude: coordinateText(current?.longitude),
  address: "",
  notes: "",
});

/** The coordinates as sent: what is not a number becomes 0 (docs/product.md §5). */
export const coordinatesOf = (values: Pick<LocationFormValues, "latitude" | "longitude">): Coordinates => ({
  latitude: parseCoordinate(values.latitude),
  longitude: parseCoordinate(values.longitude),
});

const coordinateRules = locationUpdateSchema.pick(["latitude", "longitude"]);

/** The coordinates' messages, by common's locationUpdateSchema (the server's LocationUpdateDto has the same). */
export const validateLocation = (values: LocationFormValues): Promise<Record<string, string>> =>
  firstErrors(coordinateRules, coordinatesOf(values));

/** A point for the map only when both fields hold numbers in range; the map does not guess from half an entry. */
export function pointOf(values: Pick<LocationFormValues, "latitude" | "longitude">): Coordinates | null {
  if (values.latitude.trim() === "" || values.longitude.trim() === "") return null;
  const point = { latitude: Number(values.latitude), longitude: Number(values.longitude) };
  return isValidPoint(point) ? point : null;
}
