/** The built frontend the browser tests serve. */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const FRONTEND_DIST = path.join(path.dirname(fileURLToPath(import.meta.url)), "../frontend/dist");

/** A copy of frontend/dist without its source maps, in a new directory under `parent`; returns its path. */
export function copyFrontend(parent: string): string {
  const dir = fs.mkdtempSync(path.join(parent, "caravan-e2e-web-"));
  fs.cpSync(FRONTEND_DIST, dir, { recursive: true, filter: (src) => !src.endsWith(".map") });
  return dir;
}
