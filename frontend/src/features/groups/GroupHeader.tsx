import { Box, Button, Flex, HStack, IconButton, Stack, Text } from "@chakra-ui/react";
import { useState } from "react";
import { Link as RouterLink, useNavigate } from "react-router-dom";
import { CALENDAR_TEXTS, GROUP_TEXTS, type CurrentUser, type Group, type GroupMember } from "@caravan/common";
import { ArrowLeftIcon, CalendarIcon, DoorExitIcon, PencilIcon, TrashIcon, UserPlusIcon } from "../../components/icons";
import { PageTitle } from "../../components/PageTitle";
import { notify, notifyFailure } from "../../components/toaster";
import { InviteMembersDialog } from "../invites";
import { useDeleteGroup, useLeaveGroup } from "./api";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { onDemand, whenOpen } from "../../components/on-demand";
import type { EditGroupDialogProps } from "./EditGroupDialog";
import { CoverSlot } from "./cover-slot";
import { formatDateRange } from "./dates";
import { MemberAvatars } from "./MemberAvatars";
import { StatusBadge } from "./StatusBadge";

// The owner's Edit Group form loads the first time it is opened.
const EditGroupDialog = onDemand<EditGroupDialogProps>(
  () => import("./EditGroupDialog").then((m) => m.EditGroupDialog),
  whenOpen,
);

interface GroupHeaderProps {
  group: Group;
  members: GroupMember[] | undefined;
  user: CurrentUser;
}

export function GroupHeader({ group, members, user }: GroupHeaderProps) {
  const isOwner = user.id === group.ownerId;
  const dates = formatDateRange(group.startDate, group.endDate);
  const [inviting, setInviting] = useState(false);
  const [editing, setEditing] = useState(false);
  return (
    <Box as="header">
      <Box position="relative">
        <CoverSlot group={group} />
        <IconButton
          asChild
          aria-label={GROUP_TEXTS.back}
          position="absolute"
          top="3"
          left="3"
          size="sm"
          borderRadius="full"
          bg="surface.raised/92"
          color="ink"
          _hover={{ bg: "surface.raised" }}
          boxShadow="sm"
        >
          <RouterLink to="/">
            <ArrowLeftIcon />
          </RouterLink>
        </IconButton>
      </Box>

      <Flex
        direction={{ base: "column", md: "row" }}
        justify="space-between"
        align={{ base: "stretch", md: "flex-end" }}
        gap="5"
        mt={{ base: "5", md: "6" }}
      >
        <Stack gap="2.5" minW="0" flex="1">
          <PageTitle wordBreak="break-word">{group.name}</PageTitle>
          {group.description && (
            <Text color="ink.muted" maxW="2xl" whiteSpace="pre-line">
              {group.description}
            </Text>
          )}
          <HStack gap="3" flexWrap="wrap">
            <StatusBadge status={group.status} size="md" />
            <HStack gap="1.5" fontSize="sm" color="ink.muted">
              <CalendarIcon boxSize="4" />
              <Text>{dates ?? GROUP_TEXTS.noDates}</Text>
            </HStack>
            {dates ? (
              // A file any calendar app imports; importing it again updates the same event (stable UID).
              <Button asChild size="xs" variant="outline" colorPalette="brand" bg="surface.raised">
                <a
                  href={`/api/groups/${group.id}/calendar.ics`}
                  download
                  title={CALENDAR_TEXTS.addToCalendarLabel(group.name)}
                  data-testid="add-to-calendar"
                >
                  <CalendarIcon />
                  {CALENDAR_TEXTS.addToCalendar}
                </a>
              </Button>
            ) : null}
          </HStack>
        </Stack>

        <HStack gap="3" flexWrap="wrap" justify={{ base: "space-between", md: "flex-end" }}>
          {members && <MemberAvatars members={members.map((m) => ({ userId: m.userId, ...m.user }))} size="sm" />}
          <HStack gap="2" flexWrap="wrap">
            <Button colorPalette="brand" size="sm" onClick={() => setInviting(true)}>
              <UserPlusIcon />
              {GROUP_TEXTS.inviteMore}
            </Button>
            {isOwner && (
              <Button
                variant="outline"
                colorPalette="brand"
                size="sm"
                bg="surface.raised"
                onClick={() => setEditing(true)}
              >
                <PencilIcon />
                {GROUP_TEXTS.editGroup}
              </Button>
            )}
            {isOwner ? <DeleteGroupButton groupId={group.id} /> : <LeaveGroupButton groupId={group.id} user={user} />}
          </HStack>
        </HStack>
      </Flex>
      {isOwner && <EditGroupDialog group={group} open={editing} onOpenChange={setEditing} />}
      <InviteMembersDialog
        groupId={group.id}
        groupName={group.name}
        isOwner={isOwner}
        open={inviting}
        onOpenChange={setInviting}
      />
    </Box>
  );
}

function DeleteGroupButton({ groupId }: { groupId: number }) {
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const mutation = useDeleteGroup(groupId, () => {
    notify("success", GROUP_TEXTS.deletedTitle, GROUP_TEXTS.deletedText);
    navigate("/");
  });
  const remove = () =>
    mutation.mutate(undefined, {
      onError: (err) => {
        setConfirming(false);
        notifyFailure(GROUP_TEXTS.deleteFailedTitle, err, GROUP_TEXTS.deleteFailed);
      },
    });
  return (
    <>
      <Button variant="outline" colorPalette="red" size="sm" bg="surface.raised" onClick={() => setConfirming(true)}>
        <TrashIcon />
        {GROUP_TEXTS.deleteGroup}
      </Button>
      <ConfirmDialog
        open={confirming}
        title={GROUP_TEXTS.deleteGroup}
        message={GROUP_TEXTS.confirmDelete}
        confirmLabel={GROUP_TEXTS.confirmDeleteAction}
        pending={mutation.isPending}
        onConfirm={remove}
        onCancel={() => setConfirming(false)}
      />
    </>
  );
}

function LeaveGroupButton({ groupId, user }: { groupId: number; user: CurrentUser }) {
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const mutation = useLeaveGroup(groupId, () => {
    notify("success", GROUP_TEXTS.leftTitle, GROUP_TEXTS.leftText);
    navigate("/");
  });
  const leave = () =>
    mutation.mutate(user.id, {
      onError: (err) => {
        setConfirming(false);
        notifyFailure(GROUP_TEXTS.exitFailedTitle, err, GROUP_TEXTS.exitFailed);
      },
    });
  return (
    <>
      <Button variant="outline" colorPalette="red" size="sm" bg="surface.raised" onClick={() => setConfirming(true)}>
        <DoorExitIcon />
        {GROUP_TEXTS.leaveGroup}
      </Button>
      <ConfirmDialog
        open={confirming}
        title={GROUP_TEXTS.leaveGroup}
        message={GROUP_TEXTS.confirmLeave}
        confirmLabel={GROUP_TEXTS.confirmLeaveAction}
        pending={mutation.isPending}
        onConfirm={leave}
        onCancel={() => setConfirming(false)}
      />
    </>
  );
}
