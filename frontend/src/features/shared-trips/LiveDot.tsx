import { Box } from "@chakra-ui/react";

/** Green and pulsing while this device sends its position; grey while the link is live but nothing is sent. */
export function LiveDot({ live }: { live: boolean }) {
  return (
    <Box as="span" position="relative" display="inline-flex" flexShrink={0} boxSize="2.5" aria-hidden="true">
      {live ? (
        <Box
          as="span"
          position="absolute"
          inset="0"
          borderRadius="full"
          bg="green.400"
          opacity="0.75"
          animation="ping 1.6s cubic-bezier(0, 0, 0.2, 1) infinite"
          _motionReduce={{ animation: "none" }}
        />
      ) : null}
      <Box as="span" position="relative" boxSize="full" borderRadius="full" bg={live ? "green.500" : "gray.400"} />
    </Box>
  );
}
