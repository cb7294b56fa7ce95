/**
 * The server's messages in the reader's language. Validation messages are fixed when the server starts (the
 * decorators of its request classes, the schemas shared with the browser), so they are English; the server answers
 * each refusal by finding the English text's key again here and rendering it in the reader's language. A text with
 * placeholders is recognised by its shape (`Sign-in with {provider} ...`), its values taken from the English text.
 */
import { compileMessage } from "@lingui/message-utils/compileMessage";
import { en, type MessageId } from "./catalogs/en.js";
import { DEFAULT_LOCALE } from "./locales.js";
import { t, withLocale, type MessageValues } from "./index.js";

interface Shape {
  id: MessageId;
  pattern: RegExp;
  names: string[];
}

let exact: Map<string, MessageId> | null = null;
let shapes: Shape[] = [];

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

function index(): Map<string, MessageId> {
  if (exact) return exact;
  exact = new Map();
  for (const id of Object.keys(en) as MessageId[]) {
    const compiled = compileMessage(en[id]);
    if (typeof compiled === "string") {
      if (!exact.has(compiled)) exact.set(compiled, id);
      continue;
    }
    // Only plain placeholders are recognised; a plural or a select is left in English.
    if (!compiled.every((part) => typeof part === "string" || (Array.isArray(part) && part.length === 1))) continue;
    const names: string[] = [];
    const source = compiled
      .map((part) => {
        if (typeof part === "string") return escape(part);
        names.push(String(part[0]));
        return "([\\s\\S]+?)";
      })
      .join("");
    shapes.push({ id, pattern: new RegExp(`^${source}$`), names });
  }
  // The longest shapes first: the most specific text wins.
  shapes = shapes.sort((a, b) => b.pattern.source.length - a.pattern.source.length);
  return exact;
}

/** `text`, an English message of the catalogue, in `locale`; a text the catalogue does not have, as it is. */
export function fromEnglish(text: string, locale: string): string {
  if (locale === DEFAULT_LOCALE) return text;
  const id = index().get(text);
  if (id) return withLocale(locale, () => t(id));
  for (const shape of shapes) {
    const match = shape.pattern.exec(text);
    if (!match) continue;
    const values: MessageValues = {};
    shape.names.forEach((name, i) => (values[name] = match[i + 1]!));
    return withLocale(locale, () => t(shape.id, values));
  }
  return text;
}
