import { Box, Container, HStack } from "@chakra-ui/react";
import type { ReactNode } from "react";
import { Link as RouterLink } from "react-router-dom";
import { Logo } from "./Logo";

/** The signed-in pages' header: the brand on the left (a way home), the page's controls on the right. */
export function AppTopBar({ children }: { children?: ReactNode }) {
  return (
    <Box
      as="header"
      position="sticky"
      top="0"
      zIndex="sticky"
      bg="rgba(255, 255, 255, 0.9)"
      backdropFilter="saturate(180%) blur(12px)"
      borderBottomWidth="1px"
      borderColor="sand.200"
    >
      <Container maxW="6xl" px={{ base: "4", md: "6" }}>
        <HStack h="16" justify="space-between" gap="3">
          <RouterLink to="/" aria-label="Caravan home">
            <Logo size={7} />
          </RouterLink>
          <HStack gap={{ base: "1", sm: "2" }}>{children}</HStack>
        </HStack>
      </Container>
    </Box>
  );
}
