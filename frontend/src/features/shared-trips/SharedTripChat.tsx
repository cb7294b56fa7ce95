import { Badge, Box, Button, HStack, Input, Link, Stack, Text } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { useFormik } from "formik";
import { useEffect, useRef } from "react";
import {
  MESSAGE_MAX,
  SHARE_TEXTS,
  TOASTS,
  displayName,
  formatRelativeTime,
  messageSchema,
  type CurrentUser,
  type SharedTripMessage,
} from "@caravan/common";
import { errorText } from "../../api/client";
import { notify } from "../../components/toaster";
import { loginUrl } from "../../lib/return-to";
import { sharedMessagesQuery, useSendSharedMessage } from "./api";
import { SendIcon } from "../../components/icons";
import { ShareSectionCard } from "./ShareSectionCard";

const SEND_FAILED = "Failed to send message";

interface ChatProps {
  token: string;
  live: boolean;
  user: CurrentUser | null;
  sharerName: string;
  poll: number | false;
  /** The viewer's per-share author key: messages carry it instead of account ids. */
  viewerKey: string | null;
}

/** The shared trip's chat: everyone with the link reads it; signed-in people write while the share is live. */
export function SharedTripChat({ token, live, user, sharerName, poll, viewerKey }: ChatProps) {
  const messages = useQuery(sharedMessagesQuery(token, poll, true));
  const list = messages.data ?? [];
  const log = useRef<HTMLDivElement>(null);

  // The newest message in view: the list scrolls, never the page, which a watcher opens at its top.
  useEffect(() => {
    const box = log.current;
    if (box) box.scrollTop = box.scrollHeight;
  }, [list.length]);

  return (
    <ShareSectionCard
      title="Chat"
      description={`Messages reach ${sharerName} and everyone watching this link.`}
      gap="4"
      testId="share-chat"
    >
      <Stack
        ref={log}
        gap="3"
        maxH="22rem"
        minH="8rem"
        overflowY="auto"
        bg="surface.sunken"
        borderRadius="xl"
        p="3"
        role="log"
        aria-label="Chat messages"
        aria-live="polite"
      >
        {list.length === 0 ? (
          <Text m="auto" fontSize="sm" color="fg.muted" textAlign="center" py="6">
            {messages.isPending ? "Loading messages..." : "No messages yet."}
          </Text>
        ) : (
          list.map((m) => (
            <MessageBubble key={m.id} message={m} mine={viewerKey !== null && m.authorKey === viewerKey} />
          ))
        )}
      </Stack>
      {!live ? (
        <Text fontSize="sm" color="fg.muted" data-testid="chat-closed">
          This shared trip has ended, so the chat is read-only.
        </Text>
      ) : user ? (
        <Composer token={token} />
      ) : (
        <HStack
          justify="space-between"
          gap="3"
          flexWrap="wrap"
          bg="sunset.subtle"
          borderRadius="lg"
          px="4"
          py="3"
          data-testid="chat-signin"
        >
          <Text fontSize="sm" color="sunset.fg" fontWeight="600">
            {SHARE_TEXTS.loginToChat}
          </Text>
          <Button asChild size="sm" colorPalette="brand">
            <Link href={loginUrl(`/shared/${token}`)} textDecoration="none">
              Sign in
            </Link>
          </Button>
        </HStack>
      )}
    </ShareSectionCard>
  );
}

function MessageBubble({ message, mine }: { message: SharedTripMessage; mine: boolean }) {
  return (
    <Stack gap="1" align={mine ? "flex-end" : "flex-start"} data-testid="chat-message">
      <HStack gap="1.5" fontSize="xs" color="fg.muted">
        <Text fontWeight="700" color="ink">
          {mine ? "You" : displayName(message.user)}
        </Text>
        {message.fromSharer ? (
          <Badge size="xs" colorPalette="brand" variant="subtle">
            Sharing
          </Badge>
        ) : null}
        <Text asChild>
          <time dateTime={message.createdAt}>{formatRelativeTime(message.createdAt)}</time>
        </Text>
      </HStack>
      <Box
        maxW="85%"
        px="3.5"
        py="2"
        borderRadius="xl"
        borderTopRightRadius={mine ? "sm" : "xl"}
        borderTopLeftRadius={mine ? "xl" : "sm"}
        bg={mine ? "brand.solid" : "surface.raised"}
        color={mine ? "brand.contrast" : "ink"}
        boxShadow={mine ? undefined : "xs"}
        whiteSpace="pre-wrap"
        wordBreak="break-word"
        fontSize="sm"
      >
        {message.content}
      </Box>
    </Stack>
  );
}

function Composer({ token }: { token: string }) {
  const send = useSendSharedMessage(token);
  // common's messageSchema, as the server's SharedTripMessageDto: trimmed, never blank.
  const form = useFormik({
    initialValues: { content: "" },
    validationSchema: messageSchema,
    validateOnChange: false,
    validateOnBlur: false,
    onSubmit: async (values, helpers) => {
      try {
        await send.mutateAsync(messageSchema.cast(values).content);
        helpers.resetForm();
      } catch (err) {
        notify("error", TOASTS.errorTitle, errorText(err, SEND_FAILED));
      }
    },
  });
  const blank = form.values.content.trim() === "";

  return (
    <form
      onSubmit={(e) => {
        // Nothing to send yet is not an error: the button says so by being disabled.
        if (blank || send.isPending) e.preventDefault();
        else form.handleSubmit(e);
      }}
    >
      <HStack gap="2">
        <Input
          {...form.getFieldProps("content")}
          placeholder="Write a message..."
          aria-label="Message"
          maxLength={MESSAGE_MAX}
          autoComplete="off"
        />
        <Button type="submit" colorPalette="brand" disabled={blank} loading={send.isPending} aria-label="Send message">
          <SendIcon />
          <Box as="span" display={{ base: "none", sm: "inline" }}>
            Send
          </Box>
        </Button>
      </HStack>
    </form>
  );
}
