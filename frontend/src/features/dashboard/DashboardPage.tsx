import { Box, Container } from "@chakra-ui/react";
import { useState } from "react";
import type { CurrentUser } from "@caravan/common";
import { AppTopBar } from "../../components/AppTopBar";
import { useDocumentTitle } from "../../lib/use-document-title";
import { ProfileDialog } from "../profile";
import { ActiveSharedTrips, ShareTripButton } from "../shared-trips";
import { TripActions } from "../groups";
import { DashboardHeader } from "./DashboardHeader";
import { GroupsArea } from "./GroupsArea";
import { NotificationBell } from "./NotificationBell";
import { UserMenu } from "./UserMenu";

export function DashboardPage({ user }: { user: CurrentUser }) {
  const [profileOpen, setProfileOpen] = useState(false);
  useDocumentTitle("Your Travel Groups · Caravan");
  return (
    <Box minH="100dvh" bg="surface.page">
      <AppTopBar>
        <NotificationBell />
        <UserMenu user={user} onProfile={() => setProfileOpen(true)} />
      </AppTopBar>
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
      <ProfileDialog user={user} open={profileOpen} onClose={() => setProfileOpen(false)} />
    </Box>
  );
}
