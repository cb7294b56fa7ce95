import { Box, Button, Container, Heading, Stack, Text } from "@chakra-ui/react";
import { ArrowRightIcon } from "../../components/icons/first-load";
import { landingButton } from "./landing-button";

export function CallToAction({ onStart }: { onStart(): void }) {
  return (
    <Box as="section" aria-labelledby="cta-title" py={{ base: "16", md: "20" }}>
      <Container maxW="4xl">
        <Stack
          align="center"
          textAlign="center"
          gap="5"
          px={{ base: "6", md: "12" }}
          py={{ base: "10", md: "14" }}
          borderRadius="3xl"
          bgGradient="to-br"
          gradientFrom="sunset.50"
          gradientTo="brand.50"
          borderWidth="1px"
          borderColor="sand.200"
        >
          <Heading
            as="h2"
            id="cta-title"
            fontFamily="heading"
            fontWeight="800"
            fontSize={{ base: "2xl", md: "3xl" }}
            letterSpacing="-0.03em"
            color="ink"
          >
            Your next trip starts with one group
          </Heading>
          <Text color="fg.muted" maxW="lg">
            Create it, invite everyone, and spend the journey together instead of asking where everyone is.
          </Text>
          <Button colorPalette="brand" size="lg" onClick={onStart} fontWeight="600" {...landingButton("signup")}>
            Create Your Group
            <ArrowRightIcon boxSize="4" />
          </Button>
        </Stack>
      </Container>
    </Box>
  );
}
