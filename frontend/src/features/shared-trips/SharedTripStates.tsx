import { Box, Button, Container, HStack, Heading, Skeleton, Stack, Text } from "@chakra-ui/react";
import type { ReactNode } from "react";
import { Link as RouterLink } from "react-router-dom";
import { SHARE_TEXTS } from "@caravan/common";
import { AppTopBar } from "../../components/AppTopBar";
import { LifebuoyIcon } from "../../components/icons";
import { pageTitle, useDocumentTitle } from "../../lib/use-document-title";

/** The shared-trip page's frame and its states before the share is shown: loading, failed, not found. */
export function SharedTripShell({ children }: { children: ReactNode }) {
  return (
    <Box minH="100dvh" bg="surface.page">
      <AppTopBar />
      <Container as="main" maxW="6xl" py={{ base: "6", md: "10" }}>
        {children}
      </Container>
    </Box>
  );
}

export function SharedTripLoading() {
  return (
    <Stack gap="6" aria-busy="true">
      <HStack gap="4">
        <Skeleton boxSize="12" borderRadius="full" />
        <Stack gap="2" flex="1">
          <Skeleton height="7" maxW="xs" />
          <Skeleton height="4" maxW="40" />
        </Stack>
      </HStack>
      <Skeleton height="96" borderRadius="card" />
    </Stack>
  );
}

export function SharedTripLoadFailed({ onRetry }: { onRetry: () => void }) {
  return (
    <Stack align="center" textAlign="center" gap="4" py="16">
      <Heading as="h1" fontFamily="heading" fontSize="2xl" color="ink">
        This shared trip could not be loaded
      </Heading>
      <Text color="fg.muted">Check your connection and try again.</Text>
      <Button colorPalette="brand" onClick={onRetry}>
        Try again
      </Button>
    </Stack>
  );
}

export function TripNotFound() {
  useDocumentTitle(pageTitle("Trip Not Found"));
  return (
    <SharedTripShell>
      <Stack align="center" textAlign="center" gap="5" py={{ base: "12", md: "20" }} data-testid="trip-not-found">
        <Box color="sand.400">
          <LifebuoyIcon boxSize="12" />
        </Box>
        <Heading
          as="h1"
          fontFamily="heading"
          fontWeight="800"
          fontSize={{ base: "xl", md: "2xl" }}
          color="ink"
          maxW="xl"
        >
          {SHARE_TEXTS.notFound}
        </Heading>
        <Button asChild colorPalette="brand" size="lg">
          <RouterLink to="/">Go to Home</RouterLink>
        </Button>
      </Stack>
    </SharedTripShell>
  );
}
