import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { CurrentUser, DeleteAccountPayload, ProfilePayload } from "@caravan/common";
import { api, apiRequest } from "../../api/client";
import { currentUserKey } from "../../api/current-user";

export const updateProfile = (payload: ProfilePayload) => api.put<CurrentUser>("/api/auth/profile", payload);

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: currentUserKey }),
  });
}

/** A plain link: the browser downloads the file (Content-Disposition: attachment) with the session cookie. */
export const EXPORT_PATH = "/api/auth/export";

export const deleteAccount = (payload: DeleteAccountPayload) =>
  apiRequest<void>("/api/auth/user", { method: "DELETE", body: payload });

/**
 * Deleting the account signs the caller out: everything cached about them goes, and the session reads as signed
 * out, so the app shows the landing page.
 */
export function useDeleteAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAccount,
    onSuccess: () => {
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== currentUserKey[0] });
      queryClient.setQueryData(currentUserKey, null);
    },
  });
}
