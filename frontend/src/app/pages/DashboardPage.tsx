import { Box, Container } from "@chakra-ui/react";
import { GROUP_TEXTS, type CurrentUser } from "@caravan/common";
import { AppTopBar } from "../../components/AppTopBar";
import { pageTitle, useDocumentTitle } from "../../lib/use-document-title";
import { OfflineBanner } from "../../offline/OfflineBanner";
import { useUpdatePrompt } from "../../offline/update-prompt";
import { DashboardHeader } from "../../features/dashboard";
import { GroupsOverview, TripActions } from "../../features/groups";
import { NotificationBell } from "../../features/notifications";
import { ActiveSharedTrips, ShareTripButton, useMySharedTrips } from "../../features/shared-trips";

/** The dashboard's title, in the tab and in the page the server renders (server-render.tsx). */
/** The dashboard's document title, in the active language. */
export const dashboardTitle = (): string => pageTitle(GROUP_TEXTS.dashboardTitle);

/** `/` for a signed-in user: greeting and trip actions, active share links, the groups and their stats. */
export function DashboardPage({ user }: { user: CurrentUser }) {
  useDocumentTitle(dashboardTitle());
  useUpdatePrompt();
  // The live links come above the groups and take room only if there are some: the groups wait for them while
  // they are being fetched. Offline the read is paused, and share links are never kept on the device: no wait.
  const shares = useMySharedTrips();
  const sharesKnown = !shares.isPending || shares.fetchStatus !== "fetching";
  return (
    <Box minH="100dvh" bg="surface.page">
      <AppTopBar>
        <NotificationBell />
      </AppTopBar>
      <OfflineBanner />
      <Container as="main" maxW="6xl" py={{ base: "8", md: "12" }}>
        <DashboardHeader
          user={user}
          actions={
            <TripActions>
              <ShareTripButton />
            </TripActions>
          }
        />
        <ActiveSharedTrips />
        <GroupsOverview waiting={!sharesKnown} />
      </Container>
    </Box>
  );
}
