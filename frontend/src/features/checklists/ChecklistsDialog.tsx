import { Box, Button, Center, Dialog, Skeleton, Stack, Text } from "@chakra-ui/react";
import { useState } from "react";
import { CHECKLIST_TEXTS, GROUP_TEXTS, POLL_MS } from "@caravan/common";
import { ListChecksIcon, PlusIcon } from "../../components/icons";
import { usePollInterval } from "../../realtime";
import { useChecklists } from "./api";
import { ChecklistCard } from "./ChecklistCard";
import { NewChecklistForm } from "./NewChecklistForm";
import { AppDialog } from "../../components/AppDialog";
import { DialogHeader } from "../../components/DialogHeader";

interface ChecklistsDialogProps {
  groupId: number;
  open: boolean;
  onOpenChange(open: boolean): void;
}

/** The group's checklists: create, add items, tick, delete (docs/product.md §2). Changes by others arrive live. */
export function ChecklistsDialog({ groupId, open, onOpenChange }: ChecklistsDialogProps) {
  return (
    <AppDialog
      open={open}
      onOpenChange={(e) => onOpenChange(e.open)}
      motionPreset="slide-in-bottom"
      size="lg"
      scrollBehavior="inside"
      lazyMount
      unmountOnExit
      testId="checklists-dialog"
      contentProps={{ bg: "surface.page", maxH: "min(calc(100dvh - 2rem), 52rem)", my: "4" }}
    >
      <DialogHeader
        title={CHECKLIST_TEXTS.title}
        description={CHECKLIST_TEXTS.subtitle}
        pb="4"
        bg="surface.raised"
        borderBottomWidth="1px"
        borderColor="sand.200"
        borderTopRadius="2xl"
      />
      <Dialog.Body py="5" px={{ base: "4", sm: "6" }}>
        <ChecklistsContent groupId={groupId} />
      </Dialog.Body>
    </AppDialog>
  );
}

function ChecklistsContent({ groupId }: { groupId: number }) {
  const checklists = useChecklists(groupId, usePollInterval(POLL_MS.groupMessages));
  const [creating, setCreating] = useState(false);

  if (checklists.isPending) {
    return (
      <Stack gap="4" aria-busy="true">
        <Skeleton height="10" width="44" borderRadius="md" />
        <Skeleton height="44" borderRadius="xl" />
        <Skeleton height="32" borderRadius="xl" />
      </Stack>
    );
  }
  if (checklists.isError) {
    return (
      <Stack align="center" textAlign="center" py="10" gap="3">
        <Text color="fg.muted">{CHECKLIST_TEXTS.loadFailed}</Text>
        <Button variant="outline" size="sm" onClick={() => void checklists.refetch()}>
          {GROUP_TEXTS.retry}
        </Button>
      </Stack>
    );
  }

  const lists = checklists.data;
  return (
    <Stack gap="4">
      {creating ? (
        <NewChecklistForm groupId={groupId} onDone={() => setCreating(false)} />
      ) : (
        lists.length > 0 && (
          <Button alignSelf="start" colorPalette="brand" variant="subtle" onClick={() => setCreating(true)}>
            <PlusIcon boxSize="4" />
            {CHECKLIST_TEXTS.newChecklist}
          </Button>
        )
      )}
      {lists.length === 0 && !creating && (
        <Stack
          align="center"
          textAlign="center"
          gap="3"
          py="10"
          px="6"
          borderWidth="1px"
          borderStyle="dashed"
          borderColor="sand.300"
          borderRadius="xl"
          bg="surface.raised"
        >
          <Center boxSize="12" borderRadius="full" bg="brand.50" color="brand.600">
            <ListChecksIcon boxSize="6" />
          </Center>
          <Box>
            <Text fontWeight="700" color="ink">
              {CHECKLIST_TEXTS.empty}
            </Text>
            <Text fontSize="sm" color="fg.muted" maxW="sm" mt="1">
              {CHECKLIST_TEXTS.emptyText}
            </Text>
          </Box>
          <Button colorPalette="brand" mt="1" onClick={() => setCreating(true)}>
            <PlusIcon boxSize="4" />
            {CHECKLIST_TEXTS.newChecklist}
          </Button>
        </Stack>
      )}
      {lists.map((list) => (
        <ChecklistCard key={list.id} groupId={groupId} checklist={list} />
      ))}
    </Stack>
  );
}
