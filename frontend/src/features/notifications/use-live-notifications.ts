import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { useNavigate } from "react-router-dom";
import { getSocket, useRoom } from "../../realtime";
import { applyNotification, notificationKeys, notificationPath } from "./api";
import { showBrowserNotification } from "./browser-notifications";

/**
 * Notifications arrive on the user's own room, which every signed-in socket is in: each goes on top of the list at
 * once (and to the system tray when switched on). After a reconnect the list is fetched again, since pushes sent
 * while offline are lost.
 */
export function useLiveNotifications(): void {
  const client = useQueryClient();
  const navigate = useNavigate();
  useRoom(
    null,
    {
      "notification:created": (n) => {
        applyNotification(client, n);
        showBrowserNotification(n, () => {
          const path = notificationPath(n);
          if (path) navigate(path);
        });
      },
    },
    [notificationKeys.all],
  );
  useEffect(() => {
    const socket = getSocket();
    let connectedBefore = socket.connected;
    const onConnect = () => {
      if (connectedBefore) void client.invalidateQueries({ queryKey: notificationKeys.all });
      connectedBefore = true;
    };
    socket.on("connect", onConnect);
    return () => void socket.off("connect", onConnect);
  }, [client]);
}
