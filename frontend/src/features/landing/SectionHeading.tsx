import { Heading, Stack, Text } from "@chakra-ui/react";

interface SectionHeadingProps {
  id: string;
  eyebrow: string;
  title: string;
  lead: string;
}

export function SectionHeading({ id, eyebrow, title, lead }: SectionHeadingProps) {
  return (
    <Stack gap="3" textAlign="center" maxW="2xl" mx="auto" mb={{ base: "10", md: "14" }}>
      <Text fontSize="sm" fontWeight="700" letterSpacing="0.08em" textTransform="uppercase" color="sunset.700">
        {eyebrow}
      </Text>
      <Heading
        as="h2"
        id={id}
        fontFamily="heading"
        fontWeight="800"
        fontSize={{ base: "3xl", md: "4xl" }}
        letterSpacing="-0.03em"
        lineHeight="1.15"
        color="ink"
      >
        {title}
      </Heading>
      <Text color="fg.muted" fontSize={{ base: "md", md: "lg" }}>
        {lead}
      </Text>
    </Stack>
  );
}
