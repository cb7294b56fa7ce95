import { useMutation } from "@tanstack/react-query";
import type { CurrentUser, SigninPayload, SignupPayload } from "@caravan/common";
import { api } from "../../api/client";

export const signup = (payload: SignupPayload) => api.post<CurrentUser>("/api/auth/signup", payload);
export const signin = (payload: SigninPayload) => api.post<CurrentUser>("/api/auth/signin", payload);

export function useSignup() {
  return useMutation({ mutationFn: signup });
}

/** Success is followed by a full-page navigation, so no cache needs updating here. */
export function useSignin() {
  return useMutation({ mutationFn: signin });
}
