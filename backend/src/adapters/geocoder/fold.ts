/** Letters that Unicode does not decompose into a base letter plus a mark. */
const SPECIAL: Record<string, string> = {
  ß: "ss",
  æ: "ae",
  œ: "oe",
  ø: "o",
  ł: "l",
  đ: "d",
  ð: "d",
  þ: "th",
  ı: "i",
  ħ: "h",
};
const SPECIAL_RE = new RegExp(`[${Object.keys(SPECIAL).join("")}]`, "g");

/**
 * The form names are compared in: lower case, accents and marks dropped, any run of punctuation or spaces made one
 * space. "Zürich" and "zurich", "Saint-Étienne" and "saint etienne" fold to the same key.
 */
export function foldName(text: string): string {
  return text
    .toLowerCase()
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .replace(SPECIAL_RE, (c) => SPECIAL[c]!)
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}
