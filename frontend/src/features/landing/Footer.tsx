import { Box, Container, HStack, Link, Stack, Text } from "@chakra-ui/react";
import { Logo } from "../../components/Logo";

export function Footer() {
  return (
    <Box as="footer" borderTopWidth="1px" borderColor="sand.200" bg="surface.raised" py="10">
      <Container maxW="6xl">
        <Stack
          direction={{ base: "column", md: "row" }}
          justify="space-between"
          align={{ base: "flex-start", md: "center" }}
          gap="6"
        >
          <Stack gap="2">
            <Logo size={6} />
            <Text fontSize="sm" color="fg.muted">
              Group travel coordination: plans, places and people in one place.
            </Text>
          </Stack>
          <HStack as="nav" aria-label="Footer" gap="5" fontSize="sm">
            <Link href="#how-it-works" color="fg.muted" minH="11" minW="11" justifyContent="center">
              How it works
            </Link>
            <Link href="#features" color="fg.muted" minH="11" minW="11" justifyContent="center">
              Features
            </Link>
            <Link href="#safety" color="fg.muted" minH="11" minW="11" justifyContent="center">
              Safety
            </Link>
          </HStack>
        </Stack>
        <Stack
          direction={{ base: "column", sm: "row" }}
          justify="space-between"
          gap="2"
          mt="8"
          pt="6"
          borderTopWidth="1px"
          borderColor="sand.100"
          fontSize="xs"
          color="fg.muted"
        >
          <Text>© {new Date().getFullYear()} Caravan</Text>
          <Text>
            Place names:{" "}
            <Link
              href="https://www.geonames.org/"
              target="_blank"
              rel="noreferrer"
              color="fg.muted"
              textDecoration="underline"
            >
              GeoNames
            </Link>
            ,{" "}
            <Link
              href="https://creativecommons.org/licenses/by/4.0/"
              target="_blank"
              rel="noreferrer"
              color="fg.muted"
              textDecoration="underline"
            >
              CC BY 4.0
            </Link>
          </Text>
        </Stack>
      </Container>
    </Box>
  );
}
