import { create } from "zustand";

/**
 * - connecting: the tab's socket has not connected yet (or none was needed so far);
 * - connected: events arrive as they happen;
 * - reconnecting: the connection was lost or refused; Socket.IO keeps retrying.
 */
export type ConnectionStatus = "connecting" | "connected" | "reconnecting";

interface ConnectionState {
  status: ConnectionStatus;
  setStatus(status: ConnectionStatus): void;
}

export const useConnectionStore = create<ConnectionState>((set) => ({
  status: "connecting",
  setStatus: (status) => set({ status }),
}));
