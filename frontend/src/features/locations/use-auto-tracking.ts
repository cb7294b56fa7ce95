import { useCallback, useEffect, useRef, useState } from "react";
import { GROUP_AUTO_UPDATE_MS, GROUP_TRACKING_GEOLOCATION_OPTIONS, LOCATION_TEXTS } from "@caravan/common";
import { failureText, isSessionExpired } from "../../api/client";
import { notify } from "../../components/toaster";
import { useUpdateLocation } from "./api";
import {
  currentPosition,
  GeolocationError,
  geolocationSupported,
  watchGeolocationPermission,
  type Coordinates,
  type PermissionState,
} from "./geolocation";
import { reverseGeocode } from "./reverse-geocode";
import { shouldSkipUpdate } from "./tracking";

export interface AutoTracking {
  enabled: boolean;
  permission: PermissionState;
  setEnabled(on: boolean): void;
}

/**
 * Group auto-tracking (SPEC §4): off by default; on, the position is read every 5 s and posted unless it barely
 * moved. It switches itself off when the browser refuses the position or the session has ended. Leaving the page
 * stops it: nothing runs in the background.
 */
export function useAutoTracking(groupId: number, googleMapsApiKey: string | null): AutoTracking {
  const [enabled, setEnabledState] = useState(false);
  const [permission, setPermission] = useState<PermissionState>("unknown");
  const update = useUpdateLocation(groupId);
  // The timer reads the latest of these without restarting (and without resetting its 5 s rhythm).
  const post = useRef(update.mutateAsync);
  const apiKey = useRef(googleMapsApiKey);
  useEffect(() => {
    post.current = update.mutateAsync;
    apiKey.current = googleMapsApiKey;
  });
  const lastSent = useRef<Coordinates | null>(null);
  const busy = useRef(false);
  /** One 'Location Access Failed' toast per run of failures, not one every five seconds. */
  const failing = useRef(false);

  useEffect(() => watchGeolocationPermission(setPermission), []);

  const stop = useCallback((toast: () => void) => {
    setEnabledState(false);
    toast();
  }, []);

  useEffect(() => {
    if (permission === "denied" && enabled) {
      stop(() => notify("error", LOCATION_TEXTS.permissionDeniedTitle, LOCATION_TEXTS.geolocationDenied));
    }
  }, [permission, enabled, stop]);

  useEffect(() => {
    if (!enabled) return;
    let live = true;
    const tick = async () => {
      if (busy.current) return;
      busy.current = true;
      try {
        const position = await currentPosition(GROUP_TRACKING_GEOLOCATION_OPTIONS);
        if (!live || shouldSkipUpdate(lastSent.current, position)) return;
        const key = apiKey.current;
        const address = key ? await reverseGeocode(key, position) : null;
        if (!live) return;
        await post.current({ ...position, address, notes: LOCATION_TEXTS.autoUpdateNotes });
        lastSent.current = position;
        failing.current = false;
      } catch (err) {
        if (!live) return;
        if (err instanceof GeolocationError && (err.reason === "denied" || err.reason === "unsupported")) {
          const title =
            err.reason === "denied" ? LOCATION_TEXTS.permissionDeniedTitle : LOCATION_TEXTS.accessFailedTitle;
          stop(() => notify("error", title, err.message));
        } else if (isSessionExpired(err)) {
          stop(() => notify("error", LOCATION_TEXTS.trackingAuthErrorTitle, LOCATION_TEXTS.trackingAuthErrorText));
        } else if (!failing.current) {
          failing.current = true;
          const text = err instanceof GeolocationError ? err.message : failureText(err, LOCATION_TEXTS.updateFailed);
          notify("warning", LOCATION_TEXTS.accessFailedTitle, text);
        }
      } finally {
        busy.current = false;
      }
    };
    void tick();
    const timer = window.setInterval(() => void tick(), GROUP_AUTO_UPDATE_MS);
    return () => {
      live = false;
      window.clearInterval(timer);
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
      lastSent.current = null;
      failing.current = false;
      setEnabledState(true);
      notify("success", LOCATION_TEXTS.trackingStarted, LOCATION_TEXTS.trackingStartedText);
    },
    [permission],
  );

  return { enabled, permission, setEnabled };
}
