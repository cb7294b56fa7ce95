import { afterEach, describe, expect, it, vi } from "vitest";
import { caravanGlobalStyles, caravanSystem } from "./theme";

const system = caravanSystem();

/** The selectors of Chakra's `_light` and `_dark` conditions, inside the tokens' layer. */
const LIGHT = ":root &, .light &";
const DARK = ".dark &, .dark .chakra-theme:not(.light) &";

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

  it("defines every mode-dependent colour for both modes, and no palette nobody uses", () => {
    const all = variables();
    const light = all.filter((v) => v.selector === LIGHT);
    const dark = all.filter((v) => v.selector === DARK);
    const names = (list: typeof all) => list.map((v) => v.name).sort();
    expect(dark.length).toBeGreaterThan(100);
    expect(names(dark)).toEqual(names(light));
    expect(all.filter((v) => /^--chakra-colors-(teal|cyan|pink|yellow)-/.test(v.name))).toEqual([]);
    const value = (list: typeof all, name: string) => list.filter((v) => v.name === name).map((v) => v.value);
    for (const [name, inLight, inDark] of [
      ["--chakra-colors-bg", "var(--chakra-colors-white)", "var(--chakra-colors-sand-50)"],
      ["--chakra-colors-fg", "var(--chakra-colors-black)", "var(--chakra-colors-gray-50)"],
      ["--chakra-colors-brand-50", "var(--chakra-colors-fixed-brand-50)", "#0a2321"],
      ["--chakra-colors-sand-50", "var(--chakra-colors-fixed-sand-50)", "#161410"],
    ] as const) {
      expect(value(light, name), name).toEqual([inLight]);
      expect(value(dark, name), name).toEqual([inDark]);
    }
    // Solid fills under white text keep their colour in both modes.
    for (const name of ["--chakra-colors-brand-solid", "--chakra-colors-green-solid", "--chakra-colors-red-solid"]) {
      expect(new Set(value(all, name)).size, name).toBe(1);
    }
    expect(value(all, "--chakra-colors-brand-solid")).toEqual(["var(--chakra-colors-fixed-brand-600)"]);
    expect(value(all, "--chakra-colors-green-solid")).toEqual(["var(--chakra-colors-green-700)"]);
    expect(value(all, "--chakra-colors-red-solid")[0]).toBe("var(--chakra-colors-red-600)");
    // A token naming a step of a palette follows the palette's mode.
    expect(value(all, "--chakra-colors-fg-subtle")).toEqual(["var(--chakra-colors-sand-600)"]);
  });

  it("keeps text readable (WCAG AA, 4.5:1) on Caravan's surfaces in both modes", () => {
    const all = variables();
    const resolve = (name: string, mode: "light" | "dark"): string => {
      const found =
        all.find((v) => v.name === name && v.selector === (mode === "light" ? LIGHT : DARK)) ??
        all.find((v) => v.name === name);
      if (!found) throw new Error(`no ${name}`);
      const reference = /^var\((--[\w-]+)\)$/.exec(found.value);
      return reference ? resolve(reference[1]!, mode) : found.value;
    };
    const pairs = [
      ["ink", "surface-raised"],
      ["ink", "surface-page"],
      ["ink-muted", "surface-raised"],
      ["ink-muted", "surface-page"],
      ["ink-muted", "surface-sunken"],
      ["fg-muted", "bg-panel"],
      ["brand-fg", "surface-raised"],
      ["brand-fg", "brand-subtle"],
      ["brand-700", "brand-50"],
      ["brand-900", "brand-50"],
      ["sunset-fg", "surface-raised"],
      ["sunset-700", "sunset-50"],
      ["brand-contrast", "brand-solid"],
    ];
    for (const mode of ["light", "dark"] as const) {
      for (const [text, surface] of pairs) {
        const ratio = contrast(resolve(`--chakra-colors-${text}`, mode), resolve(`--chakra-colors-${surface}`, mode));
        expect(ratio, `${text} on ${surface} (${mode})`).toBeGreaterThanOrEqual(4.5);
      }
    }
  });
});

/** WCAG's contrast ratio of two colours written `#rrggbb` or `white`. */
function contrast(a: string, b: string): number {
  const luminance = (colour: string) => {
    const hex = colour === "white" ? "#ffffff" : colour === "black" ? "#000000" : colour;
    if (!/^#[0-9a-f]{6}$/i.test(hex)) throw new Error(`not a colour: ${colour}`);
    const [r, g, b] = [1, 3, 5].map((i) => {
      const c = parseInt(hex.slice(i, i + 2), 16) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

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
