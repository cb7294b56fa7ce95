import { defineConfig } from "vitest/config";

/** Resolve workspace packages to their TypeScript sources (see common/package.json "@caravan/source"). */
const resolve = { conditions: ["@caravan/source"] };
const server = { deps: { inline: [/@caravan\//] } };

export default defineConfig({
  resolve,
  test: {
    // Every integration file starts its own app on its own port, with its own database and Redis prefix, so two
    // files run side by side even on two cores (vitest's default there is one at a time). The browser tests follow
    // (below).
    maxWorkers: 2,
    projects: [
      {
        resolve,
        test: {
          name: "unit",
          environment: "node",
          include: [
            "common/src/**/*.test.ts",
            "backend/src/**/*.test.ts",
            "frontend/src/**/*.test.{ts,tsx}",
            "frontend/build/**/*.test.ts",
          ],
          exclude: ["**/*.int.test.ts", "**/node_modules/**"],
          server,
        },
      },
      {
        resolve,
        test: {
          name: "integration",
          environment: "node",
          include: ["backend/src/**/*.int.test.ts", "backend/test/**/*.int.test.ts"],
          setupFiles: ["backend/test/setup.ts"],
          globalSetup: ["backend/test/global-setup.ts"],
          // Files share their worker's loaded modules (the app, TypeORM, Koa...) instead of loading them again each:
          // every file starts and closes its own apps, and the app keeps no state between them outside its instance.
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
          server,
        },
      },
      {
        resolve,
        test: {
          name: "e2e",
          environment: "node",
          include: ["e2e/**/*.e2e.test.ts"],
          globalSetup: ["backend/test/global-setup.ts", "e2e/global-setup.ts"],
          isolate: false,
          // Two files side by side: a long test takes up to about twice its time alone.
          testTimeout: 120_000,
          hookTimeout: 120_000,
          // After the other projects, two files at a time: each drives Chromium against its own app, database and
          // port, and serves the run's one copy of the built frontend (e2e/global-setup.ts).
          sequence: { groupOrder: 1 },
          maxWorkers: 2,
          // A page answers a push or a click in well under a second on a quiet machine, not always on a loaded one:
          // every expect.poll waits as long as the page helpers do (e2e/ui.ts) before it fails.
          expect: { poll: { timeout: 20_000 } },
          server,
        },
      },
    ],
  },
});
