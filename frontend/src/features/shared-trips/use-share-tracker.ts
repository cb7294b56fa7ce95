import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import { GEOLOCATION_OPTIONS, SHARE_TEXTS, SPEED_MAX_MPS, type SharedTrip } from "@caravan/common";
import { ApiError } from "../../api/client";
import { notify } from "../../components/toaster";
import { postSharedLocation, sharedTripKeys } from "./api";
import { geolocationFailure, movedEnough } from "./rules";
import { useShareTracking } from "./tracking-store";

/** How long a lost fix may last before sharing stops: one full position request. */
const UNAVAILABLE_GRACE_MS = GEOLOCATION_OPTIONS.timeout;

/**
 * While tracking is on, watches the device's position and posts each change of 10 m or more to every live share.
 * Turns itself off when no live share remains. Returns the Start Sharing / Stop Sharing toggle.
 */
export function useShareTracker(live: readonly SharedTrip[]) {
  const client = useQueryClient();
  const tracking = useShareTracking((s) => s.tracking);
  const liveRef = useRef(live);
  useEffect(() => {
    liveRef.current = live;
  });
  // Bumped after a timeout, to start a fresh watch rather than wait on one the browser has given up on.
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (tracking && live.length === 0) useShareTracking.getState().stop();
  }, [tracking, live.length]);

  useEffect(() => {
    if (!tracking || !("geolocation" in navigator)) return;
    const store = useShareTracking.getState;
    let active = true;
    let unavailableTimer: ReturnType<typeof setTimeout> | undefined;

    const fail = (text: string) => {
      store().stop();
      notify("error", SHARE_TEXTS.trackingErrorTitle, text);
    };

    const onPosition = async (position: GeolocationPosition) => {
      clearTimeout(unavailableTimer);
      unavailableTimer = undefined;
      const next = { latitude: position.coords.latitude, longitude: position.coords.longitude };
      if (!active || !movedEnough(store().lastPosition, next)) return;
      store().setLastPosition(next);
      store().setUpdating(true);
      const targets = liveRef.current;
      const results = await Promise.allSettled(
        targets.map((trip) =>
          postSharedLocation(trip.shareToken, { ...next, address: null, notes: null, speed: speedOf(position) }),
        ),
      );
      if (active) store().setUpdating(false);
      let ended = false;
      results.forEach((r, i) => {
        if (r.status === "fulfilled") return;
        // Post failures are only logged (docs/product.md §8); a share that ended elsewhere drops off after a refetch.
        console.warn(`Could not post the location to shared trip ${targets[i]?.id}`, r.reason);
        if (r.reason instanceof ApiError && r.reason.status === 410) ended = true;
      });
      if (ended) void client.invalidateQueries({ queryKey: sharedTripKeys.mine });
    };

    const onError = (error: GeolocationPositionError) => {
      if (!active) return;
      const failure = geolocationFailure(error.code);
      if (failure.action === "retry") setAttempt((n) => n + 1);
      else if (failure.action === "stop") fail(failure.text);
      else unavailableTimer ??= setTimeout(() => active && fail(failure.text), UNAVAILABLE_GRACE_MS);
    };

    const id = navigator.geolocation.watchPosition((p) => void onPosition(p), onError, GEOLOCATION_OPTIONS);
    return () => {
      active = false;
      clearTimeout(unavailableTimer);
      navigator.geolocation.clearWatch(id);
    };
  }, [tracking, attempt, client]);

  const toggle = useCallback(() => {
    const store = useShareTracking.getState();
    if (store.tracking) {
      store.stop();
      return;
    }
    if (liveRef.current.length === 0) {
      notify("warning", SHARE_TEXTS.noActiveTitle, SHARE_TEXTS.noActiveText);
      return;
    }
    if (!("geolocation" in navigator)) {
      notify("error", SHARE_TEXTS.geolocationUnsupportedTitle, SHARE_TEXTS.geolocationUnsupportedText);
      return;
    }
    store.start();
  }, []);

  return { tracking, toggle };
}

/** The device's speed in m/s when it reports a usable one (watchers' ETA), else null. */
function speedOf(position: GeolocationPosition): number | null {
  const speed = position.coords.speed;
  return speed !== null && Number.isFinite(speed) && speed >= 0 && speed <= SPEED_MAX_MPS ? speed : null;
}
