import { Box, Button, Center, Flex, HStack, Heading, Spinner, Stack, Text } from "@chakra-ui/react";
import { useInfiniteQuery } from "@tanstack/react-query";
import { useDeferredValue, useEffect, useLayoutEffect, useMemo, useRef, useState } from "react";
import { CHAT_TEXTS, GROUP_TEXTS, POLL_MS } from "@caravan/common";
import { ArrowDownIcon, ListChecksIcon, MessageIcon } from "../../components/icons";
import { usePollInterval } from "../../realtime";
import { ChecklistsDialog } from "../checklists";
import { flattenPages, messagesQuery } from "./api";
import { MessageComposer } from "./MessageComposer";
import { MessageList } from "./MessageList";
import { SectionCard } from "../../components/SectionCard";

/** How close to the end of the list still counts as reading the latest messages. */
const BOTTOM_SLACK_PX = 48;

interface GroupMessagesPanelProps {
  groupId: number;
  currentUserId: string;
}

/** Group Messages: the chat, its composer and the checklists button (docs/product.md §2). */
export function GroupMessagesPanel({ groupId, currentUserId }: GroupMessagesPanelProps) {
  // New messages arrive in the cache through the group page's events (app/group-events.ts).
  const pollInterval = usePollInterval(POLL_MS.groupMessages);
  const query = useInfiniteQuery({ ...messagesQuery(groupId), refetchInterval: pollInterval });
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  // What arrives is drawn as a deferred render, which yields to the browser every few milliseconds: the first page
  // of messages otherwise reaches the page in one task as it starts (a query's answer is drawn synchronously).
  const data = useDeferredValue(query.data);
  const pending = data === undefined && !query.isError;
  const messages = useMemo(() => flattenPages(data), [data]);
  const newest = messages.at(-1);
  const newestId = newest?.id ?? 0;
  const oldestId = messages[0]?.id ?? 0;

  const panelRef = useRef<HTMLElement>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const topRef = useRef<HTMLDivElement>(null);
  const [checklistsOpen, setChecklistsOpen] = useState(false);

  // The red dot: messages that arrived while the panel was out of view.
  const [inView, setInView] = useState(true);
  const [seenId, setSeenId] = useState<number | null>(null);
  if (data !== undefined && (seenId === null || inView) && seenId !== newestId) setSeenId(newestId);
  const unseen = seenId !== null && newestId > seenId && newest?.userId !== currentUserId;

  // The jump button: messages that arrived below while the reader was scrolled up in the list.
  const [atBottom, setAtBottom] = useState(true);
  const [leftBottomAt, setLeftBottomAt] = useState(0);
  const showJump = !atBottom && newestId > leftBottomAt;

  useEffect(() => {
    const panel = panelRef.current;
    if (!panel) return;
    const observer = new IntersectionObserver(([entry]) => setInView(Boolean(entry?.isIntersecting)), {
      threshold: 0.2,
    });
    observer.observe(panel);
    return () => observer.disconnect();
  }, []);

  // Reaching the top of the list loads the page before it: once the messages shown are the query's, not while the
  // first page is still being drawn (the list is short then, and its top in view).
  const olderToLoad = hasNextPage && data === query.data;
  useEffect(() => {
    const list = listRef.current;
    const top = topRef.current;
    if (!list || !top || !olderToLoad) return;
    const observer = new IntersectionObserver(
      ([entry]) => {
        if (entry?.isIntersecting && !isFetchingNextPage) void fetchNextPage();
      },
      { root: list, rootMargin: "120px 0px 0px 0px" },
    );
    observer.observe(top);
    return () => observer.disconnect();
  }, [olderToLoad, isFetchingNextPage, fetchNextPage]);

  // Older messages go in above what the reader is looking at: keep it in place.
  const heightBefore = useRef(0);
  const oldestBefore = useRef(0);
  useLayoutEffect(() => {
    const list = listRef.current;
    if (!list) return;
    if (oldestBefore.current && oldestId && oldestId < oldestBefore.current) {
      list.scrollTop += list.scrollHeight - heightBefore.current;
    }
    oldestBefore.current = oldestId;
  }, [oldestId]);

  // New messages scroll into view when the reader is at the latest ones, or wrote them.
  const newestBefore = useRef(0);
  const atBottomRef = useRef(true);
  const newestUserId = newest?.userId;
  useLayoutEffect(() => {
    const list = listRef.current;
    if (!list || !newestId || newestId === newestBefore.current) return;
    const first = newestBefore.current === 0;
    newestBefore.current = newestId;
    const toEnd = () => {
      list.scrollTop = list.scrollHeight;
    };
    // The first messages come with the page, whose layout the height would make the browser do at once, here: in
    // the next frame, before it is painted, the page is laid out once.
    if (first) {
      const frame = requestAnimationFrame(toEnd);
      return () => cancelAnimationFrame(frame);
    }
    if (atBottomRef.current || newestUserId === currentUserId) toEnd();
  }, [newestId, newestUserId, currentUserId]);

  // Measured only while older messages are on their way: reading the height makes the browser lay the page out at
  // once, and on every render that is most of the cost of loading the group page.
  useLayoutEffect(() => {
    if (isFetchingNextPage && listRef.current) heightBefore.current = listRef.current.scrollHeight;
  });

  const onScroll = () => {
    const list = listRef.current;
    if (!list) return;
    const bottom = list.scrollHeight - list.scrollTop - list.clientHeight < BOTTOM_SLACK_PX;
    atBottomRef.current = bottom;
    if (bottom === atBottom) return;
    setAtBottom(bottom);
    if (!bottom) setLeftBottomAt(newestId);
  };

  const jumpToLatest = () => {
    const list = listRef.current;
    if (list) list.scrollTo({ top: list.scrollHeight, behavior: "smooth" });
  };

  return (
    <SectionCard
      p="0"
      ref={panelRef}
      aria-labelledby="group-messages-title"
      overflow="hidden"
      display="flex"
      flexDirection="column"
      data-testid="messages-panel"
    >
      {/* On the narrowest phones the Checklists button moves under the title instead of covering it. */}
      <HStack
        justify="space-between"
        gap="2"
        flexWrap="wrap"
        px="4"
        py="3.5"
        borderBottomWidth="1px"
        borderColor="sand.100"
      >
        <HStack gap="2.5" flexShrink={0}>
          <Box position="relative" flexShrink={0}>
            <Center boxSize="9" borderRadius="xl" bg="brand.50" color="brand.600">
              <MessageIcon boxSize="4.5" />
            </Center>
            {unseen && (
              <Box
                position="absolute"
                top="-0.5"
                right="-0.5"
                boxSize="3"
                borderRadius="full"
                bg="red.500"
                borderWidth="2px"
                borderColor="surface.raised"
                role="status"
                aria-label={CHAT_TEXTS.newMessages}
                data-testid="new-message-dot"
              />
            )}
          </Box>
          <Heading
            as="h2"
            id="group-messages-title"
            fontFamily="heading"
            fontSize="lg"
            fontWeight="800"
            color="ink"
            letterSpacing="-0.01em"
            whiteSpace="nowrap"
          >
            {CHAT_TEXTS.title}
          </Heading>
        </HStack>
        <Button variant="outline" size="sm" px="3" onClick={() => setChecklistsOpen(true)} flexShrink={0}>
          <ListChecksIcon boxSize="4" />
          {CHAT_TEXTS.checklists}
        </Button>
      </HStack>

      <Box position="relative">
        <Box
          ref={listRef}
          onScroll={onScroll}
          height={{ base: "22rem", md: "26rem" }}
          overflowY="auto"
          overscrollBehavior="contain"
          px={{ base: "3", md: "5" }}
          py="4"
          bg="sand.50"
          role="log"
          aria-live="polite"
          aria-label={CHAT_TEXTS.title}
          tabIndex={0}
          data-testid="message-list"
        >
          {/* Short conversations sit at the bottom, next to the composer, like the end of a long one. */}
          <Flex direction="column" minH="full">
            <Box ref={topRef} />
            {pending ? (
              <Center flex="1">
                <Spinner color="brand.500" />
              </Center>
            ) : query.isError ? (
              <Stack align="center" justify="center" flex="1" gap="3" textAlign="center">
                <Text color="fg.muted">{CHAT_TEXTS.loadFailed}</Text>
                <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
                  {GROUP_TEXTS.retry}
                </Button>
              </Stack>
            ) : messages.length === 0 ? (
              <Stack align="center" justify="center" flex="1" gap="1" textAlign="center" px="6">
                <Text fontWeight="700" color="ink">
                  {CHAT_TEXTS.empty}
                </Text>
                <Text fontSize="sm" color="fg.muted">
                  {CHAT_TEXTS.emptyText}
                </Text>
              </Stack>
            ) : (
              <>
                <Box flex="1" />
                <Center py="2" minH="8">
                  {isFetchingNextPage ? (
                    <HStack gap="2" color="fg.muted" fontSize="xs">
                      <Spinner size="xs" />
                      <Text>{CHAT_TEXTS.loadingOlder}</Text>
                    </HStack>
                  ) : (
                    !hasNextPage && (
                      <Text fontSize="xs" color="fg.subtle">
                        {CHAT_TEXTS.beginning}
                      </Text>
                    )
                  )}
                </Center>
                <MessageList messages={messages} currentUserId={currentUserId} />
              </>
            )}
          </Flex>
        </Box>
        {showJump && (
          <Button
            position="absolute"
            bottom="3"
            left="50%"
            transform="translateX(-50%)"
            size="xs"
            borderRadius="full"
            colorPalette="brand"
            boxShadow="lift"
            onClick={jumpToLatest}
          >
            <ArrowDownIcon boxSize="3.5" />
            {CHAT_TEXTS.newMessages}
          </Button>
        )}
      </Box>

      <MessageComposer groupId={groupId} />
      <ChecklistsDialog groupId={groupId} open={checklistsOpen} onOpenChange={setChecklistsOpen} />
    </SectionCard>
  );
}
