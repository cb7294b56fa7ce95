import { describe, expect, it } from "vitest";
import { firstPaintFonts, fontPreloadTags } from "./fonts";

describe("the fonts preloaded with the document", () => {
  it("are the Latin subsets of the body and heading fonts, not the other subsets or other files", () => {
    const built = [
      "assets/inter-latin-wght-normal-Dx4kXJAl.woff2",
      "assets/inter-latin-ext-wght-normal-BOeWTOD4.woff2",
      "assets/inter-cyrillic-wght-normal-DqGufNeO.woff2",
      "assets/plus-jakarta-sans-latin-wght-normal-eXO_dkmS.woff2",
      "assets/plus-jakarta-sans-vietnamese-wght-normal-qRpaaN48.woff2",
      "assets/index-DP5X2Quw.css",
      "assets/react-DLP1FXM0.js",
    ];
    expect(firstPaintFonts(built)).toEqual([
      "assets/inter-latin-wght-normal-Dx4kXJAl.woff2",
      "assets/plus-jakarta-sans-latin-wght-normal-eXO_dkmS.woff2",
    ]);
  });

  it("are preloaded as fonts in CORS mode, as the stylesheet fetches them", () => {
    expect(fontPreloadTags(["assets/inter-latin-wght-normal-Dx4kXJAl.woff2"])).toEqual([
      {
        tag: "link",
        attrs: {
          rel: "preload",
          as: "font",
          type: "font/woff2",
          href: "/assets/inter-latin-wght-normal-Dx4kXJAl.woff2",
          crossorigin: "",
        },
        injectTo: "head",
      },
    ]);
  });
});
