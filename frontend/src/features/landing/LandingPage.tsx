import { Alert, Box, CloseButton, Container } from "@chakra-ui/react";
import { useEffect, useMemo, useState } from "react";
import { useLocation } from "react-router-dom";
import { useDocumentTitle } from "../../lib/use-document-title";
import { AuthDialog, useAuthDialog } from "../auth";
import { CallToAction } from "./CallToAction";
import { Features } from "./Features";
import { Footer } from "./Footer";
import { Hero } from "./Hero";
import { HowItWorks } from "./HowItWorks";
import { LandingTopBar } from "./LandingTopBar";
import { Safety } from "./Safety";
import { readLandingParams } from "./landing-params";

function scrollToSection(id: string) {
  const reduce = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  document.getElementById(id)?.scrollIntoView({ behavior: reduce ? "auto" : "smooth", block: "start" });
}

export function LandingPage() {
  const { search } = useLocation();
  const params = useMemo(() => readLandingParams(search), [search]);
  const show = useAuthDialog((s) => s.show);
  const [alertDismissed, setAlertDismissed] = useState(false);

  useDocumentTitle("Caravan");

  useEffect(() => {
    if (params.openSignin) show("signin");
  }, [params.openSignin, show]);

  return (
    <Box minH="100dvh" bg="surface.page">
      <LandingTopBar onSignIn={() => show()} />
      {params.authError && !alertDismissed && (
        <Container maxW="6xl" px={{ base: "4", md: "6" }} pt="4">
          <Alert.Root status="warning" borderRadius="xl" data-testid="auth-error">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Description>{params.authError}</Alert.Description>
            </Alert.Content>
            <CloseButton
              size="sm"
              aria-label="Dismiss"
              pos="relative"
              top="-1"
              insetEnd="-1"
              onClick={() => setAlertDismissed(true)}
            />
          </Alert.Root>
        </Container>
      )}
      <Box as="main" id="main">
        <Hero onStart={() => show()} onDemo={() => scrollToSection("how-it-works")} />
        <HowItWorks />
        <Features />
        <Safety />
        <CallToAction onStart={() => show("signup")} />
      </Box>
      <Footer />
      <AuthDialog returnTo={params.returnTo} />
    </Box>
  );
}
