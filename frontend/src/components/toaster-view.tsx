import { Toaster as ChakraToaster, Portal, Stack, Toast, createToaster } from "@chakra-ui/react";
import { TOAST_DURATION_MS } from "@caravan/common";
import type { ToastAction, ToastKind } from "./toaster";

const toaster = createToaster({ placement: "top-end", max: 1, duration: TOAST_DURATION_MS, pauseOnPageIdle: true });

/** One toast at a time (docs/product.md §9): a new one replaces whatever is showing. */
export function show(kind: ToastKind, title: string, description?: string, action?: ToastAction): void {
  toaster.remove();
  // A toast that asks for a choice stays until it is made or dismissed.
  const duration = action ? Infinity : TOAST_DURATION_MS;
  toaster.create({ type: kind, title, description, duration, closable: true, ...(action ? { action } : {}) });
}

export function ToasterView() {
  return (
    <Portal>
      <ChakraToaster toaster={toaster} insetInline={{ mdDown: "4" }}>
        {(toast) => (
          <Toast.Root width={{ md: "sm" }} data-testid="toast">
            <Toast.Indicator />
            <Stack gap="1" flex="1" maxWidth="100%">
              {toast.title && <Toast.Title>{toast.title}</Toast.Title>}
              {toast.description && <Toast.Description>{toast.description}</Toast.Description>}
            </Stack>
            {toast.action && <Toast.ActionTrigger>{toast.action.label}</Toast.ActionTrigger>}
            {toast.closable && <Toast.CloseTrigger aria-label="Dismiss notification" />}
          </Toast.Root>
        )}
      </ChakraToaster>
    </Portal>
  );
}
