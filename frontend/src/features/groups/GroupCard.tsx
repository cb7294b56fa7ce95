import {
  Box,
  Card,
  HStack,
  Heading,
  LinkBox,
  LinkOverlay,
  Skeleton,
  SkeletonText,
  Stack,
  Text,
} from "@chakra-ui/react";
import { Link as RouterLink } from "react-router-dom";
import { GROUP_TEXTS, formatCountdown, type GroupSummary } from "@caravan/common";
import { ArrowRightIcon, ClockIcon } from "../../components/icons";
import { CoverImage } from "./CoverImage";
import { MemberAvatars } from "./MemberAvatars";
import { StatusBadge } from "./StatusBadge";

export function GroupCard({ group }: { group: GroupSummary }) {
  const countdown = group.status === "planning" && group.startDate ? formatCountdown(group.startDate) : null;
  return (
    <LinkBox asChild>
      <Card.Root
        as="article"
        overflow="hidden"
        height="full"
        borderRadius="card"
        bg="surface.raised"
        boxShadow="card"
        borderWidth="1px"
        borderColor="sand.200"
        transition="box-shadow 0.2s, transform 0.2s"
        _hover={{ boxShadow: "lift", transform: "translateY(-2px)" }}
        _focusWithin={{ boxShadow: "lift" }}
        data-testid="group-card"
      >
        <Box position="relative">
          <CoverImage src={group.coverImageUrl} height="36" />
          <StatusBadge status={group.status} position="absolute" top="3" right="3" boxShadow="sm" />
        </Box>
        <Card.Body gap="3" p="5">
          <Stack gap="1">
            <Heading as="h3" size="md" lineClamp={1} color="ink">
              {group.name}
            </Heading>
            {countdown && (
              <HStack gap="1.5" color="sunset.700" fontSize="sm" fontWeight="600">
                <ClockIcon boxSize="4" />
                <Text>{countdown}</Text>
              </HStack>
            )}
          </Stack>
          <Text fontSize="sm" color={group.description ? "ink.muted" : "fg.subtle"} lineClamp={2} flex="1">
            {group.description || GROUP_TEXTS.noDescription}
          </Text>
          <HStack justify="space-between" pt="1" mt="auto">
            <HStack gap="2">
              <MemberAvatars members={group.members} total={group.memberCount} size="xs" />
              <Text fontSize="xs" color="ink.muted">
                {GROUP_TEXTS.membersCount(group.memberCount)}
              </Text>
            </HStack>
            <LinkOverlay asChild display="inline-flex" alignItems="center" minH="6">
              <RouterLink to={`/groups/${group.id}`}>
                <HStack gap="1" color="brand.700" fontWeight="600" fontSize="sm">
                  <span>{GROUP_TEXTS.viewGroup}</span>
                  <ArrowRightIcon boxSize="4" />
                </HStack>
              </RouterLink>
            </LinkOverlay>
          </HStack>
        </Card.Body>
      </Card.Root>
    </LinkBox>
  );
}

export function GroupCardSkeleton() {
  return (
    <Card.Root
      borderRadius="card"
      overflow="hidden"
      bg="surface.raised"
      borderWidth="1px"
      borderColor="sand.200"
      data-testid="group-card-skeleton"
    >
      <Skeleton height="36" borderRadius="0" />
      <Card.Body gap="3" p="5">
        <Skeleton height="5" width="60%" />
        <SkeletonText noOfLines={2} />
        <HStack justify="space-between">
          <Skeleton height="6" width="24" borderRadius="full" />
          <Skeleton height="4" width="20" />
        </HStack>
      </Card.Body>
    </Card.Root>
  );
}
