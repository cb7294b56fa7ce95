import { create } from "zustand";

export type GroupDialog = "create" | "plan" | "planned";

interface GroupDialogsState {
  open: GroupDialog | null;
  show: (dialog: GroupDialog) => void;
  close: () => void;
}

/** Which dashboard dialog is open: the header buttons and the groups area open them from different places. */
export const useGroupDialogs = create<GroupDialogsState>()((set) => ({
  open: null,
  show: (dialog) => set({ open: dialog }),
  close: () => set({ open: null }),
}));
