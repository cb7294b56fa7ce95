import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { CurrentUser, ProfilePayload } from "@caravan/common";
import { api } from "../../api/client";
import { currentUserKey } from "../../api/current-user";

export const updateProfile = (payload: ProfilePayload) => api.put<CurrentUser>("/api/auth/profile", payload);

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: currentUserKey }),
  });
}
