import { Box, Button, Circle, HStack, IconButton, Popover, Portal, Spinner, Stack, Text } from "@chakra-ui/react";
import { useState } from "react";
import { useNavigate } from "react-router-dom";
import { formatRelativeTime, NOTIFICATION_TEXTS as T, type AppNotification } from "@caravan/common";
import { BellIcon } from "../../components/icons";
import { SwitchRow } from "../../components/SwitchRow";
import { RELATIVE_TIME_REFRESH_MS, useNow } from "../../lib/use-now";
import { feedView, notificationPath, useMarkRead, useNotifications } from "./api";
import {
  browserNotificationsSupported,
  browserPermission,
  enableBrowserNotifications,
  useBrowserNotifications,
} from "./browser-notifications";
import { useLiveNotifications } from "./use-live-notifications";

/** The top bar's bell: a red dot while anything is unread; the list of notifications opens under it. */
export function NotificationBell() {
  const [open, setOpen] = useState(false);
  const feed = useNotifications();
  useLiveNotifications();
  const { items, unread } = feedView(feed.data);
  return (
    <Popover.Root
      open={open}
      onOpenChange={(e) => setOpen(e.open)}
      positioning={{ placement: "bottom-end" }}
      lazyMount
      unmountOnExit
    >
      <Popover.Trigger asChild>
        <IconButton
          variant="ghost"
          aria-label={unread > 0 ? T.bellLabelUnread(unread) : T.bellLabel}
          borderRadius="full"
          position="relative"
          color="fg.muted"
          data-testid="notification-bell"
          data-unread={unread}
        >
          <BellIcon boxSize="5" />
          {unread > 0 && (
            <Box
              position="absolute"
              top="2"
              insetEnd="2.5"
              boxSize="2"
              borderRadius="full"
              bg="red.500"
              borderWidth="2px"
              borderColor="surface.raised"
              boxSizing="content-box"
              data-testid="notification-dot"
            />
          )}
        </IconButton>
      </Popover.Trigger>
      <Portal>
        <Popover.Positioner>
          <Popover.Content
            width="min(24rem, calc(100vw - 1rem))"
            maxH="min(34rem, calc(100dvh - 5rem))"
            borderRadius="xl"
            overflow="hidden"
            display="flex"
            flexDirection="column"
            data-testid="notification-panel"
          >
            <HStack justify="space-between" px="4" pt="3" pb="2" gap="2" borderBottomWidth="1px" borderColor="sand.200">
              <Popover.Title fontWeight="700" color="ink" fontSize="md">
                {T.title}
              </Popover.Title>
              <MarkAllRead disabled={unread === 0} />
            </HStack>
            <Box overflowY="auto" flex="1">
              <NotificationList
                items={items}
                loading={feed.isPending}
                failed={feed.isError}
                hasMore={feed.hasNextPage}
                loadingMore={feed.isFetchingNextPage}
                onLoadMore={() => void feed.fetchNextPage()}
                onOpened={() => setOpen(false)}
              />
            </Box>
            <BrowserNotificationsSwitch />
          </Popover.Content>
        </Popover.Positioner>
      </Portal>
    </Popover.Root>
  );
}

function MarkAllRead({ disabled }: { disabled: boolean }) {
  const markRead = useMarkRead();
  return (
    <Button
      size="xs"
      variant="ghost"
      colorPalette="brand"
      disabled={disabled}
      onClick={() => markRead.mutate(undefined)}
      data-testid="mark-all-read"
    >
      {T.markAllRead}
    </Button>
  );
}

interface NotificationListProps {
  items: AppNotification[];
  loading: boolean;
  failed: boolean;
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore(): void;
  onOpened(): void;
}

function NotificationList({
  items,
  loading,
  failed,
  hasMore,
  loadingMore,
  onLoadMore,
  onOpened,
}: NotificationListProps) {
  const now = useNow(RELATIVE_TIME_REFRESH_MS);
  const markRead = useMarkRead();
  const navigate = useNavigate();
  if (loading)
    return (
      <HStack justify="center" py="8">
        <Spinner size="sm" color="brand.600" />
      </HStack>
    );
  if (failed)
    return (
      <Text px="4" py="6" fontSize="sm" color="fg.error">
        {T.loadFailed}
      </Text>
    );
  if (items.length === 0)
    return (
      <Stack px="4" py="8" gap="1" textAlign="center" data-testid="notifications-empty">
        <Text fontWeight="600" color="ink">
          {T.empty}
        </Text>
        <Text fontSize="sm" color="ink.muted">
          {T.emptyHint}
        </Text>
      </Stack>
    );
  const open = (n: AppNotification) => {
    if (!n.readAt) markRead.mutate([n.id]);
    onOpened();
    const path = notificationPath(n);
    if (path) navigate(path);
  };
  return (
    <Stack as="ul" gap="0" listStyleType="none" data-testid="notification-list">
      {items.map((n) => (
        <Box as="li" key={n.id} borderBottomWidth="1px" borderColor="sand.100">
          <Box
            as="button"
            width="100%"
            textAlign="start"
            px="4"
            py="3"
            display="flex"
            gap="3"
            alignItems="flex-start"
            bg={n.readAt ? "transparent" : "brand.50"}
            _hover={{ bg: n.readAt ? "surface.sunken" : "brand.100" }}
            _focusVisible={{ outline: "2px solid", outlineColor: "brand.500", outlineOffset: "-2px" }}
            cursor="pointer"
            onClick={() => open(n)}
            data-testid="notification-item"
            data-unread={n.readAt ? "false" : "true"}
          >
            <Circle
              size="2"
              mt="1.5"
              flexShrink={0}
              bg={n.readAt ? "transparent" : "brand.600"}
              role={n.readAt ? undefined : "img"}
              aria-label={n.readAt ? undefined : T.unread}
            />
            <Stack gap="0.5" minW="0" flex="1">
              <Text fontSize="sm" color="ink" fontWeight={n.readAt ? "400" : "600"} wordBreak="break-word">
                {n.text}
              </Text>
              <Text asChild fontSize="xs" color="ink.muted">
                <time dateTime={n.createdAt}>{formatRelativeTime(n.createdAt, now)}</time>
              </Text>
            </Stack>
          </Box>
        </Box>
      ))}
      {hasMore && (
        <Box as="li" px="4" py="2" textAlign="center">
          <Button size="xs" variant="ghost" onClick={onLoadMore} loading={loadingMore}>
            {T.loadMore}
          </Button>
        </Box>
      )}
    </Stack>
  );
}

/** Off by default; switching on is what asks the browser for permission. */
function BrowserNotificationsSwitch() {
  const enabled = useBrowserNotifications((s) => s.enabled);
  const setEnabled = useBrowserNotifications((s) => s.setEnabled);
  const [permission, setPermission] = useState(browserPermission);
  const supported = browserNotificationsSupported();
  const denied = permission === "denied";
  const toggle = async (on: boolean) => {
    if (!on) return setEnabled(false);
    setPermission(await enableBrowserNotifications());
  };
  return (
    <Box px="4" py="3" borderTopWidth="1px" borderColor="sand.200" bg="surface.sunken">
      <SwitchRow
        checked={enabled && permission === "granted"}
        onCheckedChange={(on) => void toggle(on)}
        disabled={!supported || denied}
        size="sm"
        testId="browser-notifications"
        label={T.browserToggle}
        hint={!supported ? T.browserUnsupported : denied ? T.browserDenied : T.browserToggleHint}
        hintColor={denied || !supported ? "fg.error" : "ink.muted"}
      />
    </Box>
  );
}
