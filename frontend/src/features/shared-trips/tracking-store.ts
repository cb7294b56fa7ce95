import { create } from "zustand";
import type { LatLng } from "@caravan/common";

/**
 * Dashboard location sharing to the user's live shares. Off until Start Sharing; Stop Sharing (or the last live
 * share ending, or a geolocation error) turns it off and forgets the last position.
 */
interface ShareTrackingState {
  tracking: boolean;
  /** A position is being posted right now. */
  updating: boolean;
  /** The last position posted, for the 10 m threshold. */
  lastPosition: LatLng | null;
  start(): void;
  stop(): void;
  setUpdating(updating: boolean): void;
  setLastPosition(position: LatLng): void;
}

export const useShareTracking = create<ShareTrackingState>()((set) => ({
  tracking: false,
  updating: false,
  lastPosition: null,
  start: () => set({ tracking: true }),
  stop: () => set({ tracking: false, updating: false, lastPosition: null }),
  setUpdating: (updating) => set({ updating }),
  setLastPosition: (lastPosition) => set({ lastPosition }),
}));
