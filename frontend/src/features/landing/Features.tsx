import { Box, Circle, Container, Heading, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import type { ComponentType } from "react";
import {
  IdCardIcon,
  MapPinIcon,
  MessageIcon,
  ShieldCheckIcon,
  SmartphoneIcon,
  UsersIcon,
} from "../../components/icons/first-load";
import { SectionHeading } from "./SectionHeading";

type Tone = "brand" | "sunset";

const FEATURES: Array<{ icon: ComponentType<{ boxSize?: string }>; title: string; text: string; tone: Tone }> = [
  {
    icon: UsersIcon,
    title: "Group Management",
    text: "Create travel groups with dates, a status and a main destination, and invite members by e-mail or link.",
    tone: "brand",
  },
  {
    icon: MapPinIcon,
    title: "Location Sharing",
    text: "Check in where you are or share automatically on the move, and see everyone and the destination on one map.",
    tone: "sunset",
  },
  {
    icon: MessageIcon,
    title: "Group Messaging & Status Updates",
    text: "Chat with the whole group and keep everyone posted as plans change, arrivals happen and decisions are made.",
    tone: "brand",
  },
  {
    icon: ShieldCheckIcon,
    title: "Safety First",
    text: "A time-limited link lets someone you trust follow you, no account needed; chatting takes a free one.",
    tone: "sunset",
  },
  {
    icon: SmartphoneIcon,
    title: "Mobile-Optimized Design",
    text: "Made for the phone in your pocket: at the station, on the trail or in the back seat, it fits the screen.",
    tone: "brand",
  },
  {
    icon: IdCardIcon,
    title: "User Profiles",
    text: "Your name follows you into every group you join, so fellow travellers always know who is who.",
    tone: "sunset",
  },
];

export function Features() {
  return (
    <Box as="section" aria-labelledby="features-title" id="features" py={{ base: "16", md: "24" }}>
      <Container maxW="6xl">
        <SectionHeading
          id="features-title"
          eyebrow="Features"
          title="Everything your group needs on the road"
          lead="One shared space for the plan, the people and the places, instead of a dozen chat threads."
        />
        <SimpleGrid columns={{ base: 1, sm: 2, lg: 3 }} gap={{ base: "5", md: "6" }}>
          {FEATURES.map((f) => (
            <Stack
              key={f.title}
              as="article"
              gap="3"
              p={{ base: "6", md: "7" }}
              bg="surface.raised"
              borderRadius="card"
              borderWidth="1px"
              borderColor="sand.200"
              boxShadow="card"
              transition="transform 0.2s ease, box-shadow 0.2s ease"
              _hover={{ transform: "translateY(-2px)", boxShadow: "lift" }}
              _motionReduce={{ transition: "none", _hover: { transform: "none" } }}
            >
              <Circle size="12" bg={`${f.tone}.100`} color={`${f.tone}.700`}>
                <f.icon boxSize="6" />
              </Circle>
              <Heading as="h3" fontSize="lg" fontWeight="700" fontFamily="heading" color="ink" lineHeight="1.3">
                {f.title}
              </Heading>
              <Text color="fg.muted" fontSize="sm" lineHeight="1.65">
                {f.text}
              </Text>
            </Stack>
          ))}
        </SimpleGrid>
      </Container>
    </Box>
  );
}
