import { Box, Circle, Container, HStack, Heading, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import type { ComponentType } from "react";
import { PRIVACY } from "@caravan/common";
import { LockIcon, MapPinIcon, ShieldCheckIcon, UsersIcon } from "../../components/icons/first-load";

const STATEMENTS: Array<{ icon: ComponentType<{ boxSize?: string }>; text: string }> = [
  { icon: MapPinIcon, text: PRIVACY.trackingOff },
  { icon: UsersIcon, text: PRIVACY.membersOnly },
  { icon: ShieldCheckIcon, text: PRIVACY.noAds },
  { icon: LockIcon, text: PRIVACY.encrypted },
];

export function Safety() {
  return (
    <Box
      as="section"
      aria-labelledby="safety-title"
      id="safety"
      py={{ base: "16", md: "24" }}
      bg="fixed.brand.900"
      color="white"
      position="relative"
      overflow="hidden"
    >
      <Box
        position="absolute"
        inset="0"
        opacity="0.5"
        bgImage="radial-gradient(circle at 15% 20%, rgba(63, 181, 166, 0.35), transparent 45%), radial-gradient(circle at 85% 80%, rgba(242, 97, 34, 0.22), transparent 40%)"
        aria-hidden="true"
      />
      <Container maxW="6xl" position="relative">
        <SimpleGrid columns={{ base: 1, lg: 2 }} gap={{ base: "10", lg: "16" }} alignItems="center">
          <Stack gap="4">
            <Text
              fontSize="sm"
              fontWeight="700"
              letterSpacing="0.08em"
              textTransform="uppercase"
              color="fixed.sunset.300"
            >
              Safety &amp; privacy
            </Text>
            <Heading
              as="h2"
              id="safety-title"
              fontFamily="heading"
              fontWeight="800"
              fontSize={{ base: "3xl", md: "4xl" }}
              letterSpacing="-0.03em"
              lineHeight="1.15"
            >
              Your trip, your data
            </Heading>
            <Text color="fixed.brand.100" fontSize={{ base: "md", md: "lg" }} maxW="32rem">
              Knowing where your people are should never mean giving your whereabouts away. These promises are how
              Caravan is built, not settings you have to hunt for.
            </Text>
          </Stack>
          <Stack as="ul" listStyleType="none" gap="3">
            {STATEMENTS.map((s) => (
              <HStack
                as="li"
                key={s.text}
                align="flex-start"
                gap="4"
                p={{ base: "4", md: "5" }}
                borderRadius="xl"
                bg="whiteAlpha.100"
                borderWidth="1px"
                borderColor="whiteAlpha.200"
              >
                <Circle size="10" bg="fixed.brand.700" color="fixed.brand.100" flexShrink={0}>
                  <s.icon boxSize="5" />
                </Circle>
                <Text fontSize={{ base: "sm", md: "md" }} lineHeight="1.6" color="white" pt="1.5">
                  {s.text}
                </Text>
              </HStack>
            ))}
          </Stack>
        </SimpleGrid>
      </Container>
    </Box>
  );
}
