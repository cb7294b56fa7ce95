import {
  Box,
  Button,
  Circle,
  Container,
  HStack,
  Heading,
  Skeleton,
  SkeletonCircle,
  SkeletonText,
  Stack,
  Text,
} from "@chakra-ui/react";
import { Link as RouterLink } from "react-router-dom";
import { GROUP_TEXTS } from "@caravan/common";
import { AlertIcon, HomeIcon, LockIcon } from "../../components/icons";

export function GroupPageSkeleton() {
  return (
    <Container maxW="6xl" py={{ base: "5", md: "8" }} aria-busy="true" data-testid="group-skeleton">
      <Skeleton height={{ base: "36", md: "52" }} borderRadius="card" />
      <Stack gap="3" mt="6">
        <Skeleton height="8" width={{ base: "70%", md: "40%" }} />
        <SkeletonText noOfLines={2} maxW="xl" />
        <HStack gap="2">
          <Skeleton height="6" width="24" borderRadius="full" />
          <SkeletonCircle size="8" />
          <SkeletonCircle size="8" />
          <SkeletonCircle size="8" />
        </HStack>
      </Stack>
      <Skeleton height="24" borderRadius="card" mt="8" />
    </Container>
  );
}

function StateView({
  icon,
  title,
  text,
  children,
}: {
  icon: React.ReactNode;
  title: string;
  text: string;
  children: React.ReactNode;
}) {
  return (
    <Stack as="section" align="center" textAlign="center" gap="4" py={{ base: "16", md: "24" }} px="6" role="alert">
      <Circle size="16" bg="sunset.50" color="sunset.600" aria-hidden="true">
        {icon}
      </Circle>
      <Heading as="h1" fontFamily="heading" fontWeight="800" fontSize={{ base: "2xl", md: "3xl" }} color="ink">
        {title}
      </Heading>
      <Text color="fg.muted" maxW="md">
        {text}
      </Text>
      <HStack gap="3" mt="2" flexWrap="wrap" justify="center">
        {children}
      </HStack>
    </Stack>
  );
}

const BackHome = ({ primary }: { primary?: boolean }) => (
  <Button asChild colorPalette="brand" variant={primary ? "solid" : "outline"}>
    <RouterLink to="/">
      <HomeIcon />
      {GROUP_TEXTS.backToHome}
    </RouterLink>
  </Button>
);

export function GroupAccessDenied() {
  return (
    <StateView
      icon={<LockIcon boxSize="7" />}
      title={GROUP_TEXTS.accessDeniedTitle}
      text={GROUP_TEXTS.accessDeniedText}
    >
      <Button colorPalette="brand" onClick={() => window.location.reload()}>
        {GROUP_TEXTS.refreshPage}
      </Button>
      <BackHome />
    </StateView>
  );
}

export function GroupNotFound() {
  return (
    <Box>
      <StateView icon={<AlertIcon boxSize="7" />} title={GROUP_TEXTS.notFoundTitle} text={GROUP_TEXTS.notFoundText}>
        <BackHome primary />
      </StateView>
    </Box>
  );
}
