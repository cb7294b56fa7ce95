import { Button, Dialog, Portal, Text } from "@chakra-ui/react";
import { DialogHeader } from "./DialogHeader";

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  pending: boolean;
  /** The confirm button's colour: red for what destroys (the default), the brand's for a decision like finalizing. */
  confirmPalette?: "red" | "brand";
  onConfirm(): void;
  onCancel(): void;
}

/** An alert dialog for an action that cannot be undone; focus starts on Cancel. */
export function ConfirmDialogView({
  open,
  title,
  message,
  confirmLabel,
  pending,
  confirmPalette = "red",
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  return (
    <Dialog.Root
      role="alertdialog"
      open={open}
      onOpenChange={(e) => !e.open && !pending && onCancel()}
      placement="center"
      size="sm"
      lazyMount
      unmountOnExit
    >
      <Portal>
        <Dialog.Backdrop bg="blackAlpha.600" />
        <Dialog.Positioner px="4">
          <Dialog.Content borderRadius="2xl" boxShadow="lift">
            <DialogHeader size="sm" title={title} />
            <Dialog.Body>
              <Dialog.Description asChild>
                <Text color="ink.muted">{message}</Text>
              </Dialog.Description>
            </Dialog.Body>
            <Dialog.Footer gap="3">
              <Dialog.ActionTrigger asChild>
                <Button variant="outline" disabled={pending}>
                  Cancel
                </Button>
              </Dialog.ActionTrigger>
              <Button colorPalette={confirmPalette} onClick={onConfirm} loading={pending}>
                {confirmLabel}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
