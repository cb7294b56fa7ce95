import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { chakraGlobalCss, globalCssText, lazyGlobalInSystem } from "./chakra-global";

const systemModule = (() => {
  const require = createRequire(import.meta.url);
  const entry = require.resolve("@chakra-ui/react");
  return fs.readFileSync(path.join(path.dirname(entry), "../esm/styled-system/system.js"), "utf8");
})();

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
});
