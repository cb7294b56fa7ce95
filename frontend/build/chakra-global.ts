import { fileURLToPath } from "node:url";
import { Global, type Interpolation } from "@emotion/react";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { tsImport } from "tsx/esm/api";
import type { Plugin } from "vite";

/** The stylesheet of the theme's global styles: the app's entry imports it (src/main.tsx). */
const CHAKRA_GLOBAL_CSS = "virtual:chakra-global.css";
const RESOLVED_ID = "\0" + CHAKRA_GLOBAL_CSS;

const THEME_FILE = fileURLToPath(new URL("../src/app/theme.ts", import.meta.url));

/**
 * The CSS of `styles` exactly as Emotion writes it into the page (the same serializer, prefixer and layer wrapping):
 * each rendered on the server as a `Global`, whose `<style>` holds it.
 */
export function globalCssText(styles: Interpolation<unknown>[]): string {
  const html = renderToString(styles.map((s, i) => createElement(Global, { key: i, styles: s })));
  const rules = [...html.matchAll(/<style data-emotion="[^"]*"[^>]*>([^<]*)<\/style>/g)].map((m) => m[1]!);
  if (rules.length !== styles.length) throw new Error(`expected ${styles.length} global styles, found ${rules.length}`);
  return rules.join("\n");
}

/** The theme's global styles, from its source (src/app/theme.ts `caravanGlobalStyles`), as CSS. */
export async function chakraGlobalCss(): Promise<string> {
  const theme = (await tsImport(THEME_FILE, import.meta.url)) as {
    caravanGlobalStyles(): Interpolation<unknown>[];
  };
  return globalCssText(theme.caravanGlobalStyles());
}

/**
 * Chakra's `createSystem` computes the CSS of every token, the reset and the global styles as the system is made,
 * for its provider to insert at run time. Caravan ships them as a stylesheet instead: this module's CSS, which the
 * entry imports, made from the theme's source at build time. In the browser the computation is left to run only if
 * something asks for it (`_global` becomes a getter); the app's system (theme.ts) never does.
 */
const SYSTEM_MODULE = /@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/]styled-system[\\/]system\.js$/;
const EAGER_GLOBAL = "const _global = [getPreflightCss(), getGlobalCss(), getTokenCss()];";
const RETURNED_GLOBAL = /(\n\s*)_global,\n/;

export function lazyGlobalInSystem(code: string): string {
  if (!code.includes(EAGER_GLOBAL) || !RETURNED_GLOBAL.test(code)) {
    throw new Error(
      "@chakra-ui/react's createSystem no longer computes `_global` as build/chakra-global.ts expects: update it",
    );
  }
  return code
    .replace(EAGER_GLOBAL, "")
    .replace(
      RETURNED_GLOBAL,
      (_m, indent: string) =>
        `${indent}get _global() { return [getPreflightCss(), getGlobalCss(), getTokenCss()]; },\n`,
    );
}

/**
 * Making the system is the longest single task of the app's start-up (theme.ts `makeCaravanSystem`): in the browser,
 * `createSystem` is also offered as a generator, `createSystem.inSteps`, that stops before and after the token
 * dictionary and before the compositions, so that the app can make the system over four tasks and the browser can
 * paint or answer a tap between them. `createSystem` itself runs the same steps at once, as before. The steps go
 * on the lines they follow, so that every line keeps its number.
 */
const CREATE_SYSTEM = "function createSystem(...configs) {";
const STEPS = [
  "  const layers = createLayers(config);",
  "  const breakpoints = createBreakpoints(theme.breakpoints ?? EMPTY_OBJECT);",
  "  function assignComposition() {",
];
const EXPORTS = "export { createSystem, isValidSystem };";
/** The token dictionary, made in steps of its own where its module offers them (`tokenDictionaryInSteps`). */
const TOKEN_DICTIONARY = "  const tokens = createTokenDictionary({";
const TOKEN_DICTIONARY_IN_STEPS =
  "  const tokens = yield* (createTokenDictionary.inSteps ?? function* (options) { return createTokenDictionary(options); })({";

export function createSystemInSteps(code: string): string {
  if (
    !code.includes(CREATE_SYSTEM) ||
    !code.includes(EXPORTS) ||
    !code.includes(TOKEN_DICTIONARY) ||
    !STEPS.every((line) => code.includes(line))
  ) {
    throw new Error(
      "@chakra-ui/react's createSystem is no longer written as build/chakra-global.ts expects to make it in steps: update it",
    );
  }
  const [layers, breakpoints, compositions] = STEPS as [string, string, string];
  return code
    .replace(CREATE_SYSTEM, "function* createSystemSteps(...configs) {")
    .replace(layers, `${layers} yield;`)
    .replace(breakpoints, `  yield;${breakpoints.slice(1)}`)
    .replace(compositions, `  yield;${compositions.slice(1)}`)
    .replace(TOKEN_DICTIONARY, TOKEN_DICTIONARY_IN_STEPS)
    .replace(EXPORTS, `${drainedWithSteps("createSystem", "...configs")}\n${EXPORTS}`);
}

/**
 * The function `name`, made of the generator `${name}Steps` run to its end at once, and offering that generator as
 * `${name}.inSteps`: the lines a transform below adds after a module's last line.
 */
function drainedWithSteps(name: string, parameters: string): string {
  return [
    `function ${name}(${parameters}) {`,
    `  const steps = ${name}Steps(${parameters});`,
    "  let step = steps.next();",
    "  while (!step.done) step = steps.next();",
    "  return step.value;",
    "}",
    `${name}.inSteps = ${name}Steps;`,
  ].join("\n");
}

/**
 * The token dictionary is most of making the system (about 80 ms on a mid-range phone): in the browser,
 * `createTokenDictionary` is also offered as a generator, `createTokenDictionary.inSteps`, that stops after reading
 * the tokens and between the phases that resolve them, and `createSystem.inSteps` goes through those steps too. As
 * above, each stop goes on the line it follows.
 */
const CREATE_TOKEN_DICTIONARY = "function createTokenDictionary(options) {";
const DICTIONARY_BUILD = "  function build() {";
const DICTIONARY_STEPS = [
  "  registerTokens();\n",
  '    applyTransforms("pre");\n',
  "    addConditionalTokens();\n",
  "    expandTokenReferences$1();\n",
  '    applyTransforms("post");\n',
];
const DICTIONARY_BUILT = "  build();\n  return dictionary;";
const DICTIONARY_EXPORTS = "export { createTokenDictionary, tokenCategories };";

export function tokenDictionaryInSteps(code: string): string {
  const expected = [
    CREATE_TOKEN_DICTIONARY,
    DICTIONARY_BUILD,
    DICTIONARY_BUILT,
    DICTIONARY_EXPORTS,
    ...DICTIONARY_STEPS,
  ];
  if (!expected.every((line) => code.split(line).length === 2)) {
    throw new Error(
      "@chakra-ui/react's createTokenDictionary is no longer written as build/chakra-global.ts expects to make it in steps: update it",
    );
  }
  let out = code
    .replace(CREATE_TOKEN_DICTIONARY, "function* createTokenDictionarySteps(options) {")
    .replace(DICTIONARY_BUILD, "  function* build() {")
    .replace(DICTIONARY_BUILT, "  yield* build();\n  return dictionary;");
  for (const line of DICTIONARY_STEPS) out = out.replace(line, `${line.slice(0, -1)} yield;\n`);
  return out.replace(
    DICTIONARY_EXPORTS,
    `${drainedWithSteps("createTokenDictionary", "options")}\n${DICTIONARY_EXPORTS}`,
  );
}

const TOKEN_DICTIONARY_MODULE = /@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/]styled-system[\\/]token-dictionary\.js$/;

export function chakraGlobal(): Plugin {
  return {
    name: "caravan:chakra-global",
    resolveId: (id) => (id === CHAKRA_GLOBAL_CSS ? RESOLVED_ID : undefined),
    async load(id) {
      if (id !== RESOLVED_ID) return undefined;
      this.addWatchFile(THEME_FILE);
      return chakraGlobalCss();
    },
    transform: {
      filter: { id: [SYSTEM_MODULE, TOKEN_DICTIONARY_MODULE] },
      handler: (code, id) => ({
        code: SYSTEM_MODULE.test(id) ? createSystemInSteps(lazyGlobalInSystem(code)) : tokenDictionaryInSteps(code),
        map: null,
      }),
    },
  };
}
