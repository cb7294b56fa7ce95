import { Badge, Box, Button, HStack, Input, Stack, Text } from "@chakra-ui/react";
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
import { ChatBubble } from "../../components/ChatBubble";
import { notify } from "../../components/toaster";
import { sharedMessagesQuery, useSendSharedMessage } from "./api";
import { SendIcon } from "../../components/icons";
import { ShareSectionCard } from "./ShareSectionCard";
import { readDraft, saveDraft } from "./share-draft";

const SEND_FAILED = "Failed to send message";

interface ChatProps {
  token: string;
  live: boolean;
  user: CurrentUser | null;
  sharerName: string;
  poll: number | false;
  /** The viewer's per-share author key: messages carry it instead of account ids. */
  viewerKey: string | null;
  /** Opens the sign-in dialog on this page; signing in brings the watcher back here. */
  onSignIn(): void;
}

/**
 * The shared trip's chat: everyone with the link reads it; signed-in people write while the share is live. A watcher
 * without an account may type too: sending asks them to sign in, and the message waits in the box meanwhile.
 */
export function SharedTripChat({ token, live, user, sharerName, poll, viewerKey, onSignIn }: ChatProps) {
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
      ) : (
        <Stack gap="3">
          {user ? null : <SignInToChat onSignIn={onSignIn} />}
          <Composer token={token} signedIn={Boolean(user)} onSignIn={onSignIn} />
        </Stack>
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
      <ChatBubble own={mine} tail="top" maxW="85%">
        {message.content}
      </ChatBubble>
    </Stack>
  );
}

/** The product's text, what an account is needed for, and the way to one. */
function SignInToChat({ onSignIn }: { onSignIn(): void }) {
  return (
    <Stack
      direction={{ base: "column", sm: "row" }}
      justify="space-between"
      align={{ sm: "center" }}
      gap="3"
      bg="sunset.subtle"
      borderRadius="lg"
      px="4"
      py="3"
      data-testid="chat-signin"
    >
      <Stack gap="0.5" minW="0">
        <Text fontSize="sm" color="sunset.fg" fontWeight="600">
          {SHARE_TEXTS.loginToChat}
        </Text>
        <Text fontSize="xs" color="ink.muted">
          {SHARE_TEXTS.chatNeedsAccount}
        </Text>
      </Stack>
      <Button size="sm" colorPalette="brand" flexShrink={0} onClick={onSignIn}>
        {SHARE_TEXTS.signInToChat}
      </Button>
    </Stack>
  );
}

function Composer({ token, signedIn, onSignIn }: { token: string; signedIn: boolean; onSignIn(): void }) {
  const send = useSendSharedMessage(token);
  // common's messageSchema, as the server's MessageDto: trimmed, never blank.
  const form = useFormik({
    initialValues: { content: "" },
    validationSchema: messageSchema,
    validateOnChange: false,
    validateOnBlur: false,
    onSubmit: async (values, helpers) => {
      try {
        await send.mutateAsync(messageSchema.cast(values).content);
        helpers.resetForm();
        saveDraft(token, "");
      } catch (err) {
        notify("error", TOASTS.errorTitle, errorText(err, SEND_FAILED));
      }
    },
  });
  const blank = form.values.content.trim() === "";
  const { setFieldValue } = form;

  // What was typed before signing in (the page reloads): read after the first render, which the server rendered
  // empty.
  useEffect(() => {
    const draft = readDraft(token);
    if (draft) void setFieldValue("content", draft, false);
  }, [token, setFieldValue]);

  return (
    <form
      onSubmit={(e) => {
        // Nothing to send yet is not an error: the button says so by being disabled.
        if (blank || send.isPending) e.preventDefault();
        else if (!signedIn) {
          e.preventDefault();
          onSignIn();
        } else form.handleSubmit(e);
      }}
    >
      <HStack gap="2">
        <Input
          {...form.getFieldProps("content")}
          onChange={(e) => {
            form.handleChange(e);
            saveDraft(token, e.target.value);
          }}
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
