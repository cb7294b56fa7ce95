import type { Group } from "@caravan/common";
import type { Coordinates } from "./geolocation";

export interface Destination extends Coordinates {
  name: string;
  address: string | null;
}

/** The group's main destination when it has coordinates to put on a map or measure to. */
export function destinationOf(group: Group): Destination | null {
  const { destinationName, destinationLatitude: latitude, destinationLongitude: longitude } = group;
  if (!destinationName || latitude === null || longitude === null) return null;
  return { name: destinationName, address: group.destinationAddress, latitude, longitude };
}

/** Google Maps driving directions from the member's own location (when shared) to the destination. */
export function directionsUrl(origin: Coordinates | null, destination: Coordinates): string {
  // Numbers only, so nothing needs escaping; commas stay readable.
  const at = (p: Coordinates) => `${p.latitude},${p.longitude}`;
  const from = origin ? `&origin=${at(origin)}` : "";
  return `https://www.google.com/maps/dir/?api=1${from}&destination=${at(destination)}&travelmode=driving`;
}

/**
 * Where Map Selection opens before a point is chosen: the member's own last position, else the group's destination,
 * else its members' positions (all of them in view); none of these, and the picker opens on the product's default centre.
 */
export function pickerStartPoints(
  mine: Coordinates | null,
  destination: Coordinates | null,
  members: Coordinates[],
): Coordinates[] {
  if (mine) return [mine];
  if (destination) return [destination];
  return members;
}
