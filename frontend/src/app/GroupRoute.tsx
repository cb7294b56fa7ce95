import { Box } from "@chakra-ui/react";
import { useDeferredValue } from "react";
import { useCurrentUser } from "../api/current-user";
import { AppTopBar } from "../components/AppTopBar";
import { GroupPageSkeleton } from "../features/groups";
import { NoCachedCopy, useNoCachedCopy } from "../offline/NoCachedCopy";
import { GroupPage } from "./pages/GroupPage";
import { NotFoundPage } from "./NotFoundPage";

/** `/groups/{id}` exists only for signed-in users; for anyone else it is one of docs/product.md §2's 'anything else' routes. */
export function GroupRoute() {
  const probe = useCurrentUser();
  const { data: user, isPending } = probe;
  // The group page mounts from a deferred render, in slices, rather than in the blocking update that brings the user.
  const known = useDeferredValue(!isPending);
  // Who is signed in is unknown while the server cannot be reached and nothing is kept: that is not "not found".
  const noCopy = useNoCachedCopy(probe);
  if (!known) {
    return (
      <Box minH="100dvh" bg="surface.page">
        <AppTopBar />
        {noCopy ? <NoCachedCopy /> : <GroupPageSkeleton />}
      </Box>
    );
  }
  return user ? <GroupPage user={user} /> : <NotFoundPage />;
}
