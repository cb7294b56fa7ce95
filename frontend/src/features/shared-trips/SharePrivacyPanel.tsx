import { Box, HStack, Skeleton, Stack, Text } from "@chakra-ui/react";
import { CALENDAR_TEXTS, SHARE_TEXTS } from "@caravan/common";
import { useClientConfig } from "../../api/config";
import { LockSmallIcon } from "../../components/icons";

/** How long the share's data is kept and what the sharer learns about views: the server's own settings. */
export function SharePrivacyPanel() {
  const { data: config } = useClientConfig();
  return (
    <Box
      as="aside"
      aria-label="Privacy"
      bg="brand.subtle"
      borderRadius="card"
      borderWidth="1px"
      borderColor="brand.100"
      px={{ base: "4", md: "5" }}
      py="4"
      data-testid="share-privacy"
    >
      <HStack gap="2" color="brand.fg" mb="1.5">
        <LockSmallIcon boxSize="4" />
        <Text fontWeight="700">Privacy</Text>
      </HStack>
      {config ? (
        <Stack gap="1.5">
          <Text fontSize="sm" color="brand.900">
            {SHARE_TEXTS.privacy(config.shareRetentionHours)}
          </Text>
          <Text fontSize="sm" color="brand.900" data-testid="share-views-privacy">
            {CALENDAR_TEXTS.viewsPrivacy}
          </Text>
        </Stack>
      ) : (
        <Skeleton height="16" />
      )}
    </Box>
  );
}
