/**
 * The fonts a page's first paint waits for: the Latin subset of the body font (Inter) and of the heading font
 * (Plus Jakarta Sans), as fontsource names them. The other subsets (Cyrillic, Greek, Vietnamese, Latin Extended)
 * load only for text that needs them, through the stylesheet's `unicode-range`.
 */
const FIRST_PAINT_FONT = /(^|\/)(inter|plus-jakarta-sans)-latin-wght-normal-[\w-]+\.woff2$/;

/** Of the built files, those to preload with the document. */
export function firstPaintFonts(fileNames: Iterable<string>): string[] {
  return [...fileNames].filter((name) => FIRST_PAINT_FONT.test(name)).sort();
}

/**
 * `<link rel="preload">` for each: the download starts with the document instead of once its stylesheet has
 * arrived and been read, one round trip later. Fonts are fetched in CORS mode, so the preload must be too.
 */
export function fontPreloadTags(fileNames: string[], base = "/") {
  return fileNames.map((fileName) => ({
    tag: "link",
    attrs: { rel: "preload", as: "font", type: "font/woff2", href: `${base}${fileName}`, crossorigin: "" },
    injectTo: "head" as const,
  }));
}
