import { Box, HStack, Stack, Text } from "@chakra-ui/react";
import { CHAT_TEXTS, displayName, SYSTEM_MESSAGE_TYPE, type GroupMessage } from "@caravan/common";
import { ChatBubble } from "../../components/ChatBubble";
import { UserAvatar } from "../../components/UserAvatar";
import { lazyDateTimeFormat } from "../../lib/formats";

/** Messages by one author this close together read as one run: the name and face show once. */
const RUN_GAP_MS = 5 * 60_000;

const timeFormat = lazyDateTimeFormat({ timeStyle: "short" });
const dayTimeFormat = lazyDateTimeFormat({
  month: "short",
  day: "numeric",
  hour: "numeric",
  minute: "2-digit",
});
const fullFormat = lazyDateTimeFormat({ dateStyle: "full", timeStyle: "short" });

function sameDay(a: Date, b: Date) {
  return a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate();
}

export function messageTime(iso: string, now: Date = new Date()): string {
  const at = new Date(iso);
  return sameDay(at, now) ? timeFormat().format(at) : dayTimeFormat().format(at);
}

/** The conversation, oldest first. Content is React text: markup someone typed is shown, never run. */
export function MessageList({ messages, currentUserId }: { messages: GroupMessage[]; currentUserId: string }) {
  return (
    <Stack as="ol" gap="0" listStyleType="none">
      {messages.map((m, i) => {
        if (m.messageType === SYSTEM_MESSAGE_TYPE || !m.user) return <SystemLine key={m.id} message={m} />;
        const prev = messages[i - 1];
        const startsRun =
          !prev ||
          prev.messageType === SYSTEM_MESSAGE_TYPE ||
          prev.userId !== m.userId ||
          new Date(m.createdAt).getTime() - new Date(prev.createdAt).getTime() > RUN_GAP_MS;
        return (
          <MessageRow
            key={m.id}
            message={{ ...m, user: m.user }}
            own={m.userId === currentUserId}
            startsRun={startsRun}
          />
        );
      })}
    </Stack>
  );
}

/** A line nobody wrote (an arrival): a centred note, not anyone's bubble. */
function SystemLine({ message }: { message: GroupMessage }) {
  return (
    <HStack as="li" justify="center" mt="3" data-testid="system-message">
      <Text
        fontSize="xs"
        color="ink.muted"
        bg="sand.100"
        px="3"
        py="1"
        borderRadius="full"
        textAlign="center"
        maxW="90%"
        wordBreak="break-word"
      >
        {message.content}{" "}
        <Text as="span" color="fg.subtle">
          <time dateTime={message.createdAt} title={fullFormat().format(new Date(message.createdAt))}>
            · {messageTime(message.createdAt)}
          </time>
        </Text>
      </Text>
    </HStack>
  );
}

type AuthoredMessage = GroupMessage & { user: NonNullable<GroupMessage["user"]> };

function MessageRow({ message, own, startsRun }: { message: AuthoredMessage; own: boolean; startsRun: boolean }) {
  const name = own ? CHAT_TEXTS.you : displayName(message.user);
  return (
    <HStack
      as="li"
      align="end"
      gap="2"
      justify={own ? "flex-end" : "flex-start"}
      mt={startsRun ? "3" : "1"}
      data-testid="message"
      data-own={own ? "true" : "false"}
    >
      {!own && (
        <Box width="7" flexShrink={0}>
          {startsRun && <UserAvatar user={message.user} size="xs" />}
        </Box>
      )}
      <Stack gap="1" maxW={{ base: "82%", md: "72%" }} align={own ? "flex-end" : "flex-start"}>
        {startsRun && (
          <HStack gap="2" px="1" fontSize="xs" align="baseline">
            <Text fontWeight="700" color="ink" overflowWrap="anywhere" data-testid="message-author">
              {name}
            </Text>
            <Text asChild color="ink.muted" flexShrink={0} whiteSpace="nowrap">
              <time dateTime={message.createdAt} title={fullFormat().format(new Date(message.createdAt))}>
                {messageTime(message.createdAt)}
              </time>
            </Text>
          </HStack>
        )}
        <ChatBubble own={own} tail="bottom" data-testid="message-content">
          {message.content}
        </ChatBubble>
      </Stack>
    </HStack>
  );
}
