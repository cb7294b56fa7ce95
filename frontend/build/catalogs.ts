import fs from "node:fs";
import path from "node:path";
import { compileMessage } from "@lingui/message-utils/compileMessage";
import type { Plugin } from "vite";

/**
 * The message catalogues in the browser's code (decision 45). The catalogues are written as
 * ICU text (common/src/i18n/catalogs/<locale>.ts); the build compiles every message, so that no ICU parser is shipped
 * (`@lingui/message-utils/compileMessage` becomes a function that passes a compiled message on). The English
 * catalogue is not one module in the browser: each module that reads texts (`t("chat.title")`) brings the compiled
 * English messages it reads, so that a page carries only its own texts, as when they lived in one file per area.
 * Another language's catalogue is one module, compiled, loaded when that language is used.
 */

const CATALOGS_DIR = /[\\/]common[\\/]src[\\/]i18n[\\/]catalogs[\\/]([\w-]+)\.ts$/;
const COMMON_SRC = /[\\/]common[\\/]src[\\/].*\.ts$/;
const FRONTEND_SRC = /[\\/]frontend[\\/]src[\\/].*\.tsx?$/;
/** A text read by its key, as written in code: `t("chat.title"` or `t(\n "chat.title"`. */
const READ_KEY = /\bt\(\s*"([\w.-]+)"/g;
const COMPILER_STUB = "\0caravan-compile-message";

/** A catalogue file's object, read as the plain object literal it is. */
export function readCatalog(file: string): Record<string, string> {
  const source = fs.readFileSync(file, "utf8");
  const start = source.indexOf("= {");
  const end = source.lastIndexOf("}");
  if (start < 0 || end < start) throw new Error(`${file} is not a catalogue object`);
  return new Function(`return (${source.slice(start + 2, end + 1)});`)() as Record<string, string>;
}

/** A message compiled; plain text as a string rather than a list of one part, which the runtime reads alike. */
function compile(text: string): unknown {
  const compiled = compileMessage(text);
  return Array.isArray(compiled) && compiled.length === 1 && typeof compiled[0] === "string" ? compiled[0] : compiled;
}

const compileAll = (catalog: Record<string, string>) =>
  Object.fromEntries(Object.entries(catalog).map(([id, text]) => [id, compile(text)]));

export function catalogs(): Plugin {
  let english: Record<string, string> | null = null;
  let englishFile = "";
  return {
    name: "caravan:catalogs",
    enforce: "pre",
    configResolved(config) {
      englishFile = path.resolve(config.root, "../common/src/i18n/catalogs/en.ts");
    },
    async resolveId(source, importer) {
      if (source === "@lingui/message-utils/compileMessage" && importer && COMMON_SRC.test(importer)) {
        return COMPILER_STUB;
      }
      return null;
    },
    load(id) {
      if (id === COMPILER_STUB) return "export const compileMessage = (message) => message;";
      const catalog = CATALOGS_DIR.exec(id);
      if (!catalog) return null;
      const [, locale] = catalog;
      if (locale === "en") return "export const en = {};";
      return `export const ${locale!.replace(/-/g, "_")} = ${JSON.stringify(compileAll(readCatalog(id)))};`;
    },
    transform(code, id) {
      if (!(COMMON_SRC.test(id) || FRONTEND_SRC.test(id)) || CATALOGS_DIR.test(id)) return null;
      const keys = new Set([...code.matchAll(READ_KEY)].map((m) => m[1]!));
      if (keys.size === 0) return null;
      english ??= readCatalog(englishFile);
      const messages: Record<string, unknown> = {};
      for (const key of keys) {
        const text = english[key];
        if (text === undefined) this.error(`${id} reads the text "${key}", which the English catalogue does not have`);
        messages[key] = compile(text);
      }
      return {
        code: `import { en as __caravanEnglish } from ${JSON.stringify(englishFile)};\nObject.assign(__caravanEnglish, ${JSON.stringify(messages)});\n${code}`,
        map: null,
      };
    },
  };
}
