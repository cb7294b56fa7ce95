import { Badge, Box, Button, Center, HStack, Heading, Skeleton, Stack, Text } from "@chakra-ui/react";
import { useState } from "react";
import { GROUP_TEXTS, POLL_MS, PROPOSAL_TEXTS, type Group, type TripProposal } from "@caravan/common";
import { FlagIcon, PlusIcon } from "../../components/icons";
import { usePollInterval } from "../../realtime";
import { useProposals } from "./api";
import { ProposalCard } from "./ProposalCard";
import { onDemand, whenOpen } from "../../components/on-demand";
import type { ProposeTripDialogProps } from "./ProposeTripDialog";
import { SectionCard } from "../../components/SectionCard";

// The proposal form loads the first time it is opened.
const ProposeTripDialog = onDemand<ProposeTripDialogProps>(
  () => import("./ProposeTripDialog").then((m) => m.ProposeTripDialog),
  whenOpen,
);

/** A decided list puts the chosen proposal first, then the others newest first, as the planning list had them. */
const chosenFirst = (list: TripProposal[]) =>
  [...list].sort((a, b) => Number(b.status === "finalized") - Number(a.status === "finalized"));

/**
 * Trip Proposals. While the group is planning (docs/product.md §2): propose, vote, and the owner finalizes. Once it is not, the
 * proposals stay readable as a "Decided" list without voting, and the section is there only when it has some.
 */
export function ProposalsSection({ group, currentUserId }: { group: Group; currentUserId: string | null }) {
  const planning = group.status === "planning";
  const poll = usePollInterval(POLL_MS.groupMembers);
  // Nothing changes a group's proposals while it is not planning: read once, not polled.
  const proposals = useProposals(group.id, planning ? poll : false);
  const [proposing, setProposing] = useState(false);
  if (!planning && !proposals.data?.length) return null;
  const isOwner = currentUserId !== null && currentUserId === group.ownerId;

  return (
    <SectionCard
      aria-labelledby="trip-proposals-title"
      data-testid="proposals-section"
      data-decided={planning ? undefined : ""}
    >
      <HStack justify="space-between" align="start" gap="3" mb="5" wrap="wrap">
        <HStack gap="3" align="start" minW="0">
          <Center boxSize="10" borderRadius="xl" bg="sunset.50" color="sunset.600" flexShrink={0}>
            <FlagIcon boxSize="5" />
          </Center>
          <Box minW="0">
            <Heading
              as="h2"
              id="trip-proposals-title"
              fontFamily="heading"
              fontSize="lg"
              fontWeight="800"
              color="ink"
              letterSpacing="-0.01em"
            >
              {PROPOSAL_TEXTS.title}
            </Heading>
            <Text fontSize="sm" color="fg.muted">
              {planning ? PROPOSAL_TEXTS.subtitle : PROPOSAL_TEXTS.decidedText}
            </Text>
          </Box>
        </HStack>
        {planning ? (
          <Button colorPalette="brand" size="sm" onClick={() => setProposing(true)}>
            <PlusIcon boxSize="4" />
            {PROPOSAL_TEXTS.propose}
          </Button>
        ) : (
          <Badge colorPalette="gray" variant="surface" borderRadius="full" px="2.5" data-testid="proposals-decided">
            {PROPOSAL_TEXTS.decided}
          </Badge>
        )}
      </HStack>

      {proposals.isPending ? (
        <Stack gap="3" aria-busy="true">
          <Skeleton height="40" borderRadius="xl" />
          <Skeleton height="40" borderRadius="xl" />
        </Stack>
      ) : proposals.isError ? (
        <Stack align="center" textAlign="center" py="6" gap="3">
          <Text color="fg.muted">{PROPOSAL_TEXTS.loadFailed}</Text>
          <Button variant="outline" size="sm" onClick={() => void proposals.refetch()}>
            {GROUP_TEXTS.retry}
          </Button>
        </Stack>
      ) : proposals.data.length === 0 ? (
        <Stack
          align="center"
          textAlign="center"
          gap="1"
          py="8"
          px="6"
          borderWidth="1px"
          borderStyle="dashed"
          borderColor="sand.300"
          borderRadius="xl"
          bg="sand.50"
        >
          <Text fontWeight="700" color="ink">
            {PROPOSAL_TEXTS.empty}
          </Text>
          <Text fontSize="sm" color="fg.muted" maxW="sm">
            {PROPOSAL_TEXTS.emptyText}
          </Text>
        </Stack>
      ) : (
        <Stack gap="3" as="ul" listStyleType="none">
          {(planning ? proposals.data : chosenFirst(proposals.data)).map((p) => (
            <ProposalCard
              key={p.id}
              proposal={p}
              currentUserId={currentUserId}
              isOwner={isOwner}
              votingOpen={planning}
            />
          ))}
        </Stack>
      )}

      {planning && <ProposeTripDialog groupId={group.id} open={proposing} onOpenChange={setProposing} />}
    </SectionCard>
  );
}
