import { Toaster as ChakraToaster, Portal, Stack, Toast, createToaster } from "@chakra-ui/react";
import { TOAST_DURATION_MS } from "@caravan/common";
import { ApiError, errorText } from "../api/client";

const toaster = createToaster({ placement: "top-end", max: 1, duration: TOAST_DURATION_MS, pauseOnPageIdle: true });

export type ToastKind = "success" | "error" | "info" | "warning";

/** One toast at a time (SPEC §9): a new one replaces whatever is showing. */
export function notify(kind: ToastKind, title: string, description?: string): void {
  toaster.remove();
  toaster.create({ type: kind, title, description, duration: TOAST_DURATION_MS, closable: true });
}

/**
 * The failure toast of a call: the server's message, else `fallback`. Nothing when the call failed because the
 * session ended, which the app already announces before sending the browser to sign in.
 */
export function notifyFailure(title: string, error: unknown, fallback: string): void {
  if (error instanceof ApiError && error.sessionExpired) return;
  notify("error", title, errorText(error, fallback));
}

export function Toaster() {
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
            {toast.closable && <Toast.CloseTrigger aria-label="Dismiss notification" />}
          </Toast.Root>
        )}
      </ChakraToaster>
    </Portal>
  );
}
