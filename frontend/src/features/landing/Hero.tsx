import { Badge, Box, Button, Container, Grid, HStack, Heading, Stack, Text } from "@chakra-ui/react";
import { CheckIcon, PlayIcon } from "../../components/icons/first-load";

import { HeroIllustration } from "./HeroIllustration";
import { landingButton } from "./landing-button";

const CLAIMS = ["Free to start", "Privacy focused", "Mobile ready"];

interface HeroProps {
  onStart(): void;
  onDemo(): void;
}

export function Hero({ onStart, onDemo }: HeroProps) {
  return (
    <Box
      as="section"
      aria-labelledby="hero-title"
      position="relative"
      overflow="hidden"
      bgGradient="to-b"
      gradientFrom="brand.50"
      gradientTo="sand.50"
    >
      <Container maxW="6xl" pt={{ base: "10", md: "20" }} pb={{ base: "16", md: "24" }}>
        <Grid templateColumns={{ base: "1fr", lg: "1.05fr 1fr" }} gap={{ base: "14", lg: "12" }} alignItems="center">
          <Stack gap="6" textAlign={{ base: "center", lg: "start" }} alignItems={{ base: "center", lg: "flex-start" }}>
            <Badge colorPalette="sunset" variant="subtle" size="lg" borderRadius="full" px="3" py="1" fontWeight="600">
              Group travel, coordinated
            </Badge>
            <Heading
              as="h1"
              id="hero-title"
              fontFamily="heading"
              fontWeight="800"
              fontSize={{ base: "4xl", sm: "5xl", md: "6xl" }}
              lineHeight="1.05"
              letterSpacing="-0.035em"
              color="ink"
            >
              Travel Together,{" "}
              <Text as="span" color="brand.600" display="block">
                Stay Connected
              </Text>
            </Heading>
            <Text fontSize={{ base: "md", md: "lg" }} color="fg.muted" maxW="34rem">
              Caravan keeps your travel group on the same page: shared plans and a common destination, live locations on
              one map, group chat, votes on where to go next, and checklists everyone can tick off.
            </Text>
            <Stack direction={{ base: "column", sm: "row" }} gap="3" w={{ base: "full", sm: "auto" }}>
              <Button
                colorPalette="brand"
                size="xl"
                onClick={onStart}
                fontWeight="600"
                boxShadow="card"
                {...landingButton("start")}
              >
                Start Coordinating
              </Button>
              <Button
                variant="outline"
                size="xl"
                onClick={onDemo}
                fontWeight="600"
                bg="surface.raised"
                {...landingButton("demo")}
              >
                <PlayIcon boxSize="5" />
                Watch Demo
              </Button>
            </Stack>
            <HStack
              as="ul"
              listStyleType="none"
              gap={{ base: "3", sm: "5" }}
              flexWrap="wrap"
              justify={{ base: "center", lg: "flex-start" }}
              aria-label="Why Caravan"
            >
              {CLAIMS.map((claim) => (
                <HStack as="li" key={claim} gap="1.5" fontSize="sm" fontWeight="500" color="ink">
                  <Box as="span" display="inline-flex" bg="brand.100" color="brand.700" borderRadius="full" p="0.5">
                    <CheckIcon boxSize="3.5" />
                  </Box>
                  {claim}
                </HStack>
              ))}
            </HStack>
          </Stack>
          <HeroIllustration />
        </Grid>
      </Container>
    </Box>
  );
}
