import { Box, Button, HStack, Input, Stack, Text } from "@chakra-ui/react";
import { useEffect, useRef, useState } from "react";
import { INVITE_COPIED_INDICATOR_MS, INVITE_TEXTS, TOASTS } from "@caravan/common";
import { failureText, isSessionExpired } from "../../api/client";
import { CheckIcon, CopyIcon, LinkIcon } from "../../components/icons";
import { notify } from "../../components/toaster";
import { joinUrl, useCreateInviteLink } from "./api";
import { lazyDateTimeFormat } from "../../lib/formats";

const expiryFormat = lazyDateTimeFormat({ dateStyle: "medium", timeStyle: "short" });

/** Creates a link anyone can use to join, and copies it. */
export function ShareLinkPanel({ groupId }: { groupId: number }) {
  const create = useCreateInviteLink(groupId);
  const [copied, setCopied] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (!copied) return;
    const timer = window.setTimeout(() => setCopied(false), INVITE_COPIED_INDICATOR_MS);
    return () => window.clearTimeout(timer);
  }, [copied]);

  const createLink = () => {
    setCopied(false);
    create.mutateAsync().catch((err: unknown) => {
      if (isSessionExpired(err)) return;
      notify("error", TOASTS.errorTitle, failureText(err, INVITE_TEXTS.linkFailed));
    });
  };

  const link = create.data ? joinUrl(create.data.inviteToken) : null;

  const copy = async () => {
    if (!link) return;
    try {
      await navigator.clipboard.writeText(link);
      setCopied(true);
    } catch {
      // Leave the link selected so copying it by hand is one keystroke away.
      inputRef.current?.select();
      notify("error", INVITE_TEXTS.copyFailedTitle, INVITE_TEXTS.copyFailedText);
    }
  };

  if (!link || !create.data) {
    return (
      <Stack gap="4">
        <HStack gap="3" align="start" bg="surface.sunken" borderRadius="xl" p="4">
          <Box color="brand.600" bg="brand.50" borderRadius="lg" p="2" flexShrink={0}>
            <LinkIcon boxSize="5" />
          </Box>
          <Text fontSize="sm" color="fg.muted">
            {INVITE_TEXTS.linkIntro} {INVITE_TEXTS.linkNote}
          </Text>
        </HStack>
        <Button colorPalette="brand" size="lg" fontWeight="600" onClick={createLink} disabled={create.isPending}>
          {create.isPending ? INVITE_TEXTS.creatingLink : INVITE_TEXTS.createLink}
        </Button>
      </Stack>
    );
  }

  return (
    <Stack gap="4">
      <Stack gap="1.5">
        <Text asChild fontWeight="600" fontSize="sm" color="ink">
          <label htmlFor="invite-link">{INVITE_TEXTS.linkLabel}</label>
        </Text>
        <HStack gap="2">
          <Input
            id="invite-link"
            ref={inputRef}
            value={link}
            readOnly
            onFocus={(e) => e.currentTarget.select()}
            fontFamily="mono"
            fontSize="sm"
            bg="surface.sunken"
            data-testid="invite-link"
          />
          <Button
            onClick={copy}
            variant={copied ? "subtle" : "solid"}
            colorPalette="brand"
            flexShrink={0}
            minW="24"
            aria-live="polite"
          >
            {copied ? <CheckIcon boxSize="4" /> : <CopyIcon boxSize="4" />}
            {copied ? INVITE_TEXTS.copied : INVITE_TEXTS.copy}
          </Button>
        </HStack>
      </Stack>
      <Text fontSize="sm" color="fg.muted">
        {INVITE_TEXTS.linkNote} {INVITE_TEXTS.linkExpires(expiryFormat().format(new Date(create.data.expiresAt)))}
      </Text>
      <Button variant="ghost" size="sm" alignSelf="start" ms="-2" onClick={createLink} disabled={create.isPending}>
        {create.isPending ? INVITE_TEXTS.creatingLink : INVITE_TEXTS.newLink}
      </Button>
    </Stack>
  );
}
