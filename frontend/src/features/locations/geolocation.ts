/** The browser's Geolocation API as promises, with docs/product.md §8's texts for each way it fails. */
import { LOCATION_TEXTS } from "@caravan/common";

export type GeolocationFailure = "denied" | "unavailable" | "timeout" | "unsupported" | "failed";

export class GeolocationError extends Error {
  override readonly name = "GeolocationError";
  constructor(readonly reason: GeolocationFailure) {
    super(geolocationErrorText(reason));
  }
}

export function geolocationErrorText(reason: GeolocationFailure): string {
  switch (reason) {
    case "denied":
      return LOCATION_TEXTS.geolocationDenied;
    case "unavailable":
      return LOCATION_TEXTS.geolocationUnavailable;
    case "timeout":
      return LOCATION_TEXTS.geolocationTimeout;
    case "unsupported":
      return LOCATION_TEXTS.geolocationUnsupported;
    default:
      return LOCATION_TEXTS.geolocationFailed;
  }
}

function reasonOf(err: GeolocationPositionError): GeolocationFailure {
  if (err.code === err.PERMISSION_DENIED) return "denied";
  if (err.code === err.POSITION_UNAVAILABLE) return "unavailable";
  if (err.code === err.TIMEOUT) return "timeout";
  return "failed";
}

export const geolocationSupported = () => typeof navigator !== "undefined" && "geolocation" in navigator;

export interface Coordinates {
  latitude: number;
  longitude: number;
}

export function currentPosition(options: PositionOptions): Promise<Coordinates> {
  return new Promise((resolve, reject) => {
    if (!geolocationSupported()) {
      reject(new GeolocationError("unsupported"));
      return;
    }
    navigator.geolocation.getCurrentPosition(
      (pos) => resolve({ latitude: pos.coords.latitude, longitude: pos.coords.longitude }),
      (err) => reject(new GeolocationError(reasonOf(err))),
      options,
    );
  });
}

/**
 * Follows the device's position: `onPosition` with each new fix, `onError` when the browser fails; returns the way to
 * stop. The browser keeps watching after a timeout or an unavailable fix, and reports the next one.
 */
export function watchPosition(
  options: PositionOptions,
  onPosition: (position: Coordinates) => void,
  onError: (error: GeolocationError) => void,
): () => void {
  if (!geolocationSupported()) {
    onError(new GeolocationError("unsupported"));
    return () => undefined;
  }
  const id = navigator.geolocation.watchPosition(
    (pos) => onPosition({ latitude: pos.coords.latitude, longitude: pos.coords.longitude }),
    (err) => onError(new GeolocationError(reasonOf(err))),
    options,
  );
  return () => navigator.geolocation.clearWatch(id);
}

export type PermissionState = "granted" | "denied" | "prompt" | "unknown";

/**
 * Follows the geolocation permission while `onChange` is subscribed. Browsers without the Permissions API report
 * "unknown", and the switch stays usable: asking for a position is then the only way to find out.
 */
export function watchGeolocationPermission(onChange: (state: PermissionState) => void): () => void {
  let status: PermissionStatus | null = null;
  let live = true;
  const report = () => status && onChange(status.state as PermissionState);
  if (!navigator.permissions?.query) {
    onChange("unknown");
    return () => undefined;
  }
  navigator.permissions.query({ name: "geolocation" }).then(
    (s) => {
      if (!live) return;
      status = s;
      report();
      s.addEventListener("change", report);
    },
    () => live && onChange("unknown"),
  );
  return () => {
    live = false;
    status?.removeEventListener("change", report);
  };
}
