import { Badge, Box, Button, HStack, Stack, Text, Wrap } from "@chakra-ui/react";
import { useState } from "react";
import { PROPOSAL_TEXTS, TOASTS, displayName, type TripProposal, type VoteValue } from "@caravan/common";
import { errorText, isSessionExpired } from "../../api/client";
import { CalendarIcon, CheckIcon, ClockIcon, MapPinIcon, ThumbsDownIcon, ThumbsUpIcon } from "../../components/icons";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { notify } from "../../components/toaster";
import { useFinalize, useVote } from "./api";
import { lazyDateTimeFormat } from "../../lib/formats";

const dateTimeFormat = lazyDateTimeFormat({ dateStyle: "medium", timeStyle: "short" });

/** 'Jun 3, 2027, 10:00 AM – Jun 10, 2027, 6:00 PM', the start alone, a duration, or null. */
export function proposalWhen(p: Pick<TripProposal, "startDate" | "endDate" | "durationHours">): string | null {
  if (p.startDate && p.endDate) return dateTimeFormat().formatRange(new Date(p.startDate), new Date(p.endDate));
  if (p.startDate) return dateTimeFormat().format(new Date(p.startDate));
  if (p.durationHours) return PROPOSAL_TEXTS.hours(p.durationHours);
  return null;
}

interface ProposalCardProps {
  proposal: TripProposal;
  currentUserId: string | null;
  isOwner: boolean;
  /** The group is planning: open proposals take votes and can be finalized. Otherwise every card only reads. */
  votingOpen: boolean;
}

/** What finalizing this proposal will do, in the words of its card. */
const finalizeMessage = (p: TripProposal) =>
  PROPOSAL_TEXTS.confirmFinalize(
    p.destinationName,
    p.startDate ? proposalWhen(p) : null,
    !p.startDate && p.durationHours ? PROPOSAL_TEXTS.hours(p.durationHours) : null,
  );

export function ProposalCard({ proposal, currentUserId, isOwner, votingOpen }: ProposalCardProps) {
  const vote = useVote();
  const finalize = useFinalize(proposal.groupId);
  const [confirming, setConfirming] = useState(false);
  const open = votingOpen && proposal.status === "proposed";
  const chosen = proposal.status === "finalized";
  const mine = proposal.proposalVotes.find((v) => v.userId === currentUserId)?.vote ?? null;
  const yes = proposal.proposalVotes.filter((v) => v.vote === "yes");
  const no = proposal.proposalVotes.filter((v) => v.vote === "no");
  const when = proposalWhen(proposal);
  const busy = vote.isPending || finalize.isPending;

  const cast = async (value: VoteValue) => {
    try {
      await vote.mutateAsync({ proposalId: proposal.id, vote: value });
    } catch (err) {
      if (!isSessionExpired(err)) notify("error", TOASTS.errorTitle, errorText(err, PROPOSAL_TEXTS.voteFailed));
    }
  };

  // Awaited rather than given callbacks, which would not run if the card were gone by the time the answer came.
  const finalizeTrip = async () => {
    try {
      await finalize.mutateAsync(proposal.id);
    } catch (err) {
      setConfirming(false);
      if (!isSessionExpired(err)) notify("error", TOASTS.errorTitle, errorText(err, PROPOSAL_TEXTS.finalizeFailed));
      return;
    }
    setConfirming(false);
    notify("success", PROPOSAL_TEXTS.finalizedTitle, PROPOSAL_TEXTS.finalizedText);
  };

  return (
    <Box
      as="li"
      borderWidth={chosen ? "2px" : "1px"}
      borderColor={chosen ? "brand.500" : open ? "sand.200" : "sand.100"}
      bg={chosen ? "brand.50" : open ? "surface.raised" : "sand.50"}
      borderRadius="xl"
      p={{ base: "4", sm: "5" }}
      data-testid="proposal"
      data-status={proposal.status}
    >
      <HStack justify="space-between" align="start" gap="3">
        <Box minW="0">
          <Text as="h3" fontFamily="heading" fontWeight="700" fontSize="lg" color="ink" wordBreak="break-word">
            {proposal.destinationName}
          </Text>
          {proposal.destinationAddress && (
            <HStack gap="1.5" color="fg.muted" fontSize="sm" mt="0.5" align="start">
              <MapPinIcon boxSize="3.5" mt="1" flexShrink={0} />
              <Text wordBreak="break-word">{proposal.destinationAddress}</Text>
            </HStack>
          )}
        </Box>
        <Badge
          variant={open || chosen ? "solid" : "subtle"}
          colorPalette={open || chosen ? "brand" : "gray"}
          borderRadius="full"
          px="2.5"
          flexShrink={0}
          data-testid="proposal-status"
        >
          {chosen && <CheckIcon boxSize="3" />}
          {PROPOSAL_TEXTS.status[proposal.status] ?? proposal.status}
        </Badge>
      </HStack>

      <Wrap gap="2" mt="3" fontSize="sm" color="fg.muted">
        {when && (
          <HStack gap="1.5" bg="sand.100" borderRadius="lg" px="2.5" py="1" color="ink">
            {proposal.startDate ? <CalendarIcon boxSize="3.5" /> : <ClockIcon boxSize="3.5" />}
            <Text fontWeight="500">{when}</Text>
          </HStack>
        )}
        <Text py="1">{PROPOSAL_TEXTS.proposedBy(displayName(proposal.proposer))}</Text>
        {chosen && (
          <Text py="1" fontWeight="700" color="brand.700">
            {PROPOSAL_TEXTS.chosen}
          </Text>
        )}
      </Wrap>

      <Stack gap="2" mt="4">
        <Tally label={PROPOSAL_TEXTS.yes} kind="yes" names={yes.map((v) => displayName(v.user))} />
        <Tally label={PROPOSAL_TEXTS.no} kind="no" names={no.map((v) => displayName(v.user))} />
      </Stack>

      {open && (
        <Stack
          direction={{ base: "column", sm: "row" }}
          justify="space-between"
          align={{ base: "stretch", sm: "center" }}
          gap="3"
          mt="4"
          pt="4"
          borderTopWidth="1px"
          borderColor="sand.100"
        >
          <HStack gap="2" role="group" aria-label={PROPOSAL_TEXTS.yourVote}>
            <Button
              size="sm"
              flex={{ base: "1", sm: "initial" }}
              colorPalette="brand"
              variant={mine === "yes" ? "solid" : "outline"}
              aria-pressed={mine === "yes"}
              disabled={busy}
              onClick={() => cast("yes")}
            >
              <ThumbsUpIcon boxSize="4" />
              {PROPOSAL_TEXTS.yes}
            </Button>
            <Button
              size="sm"
              flex={{ base: "1", sm: "initial" }}
              colorPalette="sunset"
              variant={mine === "no" ? "solid" : "outline"}
              aria-pressed={mine === "no"}
              disabled={busy}
              onClick={() => cast("no")}
            >
              <ThumbsDownIcon boxSize="4" />
              {PROPOSAL_TEXTS.no}
            </Button>
          </HStack>
          {isOwner && (
            <Stack gap="1" align={{ base: "stretch", sm: "end" }}>
              <Button
                size="sm"
                colorPalette="brand"
                variant="solid"
                bg="fixed.brand.800"
                _hover={{ bg: "fixed.brand.900" }}
                disabled={proposal.votes < 1 || busy}
                onClick={() => setConfirming(true)}
              >
                <CheckIcon boxSize="4" />
                {finalize.isPending ? PROPOSAL_TEXTS.finalizing : PROPOSAL_TEXTS.finalize}
              </Button>
              {proposal.votes < 1 && (
                <Text fontSize="xs" color="fg.muted" textAlign={{ base: "center", sm: "end" }}>
                  {PROPOSAL_TEXTS.finalizeHint}
                </Text>
              )}
            </Stack>
          )}
        </Stack>
      )}
      {isOwner && (
        <ConfirmDialog
          open={confirming}
          title={PROPOSAL_TEXTS.confirmFinalizeTitle}
          message={finalizeMessage(proposal)}
          confirmLabel={PROPOSAL_TEXTS.confirmFinalizeAction}
          confirmPalette="brand"
          pending={finalize.isPending}
          onConfirm={() => void finalizeTrip()}
          onCancel={() => setConfirming(false)}
        />
      )}
    </Box>
  );
}

function Tally({ label, kind, names }: { label: string; kind: VoteValue; names: string[] }) {
  const yes = kind === "yes";
  return (
    <HStack gap="3" align="start" data-testid={`tally-${kind}`}>
      <HStack
        gap="1.5"
        minW="16"
        flexShrink={0}
        color={yes ? "brand.700" : "sunset.700"}
        fontWeight="700"
        fontSize="sm"
      >
        {yes ? <ThumbsUpIcon boxSize="3.5" /> : <ThumbsDownIcon boxSize="3.5" />}
        <Text>
          {label}{" "}
          <Text as="span" data-testid={`tally-${kind}-count`}>
            {names.length}
          </Text>
        </Text>
      </HStack>
      <Text fontSize="sm" color={names.length ? "ink" : "fg.subtle"} wordBreak="break-word">
        {names.length ? names.join(", ") : PROPOSAL_TEXTS.noVotes}
      </Text>
    </HStack>
  );
}
