import { Box, Button, Checkbox, HStack, IconButton, Input, Progress, Stack, Text } from "@chakra-ui/react";
import { useFormik } from "formik";
import { useState, type ReactNode } from "react";
import {
  CHECKLIST_TEXTS,
  TOASTS,
  checklistItemSchema,
  displayName,
  type Checklist,
  type ChecklistItem,
} from "@caravan/common";
import { isSessionExpired } from "../../api/client";
import { PlusIcon, TrashIcon } from "../../components/icons";
import { notify } from "../../components/toaster";
import { useChecklistMutations } from "./api";
import { SectionCard } from "../../components/SectionCard";

/** A failed call's toast, unless the session ran out: the app then shows its own and sends the user to sign in. */
function failed(err: unknown, text: string) {
  if (isSessionExpired(err)) return;
  notify("error", TOASTS.errorTitle, text);
}

export function ChecklistCard({ groupId, checklist }: { groupId: number; checklist: Checklist }) {
  const mutations = useChecklistMutations(groupId);
  const [confirming, setConfirming] = useState(false);
  const done = checklist.items.filter((i) => i.completed).length;
  const total = checklist.items.length;

  // Awaited rather than given callbacks: the card is gone from the list before the call settles.
  const remove = async () => {
    try {
      await mutations.remove.mutateAsync(checklist.id);
      notify("success", CHECKLIST_TEXTS.deleted);
    } catch (err) {
      setConfirming(false);
      failed(err, CHECKLIST_TEXTS.deleteFailed);
    }
  };

  return (
    <SectionCard p="0" aria-label={checklist.title} borderRadius="xl" overflow="hidden" data-testid="checklist">
      <Stack gap="3" px={{ base: "4", sm: "5" }} pt="4" pb="3">
        <HStack justify="space-between" align="start" gap="3">
          <Box minW="0">
            <Text as="h3" fontFamily="heading" fontWeight="700" fontSize="lg" color="ink" wordBreak="break-word">
              {checklist.title}
            </Text>
            {checklist.description && (
              <Text fontSize="sm" color="fg.muted" mt="0.5" whiteSpace="pre-line" wordBreak="break-word">
                {checklist.description}
              </Text>
            )}
          </Box>
          <IconButton
            aria-label={CHECKLIST_TEXTS.deleteChecklist}
            variant="ghost"
            size="sm"
            color="fg.muted"
            _hover={{ color: "red.fg", bg: "bg.error" }}
            me="-2"
            mt="-1"
            onClick={() => setConfirming(true)}
            disabled={confirming}
          >
            <TrashIcon boxSize="4" />
          </IconButton>
        </HStack>
        {confirming && (
          <ConfirmBar
            text={CHECKLIST_TEXTS.confirmDeleteChecklist(checklist.title)}
            pending={mutations.remove.isPending}
            onCancel={() => setConfirming(false)}
            onConfirm={remove}
          />
        )}
        {total > 0 && (
          <HStack gap="3">
            <Progress.Root
              value={(done / total) * 100}
              size="xs"
              colorPalette="brand"
              flex="1"
              aria-label={CHECKLIST_TEXTS.progress(done, total)}
            >
              <Progress.Track borderRadius="full" bg="sand.100">
                <Progress.Range borderRadius="full" />
              </Progress.Track>
            </Progress.Root>
            <Text fontSize="xs" fontWeight="600" color="fg.muted" flexShrink={0}>
              {CHECKLIST_TEXTS.progress(done, total)}
            </Text>
          </HStack>
        )}
      </Stack>
      <Stack as="ul" gap="0" listStyleType="none" borderTopWidth="1px" borderColor="sand.100">
        {checklist.items.map((item) => (
          <ItemRow key={item.id} groupId={groupId} checklistId={checklist.id} item={item} />
        ))}
        {total === 0 && (
          <Text as="li" fontSize="sm" color="fg.muted" px={{ base: "4", sm: "5" }} py="3">
            {CHECKLIST_TEXTS.noItems}
          </Text>
        )}
      </Stack>
      <AddItemForm groupId={groupId} checklistId={checklist.id} />
    </SectionCard>
  );
}

function ItemRow({ groupId, checklistId, item }: { groupId: number; checklistId: number; item: ChecklistItem }) {
  const { toggle, removeItem } = useChecklistMutations(groupId);
  const [confirming, setConfirming] = useState(false);
  const doneBy = item.completed && item.completedByUser ? displayName(item.completedByUser) : null;

  if (confirming) {
    return (
      <Box as="li" px={{ base: "3", sm: "4" }} py="2" borderBottomWidth="1px" borderColor="sand.100">
        <ConfirmBar
          text={CHECKLIST_TEXTS.confirmDeleteItem(item.text)}
          pending={removeItem.isPending}
          onCancel={() => setConfirming(false)}
          onConfirm={async () => {
            try {
              await removeItem.mutateAsync({ checklistId, itemId: item.id });
              notify("success", CHECKLIST_TEXTS.itemDeleted);
            } catch (err) {
              setConfirming(false);
              failed(err, CHECKLIST_TEXTS.deleteItemFailed);
            }
          }}
        />
      </Box>
    );
  }

  return (
    <HStack
      as="li"
      gap="3"
      px={{ base: "4", sm: "5" }}
      py="2.5"
      borderBottomWidth="1px"
      borderColor="sand.100"
      _hover={{ bg: "sand.50" }}
      data-testid="checklist-item"
      data-completed={item.completed ? "true" : "false"}
    >
      <Checkbox.Root
        checked={item.completed}
        disabled={toggle.isPending}
        onCheckedChange={(e) =>
          toggle
            .mutateAsync({ itemId: item.id, completed: e.checked === true })
            .catch((err: unknown) => failed(err, CHECKLIST_TEXTS.updateItemFailed))
        }
        colorPalette="brand"
        flex="1"
        minW="0"
        alignItems="start"
        cursor="pointer"
      >
        <Checkbox.HiddenInput />
        <Checkbox.Control mt="0.5" borderRadius="md" />
        <Box minW="0">
          <Checkbox.Label
            fontSize="sm"
            fontWeight="500"
            color={item.completed ? "fg.muted" : "ink"}
            textDecoration={item.completed ? "line-through" : "none"}
            wordBreak="break-word"
          >
            {item.text}
          </Checkbox.Label>
          {doneBy && (
            <Text fontSize="xs" color="fg.subtle" mt="0.5">
              {CHECKLIST_TEXTS.completedBy(doneBy)}
            </Text>
          )}
        </Box>
      </Checkbox.Root>
      <IconButton
        aria-label={`${CHECKLIST_TEXTS.deleteItem}: ${item.text}`}
        variant="ghost"
        size="xs"
        color="fg.subtle"
        _hover={{ color: "red.fg", bg: "bg.error" }}
        onClick={() => setConfirming(true)}
      >
        <TrashIcon boxSize="3.5" />
      </IconButton>
    </HStack>
  );
}

function AddItemForm({ groupId, checklistId }: { groupId: number; checklistId: number }) {
  const { addItem } = useChecklistMutations(groupId);
  // common's checklistItemSchema, as the server's ChecklistItemDto: trimmed, required, at most CHECKLIST_ITEM_MAX.
  const form = useFormik({
    initialValues: { text: "" },
    validationSchema: checklistItemSchema,
    validateOnBlur: false,
    onSubmit: async (values, helpers) => {
      const { text } = checklistItemSchema.cast(values);
      try {
        await addItem.mutateAsync({ checklistId, text });
      } catch (err) {
        failed(err, CHECKLIST_TEXTS.addItemFailed);
        return;
      }
      helpers.resetForm();
      notify("success", CHECKLIST_TEXTS.itemAdded);
    },
  });
  const blank = form.values.text.trim() === "";
  const error = form.submitCount > 0 ? form.errors.text : undefined;

  return (
    <form
      onSubmit={(e) => {
        // A blank item is not an error, only nothing to add yet (the button says so by being disabled).
        if (blank || form.isSubmitting) e.preventDefault();
        else form.handleSubmit(e);
      }}
      noValidate
    >
      <Stack gap="1" px={{ base: "3", sm: "4" }} py="3" bg="sand.50">
        <HStack gap="2">
          <Input
            {...form.getFieldProps("text")}
            placeholder={CHECKLIST_TEXTS.addItemPlaceholder}
            aria-label={CHECKLIST_TEXTS.addItemLabel}
            aria-invalid={error ? true : undefined}
            size="sm"
            bg="surface.raised"
            borderRadius="md"
          />
          <Button type="submit" size="sm" colorPalette="brand" variant="outline" disabled={blank || form.isSubmitting}>
            <PlusIcon boxSize="3.5" />
            {CHECKLIST_TEXTS.addItem}
          </Button>
        </HStack>
        {error && (
          <Text fontSize="xs" color="fg.error" role="alert">
            {error}
          </Text>
        )}
      </Stack>
    </form>
  );
}

function ConfirmBar(props: { text: string; pending: boolean; onCancel(): void; onConfirm(): void }): ReactNode {
  return (
    <Stack
      direction={{ base: "column", sm: "row" }}
      align={{ base: "stretch", sm: "center" }}
      justify="space-between"
      gap="2"
      bg="bg.error"
      borderWidth="1px"
      borderColor="red.muted"
      borderRadius="lg"
      px="3"
      py="2"
      role="alertdialog"
      aria-label={props.text}
    >
      <Text fontSize="sm" color="red.fg" fontWeight="500" wordBreak="break-word">
        {props.text}
      </Text>
      <HStack gap="2" justify="end" flexShrink={0}>
        <Button size="xs" variant="ghost" onClick={props.onCancel} disabled={props.pending}>
          {CHECKLIST_TEXTS.cancel}
        </Button>
        <Button size="xs" colorPalette="red" onClick={props.onConfirm} disabled={props.pending} autoFocus>
          {CHECKLIST_TEXTS.confirm}
        </Button>
      </HStack>
    </Stack>
  );
}
