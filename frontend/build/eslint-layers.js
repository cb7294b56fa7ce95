import path from "node:path";

/**
 * The frontend's layers, one way only: boot -> app -> features -> shared (docs/ARCHITECTURE.md).
 *
 * - shared (api/, components/, lib/, realtime/, offline/) imports only shared code and packages;
 * - a feature (features/<name>/) imports shared code, its own files, and another feature only through that feature's
 *   public entry (features/<other>/index.ts), never its internals;
 * - app/ (routes, pages, providers, the server's rendering) imports shared code and features' public entries;
 * - boot/ (the pages' own small scripts, the app's start) and main.tsx import all of those; nothing imports them.
 *
 * Static imports, re-exports and dynamic `import()` are all checked; paths are resolved from the importing file, so
 * the rule holds whichever way a path is spelled.
 */

const SHARED = new Set(["api", "components", "lib", "realtime", "offline"]);

/** Where a file under frontend/src sits: its layer, and for a feature its name and whether it is the entry. */
function place(file) {
  const parts = file.split(path.sep);
  const src = parts.lastIndexOf("src");
  if (src < 1 || parts[src - 1] !== "frontend") return null;
  const rest = parts.slice(src + 1);
  if (rest.length === 0) return null;
  const [top, ...below] = rest;
  if (top === "features") {
    if (below.length === 0) return { layer: "features", feature: null, entry: false };
    const entry = below.length === 1 || (below.length === 2 && /^index(\.tsx?)?$/.test(below[1]));
    return { layer: "feature", feature: below[0], entry };
  }
  if (top === "app") return { layer: "app" };
  if (top === "boot" || /^main(\.tsx?)?$/.test(top)) return { layer: "boot" };
  if (SHARED.has(top) || SHARED.has(top.replace(/\.tsx?$/, ""))) return { layer: "shared", name: top };
  return null;
}

function problem(from, to) {
  if (!to) return null;
  if (from.layer === "shared") {
    if (to.layer === "shared") return null;
    if (to.layer === "boot") return "toBoot";
    return to.layer === "app" ? "sharedToApp" : "sharedToFeature";
  }
  if (from.layer === "feature") {
    if (to.layer === "shared") return null;
    if (to.layer === "boot") return "toBoot";
    if (to.layer === "app") return "featureToApp";
    if (to.layer === "feature" && to.feature === from.feature) return null;
    return to.layer === "feature" && to.entry ? null : "featureInternals";
  }
  if (from.layer === "app") {
    if (to.layer === "shared" || to.layer === "app") return null;
    if (to.layer === "boot") return "toBoot";
    return to.layer === "feature" && to.entry ? null : "featureInternals";
  }
  if (from.layer === "boot") {
    if (to.layer === "shared" || to.layer === "app" || to.layer === "boot") return null;
    return to.layer === "feature" && to.entry ? null : "featureInternals";
  }
  return null;
}

/** @type {import("eslint").Rule.RuleModule} */
const layers = {
  meta: {
    type: "problem",
    docs: {
      description: "Keeps the frontend's imports going boot -> app -> features -> shared, through features' entries.",
    },
    schema: [],
    messages: {
      sharedToFeature:
        "Shared code ({{from}}) must not import a feature ({{source}}); move what both need into shared.",
      sharedToApp: "Shared code ({{from}}) must not import app/ ({{source}}).",
      featureToApp: "A feature must not import app/ ({{source}}); the app composes features, not the other way.",
      toBoot:
        "Only boot/ and main.tsx may import boot/ ({{source}}): it starts the app, and nothing below it starts it.",
      featureInternals:
        "'{{source}}' reaches into the internals of feature '{{feature}}'; import from its public entry (features/{{feature}}) instead.",
    },
  },
  create(context) {
    const filename = path.resolve(context.filename);
    const from = place(filename);
    if (!from || from.layer === "features") return {};
    const check = (node, source) => {
      if (typeof source !== "string" || !source.startsWith(".")) return;
      const target = path.resolve(path.dirname(filename), source);
      const to = place(target);
      const messageId = problem(from, to);
      if (!messageId) return;
      context.report({
        node,
        messageId,
        data: { source, from: from.name ?? from.layer, feature: to?.feature ?? "" },
      });
    };
    const fromSource = (node) => node.source && check(node.source, node.source.value);
    return {
      ImportDeclaration: fromSource,
      ExportNamedDeclaration: fromSource,
      ExportAllDeclaration: fromSource,
      ImportExpression: (node) => node.source.type === "Literal" && check(node.source, node.source.value),
    };
  },
};

export default { rules: { layers } };
