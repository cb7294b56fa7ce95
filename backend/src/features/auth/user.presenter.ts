import type { CurrentUser, PublicUser } from "@caravan/common";
import type { User } from "../../db/entities/index.js";

/**
 * The signed-in user's own view of their account. Whitelisted: a hash can never leave through here, only whether
 * there is one (the profile dialog asks for the password, or else the e-mail, before deleting the account).
 */
export function presentCurrentUser(
  u: Pick<User, "id" | "email" | "firstName" | "lastName" | "profileImageUrl" | "provider" | "createdAt" | "language">,
  hasPassword: boolean,
): CurrentUser {
  return {
    id: u.id,
    email: u.email,
    firstName: u.firstName,
    lastName: u.lastName,
    profileImageUrl: u.profileImageUrl,
    provider: u.provider,
    createdAt: u.createdAt.toISOString(),
    hasPassword,
    language: u.language,
  };
}

/** Another person, as fellow group members see them. */
export function presentPublicUser(u: Pick<User, "firstName" | "lastName" | "email" | "profileImageUrl">): PublicUser {
  return { firstName: u.firstName, lastName: u.lastName, email: u.email, profileImageUrl: u.profileImageUrl };
}
