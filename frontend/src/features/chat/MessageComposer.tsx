import { HStack, IconButton, Textarea } from "@chakra-ui/react";
import { useFormik } from "formik";
import { useRef, type FormEvent, type KeyboardEvent } from "react";
import { CHAT_TEXTS, MESSAGE_MAX, OFFLINE_TEXTS, TOASTS, messageSchema } from "@caravan/common";
import { failureText, isSessionExpired } from "../../api/client";
import { SendIcon } from "../../components/icons";
import { notify } from "../../components/toaster";
import { useKeepInView } from "../../lib/use-keep-in-view";
import { useOnline } from "../../offline/use-online";
import { useSendMessage } from "./api";

/**
 * Enter sends, Shift+Enter starts a new line; blank messages are never sent (docs/product.md §2, §5). Offline, the send button
 * is off and Enter says why; what was typed stays in the box.
 */
export function MessageComposer({ groupId }: { groupId: number }) {
  const send = useSendMessage(groupId);
  const online = useOnline();
  // Formik holds the text; common's messageSchema (MessageDto's rules) says whether it can be sent. Sending does not
  // wait for Formik's submit: the box clears at once so the next message can be typed.
  const form = useFormik({ initialValues: { content: "" }, onSubmit: () => undefined });
  const text = form.values.content;
  const blank = !messageSchema.isValidSync({ content: text });
  const input = useRef<HTMLTextAreaElement>(null);
  useKeepInView(input);

  const submit = () => {
    if (blank) return;
    if (!online) {
      notify("error", TOASTS.errorTitle, OFFLINE_TEXTS.writeRefused);
      return;
    }
    const { content } = messageSchema.cast({ content: text });
    // Cleared at once so the next message can be typed; a failure puts the text back if nothing new was typed.
    form.resetForm();
    send.mutateAsync(content).catch((err: unknown) => {
      void form.setValues((current) => (current.content === "" ? { content } : current), false);
      if (isSessionExpired(err)) return;
      notify("error", TOASTS.errorTitle, failureText(err, CHAT_TEXTS.sendFailed));
    });
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key !== "Enter" || e.shiftKey || e.nativeEvent.isComposing) return;
    e.preventDefault();
    submit();
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    submit();
  };

  return (
    <form onSubmit={onSubmit}>
      <HStack gap="2" align="end" px={{ base: "3", md: "4" }} py="3" borderTopWidth="1px" borderColor="sand.100">
        <Textarea
          ref={input}
          name="content"
          value={text}
          onChange={form.handleChange}
          onKeyDown={onKeyDown}
          placeholder={CHAT_TEXTS.placeholder}
          aria-label={CHAT_TEXTS.inputLabel}
          title={CHAT_TEXTS.hint}
          maxLength={MESSAGE_MAX}
          rows={1}
          autoresize
          maxH="10rem"
          resize="none"
          borderRadius="xl"
          bg="sand.50"
          py="2.5"
          data-testid="message-input"
        />
        <IconButton
          type="submit"
          aria-label={CHAT_TEXTS.send}
          title={online ? undefined : OFFLINE_TEXTS.writeRefused}
          colorPalette="brand"
          borderRadius="xl"
          size="md"
          disabled={blank || !online}
          flexShrink={0}
        >
          <SendIcon boxSize="4" />
        </IconButton>
      </HStack>
    </form>
  );
}
