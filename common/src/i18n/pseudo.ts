/**
 * The pseudo-language `en-XA`: every English text accented and about 40 % longer, placeholders kept, so that a
 * screen shows at a glance a text that is not read from the catalogues and a layout that clips or overflows longer
 * words (German runs about a third longer than English). Chosen only by the LANGUAGE_COOKIE cookie, never offered by
 * the pickers: for tests and for checking a screen by hand.
 */

const ACCENTED: Record<string, string> = {
  a: "á",
  b: "ƀ",
  c: "ç",
  d: "ð",
  e: "é",
  f: "ƒ",
  g: "ĝ",
  h: "ĥ",
  i: "í",
  j: "ĵ",
  k: "ķ",
  l: "ļ",
  m: "ɱ",
  n: "ñ",
  o: "ö",
  p: "þ",
  r: "ŕ",
  s: "š",
  t: "ţ",
  u: "û",
  w: "ŵ",
  y: "ý",
  z: "ž",
  A: "Å",
  C: "Ç",
  D: "Ð",
  E: "É",
  G: "Ĝ",
  I: "Î",
  L: "Ļ",
  N: "Ñ",
  O: "Ö",
  S: "Š",
  U: "Û",
  Y: "Ý",
  Z: "Ž",
};

/** `text` accented and lengthened by about 40 % (at least two characters), in brackets to show where it ends. */
export function pseudoText(text: string): string {
  if (!/\p{L}/u.test(text)) return text;
  // Spaces that join the text to a placeholder stay outside the brackets.
  const words = text.trim();
  const before = text.slice(0, text.length - text.trimStart().length);
  const after = text.slice(text.trimEnd().length);
  const accented = [...words].map((c) => ACCENTED[c] ?? c).join("");
  // The padding in short runs, so that it wraps like words do.
  const padding = "~".repeat(Math.max(2, Math.round(words.length * 0.4))).replace(/(~{5})(?=~)/g, "$1 ");
  return `${before}[${accented}${padding}]${after}`;
}

/** A compiled message (Lingui's form) with its literal text made pseudo, its placeholders and plural signs kept. */
export function pseudoMessage(compiled: unknown): unknown {
  if (typeof compiled === "string") return compiled === "#" ? compiled : pseudoText(compiled);
  if (!Array.isArray(compiled)) return compiled;
  return compiled.map((part) => {
    if (typeof part === "string") return part === "#" ? part : pseudoText(part);
    if (!Array.isArray(part)) return part;
    const [name, type, cases, ...rest] = part as unknown[];
    if (!cases || typeof cases !== "object") return part;
    const inner = Object.fromEntries(Object.entries(cases).map(([k, v]) => [k, pseudoMessage(v)]));
    return [name, type, inner, ...rest];
  });
}
