import { Box, Button, Heading, Stack, Text } from "@chakra-ui/react";
import { Link as RouterLink } from "react-router-dom";
import { HomeIcon } from "../components/icons";
import { AppTopBar } from "../components/AppTopBar";
import { useDocumentTitle } from "../lib/use-document-title";

const TITLE = "404 Page Not Found";

export function NotFoundPage() {
  useDocumentTitle(TITLE);
  return (
    <Box minH="100dvh" bg="surface.page" display="flex" flexDirection="column">
      <AppTopBar />
      <Stack as="main" flex="1" align="center" justify="center" textAlign="center" gap="5" px="6" pt="8" pb="20">
        <Box aria-hidden="true" w={{ base: "220px", md: "280px" }}>
          <svg viewBox="0 0 280 135" width="100%" focusable="false">
            <path
              d="M20 120c40-50 80-10 120-40s70-50 120-40"
              fill="none"
              style={{ stroke: "var(--chakra-colors-sand-300)" }}
              strokeWidth="4"
              strokeLinecap="round"
              strokeDasharray="2 12"
            />
            <circle cx="20" cy="120" r="9" fill="#72d1c2" />
            <path d="M250 28a18 18 0 0 0-18 18c0 14 18 31 18 31s18-17 18-31a18 18 0 0 0-18-18z" fill="#fb7f46" />
            <circle cx="250" cy="46" r="6.5" fill="#fff" />
          </svg>
        </Box>
        <Heading
          as="h1"
          fontFamily="heading"
          fontWeight="800"
          fontSize={{ base: "3xl", md: "4xl" }}
          letterSpacing="-0.03em"
          color="ink"
        >
          {TITLE}
        </Heading>
        <Text color="fg.muted" maxW="md">
          This route doesn't lead anywhere. The page may have moved, or the link may be mistyped.
        </Text>
        <Button asChild colorPalette="brand" size="lg" fontWeight="600">
          <RouterLink to="/">
            <HomeIcon boxSize="5" />
            Back to Home
          </RouterLink>
        </Button>
      </Stack>
    </Box>
  );
}
