import { Box, Button, Dialog, HStack, LinkBox, LinkOverlay, Skeleton, Stack, Text } from "@chakra-ui/react";
import { Link as RouterLink } from "react-router-dom";
import { GROUP_TEXTS, formatCountdown, type GroupSummary } from "@caravan/common";
import { ArrowRightIcon, ClockIcon } from "../../components/icons";
import { useGroups } from "./api";
import { formatDay } from "./dates";
import { useGroupDialogs } from "./dialog-store";
import { AppDialog } from "../../components/AppDialog";
import { DialogHeader } from "../../components/DialogHeader";

/** Planning trips, soonest first; those without a start date last, newest first among them. */
function plannedTrips(groups: GroupSummary[]): GroupSummary[] {
  return groups
    .filter((g) => g.status === "planning")
    .sort((a, b) => {
      if (a.startDate && b.startDate) return a.startDate.localeCompare(b.startDate);
      if (a.startDate || b.startDate) return a.startDate ? -1 : 1;
      return b.createdAt.localeCompare(a.createdAt);
    });
}

export function PlannedTripsDialog() {
  const open = useGroupDialogs((s) => s.open === "planned");
  const close = useGroupDialogs((s) => s.close);
  const groups = useGroups();
  const trips = plannedTrips(groups.data ?? []);
  return (
    <AppDialog
      open={open}
      onOpenChange={(e) => !e.open && close()}
      size="md"
      scrollBehavior="inside"
      lazyMount
      unmountOnExit
      testId="planned-trips-dialog"
    >
      <DialogHeader size="md" title={GROUP_TEXTS.plannedTitle} description={GROUP_TEXTS.plannedText} />
      <Dialog.Body>
        {groups.isPending ? (
          <Stack gap="3">
            <Skeleton height="16" borderRadius="xl" />
            <Skeleton height="16" borderRadius="xl" />
          </Stack>
        ) : trips.length === 0 ? (
          <Text color="ink.muted" py="6" textAlign="center">
            {GROUP_TEXTS.plannedEmpty}
          </Text>
        ) : (
          <Stack as="ul" gap="2.5" listStyleType="none">
            {trips.map((trip) => (
              <LinkBox as="li" key={trip.id}>
                <HStack
                  gap="3"
                  p="3.5"
                  borderRadius="xl"
                  borderWidth="1px"
                  borderColor="sand.200"
                  bg="surface.raised"
                  _hover={{ borderColor: "brand.300", bg: "brand.50" }}
                  transition="background 0.15s, border-color 0.15s"
                >
                  <Box flex="1" minW="0">
                    <LinkOverlay asChild>
                      <RouterLink to={`/groups/${trip.id}`} onClick={close}>
                        <Text fontWeight="600" color="ink" truncate>
                          {trip.name}
                        </Text>
                      </RouterLink>
                    </LinkOverlay>
                    <HStack gap="1.5" fontSize="sm" color={trip.startDate ? "sunset.700" : "ink.muted"}>
                      <ClockIcon boxSize="3.5" />
                      <Text>
                        {trip.startDate
                          ? `${formatCountdown(trip.startDate)} · ${formatDay(trip.startDate)}`
                          : GROUP_TEXTS.noStartDate}
                      </Text>
                    </HStack>
                  </Box>
                  <ArrowRightIcon boxSize="4" color="brand.600" />
                </HStack>
              </LinkBox>
            ))}
          </Stack>
        )}
      </Dialog.Body>
      <Dialog.Footer>
        <Button variant="outline" onClick={close}>
          {GROUP_TEXTS.close}
        </Button>
      </Dialog.Footer>
    </AppDialog>
  );
}
