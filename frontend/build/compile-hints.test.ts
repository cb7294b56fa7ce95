import { describe, expect, it } from "vitest";
import {
  COMPILE_HINT,
  COMPILE_HINT_MIN_LENGTH,
  compileHint,
  mapFileOneLineDown,
  mappingsOneLineDown,
  withCompileHint,
} from "./compile-hints";

const chunk = (...lengths: number[]) => ({
  modules: Object.fromEntries(lengths.map((renderedLength, i) => [`src/m${i}.ts`, { renderedLength }])),
});

describe("the compile hint a chunk starts with", () => {
  it("is V8's hint to compile every function as the script streams in", () => {
    expect(COMPILE_HINT).toBe("//# allFunctionsCalledOnLoad");
  });

  it("is given to a chunk whose modules together reach the minimum length", () => {
    expect(compileHint(chunk(COMPILE_HINT_MIN_LENGTH))).toBe(COMPILE_HINT);
    expect(compileHint(chunk(COMPILE_HINT_MIN_LENGTH / 2, COMPILE_HINT_MIN_LENGTH / 2))).toBe(COMPILE_HINT);
    expect(compileHint(chunk(120_000, 3, 900))).toBe(COMPILE_HINT);
  });

  it("is left out of the smallest chunks", () => {
    expect(compileHint(chunk(COMPILE_HINT_MIN_LENGTH - 1))).toBe("");
    expect(compileHint(chunk(200, 300))).toBe("");
    expect(compileHint(chunk())).toBe("");
  });
});

describe("a chunk given the hint", () => {
  it("starts with it, as its own first line, the code unchanged below", () => {
    const code = 'import{a as e}from"./a.js";export const f=()=>e();';
    const hinted = withCompileHint(code);
    expect(hinted.split("\n")[0]).toBe(COMPILE_HINT);
    expect(hinted.slice(hinted.indexOf("\n") + 1)).toBe(code);
  });

  it("has its source map moved one line down: the first line maps to nothing, the rest as before", () => {
    expect(mappingsOneLineDown("AAAA,CAAC;AACA")).toBe(";AAAA,CAAC;AACA");
    const file = JSON.stringify({ version: 3, sources: ["src/a.ts"], names: [], mappings: "AAAA,CAAC" });
    expect(JSON.parse(mapFileOneLineDown(file))).toEqual({
      version: 3,
      sources: ["src/a.ts"],
      names: [],
      mappings: ";AAAA,CAAC",
    });
  });
});
