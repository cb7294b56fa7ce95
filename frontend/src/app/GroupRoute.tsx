import { Box } from "@chakra-ui/react";
import { useCurrentUser } from "../api/current-user";
import { AppTopBar } from "../components/AppTopBar";
import { GroupPageSkeleton } from "../features/groups";
import { GroupPage } from "./pages/GroupPage";
import { NotFoundPage } from "./NotFoundPage";

/** `/groups/{id}` exists only for signed-in users; for anyone else it is one of SPEC §2's 'anything else' routes. */
export function GroupRoute() {
  const { data: user, isPending } = useCurrentUser();
  if (isPending) {
    return (
      <Box minH="100dvh" bg="surface.page">
        <AppTopBar />
        <GroupPageSkeleton />
      </Box>
    );
  }
  return user ? <GroupPage user={user} /> : <NotFoundPage />;
}
