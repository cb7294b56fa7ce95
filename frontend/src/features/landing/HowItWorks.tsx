import { Box, Circle, Container, Heading, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import type { ComponentType } from "react";
import { CompassIcon, MapPinIcon, MessageIcon, UserPlusIcon } from "../../components/icons/first-load";
import { DEMO_SECTION_ID } from "../../lib/landing-actions";
import { SectionHeading } from "./SectionHeading";

const STEPS: Array<{ icon: ComponentType<{ boxSize?: string }>; title: string; text: string }> = [
  {
    icon: CompassIcon,
    title: "Create a group",
    text: "Name the trip, set the dates and pick the main destination everyone is heading to.",
  },
  {
    icon: UserPlusIcon,
    title: "Invite your people",
    text: "Send invitations by e-mail or share a link: whoever opens it can join the group.",
  },
  {
    icon: MapPinIcon,
    title: "Share where you are",
    text: "Check in by hand or turn on automatic sharing while you travel. It stays off until you switch it on.",
  },
  {
    icon: MessageIcon,
    title: "Decide together",
    text: "Chat with the group, propose destinations and vote on them, and tick off shared checklists.",
  },
];

export function HowItWorks() {
  return (
    <Box
      as="section"
      aria-labelledby="how-title"
      id={DEMO_SECTION_ID}
      py={{ base: "16", md: "24" }}
      bg="surface.raised"
    >
      <Container maxW="6xl">
        <SectionHeading
          id="how-title"
          eyebrow="In four steps"
          title="How Caravan works"
          lead="From the first idea to the last kilometre, the whole group works from the same plan."
        />
        <SimpleGrid as="ol" listStyleType="none" columns={{ base: 1, sm: 2, lg: 4 }} gap={{ base: "5", md: "6" }}>
          {STEPS.map((step, i) => (
            <Stack
              as="li"
              key={step.title}
              gap="3"
              p="6"
              borderRadius="card"
              bg="surface.page"
              borderWidth="1px"
              borderColor="sand.200"
              position="relative"
            >
              <Text
                position="absolute"
                top="4"
                insetEnd="5"
                fontFamily="heading"
                fontWeight="800"
                fontSize="3xl"
                color="ink.muted"
                aria-hidden="true"
              >
                {String(i + 1).padStart(2, "0")}
              </Text>
              <Circle size="11" bg="brand.solid" color="brand.contrast">
                <step.icon boxSize="5" />
              </Circle>
              <Heading as="h3" fontSize="lg" fontWeight="700" color="ink" fontFamily="heading">
                <Box as="span" srOnly>
                  Step {i + 1}:{" "}
                </Box>
                {step.title}
              </Heading>
              <Text color="fg.muted" fontSize="sm" lineHeight="1.6">
                {step.text}
              </Text>
            </Stack>
          ))}
        </SimpleGrid>
      </Container>
    </Box>
  );
}
