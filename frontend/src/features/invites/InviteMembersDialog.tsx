import { Dialog, Tabs } from "@chakra-ui/react";
import { useState } from "react";
import { INVITE_TEXTS } from "@caravan/common";
import { LinkIcon, MailIcon } from "../../components/icons";
import { EmailInviteForm } from "./EmailInviteForm";
import { PendingInvites } from "./PendingInvites";
import { ShareLinkPanel } from "./ShareLinkPanel";
import { AppDialog } from "../../components/AppDialog";
import { DialogHeader } from "../../components/DialogHeader";

interface InviteMembersDialogProps {
  groupId: number;
  groupName: string;
  /** The owner also sees the pending invitations and may revoke them. */
  isOwner: boolean;
  open: boolean;
  onOpenChange(open: boolean): void;
}

type InviteTab = "email" | "link";

/** Tabs 'Email Invite' and 'Share Link' (docs/product.md §2). Its content unmounts on close, so it reopens blank. */
export function InviteMembersDialog({ groupId, groupName, isOwner, open, onOpenChange }: InviteMembersDialogProps) {
  const [tab, setTab] = useState<InviteTab>("email");
  return (
    <AppDialog
      open={open}
      onOpenChange={(e) => {
        onOpenChange(e.open);
        if (!e.open) setTab("email");
      }}
      motionPreset="slide-in-bottom"
      size="md"
      lazyMount
      unmountOnExit
      testId="invite-dialog"
    >
      <DialogHeader title={INVITE_TEXTS.title} description={INVITE_TEXTS.subtitle(groupName)} />
      <Dialog.Body pt="4" pb="6">
        <Tabs.Root
          value={tab}
          onValueChange={(e) => setTab(e.value as InviteTab)}
          variant="enclosed"
          fitted
          colorPalette="brand"
        >
          <Tabs.List width="full" mb="5">
            <Tabs.Trigger value="email" fontWeight="600">
              <MailIcon boxSize="4" />
              {INVITE_TEXTS.emailTab}
            </Tabs.Trigger>
            <Tabs.Trigger value="link" fontWeight="600">
              <LinkIcon boxSize="4" />
              {INVITE_TEXTS.linkTab}
            </Tabs.Trigger>
          </Tabs.List>
          <Tabs.Content value="email" p="0">
            <EmailInviteForm groupId={groupId} />
          </Tabs.Content>
          <Tabs.Content value="link" p="0">
            <ShareLinkPanel groupId={groupId} />
          </Tabs.Content>
        </Tabs.Root>
        {isOwner ? <PendingInvites groupId={groupId} /> : null}
      </Dialog.Body>
    </AppDialog>
  );
}
