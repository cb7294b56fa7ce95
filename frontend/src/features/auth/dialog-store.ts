import { create } from "zustand";

export type AuthView = "providers" | "signup" | "signin";

interface AuthDialogState {
  open: boolean;
  view: AuthView;
  /** Opens the dialog, on the providers view unless told otherwise. */
  show(view?: AuthView): void;
  setView(view: AuthView): void;
  /** Closing always returns to the providers view (docs/product.md §2). */
  close(): void;
}

export const useAuthDialog = create<AuthDialogState>()((set) => ({
  open: false,
  view: "providers",
  show: (view = "providers") => set({ open: true, view }),
  setView: (view) => set({ view }),
  close: () => set({ open: false, view: "providers" }),
}));
