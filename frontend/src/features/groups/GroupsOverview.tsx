import { Button, Circle, EmptyState, SimpleGrid, Stack, Text, VStack } from "@chakra-ui/react";
import { GROUP_TEXTS } from "@caravan/common";
import { useDeferredValue } from "react";
import { MapPinIcon, PlusIcon } from "../../components/icons";
import { useGroupStats, useGroups } from "./api";
import { onDemand } from "../../components/on-demand";
import { NoCachedCopy, useNoCachedCopy } from "../../offline/NoCachedCopy";
import { GroupCard, GroupCardSkeleton } from "./GroupCard";
import { useGroupDialogs } from "./dialog-store";
import { StatTiles } from "./StatTiles";

const SKELETON_CARDS = 3;

const useCreateOpen = () => useGroupDialogs((s) => s.open === "create");
const usePlanOpen = () => useGroupDialogs((s) => s.open === "plan");
const usePlannedOpen = () => useGroupDialogs((s) => s.open === "planned");

// The dashboard's dialogs, each with its form, load the first time they open (the header's buttons and the groups
// area open them through the store).
const CreateGroupDialog = onDemand<object>(
  () => import("./CreateGroupDialog").then((m) => m.CreateGroupDialog),
  useCreateOpen,
);
const PlanTripDialog = onDemand<object>(() => import("./PlanTripDialog").then((m) => m.PlanTripDialog), usePlanOpen);
const PlannedTripsDialog = onDemand<object>(
  () => import("./PlannedTripsDialog").then((m) => m.PlannedTripsDialog),
  usePlannedOpen,
);

/**
 * The dashboard's groups: figures, cards (or their skeletons, or the empty state) and the dialogs that add groups.
 * `waiting`: something above it is still loading and may take room when it comes; the skeletons stay until it has.
 */
export function GroupsOverview({ waiting = false }: { waiting?: boolean }) {
  const groups = useGroups();
  const stats = useGroupStats();
  const show = useGroupDialogs((s) => s.show);
  const list = groups.data ?? [];
  // The figures and cards mount in a deferred render, which yields to the browser every few milliseconds: the
  // answers arrive as blocking updates, which would mount them all in one long task. Skeletons show at once.
  const pending = groups.isPending || waiting;
  const loading = useDeferredValue(pending) || pending;
  // Offline or out of reach of the server, with no list kept on this device: say so, never "no groups yet".
  const noCopy = useNoCachedCopy(groups);

  return (
    <>
      {/* Keyed by what it waits for: what appears once something arrives is new on the page, rather than the boxes
          already there moved down, so nothing a reader sees shifts as the dashboard loads. */}
      <Stack key={`${waiting}:${loading}`} gap={{ base: "6", md: "8" }}>
        {!loading && list.length > 0 && <StatTiles groups={list} recentMessages={stats.data?.recentMessages ?? null} />}

        {noCopy ? (
          <NoCachedCopy />
        ) : loading ? (
          <SimpleGrid
            columns={{ base: 1, md: 2, xl: 3 }}
            gap="5"
            aria-busy="true"
            aria-label={GROUP_TEXTS.dashboardTitle}
          >
            {Array.from({ length: SKELETON_CARDS }, (_, i) => (
              <GroupCardSkeleton key={i} />
            ))}
          </SimpleGrid>
        ) : groups.isError ? (
          <VStack py="12" gap="3" role="alert">
            <Text color="ink.muted">{GROUP_TEXTS.loadFailed}</Text>
            <Button variant="outline" onClick={() => void groups.refetch()}>
              {GROUP_TEXTS.retry}
            </Button>
          </VStack>
        ) : list.length === 0 ? (
          <EmptyState.Root
            bg="surface.raised"
            borderRadius="card"
            borderWidth="1px"
            borderStyle="dashed"
            borderColor="sand.300"
            py={{ base: "10", md: "16" }}
          >
            <EmptyState.Content>
              <EmptyState.Indicator color="brand.600" bg="brand.50" borderRadius="full" p="4">
                <MapPinIcon boxSize="8" />
              </EmptyState.Indicator>
              <VStack textAlign="center" gap="1.5">
                <EmptyState.Title fontFamily="heading" fontSize="xl" color="ink">
                  {GROUP_TEXTS.emptyTitle}
                </EmptyState.Title>
                <EmptyState.Description color="ink.muted" maxW="sm">
                  {GROUP_TEXTS.emptyText}
                </EmptyState.Description>
              </VStack>
              <Button colorPalette="brand" size="lg" onClick={() => show("create")}>
                <PlusIcon />
                {GROUP_TEXTS.createFirst}
              </Button>
            </EmptyState.Content>
          </EmptyState.Root>
        ) : (
          <SimpleGrid as="section" aria-label={GROUP_TEXTS.dashboardTitle} columns={{ base: 1, md: 2, xl: 3 }} gap="5">
            {list.map((g) => (
              <GroupCard key={g.id} group={g} />
            ))}
            <NewGroupTile onClick={() => show("create")} />
          </SimpleGrid>
        )}
      </Stack>

      <CreateGroupDialog />
      <PlanTripDialog />
      <PlannedTripsDialog />
    </>
  );
}

/** The grid's last tile: starts another group. */
function NewGroupTile({ onClick }: { onClick(): void }) {
  return (
    <Button
      onClick={onClick}
      variant="outline"
      height="auto"
      minH={{ base: "28", md: "full" }}
      borderRadius="card"
      borderWidth="2px"
      borderStyle="dashed"
      borderColor="sand.300"
      bg="transparent"
      color="brand.700"
      flexDirection="column"
      gap="3"
      _hover={{ bg: "brand.50", borderColor: "brand.300" }}
    >
      <Circle size="12" bg="brand.50" color="brand.600" aria-hidden="true">
        <PlusIcon boxSize="6" />
      </Circle>
      <Text fontWeight="600">{GROUP_TEXTS.newGroup}</Text>
    </Button>
  );
}
