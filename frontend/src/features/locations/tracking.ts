import { shouldSkipGroupUpdate } from "@caravan/common";

/** The group skip rule lives in common: tracker apps' points on the server follow the same one (SPEC §9). */
export const shouldSkipUpdate = shouldSkipGroupUpdate;

/** Manual entry: what is not a number becomes 0 (SPEC §5). */
export function parseCoordinate(text: string): number {
  const n = Number.parseFloat(text);
  return Number.isFinite(n) ? n : 0;
}
