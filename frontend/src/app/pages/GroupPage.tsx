import { Box, Container, Grid, Stack } from "@chakra-ui/react";
import { useDeferredValue, useState } from "react";
import { useParams } from "react-router-dom";
import type { CurrentUser } from "@caravan/common";
import { AppTopBar } from "../../components/AppTopBar";
import { pageTitle, useDocumentTitle } from "../../lib/use-document-title";
import { NoCachedCopy, useNoCachedCopy } from "../../offline/NoCachedCopy";
import { OfflineBanner } from "../../offline/OfflineBanner";
import { useUpdatePrompt } from "../../offline/update-prompt";
import { GroupMessagesPanel } from "../../features/chat";
import {
  DestinationBanner,
  GroupAccessDenied,
  GroupHeader,
  GroupNotFound,
  GroupPageSkeleton,
  PrivacyNote,
  isForbidden,
  useGroup,
} from "../../features/groups";
import { GroupLocationsCard, MemberStatusList } from "../../features/locations";
import { NotificationBell } from "../../features/notifications";
import { ProposalsSection } from "../../features/proposals";
import { useGroupEvents } from "../group-events";

const parseGroupId = (raw: string | undefined) => (raw && /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : null);

/** /groups/{id} for a signed-in user: the group's header and destination, its plans, the map, members and chat. */
export function GroupPage({ user }: { user: CurrentUser }) {
  const groupId = parseGroupId(useParams().id);
  useUpdatePrompt();
  return (
    <Box minH="100dvh" bg="surface.page">
      <AppTopBar>
        <NotificationBell />
      </AppTopBar>
      <OfflineBanner />
      {groupId === null ? <GroupNotFound /> : <GroupContent groupId={groupId} user={user} />}
    </Box>
  );
}

function GroupContent({ groupId, user }: { groupId: number; user: CurrentUser }) {
  const { group, members } = useGroup(groupId);
  useGroupEvents(groupId, user.id);
  useDocumentTitle(pageTitle(group.data?.name));
  const plansOnTop = useSeenPlanning(groupId, group.data?.status === "planning");

  // The page's content is mounted as a deferred render, which yields to the browser every few milliseconds; the
  // group's answer itself arrives as a blocking update that would mount all of it in one long task.
  const loaded = useDeferredValue(!group.isPending);
  const noCopy = useNoCachedCopy(group);
  if (noCopy) return <NoCachedCopy />;
  if (group.isPending || !loaded) return <GroupPageSkeleton />;
  if (group.isError) return isForbidden(group.error) ? <GroupAccessDenied /> : <GroupNotFound />;

  return (
    <Container as="main" maxW="6xl" py={{ base: "5", md: "8" }}>
      <GroupHeader group={group.data} members={members.data} user={user} />
      <Grid
        templateColumns={{ base: "minmax(0, 1fr)", lg: "minmax(0, 2fr) minmax(0, 1fr)" }}
        gap={{ base: "5", md: "6" }}
        mt={{ base: "6", md: "8" }}
      >
        <Stack gap={{ base: "5", md: "6" }}>
          <DestinationBanner group={group.data} isOwner={group.data.ownerId === user.id} />
          {plansOnTop && <ProposalsSection group={group.data} currentUserId={user.id} />}
          <GroupLocationsCard group={group.data} currentUserId={user.id} />
          <MemberStatusList group={group.data} members={members.data} currentUserId={user.id} />
          {!plansOnTop && <ProposalsSection group={group.data} currentUserId={user.id} />}
        </Stack>
        <Stack gap={{ base: "5", md: "6" }}>
          <GroupMessagesPanel groupId={groupId} currentUserId={user.id} />
          <PrivacyNote />
        </Stack>
      </Grid>
    </Container>
  );
}

/**
 * Whether the trip proposals go above the map: while the group is planning, and from then on while this page shows
 * it, so that a trip decided here keeps its proposals where they were. A page opened on a decided trip lists them
 * last, where their arrival after the page's own read moves nothing on screen.
 */
function useSeenPlanning(groupId: number, planning: boolean): boolean {
  const [seenIn, setSeenIn] = useState<number | null>(planning ? groupId : null);
  if (planning && seenIn !== groupId) setSeenIn(groupId);
  return planning || seenIn === groupId;
}
