/**
 * Once per run of the browser tests: one copy of the built frontend (without its source maps) that every test app
 * serves, so a rebuild of frontend/dist while the tests run cannot pull files from under a page. Test apps only read
 * it; a file that changes what it serves asks for a copy of its own (E2E.start).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { FRONTEND_DIST, copyFrontend } from "./frontend.js";

declare module "vitest" {
  export interface ProvidedContext {
    /** The run's copy of frontend/dist (global-setup.ts). */
    frontendCopy: string;
  }
}

export default function setup(project: TestProject): () => void {
  if (!fs.existsSync(path.join(FRONTEND_DIST, "index.html"))) {
    throw new Error(
      `The frontend is not built (${FRONTEND_DIST}/index.html is missing). Run \`npm run build -w frontend\`, ` +
        "or `npm run test:e2e`, which builds what is missing.",
    );
  }
  const dir = copyFrontend(os.tmpdir());
  project.provide("frontendCopy", dir);
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
