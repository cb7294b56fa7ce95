import { Box, Circle, HStack, Stack, Text } from "@chakra-ui/react";
import { MapPinIcon, MessageIcon } from "../../components/icons/first-load";

/** The roads: the colour of a raised surface, white in light mode. */
const ROAD = "var(--chakra-colors-surface-raised)";

/**
 * A stylised group map: three travellers on a dotted route converging on the group's destination. Sea, land and
 * roads take the theme's variables, so the map is a dark one in dark mode; the travellers keep their colours.
 */
function MapArt() {
  return (
    <svg viewBox="0 0 480 400" width="100%" height="100%" role="presentation" focusable="false">
      <defs>
        <linearGradient id="hero-sea" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" style={{ stopColor: "var(--chakra-colors-brand-100)" }} />
          <stop offset="1" style={{ stopColor: "var(--chakra-colors-brand-200)" }} />
        </linearGradient>
        <linearGradient id="hero-land" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" style={{ stopColor: "var(--chakra-colors-sand-50)" }} />
          <stop offset="1" style={{ stopColor: "var(--chakra-colors-sand-100)" }} />
        </linearGradient>
        <pattern id="hero-grid" width="32" height="32" patternUnits="userSpaceOnUse">
          <path d="M32 0H0v32" fill="none" style={{ stroke: "var(--chakra-colors-brand-800)" }} strokeOpacity=".06" />
        </pattern>
      </defs>
      <rect width="480" height="400" rx="28" fill="url(#hero-sea)" />
      <path d="M0 120c60-30 110-10 150 10s90 40 150 10 120-70 180-50v310H0z" fill="url(#hero-land)" />
      <path
        d="M0 300c70-20 120 10 180 0s110-50 170-40 90 30 130 20v120H0z"
        style={{ fill: "var(--chakra-colors-sand-200)" }}
        opacity=".7"
      />
      <rect width="480" height="400" rx="28" fill="url(#hero-grid)" />
      <ellipse cx="330" cy="250" rx="60" ry="34" style={{ fill: "var(--chakra-colors-brand-200)" }} opacity=".55" />
      <path
        d="M40 360C120 300 150 250 230 240s140-20 180-110"
        fill="none"
        style={{ stroke: ROAD }}
        strokeWidth="14"
        strokeLinecap="round"
      />
      <path
        d="M60 170c50 20 90 50 120 70"
        fill="none"
        style={{ stroke: ROAD }}
        strokeWidth="10"
        strokeLinecap="round"
      />
      <path
        d="M70 330C140 280 160 250 230 240s130-20 170-100"
        fill="none"
        stroke="#177c72"
        strokeWidth="4"
        strokeLinecap="round"
        strokeDasharray="2 10"
      />
      <path
        d="M90 180c40 20 70 40 100 56"
        fill="none"
        stroke="#177c72"
        strokeWidth="4"
        strokeLinecap="round"
        strokeDasharray="2 10"
      />
      <g>
        <circle cx="400" cy="140" r="30" fill="#f26122" opacity=".15">
          <animate attributeName="r" values="18;34;18" dur="3s" repeatCount="indefinite" />
          <animate attributeName="opacity" values=".3;0;.3" dur="3s" repeatCount="indefinite" />
        </circle>
        <path d="M400 96a22 22 0 0 0-22 22c0 17 22 38 22 38s22-21 22-38a22 22 0 0 0-22-22z" fill="#d94a14" />
        <circle cx="400" cy="118" r="8" fill="#fff" />
      </g>
      {[
        { x: 70, y: 330, fill: "#177c72" },
        { x: 230, y: 240, fill: "#3fb5a6" },
        { x: 90, y: 180, fill: "#14504b" },
      ].map((m) => (
        <g key={`${m.x}-${m.y}`}>
          <circle cx={m.x} cy={m.y} r="20" fill="#fff" />
          <circle cx={m.x} cy={m.y} r="16" fill={m.fill} />
          <circle cx={m.x} cy={m.y - 4} r="5" fill="#fff" opacity=".95" />
          <path d={`M${m.x - 8} ${m.y + 9}a8 7 0 0 1 16 0`} fill="#fff" opacity=".95" />
        </g>
      ))}
    </svg>
  );
}

function SkeletonLine({ w }: { w: string }) {
  return <Box h="2" w={w} borderRadius="full" bg="sand.200" />;
}

export function HeroIllustration() {
  return (
    <Box position="relative" w="full" maxW="520px" mx="auto" aria-hidden="true" px={{ base: "2", md: "0" }}>
      <Box borderRadius="28px" boxShadow="lift" overflow="hidden" aspectRatio="6 / 5" bg="brand.100">
        <MapArt />
      </Box>
      <HStack
        position="absolute"
        top={{ base: "-3", md: "-4" }}
        left={{ base: "4", md: "-6" }}
        bg="surface.raised"
        borderRadius="full"
        boxShadow="card"
        px="3.5"
        py="2"
        gap="2"
        borderWidth="1px"
        borderColor="sand.200"
      >
        <Box position="relative" boxSize="2.5">
          <Circle size="2.5" bg="green.500" position="absolute" />
          <Circle
            size="2.5"
            bg="green.400"
            position="absolute"
            animation="ping 1.8s cubic-bezier(0, 0, 0.2, 1) infinite"
            _motionReduce={{ animation: "none" }}
          />
        </Box>
        <Text fontSize="sm" fontWeight="600" color="ink">
          3 members online
        </Text>
      </HStack>
      <Stack
        position="absolute"
        bottom={{ base: "-5", md: "-6" }}
        right={{ base: "4", md: "-6" }}
        bg="surface.raised"
        borderRadius="xl"
        boxShadow="card"
        p="3"
        gap="2"
        w={{ base: "180px", md: "210px" }}
        borderWidth="1px"
        borderColor="sand.200"
      >
        <HStack gap="2">
          <Circle size="7" bg="brand.100" color="brand.700">
            <MessageIcon boxSize="4" />
          </Circle>
          <SkeletonLine w="50%" />
        </HStack>
        <SkeletonLine w="90%" />
        <SkeletonLine w="65%" />
      </Stack>
      <HStack
        position="absolute"
        top="42%"
        right={{ base: "4", md: "-8" }}
        bg="surface.raised"
        borderRadius="xl"
        boxShadow="card"
        px="3"
        py="2.5"
        gap="2.5"
        borderWidth="1px"
        borderColor="sand.200"
        display={{ base: "none", sm: "flex" }}
      >
        <Circle size="7" bg="sunset.100" color="sunset.700">
          <MapPinIcon boxSize="4" />
        </Circle>
        <Stack gap="1.5" w="90px">
          <SkeletonLine w="100%" />
          <SkeletonLine w="60%" />
        </Stack>
      </HStack>
    </Box>
  );
}
