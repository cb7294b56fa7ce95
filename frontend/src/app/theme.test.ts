import { afterEach, describe, expect, it, vi } from "vitest";
import { caravanGlobalStyles, caravanSystem } from "./theme";

const system = caravanSystem();

/** Every custom property the theme's global stylesheet defines: its name, value and innermost selector. */
function variables(): Array<{ name: string; value: string; selector: string }> {
  const out: Array<{ name: string; value: string; selector: string }> = [];
  const walk = (node: unknown, selector: string) => {
    if (node === null || typeof node !== "object") return;
    for (const [key, value] of Object.entries(node)) {
      if (key.startsWith("--")) out.push({ name: key, value: String(value), selector });
      else walk(value, key);
    }
  };
  walk(caravanGlobalStyles(), "");
  return out;
}

describe("the theme", () => {
  it("has every palette the screens name, and the status colours of alerts and toasts", () => {
    for (const palette of ["brand", "sunset", "sand", "gray", "red", "orange", "green", "blue", "purple"]) {
      expect(system.token(`colors.${palette}.100`, "missing"), palette).not.toBe("missing");
      expect(system.token(`colors.${palette}.700`, "missing"), palette).not.toBe("missing");
    }
    for (const palette of ["brand", "sunset", "gray", "red", "orange", "green", "blue", "purple"]) {
      expect(system.token(`colors.${palette}.solid`, "missing"), palette).not.toBe("missing");
    }
  });

  it("leaves its global styles to the stylesheet made from them at build time: the provider inserts none", () => {
    expect(system._global).toEqual([]);
    const [layers, ...rest] = caravanGlobalStyles();
    expect(layers).toBe(system.layers.atRule);
    expect(rest).toHaveLength(3);
  });

  it("defines each colour once, with its light value: nothing for a dark mode or a palette nobody uses", () => {
    const all = variables();
    expect(all.filter((v) => v.selector.includes(".dark"))).toEqual([]);
    expect(all.filter((v) => /^--chakra-colors-(teal|cyan|pink|yellow)-/.test(v.name))).toEqual([]);
    const value = (name: string) => all.filter((v) => v.name === name).map((v) => v.value);
    expect(value("--chakra-colors-bg")).toEqual(["var(--chakra-colors-white)"]);
    expect(value("--chakra-colors-fg")).toEqual(["var(--chakra-colors-black)"]);
    expect(value("--chakra-colors-fg-subtle")).toEqual(["var(--chakra-colors-sand-600)"]);
    expect(value("--chakra-colors-green-solid")).toEqual(["var(--chakra-colors-green-700)"]);
    expect(value("--chakra-colors-red-solid")).toEqual(["var(--chakra-colors-red-600)"]);
  });
});

describe("making the theme's system as the app starts", () => {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.resetModules();
  });

  it("takes a task per step where createSystem offers steps, and gives the system everything else asks for", async () => {
    vi.resetModules();
    const chakra = await import("@chakra-ui/react");
    const createSystem = chakra.createSystem as typeof chakra.createSystem & { inSteps?: unknown };
    createSystem.inSteps = function* (...configs: Parameters<typeof chakra.createSystem>) {
      yield;
      yield;
      return chakra.createSystem(...configs);
    };
    try {
      const theme = await import("./theme");
      // Each step ends by asking for the next task (lib/browser.ts, nextTask: a message to itself).
      const tasks = vi.spyOn(MessagePort.prototype, "postMessage");
      const made = await theme.makeCaravanSystem();
      expect(tasks).toHaveBeenCalledTimes(2);
      expect(theme.caravanSystem()).toBe(made);
      expect(made._global).toEqual([]);
      expect(made.token("colors.brand.600", "missing")).not.toBe("missing");
    } finally {
      delete createSystem.inSteps;
    }
  });

  it("is made at once where createSystem has no steps (Node, the server's drawing)", async () => {
    vi.resetModules();
    const theme = await import("./theme");
    const tasks = vi.spyOn(MessagePort.prototype, "postMessage");
    expect(await theme.makeCaravanSystem()).toBe(theme.caravanSystem());
    expect(tasks).not.toHaveBeenCalled();
  });
});
