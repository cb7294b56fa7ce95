import type { EmotionCache } from "@emotion/cache";

/**
 * A page the server renders carries its components' rules in one style element of its head (server-render.tsx,
 * hoistStyles), this attribute listing Emotion's names of those rules. It is not one of Emotion's own elements, which
 * Emotion moves as it starts: moving a sheet makes the browser read it again and restyle the whole page.
 */
export const RENDERED_STYLES_ATTRIBUTE = "data-rendered-styles";

/** Tells `cache` which rules the page the server rendered already has in its head, so that it inserts none again. */
export function adoptRenderedStyles(cache: EmotionCache): void {
  const names = document.querySelector(`style[${RENDERED_STYLES_ATTRIBUTE}]`)?.getAttribute(RENDERED_STYLES_ATTRIBUTE);
  for (const name of names?.split(" ") ?? []) if (name) cache.inserted[name] = true;
}
