import { HStack, Stack, Text } from "@chakra-ui/react";
import { GROUP_TEXTS, PRIVACY } from "@caravan/common";
import { ShieldIcon } from "../../components/icons";

/** The group page's privacy note: statements that are true of the code (ARCHITECTURE §6). */
export function PrivacyNote() {
  return (
    <HStack
      as="aside"
      align="flex-start"
      gap="3"
      p={{ base: "4", md: "5" }}
      borderRadius="card"
      bg="brand.50"
      borderWidth="1px"
      borderColor="brand.100"
      aria-labelledby="privacy-heading"
    >
      <ShieldIcon boxSize="5" color="brand.700" mt="0.5" flexShrink={0} />
      <Stack gap="1.5">
        <Text id="privacy-heading" fontWeight="700" color="brand.800" fontSize="sm">
          {GROUP_TEXTS.privacyTitle}
        </Text>
        <Text fontSize="sm" color="brand.900">
          {PRIVACY.groupLocations}
        </Text>
        <Text fontSize="sm" color="brand.900">
          {PRIVACY.membersOnly}
        </Text>
      </Stack>
    </HStack>
  );
}
