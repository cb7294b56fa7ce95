export { useConnectionStore, type ConnectionStatus } from "./connection-store";
export { LiveIndicator } from "./LiveIndicator";
export { belongsTo, refetchOlderThan, RoomSubscription, trackFetchStarts, type RoomHandlers } from "./room";
export { getSocket, reconnectSocket, type CaravanSocket } from "./socket";
export { usePollInterval } from "./use-poll-interval";
export { useRoom, type RoomState } from "./use-room";
