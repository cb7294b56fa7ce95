import { Box } from "@chakra-ui/react";
import { useDeferredValue } from "react";
import { useCurrentUser } from "../api/current-user";
import { AppTopBar } from "../components/AppTopBar";
import { GroupPageSkeleton } from "../features/groups";
import { GroupPage } from "./pages/GroupPage";
import { NotFoundPage } from "./NotFoundPage";

/** `/groups/{id}` exists only for signed-in users; for anyone else it is one of SPEC §2's 'anything else' routes. */
export function GroupRoute() {
  const { data: user, isPending } = useCurrentUser();
  // The group page mounts from a deferred render, in slices, rather than in the blocking update that brings the user.
  const known = useDeferredValue(!isPending);
  if (!known) {
    return (
      <Box minH="100dvh" bg="surface.page">
        <AppTopBar />
        <GroupPageSkeleton />
      </Box>
    );
  }
  return user ? <GroupPage user={user} /> : <NotFoundPage />;
}
