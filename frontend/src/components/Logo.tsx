import { Box, HStack, Text } from "@chakra-ui/react";
import { useId } from "react";

/** The Caravan mark: a dotted route from a starting point to the group's pin. */
export function BrandMark({ size = 8 }: { size?: number }) {
  const gradient = useId();
  return (
    <Box as="span" display="inline-flex" boxSize={size} flexShrink={0} aria-hidden="true">
      <svg viewBox="0 0 32 32" width="100%" height="100%" focusable="false">
        <defs>
          <linearGradient id={gradient} x1="0" y1="0" x2="1" y2="1">
            <stop offset="0" stopColor="#1f9c8e" />
            <stop offset="1" stopColor="#0f5a54" />
          </linearGradient>
        </defs>
        <rect width="32" height="32" rx="8" fill={`url(#${gradient})`} />
        <path
          d="M7.5 23.5c2.5-4 5.5-1.5 8.5-5s4-5.5 7-6.5"
          fill="none"
          stroke="#fff"
          strokeOpacity=".75"
          strokeWidth="2"
          strokeLinecap="round"
          strokeDasharray="0.5 3.5"
        />
        <circle cx="7.5" cy="23.5" r="2.5" fill="#ffb27a" />
        <path
          d="M23.5 4.5a4.75 4.75 0 0 0-4.75 4.75c0 3.6 4.75 8.25 4.75 8.25s4.75-4.65 4.75-8.25A4.75 4.75 0 0 0 23.5 4.5z"
          fill="#fff"
        />
        <circle cx="23.5" cy="9.25" r="1.9" fill="#0f5a54" />
      </svg>
    </Box>
  );
}

export function Logo({ size = 8 }: { size?: number }) {
  return (
    <HStack gap="2.5">
      <BrandMark size={size} />
      <Text as="span" fontFamily="heading" fontWeight="800" fontSize="xl" letterSpacing="-0.02em" color="ink">
        Caravan
      </Text>
    </HStack>
  );
}
