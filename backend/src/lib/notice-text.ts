import { NOTIFICATION_TEXTS as T, SHARE_NOTICE_EXCERPT_MAX } from "@caravan/common";

/** The person as notifications name them: by first name. */
export const firstNameOf = (p: { firstName: string | null }) => p.firstName?.trim() || T.someone;

/** A destination as notifications name it. */
export const placeOf = (name: string | null | undefined) => name?.trim() || T.theDestination;

/** A message as a notice quotes it: on one line, cut at SHARE_NOTICE_EXCERPT_MAX characters. */
export function excerptOf(content: string): string {
  const line = content.replace(/\s+/g, " ").trim();
  return line.length <= SHARE_NOTICE_EXCERPT_MAX ? line : `${line.slice(0, SHARE_NOTICE_EXCERPT_MAX - 1).trimEnd()}…`;
}
