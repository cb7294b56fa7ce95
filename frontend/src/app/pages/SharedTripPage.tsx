import { Grid, Stack } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { useDeferredValue } from "react";
import { useParams } from "react-router-dom";
import { displayName, type SharedTripInfo } from "@caravan/common";
import { useCurrentUser } from "../../api/current-user";
import { useDocumentTitle } from "../../lib/use-document-title";
import { AuthDialogHost, useAuthDialog } from "../../features/auth";
import {
  CurrentLocationCard,
  SafetyInformation,
  SharedTripChat,
  SharedTripEnded,
  SharedTripHeader,
  SharedTripLoadFailed,
  SharedTripLoading,
  SharedTripShell,
  SharePrivacyPanel,
  TripNotFound,
  isShareNotFound,
  sharedTripQuery,
  sharedTripTitle,
  useSharedTrip,
} from "../../features/shared-trips";

/** /shared/{token}: what a trusted person sees, signed in or not (docs/product.md §2). */
export function SharedTripPage() {
  const { token = "" } = useParams();
  const info = useQuery(sharedTripQuery(token, false));
  // The share arrives as a blocking update; mounting its page from a deferred render lets the browser in between.
  // The token is deferred with it, so that a share's page never gets another share's token.
  const data = useDeferredValue(info.data);
  const shownToken = useDeferredValue(token);

  if (isShareNotFound(info.error)) return <TripNotFound />;
  return (
    <SharedTripShell>
      {data ? (
        <SharedTrip token={shownToken} info={data} />
      ) : info.isError ? (
        <SharedTripLoadFailed onRetry={() => void info.refetch()} />
      ) : (
        <SharedTripLoading />
      )}
    </SharedTripShell>
  );
}

/** The share itself: who and how long; while live, where they are; the chat; safety and privacy notes beside. */
function SharedTrip({ token, info }: { token: string; info: SharedTripInfo }) {
  const { now, live, state, latest, locationsLoading, messagesPoll } = useSharedTrip(token, info);
  const { data: user } = useCurrentUser();
  const showAuth = useAuthDialog((s) => s.show);
  const name = displayName(info.sharer);
  useDocumentTitle(sharedTripTitle(info));

  return (
    <Stack gap={{ base: "5", md: "6" }}>
      <SharedTripHeader info={info} name={name} state={state} now={now} />
      {!live ? <SharedTripEnded name={name} stopped={info.stopped} /> : null}
      <Grid templateColumns={{ base: "1fr", lg: "minmax(0, 2fr) minmax(0, 1fr)" }} gap={{ base: "5", md: "6" }}>
        <Stack gap={{ base: "5", md: "6" }} minW="0">
          {live ? (
            <CurrentLocationCard info={info} name={name} location={latest} loading={locationsLoading} now={now} />
          ) : null}
          <SharedTripChat
            token={token}
            viewerKey={info.viewerAuthorKey}
            live={live}
            user={user ?? null}
            sharerName={name}
            poll={messagesPoll}
            onSignIn={() => showAuth("providers")}
          />
        </Stack>
        <Stack gap={{ base: "5", md: "6" }} minW="0">
          <SafetyInformation name={name} />
          <SharePrivacyPanel />
        </Stack>
      </Grid>
      {/* Signing in here comes back here, the unsent message kept (docs/decisions/0037). */}
      <AuthDialogHost returnTo={`/shared/${token}`} />
    </Stack>
  );
}
