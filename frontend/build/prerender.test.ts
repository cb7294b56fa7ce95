import { describe, expect, it } from "vitest";
import { PAGE_FILES } from "../src/app/server-render";
import { PAGE_MODULES_ID } from "../src/boot/rendered-page";
import { APP_FILES_TEMPLATE_ID } from "../src/lib/landing-actions";
import type { Manifest } from "./initial-js";
import {
  bootScripts,
  composeBootPage,
  RENDERED_BOOT_ENTRY,
  LANDING_BOOT_ENTRY,
  landingScripts,
  pageModules,
  QUERY_LAYER_MODULE,
} from "./prerender";

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

  it("is index.html with the page prerendered in #root and the app's entry and preloads swapped for those", () => {
    const styles = '<style data-rendered-styles="a1">.css-a1{color:$&}</style>';
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
    // The app's files are listed inside an inert template, for the script to prefetch once the page is painted.
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

describe("rendered.html", () => {
  const renderedManifest: Manifest = {
    [RENDERED_BOOT_ENTRY]: {
      file: "assets/rendered-boot-a.js",
      isEntry: true,
      imports: ["_boot-b.js"],
      dynamicImports: ["_start-c.js"],
    },
    "_boot-b.js": { file: "assets/boot-b.js" },
    "_start-c.js": { file: "assets/start-c.js", imports: ["_react-d.js", "_ui-e.js", "_boot-b.js"] },
    "_react-d.js": { file: "assets/react-d.js", imports: ["_runtime-f.js"] },
    "_runtime-f.js": { file: "assets/runtime-f.js" },
    "_ui-e.js": { file: "assets/ui-e.js", imports: ["_react-d.js", "_ui-e.css"] },
    "_ui-e.css": { file: "assets/ui-e.css" },
    [QUERY_LAYER_MODULE]: { file: "assets/query-layer-g.js", imports: ["_query-h.js", "_react-d.js"] },
    "_query-h.js": { file: "assets/query-h.js" },
    [PAGE_FILES.group.module]: { file: "assets/GroupRoute-i.js", imports: ["_forms-j.js", "_ui-e.js", "_query-h.js"] },
    "_forms-j.js": { file: "assets/forms-j.js", imports: ["_react-d.js"] },
    [PAGE_FILES.sharedTrip.module]: { file: "assets/SharedTripPage-k.js", imports: ["_ui-e.js"] },
    [PAGE_FILES.dashboard.module]: { file: "assets/DashboardPage-l.js", imports: ["_forms-j.js"] },
    "src/app/AccountMenu.tsx": { file: "assets/AccountMenu-m.js", imports: ["_forms-j.js", "_menu-n.js"] },
    "_menu-n.js": { file: "assets/menu-n.js" },
    "src/components/map/MapView.tsx": { file: "assets/MapView-o.js", imports: ["_leaflet-p.js", "_ui-e.js"] },
    "_leaflet-p.js": { file: "assets/leaflet-p.js", css: ["assets/leaflet-p.css"] },
  };

  it("lists the app's files and each page's, the parts only the app renders there last, every file after those it imports, none twice, none the page has, and the stylesheets of each page's parts", () => {
    expect(pageModules(renderedManifest, PAGE_FILES)).toEqual({
      app: [
        "/assets/runtime-f.js",
        "/assets/react-d.js",
        "/assets/ui-e.js",
        "/assets/start-c.js",
        "/assets/query-h.js",
        "/assets/query-layer-g.js",
      ],
      pages: {
        dashboard: [
          "/assets/forms-j.js",
          "/assets/DashboardPage-l.js",
          "/assets/menu-n.js",
          "/assets/AccountMenu-m.js",
        ],
        group: [
          "/assets/forms-j.js",
          "/assets/GroupRoute-i.js",
          "/assets/menu-n.js",
          "/assets/AccountMenu-m.js",
          "/assets/leaflet-p.js",
          "/assets/MapView-o.js",
        ],
        sharedTrip: [
          "/assets/SharedTripPage-k.js",
          "/assets/forms-j.js",
          "/assets/menu-n.js",
          "/assets/AccountMenu-m.js",
          "/assets/leaflet-p.js",
          "/assets/MapView-o.js",
        ],
      },
      styles: { dashboard: [], group: ["/assets/leaflet-p.css"], sharedTrip: ["/assets/leaflet-p.css"] },
    });
  });

  it("refuses a build whose rendered pages' script does not start the app, or that lacks a rendered page", () => {
    const noStart = {
      ...renderedManifest,
      [RENDERED_BOOT_ENTRY]: { file: "assets/rendered-boot-a.js", isEntry: true },
    };
    expect(() => pageModules(noStart, PAGE_FILES)).toThrow();
    const { [PAGE_FILES.group.module]: _group, ...noGroup } = renderedManifest;
    expect(() => pageModules(noGroup, PAGE_FILES)).toThrow(PAGE_FILES.group.module);
  });

  it("carries the list in its head, as JSON for its script", () => {
    const modules = pageModules(renderedManifest, PAGE_FILES);
    const html = composeBootPage({
      indexHtml: INDEX,
      markup: "",
      ...bootScripts(renderedManifest, RENDERED_BOOT_ENTRY),
      prefetch: [],
      modules,
    });
    const listed = new RegExp(`<script type="application/json" id="${PAGE_MODULES_ID}">([^<]*)</script>`).exec(html);
    expect(JSON.parse(listed?.[1] ?? "null")).toEqual(modules);
    expect(html.indexOf(listed![0])).toBeLessThan(html.indexOf("</head>"));
    // The app's files are the script's to ask for, once the page is painted: none is preloaded with the page.
    expect(html).not.toContain('href="/assets/start-c.js"');
  });
});
