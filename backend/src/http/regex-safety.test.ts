/**
 * Every regular expression of the server and of common, checked for catastrophic backtracking by recheck, which
 * proves a pattern linear or finds an input that makes it slow. Input reaches many of them (a tracker's numbers, a
 * header, a path), and one slow pattern lets a single signed-out request hold the whole server. The patterns are
 * found by the TypeScript parser, not by text search, so none is missed for how it is written. Test files are left
 * out: their patterns only ever read the app's own answers.
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { check, type Diagnostics } from "recheck";
import { OBJECT_KEY, UPLOADS_PATH } from "../adapters/storage/keys.js";

// The analyser's own JavaScript build, in this process: its native and Java builds are separate programs that may
// not run everywhere the tests do.
process.env.RECHECK_BACKEND = "pure";

const ROOT = fileURLToPath(new URL("../../../", import.meta.url));
const SCANNED = ["common/src", "backend/src"];

/**
 * Patterns built at run time from other values, which the parser cannot read: each is named by its file and the
 * text of its construction, with why it stays linear and, where its parts can be imported here, the pattern as the
 * code builds it, which is analysed too. A new one fails the test until it is looked at and added.
 */
const objectKeyBody = OBJECT_KEY.source.slice(1, -1);
const BUILT_AT_RUN_TIME: Record<string, { why: string; built?: RegExp }> = {
  "backend/src/features/uploads/uploads.service.ts: new RegExp(`^${UPLOAD_URL_PATH}/([A-Za-z0-9_-]{43})$`)": {
    why: "a constant path, then a fixed-length run of one character class, anchored at both ends",
  },
  "backend/src/features/uploads/uploads.service.ts: new RegExp(`^${UPLOADS_PATH}/(${OBJECT_KEY.source.slice(1, -1)})$`)":
    {
      why: "a constant path, then OBJECT_KEY's body: bounded runs split by literal characters",
      built: new RegExp(`^${UPLOADS_PATH}/(${objectKeyBody})$`),
    },
  "backend/src/features/uploads/uploads.service.ts: new RegExp(`${UPLOADS_PATH}/(${OBJECT_KEY.source.slice(1, -1)})$`)":
    {
      why: "as above, unanchored at the start: each start must first match the constant path",
      built: new RegExp(`${UPLOADS_PATH}/(${objectKeyBody})$`),
    },
  "backend/src/features/uploads/uploads.routes.ts: new RegExp(`^${UPLOAD_URL_PATH}/[^/]+$`)": {
    why: "a constant path, then one run of one character class, anchored at both ends",
  },
  'common/src/pages.ts: new RegExp(`^${path.replace(/\\/$/, "").replace(/:(\\w+)/g, "(?<$1>[^/]+)")}/?$`)': {
    why: "a page's path from common's list: literal segments and one-segment runs of [^/], split by literal slashes",
    built: /^\/groups\/(?<id>[^/]+)\/?$/,
  },
  'backend/src/adapters/geocoder/fold.ts: new RegExp(`[${Object.keys(SPECIAL).join("")}]`, "g")': {
    why: "a single character class: one character is read per position",
  },
};

/** Patterns the analyser gives up on (out of time or unsupported), with why each is linear. None so far. */
const UNDECIDED_BUT_LINEAR: Record<string, string> = {};

/** Per pattern; the whole run takes a few seconds. */
const CHECK_TIMEOUT_MS = 60_000;

interface Found {
  where: string;
  source: string;
  flags: string;
}

function* typeScriptFiles(dir: string): Generator<string> {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* typeScriptFiles(full);
    else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && !entry.name.endsWith(".d.ts")) {
      yield full;
    }
  }
}

const isRegExpName = (node: ts.Expression) => ts.isIdentifier(node) && node.text === "RegExp";
const literalText = (node: ts.Expression | undefined) =>
  node && (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) ? node.text : null;

/** Every regular expression literal, and every `RegExp(...)` / `new RegExp(...)`, of the scanned sources. */
function collect(): { literal: Found[]; dynamic: string[] } {
  const literal: Found[] = [];
  const dynamic: string[] = [];
  for (const dir of SCANNED) {
    for (const file of typeScriptFiles(path.join(ROOT, dir))) {
      const name = path.relative(ROOT, file).split(path.sep).join("/");
      const source = ts.createSourceFile(file, fs.readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true);
      const where = (node: ts.Node) => `${name}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
      const visit = (node: ts.Node): void => {
        if (node.kind === ts.SyntaxKind.RegularExpressionLiteral) {
          const text = node.getText(source);
          const end = text.lastIndexOf("/");
          literal.push({ where: where(node), source: text.slice(1, end), flags: text.slice(end + 1) });
        } else if ((ts.isNewExpression(node) || ts.isCallExpression(node)) && isRegExpName(node.expression)) {
          const [pattern, flags] = node.arguments ?? [];
          const patternText = literalText(pattern);
          const flagsText = flags === undefined ? "" : literalText(flags);
          if (patternText !== null && flagsText !== null) {
            literal.push({ where: where(node), source: patternText, flags: flagsText });
          } else {
            dynamic.push(`${name}: ${node.getText(source)}`);
          }
        }
        ts.forEachChild(node, visit);
      };
      visit(source);
    }
  }
  return { literal, dynamic };
}

/**
 * The exact automaton analysis first, and the analyser's own choice (fuzzing) for what it does not support, such
 * as lookaheads.
 */
async function analyse(source: string, flags: string): Promise<Diagnostics> {
  const exact = await check(source, flags, { checker: "automaton", timeout: CHECK_TIMEOUT_MS });
  if (exact.status !== "unknown" || exact.error.kind !== "unsupported") return exact;
  // The fuzzer's inner time limits off: its verdict then rests on step counts alone, the same on a busy machine as on
  // a quiet one (with them, a loaded machine once made it call the password rule's lookaheads polynomial).
  return check(source, flags, {
    checker: "auto",
    timeout: CHECK_TIMEOUT_MS,
    attackTimeout: null,
    incubationTimeout: null,
    seedingTimeout: null,
    recallTimeout: null,
  });
}

function describeProblem(found: Found, result: Diagnostics): string {
  const pattern = `/${found.source}/${found.flags}`;
  if (result.status === "vulnerable") {
    return `${found.where} ${pattern} is ${result.complexity.type}: try ${result.attack.pattern}`;
  }
  return `${found.where} ${pattern} could not be decided (${result.status === "unknown" ? result.error.kind : ""})`;
}

describe("regular expressions", () => {
  it("the check finds a backtracking pattern: the number pattern the tracker ingest once had", async () => {
    const old = await analyse("^[+-]?(\\d+\\.?\\d*|\\.\\d+)([eE][+-]?\\d+)?$", "");
    expect(old.status).toBe("vulnerable");
    expect(describeProblem({ where: "old:1", source: "x", flags: "" }, old)).toMatch(/^old:1 \/x\/ is polynomial/);
    const exponential = await analyse("^(a+)+$", "");
    expect(exponential.status === "vulnerable" && exponential.complexity.type).toBe("exponential");
  });

  it("finds the patterns however they are written", () => {
    const { literal } = collect();
    expect(literal.length).toBeGreaterThan(40);
    expect(literal).toContainEqual({
      where: expect.stringMatching(/^backend\/src\/features\/trackers\/trackers\.ingest\.ts:\d+$/),
      source: "^[+-]?(?:\\d+(?:\\.\\d*)?|\\.\\d+)(?:[eE][+-]?\\d+)?$",
      flags: "",
    });
  });

  it("builds no pattern at run time that has not been looked at", async () => {
    const unseen = collect().dynamic.filter((construction) => !(construction in BUILT_AT_RUN_TIME));
    expect(unseen).toEqual([]);
    const problems: string[] = [];
    for (const [construction, { built }] of Object.entries(BUILT_AT_RUN_TIME)) {
      if (!built) continue;
      const result = await analyse(built.source, built.flags);
      if (result.status !== "safe") problems.push(describeProblem({ where: construction, ...built }, result));
    }
    expect(problems).toEqual([]);
  });

  it("has no pattern that backtracks: each is proven linear", { timeout: 180_000 }, async () => {
    const { literal } = collect();
    const problems: string[] = [];
    const undecided = new Set<string>();
    for (const found of literal) {
      const result = await analyse(found.source, found.flags);
      if (result.status === "safe") continue;
      if (result.status === "unknown" && `/${found.source}/${found.flags}` in UNDECIDED_BUT_LINEAR) {
        undecided.add(`/${found.source}/${found.flags}`);
        continue;
      }
      problems.push(describeProblem(found, result));
    }
    expect(problems).toEqual([]);
    // An entry whose pattern is gone or now decided is stale.
    expect([...undecided].sort()).toEqual(Object.keys(UNDECIDED_BUT_LINEAR).sort());
  });
});
