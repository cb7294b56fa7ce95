/**
 * No literal words in what the app shows: JSX text and the aria-label, title, placeholder and alt props come from the
 * message catalogues (common/src/i18n, read through the text objects of common/src/texts), so that every language
 * has them. Punctuation, numbers and symbols alone are allowed ("·", "+", "%"). Files not converted yet are listed,
 * each with its reason, in frontend/build/untranslated-files.js.
 */

/** A letter in any script: what makes a string words. */
const WORDS = /\p{L}/u;
const TEXT_PROPS = new Set(["aria-label", "title", "placeholder", "alt"]);

/** The words of a string or template literal, or null when it has none. */
function literalWords(node) {
  if (!node) return null;
  if (node.type === "Literal" && typeof node.value === "string") return WORDS.test(node.value) ? node.value : null;
  if (node.type === "TemplateLiteral") {
    const text = node.quasis.map((q) => q.value.cooked ?? "").join("");
    return WORDS.test(text) ? text : null;
  }
  if (node.type === "JSXExpressionContainer") return literalWords(node.expression);
  return null;
}

const noLiteralText = {
  meta: {
    type: "problem",
    docs: { description: "User-visible text comes from the message catalogues, not from literals in JSX." },
    schema: [],
    messages: {
      text: "Literal text '{{text}}' in JSX: read it from a text object of common/src/texts (the message catalogue).",
      prop: "Literal {{prop}} '{{text}}': read it from a text object of common/src/texts (the message catalogue).",
    },
  },
  create(context) {
    const short = (text) => text.trim().replace(/\s+/g, " ").slice(0, 40);
    return {
      JSXText(node) {
        if (WORDS.test(node.value)) context.report({ node, messageId: "text", data: { text: short(node.value) } });
      },
      JSXExpressionContainer(node) {
        // {"Some words"} or {`Some words`} as a child.
        if (node.parent?.type !== "JSXElement" && node.parent?.type !== "JSXFragment") return;
        const text = literalWords(node.expression);
        if (text) context.report({ node, messageId: "text", data: { text: short(text) } });
      },
      JSXAttribute(node) {
        const prop = node.name.type === "JSXIdentifier" ? node.name.name : null;
        if (!prop || !TEXT_PROPS.has(prop)) return;
        const text = literalWords(node.value);
        if (text) context.report({ node, messageId: "prop", data: { prop, text: short(text) } });
      },
    };
  },
};

export default { rules: { "no-literal-text": noLiteralText } };
