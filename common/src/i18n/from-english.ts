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

/** A text with placeholders as its literal runs and the names between them: `literals.length === names.length + 1`. */
interface Shape {
  id: MessageId;
  literals: string[];
  names: string[];
}

let exact: Map<string, MessageId> | null = null;
let shapes: Shape[] = [];

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
    const literals = [""];
    const names: string[] = [];
    for (const part of compiled) {
      if (typeof part === "string") literals[literals.length - 1] += part;
      else {
        names.push(String(part[0]));
        literals.push("");
      }
    }
    shapes.push({ id, literals, names });
  }
  // The longest shapes first: the most specific text wins.
  const length = (shape: Shape) => shape.literals.join("").length;
  shapes = shapes.sort((a, b) => length(b) - length(a));
  return exact;
}

/** `text`, an English message of the catalogue, in `locale`; a text the catalogue does not have, as it is. */
export function fromEnglish(text: string, locale: string): string {
  if (locale === DEFAULT_LOCALE) return text;
  const id = index().get(text);
  if (id) return withLocale(locale, () => t(id));
  for (const shape of shapes) {
    const values = valuesOf(shape, text);
    if (values) return withLocale(locale, () => t(shape.id, values));
  }
  return text;
}

/**
 * The placeholders' values if `text` has `shape`: its literal runs in order, each placeholder at least one character,
 * taken up to the first place the next run follows (without a pattern: one pass over the text per run).
 */
function valuesOf({ literals, names }: Shape, text: string): MessageValues | null {
  const first = literals[0]!;
  if (names.length === 0) return text === first ? {} : null;
  const last = literals[literals.length - 1]!;
  if (!text.startsWith(first) || !text.endsWith(last) || text.length < first.length + last.length + names.length) {
    return null;
  }
  const values: MessageValues = {};
  let at = first.length;
  const end = text.length - last.length;
  for (let i = 0; i < names.length; i++) {
    const next = literals[i + 1]!;
    const until = i === names.length - 1 ? end : text.indexOf(next, at + 1);
    if (until < at + 1 || until > end) return null;
    values[names[i]!] = text.slice(at, until);
    at = until + next.length;
  }
  return at === text.length ? values : null;
}
