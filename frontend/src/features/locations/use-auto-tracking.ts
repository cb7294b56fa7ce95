import { useCallback, useEffect, useRef, useState } from "react";
import {
  GROUP_AUTO_UPDATE_MS,
  GROUP_TRACKING_GEOLOCATION_OPTIONS,
  GROUP_TRACKING_MIN_SEND_GAP_MS,
  LOCATION_TEXTS,
} from "@caravan/common";
import { failureText, isSessionExpired } from "../../api/client";
import { notify } from "../../components/toaster";
import { useUpdateLocation } from "./api";
import {
  currentPosition,
  GeolocationError,
  geolocationSupported,
  watchGeolocationPermission,
  watchPosition,
  type Coordinates,
  type PermissionState,
} from "./geolocation";
import { reverseGeocode } from "./reverse-geocode";
import { createMoveSender } from "./tracking";

export interface AutoTracking {
  enabled: boolean;
  permission: PermissionState;
  setEnabled(on: boolean): void;
}

/** The watch asks for no timeout of its own: a device standing still sends no fix, and that is no failure. */
const WATCH_OPTIONS: PositionOptions = {
  enableHighAccuracy: GROUP_TRACKING_GEOLOCATION_OPTIONS.enableHighAccuracy,
  maximumAge: GROUP_TRACKING_GEOLOCATION_OPTIONS.maximumAge,
};

/**
 * Group auto-tracking (docs/product.md §4): off by default; on, the position is watched and each move is posted as it happens,
 * at most once a second (GROUP_TRACKING_MIN_SEND_GAP_MS), unless it barely moved (docs/product.md §9's skip rule). Every 5 s
 * the position is also asked for, no older than that, in case the watch has stalled; a check that finds no move
 * posts nothing. It switches itself off when the browser refuses the position or the session has ended. Leaving the
 * page stops it: nothing runs in the background.
 */
export function useAutoTracking(groupId: number, googleMapsApiKey: string | null): AutoTracking {
  const [enabled, setEnabledState] = useState(false);
  const [permission, setPermission] = useState<PermissionState>("unknown");
  const update = useUpdateLocation(groupId);
  // The watch reads the latest of these without restarting.
  const post = useRef(update.mutateAsync);
  const apiKey = useRef(googleMapsApiKey);
  useEffect(() => {
    post.current = update.mutateAsync;
    apiKey.current = googleMapsApiKey;
  });
  /** One 'Location Access Failed' toast per run of failures, not one per fix. */
  const failing = useRef(false);

  const stop = useCallback((toast: () => void) => {
    setEnabledState(false);
    toast();
  }, []);

  // Access withdrawn in the browser's settings while tracking: it stops, and says why.
  const enabledNow = useRef(enabled);
  useEffect(() => {
    enabledNow.current = enabled;
  });
  useEffect(
    () =>
      watchGeolocationPermission((state) => {
        setPermission(state);
        if (state === "denied" && enabledNow.current) {
          enabledNow.current = false;
          stop(() => notify("error", LOCATION_TEXTS.permissionDeniedTitle, LOCATION_TEXTS.geolocationDenied));
        }
      }),
    [stop],
  );

  useEffect(() => {
    if (!enabled) return;
    let live = true;
    const fail = (err: unknown) => {
      if (!live) return;
      if (err instanceof GeolocationError && (err.reason === "denied" || err.reason === "unsupported")) {
        live = false;
        const title = err.reason === "denied" ? LOCATION_TEXTS.permissionDeniedTitle : LOCATION_TEXTS.accessFailedTitle;
        stop(() => notify("error", title, err.message));
      } else if (isSessionExpired(err)) {
        live = false;
        stop(() => notify("error", LOCATION_TEXTS.trackingAuthErrorTitle, LOCATION_TEXTS.trackingAuthErrorText));
      } else if (!failing.current) {
        failing.current = true;
        const text = err instanceof GeolocationError ? err.message : failureText(err, LOCATION_TEXTS.updateFailed);
        notify("warning", LOCATION_TEXTS.accessFailedTitle, text);
      }
    };
    const sender = createMoveSender(async (position) => {
      if (!live) return;
      try {
        const key = apiKey.current;
        const address = key ? await reverseGeocode(key, position) : null;
        if (!live) return;
        await post.current({ ...position, address, notes: LOCATION_TEXTS.autoUpdateNotes });
        failing.current = false;
      } catch (err) {
        fail(err);
        throw err;
      }
    }, GROUP_TRACKING_MIN_SEND_GAP_MS);
    const offer = (position: Coordinates) => {
      if (live) sender.offer(position);
    };
    const stopWatching = watchPosition(WATCH_OPTIONS, offer, fail);
    let checking = false;
    const check = async () => {
      if (checking) return;
      checking = true;
      try {
        offer(await currentPosition(GROUP_TRACKING_GEOLOCATION_OPTIONS));
      } catch (err) {
        fail(err);
      } finally {
        checking = false;
      }
    };
    const timer = window.setInterval(() => void check(), GROUP_AUTO_UPDATE_MS);
    return () => {
      live = false;
      window.clearInterval(timer);
      stopWatching();
      sender.stop();
    };
  }, [enabled, stop]);

  const setEnabled = useCallback(
    (on: boolean) => {
      if (!on) {
        setEnabledState(false);
        notify("info", LOCATION_TEXTS.trackingStopped, LOCATION_TEXTS.trackingStoppedText);
        return;
      }
      if (!geolocationSupported()) {
        notify("error", LOCATION_TEXTS.accessFailedTitle, LOCATION_TEXTS.geolocationUnsupported);
        return;
      }
      if (permission === "denied") {
        notify("error", LOCATION_TEXTS.permissionRequiredTitle, LOCATION_TEXTS.permissionHint);
        return;
      }
      failing.current = false;
      setEnabledState(true);
      notify("success", LOCATION_TEXTS.trackingStarted, LOCATION_TEXTS.trackingStartedText);
    },
    [permission],
  );

  return { enabled, permission, setEnabled };
}
