import { Box, Button, Container, HStack, Link } from "@chakra-ui/react";
import { Logo } from "../../components/Logo";
import { landingButton } from "./landing-button";

export function LandingTopBar({ onSignIn }: { onSignIn(): void }) {
  return (
    <Box
      as="header"
      position="sticky"
      top="0"
      zIndex="sticky"
      bg="surface.page/85"
      backdropFilter="saturate(180%) blur(12px)"
      borderBottomWidth="1px"
      borderColor="sand.200"
    >
      <Container maxW="6xl">
        <HStack h={{ base: "14", md: "16" }} justify="space-between" gap="2">
          <Link href="/" aria-label="Caravan home" _hover={{ textDecoration: "none" }} flexShrink={0} minH="11">
            <Logo size={7} />
          </Link>
          <HStack as="nav" aria-label="Main" gap={{ base: "0", sm: "2", md: "4" }}>
            {[
              { href: "#features", label: "Features" },
              { href: "#safety", label: "Safety" },
            ].map((item) => (
              <Link
                key={item.href}
                href={item.href}
                // Features is the longest way down the page, and the first to go where 320 px leaves no room.
                display={item.href === "#features" ? { base: "none", sm: "inline-flex" } : "inline-flex"}
                minH="11"
                px={{ base: "2", md: "3" }}
                py="2"
                borderRadius="md"
                fontSize="sm"
                fontWeight="500"
                color="fg.muted"
                _hover={{ color: "ink", textDecoration: "none", bg: "sand.100" }}
              >
                {item.label}
              </Link>
            ))}
            <Button
              colorPalette="brand"
              size={{ base: "sm", md: "md" }}
              ms={{ base: "1", md: "2" }}
              onClick={onSignIn}
              {...landingButton("sign-in")}
            >
              Sign In
            </Button>
          </HStack>
        </HStack>
      </Container>
    </Box>
  );
}
