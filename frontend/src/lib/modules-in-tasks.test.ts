import { describe, expect, it } from "vitest";
import { nextTask } from "./browser";
import { LINKS_PER_TASK, loadModulesInTasks } from "./modules-in-tasks";

const FILES = Array.from({ length: 10 }, (_, i) => `/assets/m${i}.js`);

/** A loader's fakes that log what it asks for, with each import left pending until `finishLoad`. */
function recorder() {
  const log: string[] = [];
  let pendingLoad: (() => void) | null = null;
  return {
    log,
    preload: (url: string) => void log.push(`preload ${url}`),
    load: (url: string) => {
      log.push(`load ${url}`);
      return new Promise<void>((resolve) => {
        pendingLoad = resolve;
      });
    },
    finishLoad: () => {
      const finish = pendingLoad;
      pendingLoad = null;
      finish?.();
      return finish !== null;
    },
  };
}

describe("loading a page's modules in many short tasks", () => {
  it("asks for a few files per task, never all of them in one", async () => {
    const batches: string[][] = [];
    let current: string[] = [];
    const done = loadModulesInTasks(FILES, {
      preload: (url) => current.push(url),
      load: () => Promise.resolve(),
    });
    // Each batch is what one task asked for: between two tasks, another runs.
    for (let i = 0; i < 10 && batches.flat().length < FILES.length; i++) {
      await nextTask();
      if (current.length > 0) batches.push(current);
      current = [];
    }
    await done;
    expect(batches.flat()).toEqual(FILES);
    expect(batches.length).toBe(Math.ceil(FILES.length / LINKS_PER_TASK));
    for (const batch of batches) expect(batch.length).toBeLessThanOrEqual(LINKS_PER_TASK);
  });

  it("evaluates the files one at a time, in the order listed, once all have been asked for", async () => {
    const r = recorder();
    const done = loadModulesInTasks(FILES, r);
    await expect.poll(() => r.log.filter((e) => e.startsWith("load")).length).toBe(1);
    expect(r.log.filter((e) => e.startsWith("preload")).length).toBe(FILES.length);
    for (let i = 0; i < FILES.length; i++) {
      // The next file is not imported before the one before it has been evaluated.
      await nextTask();
      expect(r.log.filter((e) => e.startsWith("load ")).length).toBe(i + 1);
      expect(r.finishLoad()).toBe(true);
      await nextTask();
    }
    await done;
    expect(r.log.filter((e) => e.startsWith("load ")).map((e) => e.slice(5))).toEqual(FILES);
  });

  it("fails when a file cannot be loaded, and evaluates none after it", async () => {
    const loaded: string[] = [];
    const failing = loadModulesInTasks(FILES, {
      preload: () => undefined,
      load: async (url) => {
        if (url === FILES[3]) throw new TypeError("Failed to fetch dynamically imported module");
        loaded.push(url);
      },
    });
    await expect(failing).rejects.toThrow("Failed to fetch");
    expect(loaded).toEqual(FILES.slice(0, 3));
  });
});
