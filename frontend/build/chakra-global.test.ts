import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { pathToFileURL } from "node:url";
import { createSystem as chakraCreateSystem, defaultBaseConfig } from "@chakra-ui/react";
import {
  chakraGlobalCss,
  createSystemInSteps,
  globalCssText,
  lazyGlobalInSystem,
  tokenDictionaryInSteps,
} from "./chakra-global";

const systemFile = (() => {
  const require = createRequire(import.meta.url);
  const entry = require.resolve("@chakra-ui/react");
  return path.join(path.dirname(entry), "../esm/styled-system/system.js");
})();
const systemModule = fs.readFileSync(systemFile, "utf8");
const dictionaryFile = path.join(path.dirname(systemFile), "token-dictionary.js");
const dictionaryModule = fs.readFileSync(dictionaryFile, "utf8");

/** Runs a generator made by the transforms to its end: how many times it stopped, and what it made. */
function runSteps<T>(steps: Generator<void, T>): { stops: number; value: T } {
  let stops = 0;
  for (let step = steps.next(); ; step = steps.next(), stops += 1) if (step.done) return { stops, value: step.value };
}

// The theme is compiled and Chakra loaded from source: seconds on a busy two-core machine.
describe("the theme's global stylesheet", { timeout: 30_000 }, () => {
  it("holds the layers' order first, then the reset, the global styles and every token's variable", async () => {
    const css = await chakraGlobalCss();
    expect(css.startsWith("@layer reset,base,tokens,recipes;")).toBe(true);
    expect(css).toMatch(/@layer reset\{/);
    expect(css).toMatch(/@layer base\{/);
    expect(css).toMatch(/@layer tokens\{/);
    expect(css).toContain("--chakra-colors-fg-subtle:var(--chakra-colors-sand-600)");
    expect(css).toContain("--chakra-colors-brand-600:");
    expect(css).not.toContain("--chakra-colors-teal-");
  });

  it("is written through Emotion's own pipeline: nesting compiled, vendor prefixes added", () => {
    const css = globalCssText(["@layer a,b;", { "@layer a": { "a:hover": { userSelect: "none" } } }]);
    expect(css).toBe(
      "@layer a,b;\n@layer a{a:hover{-webkit-user-select:none;-moz-user-select:none;-ms-user-select:none;user-select:none;}}",
    );
  });

  it("turns the installed Chakra's eager global styles into a getter, line for line", () => {
    const out = lazyGlobalInSystem(systemModule);
    expect(out).not.toContain("const _global = [getPreflightCss(), getGlobalCss(), getTokenCss()];");
    expect(out).toContain("get _global() { return [getPreflightCss(), getGlobalCss(), getTokenCss()]; },");
    expect(out.split("\n")).toHaveLength(systemModule.split("\n").length);
  });

  it("fails the build when Chakra no longer makes them as expected", () => {
    expect(() => lazyGlobalInSystem("function createSystem() { return { _global: [] }; }")).toThrow(
      /no longer computes `_global`/,
    );
  });

  it("offers the installed Chakra's createSystem in steps, which make the same system as it does at once", async () => {
    const out = createSystemInSteps(lazyGlobalInSystem(systemModule));
    // The steps go on the lines they follow; only the drained createSystem is added, after the last line.
    expect(out.split("\n")).toHaveLength(systemModule.split("\n").length + 7);
    // Beside the original, so that its own imports resolve.
    const file = path.join(path.dirname(systemFile), `system.in-steps-${process.pid}.js`);
    fs.writeFileSync(file, out);
    try {
      type Steps = Generator<void, ReturnType<typeof chakraCreateSystem>>;
      const { createSystem } = (await import(pathToFileURL(file).href)) as {
        createSystem: typeof chakraCreateSystem & { inSteps: (...c: unknown[]) => Steps };
      };
      const config = { theme: { tokens: { colors: { trail: { value: "#123456" } } } } };
      const { stops, value } = runSteps(createSystem.inSteps(defaultBaseConfig, config));
      expect(stops).toBe(3);
      expect(value.token("colors.trail")).toBe("#123456");
      expect(value.css({ color: "trail" })).toEqual(
        chakraCreateSystem(defaultBaseConfig, config).css({ color: "trail" }),
      );
      expect(createSystem(defaultBaseConfig, config).token("colors.trail")).toBe("#123456");
    } finally {
      fs.rmSync(file, { force: true });
    }
  });

  it("offers the installed Chakra's token dictionary in steps, which make the same dictionary as it does at once", async () => {
    const out = tokenDictionaryInSteps(dictionaryModule);
    expect(out.split("\n")).toHaveLength(dictionaryModule.split("\n").length + 7);
    const file = path.join(path.dirname(dictionaryFile), `token-dictionary.in-steps-${process.pid}.js`);
    fs.writeFileSync(file, out);
    try {
      type Dictionary = { getByName(name: string): { value: unknown } | undefined; cssVarMap: Map<string, unknown> };
      type Make = ((options: unknown) => Dictionary) & { inSteps: (options: unknown) => Generator<void, Dictionary> };
      const { createTokenDictionary } = (await import(pathToFileURL(file).href)) as { createTokenDictionary: Make };
      const original = (await import(pathToFileURL(dictionaryFile).href)) as { createTokenDictionary: Make };
      const options = {
        tokens: { colors: { trail: { value: "#123456" } }, spacing: { 1: { value: "0.25rem" } } },
        semanticTokens: { colors: { path: { value: "{colors.trail}" } } },
        breakpoints: { sm: "30rem" },
        prefix: "chakra",
      };
      const { stops, value } = runSteps(createTokenDictionary.inSteps(options));
      expect(stops).toBe(5);
      const expected = original.createTokenDictionary(options);
      for (const made of [value, createTokenDictionary(options)]) {
        expect(made.getByName("colors.path")?.value).toBe(expected.getByName("colors.path")?.value);
        expect([...made.cssVarMap.keys()]).toEqual([...expected.cssVarMap.keys()]);
      }
    } finally {
      fs.rmSync(file, { force: true });
    }
  });

  it("fails the build when the token dictionary can no longer be made in steps", () => {
    expect(() => tokenDictionaryInSteps("function createTokenDictionary(options) { return {}; }")).toThrow(/in steps/);
  });

  it("fails the build when createSystem can no longer be made in steps", () => {
    expect(() => createSystemInSteps("function createSystem(...configs) { return {}; }")).toThrow(/in steps/);
  });
});
