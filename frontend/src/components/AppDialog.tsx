import { CloseButton, Dialog, Portal } from "@chakra-ui/react";
import { useRef, type ReactNode } from "react";

/**
 * Where a dialog puts the focus when it opens: the field marked `data-autofocus`, else the dialog's default. React's
 * autoFocus alone is not enough: the dialog's focus trap moves the focus on afterwards, the field blurs, and a form
 * that validates on blur shows an error before anything was typed.
 */
export const autofocusTarget = (root: HTMLElement | null) =>
  root?.querySelector<HTMLElement>("[data-autofocus]") ?? null;

export type AppDialogProps = Omit<Dialog.RootProps, "children"> & {
  /** Names the dialog for tests (data-testid on its content). */
  testId?: string;
  /** Overrides of the content's look, for dialogs that scroll or fill the screen on phones. */
  contentProps?: Dialog.ContentProps;
  children: ReactNode;
};

/**
 * The product's dialog: centred over a blurred backdrop, rounded, with the close button in its corner. The caller
 * keeps Dialog.Root's own props (open state, size, scrolling, mounting) and fills the content.
 */
export function AppDialog({ testId, contentProps, children, ...rootProps }: AppDialogProps) {
  const content = useRef<HTMLDivElement>(null);
  return (
    <Dialog.Root placement="center" initialFocusEl={() => autofocusTarget(content.current)} {...rootProps}>
      <Portal>
        <Dialog.Backdrop bg="blackAlpha.600" backdropFilter="blur(2px)" />
        <Dialog.Positioner px={{ base: "3", sm: "4" }}>
          <Dialog.Content ref={content} borderRadius="2xl" boxShadow="lift" data-testid={testId} {...contentProps}>
            {children}
            <Dialog.CloseTrigger asChild top="4" insetEnd="4">
              <CloseButton size="sm" aria-label="Close" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
