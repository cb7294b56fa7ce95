import { describe, expect, it } from "vitest";
import { APP_FILES_TEMPLATE_ID } from "../src/lib/landing-actions";
import type { Manifest } from "./initial-js";
import { composeBootPage, LANDING_BOOT_ENTRY, landingScripts } from "./prerender";

const INDEX = `<!doctype html>
<html lang="en">
  <head>
    <title>Caravan</title>
    <script type="module" crossorigin src="/assets/index-a.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react-b.js">
    <link rel="stylesheet" crossorigin href="/assets/index-c.css">
  <link rel="manifest" href="/manifest.webmanifest"></head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

const manifest: Manifest = {
  "index.html": { file: "assets/index-a.js", isEntry: true, imports: ["_start-d.js"] },
  [LANDING_BOOT_ENTRY]: {
    file: "assets/landing-boot-e.js",
    isEntry: true,
    imports: ["_actions-f.js"],
    dynamicImports: ["_start-d.js"],
  },
  "_actions-f.js": { file: "assets/actions-f.js" },
  "_start-d.js": { file: "assets/start-d.js", imports: ["_react-b.js", "_actions-f.js"] },
  "_react-b.js": { file: "assets/react-b.js" },
};

describe("landing.html", () => {
  it("runs the landing page's script and its imports, and only prefetches the app it starts", () => {
    expect(landingScripts(manifest)).toEqual({
      script: "assets/landing-boot-e.js",
      preload: ["assets/actions-f.js"],
      prefetch: ["assets/start-d.js", "assets/react-b.js"],
    });
  });

  it("is index.html with the page drawn in #root and the app's entry and preloads swapped for those", () => {
    const styles = '<style data-drawn-styles="a1">.css-a1{color:$&}</style>';
    const html = composeBootPage({
      indexHtml: INDEX,
      markup: "<h1>Travel Together</h1>",
      styles,
      ...landingScripts(manifest),
    });
    expect(html).toContain('<div id="root"><h1>Travel Together</h1></div>');
    // The page's styles close its head (a `$&` in CSS is text).
    expect(html).toContain(`${styles}</head>`);
    expect(html).not.toContain("index-a.js");
    expect(html).not.toContain('rel="modulepreload" crossorigin href="/assets/react-b.js"');
    expect(html).toContain('<script type="module" crossorigin src="/assets/landing-boot-e.js"></script>');
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/actions-f.js">');
    // The app's files are listed inside an inert template, for the script to prefetch once the page is drawn.
    const template = new RegExp(`<template id="${APP_FILES_TEMPLATE_ID}">([\\s\\S]*?)</template>`).exec(html);
    expect(template?.[1]).toContain('<link rel="prefetch" crossorigin href="/assets/start-d.js">');
    expect(template?.[1]).toContain('<link rel="prefetch" crossorigin href="/assets/react-b.js">');
    expect(html.replace(template?.[0] ?? "", "")).not.toContain('rel="prefetch"');
    // The head the app's page has stays: its styles (fonts) and the web app manifest.
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/index-c.css">');
    expect(html).toContain('<link rel="manifest" href="/manifest.webmanifest">');
  });

  it("refuses an index.html it cannot place the page or the script in, rather than writing a broken page", () => {
    const parts = { markup: "<h1>x</h1>", ...landingScripts(manifest) };
    expect(() => composeBootPage({ ...parts, indexHtml: INDEX.replace('<div id="root"></div>', "") })).toThrow();
    expect(() => composeBootPage({ ...parts, indexHtml: INDEX.replace(/<script[^\n]*\n/, "") })).toThrow();
  });
});
