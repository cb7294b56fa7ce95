import path from "node:path";

/**
 * Backend features stay apart (docs/ARCHITECTURE.md, "Layer rules"). A feature (src/features/<name>/) imports the
 * shared layers (http/, access/, db/, realtime/, adapters/, lib/, ...), its own files, and of another feature only
 * what that feature offers the others:
 *
 * - its public entry, `index.ts`;
 * - its presenters (`*.presenter.ts`) and DTOs (`*.dto.ts`): the shapes it answers with and accepts;
 * - its service (`*.service.ts`) as a type only: services reach each other as injected instances (services.ts),
 *   never for a helper function or a constant.
 *
 * Anything else of another feature (routes, jobs, helpers, caches, its service's values) is its internals: a helper
 * both need goes to lib/ (or common/, when the browser needs it too), or is offered through the entry.
 *
 * The shared layers import no feature at all (SHARED_LAYERS).
 *
 * Static imports, re-exports and dynamic `import()` are all checked; paths are resolved from the importing file.
 */

/** The feature a file under backend/src/features belongs to, and its file name there; null for any other file. */
function featureOf(file) {
  const parts = file.split(path.sep);
  const src = parts.lastIndexOf("src");
  if (src < 1 || parts[src - 1] !== "backend" || parts[src + 1] !== "features" || parts.length < src + 4) return null;
  return { feature: parts[src + 2], rest: parts.slice(src + 3).join("/") };
}

/**
 * The layers every feature builds on. They import no feature: what they need of one (a service, the settings for the
 * browser) reaches them through `services.ts`, the one place that puts the features together (with app.ts, server.ts
 * and main.ts, which start them).
 */
const SHARED_LAYERS = ["access", "adapters", "db", "http", "lib", "observability", "realtime"];

/** The shared layer a file under backend/src belongs to, or null; its tests may use real features' DTOs. */
function sharedLayerOf(file) {
  if (/\.test\.ts$/.test(file)) return null;
  const parts = file.split(path.sep);
  const src = parts.lastIndexOf("src");
  if (src < 1 || parts[src - 1] !== "backend" || parts.length < src + 3) return null;
  return SHARED_LAYERS.includes(parts[src + 1]) ? parts[src + 1] : null;
}

const base = (rest) => rest.replace(/\.(js|ts)$/, "");

function offered(to, typeOnly) {
  const name = base(to.rest);
  if (name === "index" || /\.(presenter|dto)$/.test(name)) return true;
  return typeOnly && /\.service$/.test(name);
}

/** Whether an import or re-export brings types only (`import type`, or every name marked `type`). */
function typeOnly(node) {
  if (node.importKind === "type" || node.exportKind === "type") return true;
  const specifiers = node.specifiers ?? [];
  return specifiers.length > 0 && specifiers.every((s) => s.importKind === "type" || s.exportKind === "type");
}

/** @type {import("eslint").Rule.RuleModule} */
const layers = {
  meta: {
    type: "problem",
    docs: { description: "Keeps backend features apart: another feature only through what it offers." },
    schema: [],
    messages: {
      layerImportsFeature:
        "'{{source}}' makes the shared layer '{{layer}}' depend on feature '{{feature}}'; shared layers serve the features, not the other way round: pass what it needs in through services.ts.",
      featureInternals:
        "'{{source}}' reaches into the internals of feature '{{feature}}'; use its entry (features/{{feature}}/index.ts), its presenters or DTOs, its service as a type, or move a shared helper to lib/.",
    },
  },
  create(context) {
    const filename = path.resolve(context.filename);
    const from = featureOf(filename);
    const layer = from ? null : sharedLayerOf(filename);
    if (!from && !layer) return {};
    const check = (node, source, types) => {
      if (typeof source !== "string" || !source.startsWith(".")) return;
      const to = featureOf(path.resolve(path.dirname(filename), source));
      if (!to) return;
      if (layer) {
        context.report({ node, messageId: "layerImportsFeature", data: { source, layer, feature: to.feature } });
        return;
      }
      if (to.feature === from.feature || offered(to, types)) return;
      context.report({ node, messageId: "featureInternals", data: { source, feature: to.feature } });
    };
    const fromSource = (node) => node.source && check(node.source, node.source.value, typeOnly(node));
    return {
      ImportDeclaration: fromSource,
      ExportNamedDeclaration: fromSource,
      ExportAllDeclaration: fromSource,
      ImportExpression: (node) => node.source.type === "Literal" && check(node.source, node.source.value, false),
    };
  },
};

export default { rules: { layers } };
