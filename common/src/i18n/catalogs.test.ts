import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { compileMessage } from "@lingui/message-utils/compileMessage";
import { describe, expect, it } from "vitest";
import { en } from "./catalogs/en.js";
import { SUPPORTED_LOCALES } from "./locales.js";

const DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), "catalogs");

/** Every argument a message uses, as `name` or `name:plural` / `name:select`, with those inside plural cases. */
export function argumentsOf(message: string): string[] {
  const found = new Set<string>();
  const content = (parts: unknown): void => {
    if (!Array.isArray(parts)) return;
    for (const part of parts) if (Array.isArray(part)) placeholder(part);
  };
  const placeholder = ([name, type, cases]: unknown[]): void => {
    const chooses = type === "plural" || type === "select" || type === "selectordinal";
    found.add(chooses ? `${String(name)}:${type}` : String(name));
    if (cases && typeof cases === "object") for (const c of Object.values(cases)) content(c);
  };
  content(compileMessage(message));
  return [...found].sort();
}

/** The catalogues of the other languages that exist, by locale. */
const others = fs
  .readdirSync(DIR)
  .filter((f) => f.endsWith(".ts") && f !== "en.ts" && !f.endsWith(".test.ts"))
  .map((f) => f.replace(/\.ts$/, ""));

describe("message catalogues", () => {
  it("English: every message is valid ICU MessageFormat", () => {
    for (const [id, text] of Object.entries(en)) expect(() => compileMessage(text), id).not.toThrow();
  });

  it("reads arguments, plural and select ones included", () => {
    expect(argumentsOf("{count, plural, one {# member by {name}} other {# members}}")).toEqual([
      "count:plural",
      "name",
    ]);
    expect(argumentsOf("Hello {name}")).toEqual(["name"]);
    expect(argumentsOf("A literal '{'brace'}'")).toEqual([]);
  });

  it("only supported languages have catalogues", () => {
    for (const locale of others) expect(SUPPORTED_LOCALES as readonly string[]).toContain(locale);
  });

  describe.each(others)("%s", (locale) => {
    it("has every English key, with the same placeholders, and no other key", async () => {
      const module = (await import(`./catalogs/${locale}.ts`)) as Record<string, Record<string, string>>;
      const catalog = module[locale.replace(/-/g, "_")]!;
      const missing = Object.keys(en).filter((id) => catalog[id] === undefined);
      const unknown = Object.keys(catalog).filter((id) => !(id in en));
      const mismatched = Object.keys(en)
        .filter((id) => catalog[id] !== undefined)
        .filter((id) => argumentsOf(catalog[id]!).join() !== argumentsOf(en[id as keyof typeof en]).join());
      expect({ missing, unknown, mismatched }).toEqual({ missing: [], unknown: [], mismatched: [] });
    });
  });
});
