import { Badge, Box, HStack, Heading, Stack, Text } from "@chakra-ui/react";
import { formatRemaining, type SharedTripInfo } from "@caravan/common";
import { ClockIcon } from "../../components/icons";
import { UserAvatar } from "../../components/UserAvatar";
import { LiveDot } from "./LiveDot";

/** The sharer, the time left and the share's state; the notice that replaces the location once it has ended. */
export function SharedTripHeader({
  info,
  name,
  live,
  now,
}: {
  info: SharedTripInfo;
  name: string;
  live: boolean;
  now: Date;
}) {
  return (
    <Stack direction={{ base: "column", sm: "row" }} justify="space-between" align={{ sm: "center" }} gap="4">
      <HStack gap="4" minW="0">
        <UserAvatar user={{ ...info.sharer, email: null }} size="lg" />
        <Stack gap="1" minW="0">
          <Heading
            as="h1"
            fontFamily="heading"
            fontWeight="800"
            fontSize={{ base: "2xl", md: "3xl" }}
            letterSpacing="-0.03em"
            color="ink"
            lineClamp={2}
          >
            {name}'s Location
          </Heading>
          <HStack gap="1.5" color="fg.muted" fontSize="sm" data-testid="share-countdown">
            <ClockIcon boxSize="4" />
            <Text>{live ? formatRemaining(info.expiresAt, now) : "Expired"}</Text>
          </HStack>
        </Stack>
      </HStack>
      {live ? (
        <Badge
          colorPalette="green"
          variant="subtle"
          size="lg"
          borderRadius="full"
          px="3"
          gap="2"
          alignSelf={{ base: "flex-start", sm: "center" }}
          data-testid="share-status"
        >
          <LiveDot live />
          Live
        </Badge>
      ) : (
        <Badge
          colorPalette="gray"
          variant="subtle"
          size="lg"
          borderRadius="full"
          px="3"
          alignSelf={{ base: "flex-start", sm: "center" }}
          data-testid="share-status"
        >
          Expired
        </Badge>
      )}
    </Stack>
  );
}

export function SharedTripEnded({ name }: { name: string }) {
  return (
    <Box
      role="status"
      bg="sand.100"
      borderWidth="1px"
      borderColor="sand.300"
      borderRadius="card"
      px={{ base: "4", md: "6" }}
      py="4"
      data-testid="share-ended"
    >
      <Text fontWeight="700" color="ink">
        This shared trip has ended
      </Text>
      <Text fontSize="sm" color="ink.muted" mt="1">
        {name} stopped sharing, or the time ran out. The location is no longer shown, and the chat is read-only.
      </Text>
    </Box>
  );
}
