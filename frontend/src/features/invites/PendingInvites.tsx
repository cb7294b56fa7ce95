import { Box, Button, Heading, HStack, Skeleton, Stack, Text } from "@chakra-ui/react";
import { useState } from "react";
import { displayName, INVITE_TEXTS, type PendingInvite } from "@caravan/common";
import { LinkIcon, MailIcon } from "../../components/icons";
import { notify, notifyFailure } from "../../components/toaster";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { usePendingInvites, useRevokeInvite } from "./api";
import { lazyDateTimeFormat } from "../../lib/formats";

const expiryFormat = lazyDateTimeFormat({ dateStyle: "medium", timeStyle: "short" });

/** The owner's pending invitations, each with a revoke action that asks first. */
export function PendingInvites({ groupId }: { groupId: number }) {
  const invites = usePendingInvites(groupId, true);
  const revoke = useRevokeInvite(groupId);
  const [confirming, setConfirming] = useState<PendingInvite | null>(null);

  const confirm = () => {
    if (!confirming) return;
    revoke.mutate(confirming.id, {
      onSuccess: () => {
        setConfirming(null);
        notify("success", INVITE_TEXTS.revokedTitle, INVITE_TEXTS.revokedText);
      },
      onError: (err) => {
        setConfirming(null);
        notifyFailure(INVITE_TEXTS.revokeConfirmTitle, err, INVITE_TEXTS.revokeFailed);
      },
    });
  };

  return (
    <Box as="section" aria-labelledby="pending-invites-heading" mt="6" data-testid="pending-invites">
      <Heading id="pending-invites-heading" as="h3" fontSize="md" fontWeight="700" color="ink" mb="2">
        {INVITE_TEXTS.pendingTitle}
      </Heading>
      {invites.isPending ? (
        <Skeleton height="12" borderRadius="lg" />
      ) : invites.isError ? (
        <Text fontSize="sm" color="red.fg">
          {INVITE_TEXTS.pendingLoadFailed}
        </Text>
      ) : invites.data.length === 0 ? (
        <Text fontSize="sm" color="ink.muted">
          {INVITE_TEXTS.pendingEmpty}
        </Text>
      ) : (
        <Stack as="ul" gap="2" listStyleType="none" maxH="64" overflowY="auto">
          {invites.data.map((invite) => {
            const what = invite.email ?? INVITE_TEXTS.pendingLink;
            return (
              <HStack
                as="li"
                key={invite.id}
                gap="3"
                p="2.5"
                borderRadius="lg"
                bg="surface.sunken"
                align="center"
                data-testid="pending-invite"
                data-invite-id={invite.id}
              >
                {invite.kind === "email" ? (
                  <MailIcon boxSize="4" color="ink.muted" flexShrink={0} />
                ) : (
                  <LinkIcon boxSize="4" color="ink.muted" flexShrink={0} />
                )}
                <Stack gap="0" flex="1" minW="0">
                  <Text fontSize="sm" fontWeight="600" color="ink" truncate>
                    {what}
                  </Text>
                  <Text fontSize="xs" color="ink.muted">
                    {INVITE_TEXTS.pendingExpires(expiryFormat().format(new Date(invite.expiresAt)))}
                    {invite.kind === "link" ? ` · ${INVITE_TEXTS.pendingUses(invite.useCount)}` : null}
                  </Text>
                  <Text fontSize="xs" color="ink.muted" truncate>
                    {INVITE_TEXTS.pendingBy(displayName(invite.invitedBy))}
                  </Text>
                </Stack>
                <Button
                  size="xs"
                  variant="outline"
                  colorPalette="red"
                  flexShrink={0}
                  aria-label={INVITE_TEXTS.revokeLabel(what)}
                  onClick={() => setConfirming(invite)}
                >
                  {INVITE_TEXTS.revoke}
                </Button>
              </HStack>
            );
          })}
        </Stack>
      )}
      <ConfirmDialog
        open={confirming !== null}
        title={INVITE_TEXTS.revokeConfirmTitle}
        message={INVITE_TEXTS.revokeConfirmText}
        confirmLabel={INVITE_TEXTS.revoke}
        pending={revoke.isPending}
        onConfirm={confirm}
        onCancel={() => setConfirming(null)}
      />
    </Box>
  );
}
