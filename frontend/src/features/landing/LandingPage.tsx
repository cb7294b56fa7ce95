import { Box } from "@chakra-ui/react";
import { lazy, Suspense, useEffect, useMemo, useState } from "react";
import { useLocation } from "react-router-dom";
import { useDocumentTitle } from "../../lib/use-document-title";
import { AuthDialog, DialogFrame, useAuthDialog } from "../auth";
import { whenSettled } from "../../lib/browser";
import { DEMO_SECTION_ID, LANDING_ACTIONS, scrollToSection } from "../../lib/landing-actions";
import { CallToAction } from "./CallToAction";
import { Features } from "./Features";
import { Footer } from "./Footer";
import { Hero } from "./Hero";
import { HowItWorks } from "./HowItWorks";
import { LandingTopBar } from "./LandingTopBar";
import { Safety } from "./Safety";
import { readLandingParams } from "./landing-params";

// The sign-in dialog (features/auth) is loaded the first time it opens, not with the page.
// Only a visitor sent back by a sign-in provider sees this alert; nobody else loads it.
const ProviderSignInAlert = lazy(() =>
  import("./ProviderSignInAlert").then((m) => ({ default: m.ProviderSignInAlert })),
);

export function LandingPage() {
  const { search } = useLocation();
  const params = useMemo(() => readLandingParams(search), [search]);
  const show = useAuthDialog((s) => s.show);
  const open = useAuthDialog((s) => s.open);
  // Once opened, the dialog stays mounted: it keeps what was typed across closing and reopening.
  const [dialogWanted, setDialogWanted] = useState(open);
  if (open && !dialogWanted) setDialogWanted(true);
  const [alertDismissed, setAlertDismissed] = useState(false);

  useDocumentTitle("Caravan");

  useEffect(() => {
    if (params.openSignin) show("signin");
  }, [params.openSignin, show]);

  // The dialog every button here opens is fetched once the page is drawn and idle, so a tap seldom waits for it.
  useEffect(() => whenSettled(() => void AuthDialog.preload()), []);

  return (
    <Box minH="100dvh" bg="surface.page">
      <LandingTopBar onSignIn={() => show(LANDING_ACTIONS["sign-in"])} />
      {params.authError && !alertDismissed && (
        <Suspense fallback={null}>
          <ProviderSignInAlert text={params.authError} onDismiss={() => setAlertDismissed(true)} />
        </Suspense>
      )}
      <Box as="main" id="main">
        <Hero onStart={() => show(LANDING_ACTIONS.start)} onDemo={() => scrollToSection(DEMO_SECTION_ID)} />
        <HowItWorks />
        <Features />
        <Safety />
        <CallToAction onStart={() => show(LANDING_ACTIONS.signup)} />
      </Box>
      <Footer />
      {dialogWanted && (
        <Suspense fallback={<DialogFrame />}>
          <AuthDialog returnTo={params.returnTo} />
        </Suspense>
      )}
    </Box>
  );
}
