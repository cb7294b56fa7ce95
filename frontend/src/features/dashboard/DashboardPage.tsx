import { Box, Container } from "@chakra-ui/react";
import type { CurrentUser } from "@caravan/common";
import { AppTopBar } from "../../components/AppTopBar";
import { useDocumentTitle } from "../../lib/use-document-title";
import { OfflineBanner } from "../../offline/OfflineBanner";
import { useUpdatePrompt } from "../../offline/update-prompt";
import { NotificationBell } from "../notifications";
import { ActiveSharedTrips, ShareTripButton } from "../shared-trips";
import { TripActions } from "../groups";
import { DashboardHeader } from "./DashboardHeader";
import { GroupsArea } from "./GroupsArea";

export function DashboardPage({ user }: { user: CurrentUser }) {
  useDocumentTitle("Your Travel Groups · Caravan");
  useUpdatePrompt();
  return (
    <Box minH="100dvh" bg="surface.page">
      <AppTopBar>
        <NotificationBell />
      </AppTopBar>
      <OfflineBanner />
      <Container as="main" maxW="6xl" px={{ base: "4", md: "6" }} py={{ base: "8", md: "12" }}>
        <DashboardHeader
          user={user}
          actions={
            <TripActions>
              <ShareTripButton />
            </TripActions>
          }
        />
        <ActiveSharedTrips />
        <GroupsArea />
      </Container>
    </Box>
  );
}
