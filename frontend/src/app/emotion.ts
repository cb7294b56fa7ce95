import createCache, { type EmotionCache } from "@emotion/cache";
import { prefixer, type Element, type Middleware } from "stylis";

/**
 * Chakra puts its recipes' rules in a cascade layer (`@layer recipes`), so that whatever a screen sets on a component
 * wins over the recipe, whatever the selectors. Emotion inserts each component's rules as the component first draws,
 * and Chromium answers each rule inserted in a layer by rebuilding the page's layer order: it restyles the whole page,
 * loads its fonts again and lays everything out anew (15 to 150 ms each time at full speed, seen again and again as the
 * app takes over a page). A rule outside any layer costs a fraction of a millisecond.
 *
 * So the rules are inserted without layers, and keep what the layer meant by specificity: a recipe's rules go in an
 * `@media all` block (no effect on the cascade), and every other rule repeats its component's class
 * (`.css-x.css-x.css-x.css-x.css-x`), which outranks any selector a recipe writes (a recipe's conditions add two or
 * three classes' worth at most). Between two rules outside the recipes the difference stays what it was: each
 * gained the same. The theme's global styles keep their layers (reset, base, tokens): they are the app's stylesheet,
 * read once (build/chakra-global.ts), which declares the layers' order too.
 */
const layered = new WeakSet<Element>();

/** The component's class in a selector: Emotion's key, `css`, and the style's hash. */
const COMPONENT_CLASS = /\.css-[\w-]+/;
/** How many times a rule outside the recipes repeats its component's class. */
const REPEATS = 5;

const inLayer = (element: Element): boolean => {
  for (let parent = element.parent; parent; parent = parent.parent) if (layered.has(parent)) return true;
  return false;
};

export const withoutLayers: Middleware = (element) => {
  if (element.type === "@layer") {
    if (element.children.length === 0) {
      // `@layer reset, base, tokens, recipes;`: the app's stylesheet declares the order.
      element.type = "comm";
      return;
    }
    layered.add(element);
    element.type = "@media";
    element.value = "@media all";
    return;
  }
  if (element.type === "rule" && Array.isArray(element.props) && !inLayer(element)) {
    element.props = element.props.map((selector) => selector.replace(COMPONENT_CLASS, (name) => name.repeat(REPEATS)));
  }
};

/** Emotion's plugins, as Emotion's default (vendor prefixes), after the one above. One list, so caches share it. */
const STYLIS_PLUGINS: Middleware[] = [withoutLayers, prefixer];

/** An Emotion cache as the app's and the server's drawings use it: Emotion's own, with the plugin above. */
export const createEmotionCache = (): EmotionCache => createCache({ key: "css", stylisPlugins: STYLIS_PLUGINS });
