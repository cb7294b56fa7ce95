import { Box, Container, HStack } from "@chakra-ui/react";
import { createContext, useContext, type ReactNode } from "react";
import { HomeLink } from "./HomeLink";

/**
 * What every header shows at its right end for the signed-in user (the user menu), provided once by the app so
 * each page's header has it without knowing about accounts.
 */
export const AccountSlot = createContext<ReactNode>(null);

/** The pages' header: the brand on the left (a way home), the page's controls and the user menu on the right. */
export function AppTopBar({ children }: { children?: ReactNode }) {
  const account = useContext(AccountSlot);
  return (
    <Box
      as="header"
      position="sticky"
      top="0"
      zIndex="sticky"
      bg="surface.raised/90"
      backdropFilter="saturate(180%) blur(12px)"
      borderBottomWidth="1px"
      borderColor="sand.200"
    >
      <Container maxW="6xl">
        <HStack h="16" justify="space-between" gap="3">
          <HomeLink />
          <HStack gap={{ base: "1", sm: "2" }}>
            {children}
            {account}
          </HStack>
        </HStack>
      </Container>
    </Box>
  );
}
