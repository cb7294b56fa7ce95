/**
 * How a person is named on screen. A module of its own: the page's first code (the header's placeholder for the user
 * menu) uses it, and it brings nothing else of this package into the first load than the texts.
 */
import { t } from "./i18n/index.js";

/** Full name, else first name, else e-mail, else 'User'. */
export function displayName(u: { firstName?: string | null; lastName?: string | null; email?: string | null }): string {
  const first = u.firstName?.trim();
  const last = u.lastName?.trim();
  if (first && last) return `${first} ${last}`;
  return first || last || u.email || t("names.user");
}

export function initials(u: { firstName?: string | null; lastName?: string | null; email?: string | null }): string {
  const first = u.firstName?.trim()?.[0] ?? "";
  const last = u.lastName?.trim()?.[0] ?? "";
  return (first + last || u.email?.[0] || "?").toUpperCase();
}
