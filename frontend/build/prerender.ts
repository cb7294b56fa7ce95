import fs from "node:fs";
import path from "node:path";
import type { ServerRenderedPage } from "@caravan/common";
import { PAGE_MODULES_ID, type PageModules } from "../src/boot/rendered-page";
import { APP_FILES_TEMPLATE_ID } from "../src/lib/landing-actions";
import { COMPRESSED_COPIES } from "./compression";
import { initialFiles, type Manifest } from "./initial-js";

/**
 * A server-rendered page's module, as the build manifest names it, and those of the parts only the app renders there
 * (src/app/server-render.tsx, PAGE_FILES).
 */
export interface PageFiles {
  module: string;
  clientParts: string[];
}

/** The page the server sends a visitor with no session at `/` (backend/src/http/static.ts). */
export const LANDING_HTML = "landing.html";

/** The landing page's one script (frontend/src/boot/landing-boot.ts), as the build manifest names it. */
export const LANDING_BOOT_ENTRY = "src/boot/landing-boot.ts";

/**
 * The page the server fills with a page it renders (backend/src/http/pages.ts names it too): index.html with, instead
 * of the app's entry and preloads, one small script that loads the app once the page is painted
 * (src/boot/rendered-boot.ts).
 */
export const RENDERED_HTML = "rendered.html";
export const RENDERED_BOOT_ENTRY = "src/boot/rendered-boot.ts";

/** The pages rendered in Node (the landing page at build time, the list's pages by the server), and where they are built. */
export const SERVER_RENDER_ENTRY = "src/app/server-render.tsx";
export const SERVER_OUT_DIR = "dist-server";
/** The built module the server imports (backend/src/http/pages.ts names it too). */
export const SERVER_RENDER_FILE = "server-render.js";

const ENTRY_SCRIPT = /^\s*<script type="module"[^>]*\ssrc="[^"]+"[^>]*><\/script>\n?/m;
const MODULE_PRELOAD = /^\s*<link rel="modulepreload"[^>]*>\n?/gm;
const EMPTY_ROOT = '<div id="root"></div>';

export interface BootPageParts {
  /** The built index.html: its head (styles, manifest, icons) is the page's. */
  indexHtml: string;
  /** The page's markup, as React renders it on the server; empty for the server to fill. */
  markup: string;
  /** The page's style elements for its head (src/app/server-render.tsx, hoistStyles); none for the server to fill. */
  styles?: string;
  /** The page's own script. */
  script: string;
  /** The modules that script imports at once. */
  preload: string[];
  /** The app's files that the script may load later: fetched at low priority once the page is painted (none: none). */
  prefetch: string[];
  /** The app's files that the script loads itself, for each page (rendered.html). */
  modules?: PageModules;
}

/**
 * A page from the built index.html with its own small script: landing.html (the page prerendered inside #root) or
 * rendered.html (#root left empty for the server). In place of the app's entry and its module preloads goes the page's
 * script, with the app's files, if any, listed for it to prefetch once the page has been painted (in a `<template>`,
 * whose links the browser does not follow).
 */
export function composeBootPage({
  indexHtml,
  markup,
  styles = "",
  script,
  preload,
  prefetch,
  modules,
}: BootPageParts): string {
  if (!indexHtml.includes(EMPTY_ROOT)) throw new Error(`index.html has no empty ${EMPTY_ROOT}`);
  if (!ENTRY_SCRIPT.test(indexHtml)) throw new Error("index.html has no module script to replace");
  const head = [
    `    <script type="module" crossorigin src="/${script}"></script>`,
    ...preload.map((file) => `    <link rel="modulepreload" crossorigin href="/${file}">`),
    ...(prefetch.length === 0
      ? []
      : [
          `    <template id="${APP_FILES_TEMPLATE_ID}">`,
          ...prefetch.map((file) => `      <link rel="prefetch" crossorigin href="/${file}">`),
          "    </template>",
        ]),
    // JSON of file names only (letters, digits, `/._-`): nothing in it can end the script element.
    ...(modules
      ? [`    <script type="application/json" id="${PAGE_MODULES_ID}">${JSON.stringify(modules)}</script>`]
      : []),
  ].join("\n");
  return indexHtml
    .replace(ENTRY_SCRIPT, "")
    .replace(MODULE_PRELOAD, "")
    .replace("</title>", `</title>\n${head}`)
    .replace("</head>", () => `${styles}</head>`)
    .replace(EMPTY_ROOT, `<div id="root">${markup}</div>`);
}

/** The scripts landing.html runs and the files it prefetches, read from the build manifest. */
export function landingScripts(manifest: Manifest): Pick<BootPageParts, "script" | "preload" | "prefetch"> {
  return { ...bootScripts(manifest, LANDING_BOOT_ENTRY), prefetch: appFiles(manifest, LANDING_BOOT_ENTRY) };
}

/** A boot script and the modules it imports at once, read from the build manifest. */
export function bootScripts(manifest: Manifest, entry: string): Pick<BootPageParts, "script" | "preload"> {
  const [script, ...preload] = initialFiles(manifest, entry);
  if (!script) throw new Error(`the build manifest has no script for ${entry}`);
  return { script, preload };
}

/** The app's files a boot script starts, less those it loads at once anyway. */
function appFiles(manifest: Manifest, entry: string): string[] {
  const scripts = initialFiles(manifest, entry);
  const lazy = manifest[entry]?.dynamicImports ?? [];
  if (lazy.length === 0) throw new Error(`${entry} imports no app to start`);
  return [...new Set(lazy.flatMap((file) => initialFiles(manifest, file)))].filter((file) => !scripts.includes(file));
}

/**
 * Writes landing.html into a finished build in `outDir`, with the brotli and gzip copies the server sends.
 */
export function writeLanding(outDir: string, page: { markup: string; styles: string }): void {
  const manifest = JSON.parse(fs.readFileSync(path.join(outDir, ".vite/manifest.json"), "utf8")) as Manifest;
  const indexHtml = fs.readFileSync(path.join(outDir, "index.html"), "utf8");
  const html = composeBootPage({ indexHtml, ...page, ...landingScripts(manifest) });
  const file = path.join(outDir, LANDING_HTML);
  fs.writeFileSync(file, html);
  for (const [suffix, compress] of COMPRESSED_COPIES) fs.writeFileSync(`${file}${suffix}`, compress(html));
}

/** The query layer every page that reads anything renders in (src/api/lazy-with-queries.tsx). */
export const QUERY_LAYER_MODULE = "src/api/query-layer.tsx";

/**
 * The files each server-rendered page loads once painted, every file after those it imports, less what
 * rendered.html's script loaded already: the app its script starts (its one dynamic import), the query layer, the
 * page's own code and the parts only the app renders there (which the app would otherwise ask for all at once as it
 * takes the page over). `files`: each page's module and client parts (src/app/server-render.tsx, PAGE_FILES).
 */
export function pageModules(manifest: Manifest, files: Record<ServerRenderedPage, PageFiles>): PageModules {
  const chunk = (key: string) => {
    const found = manifest[key];
    if (!found) throw new Error(`the build manifest has no chunk ${key}`);
    return found;
  };
  const dependenciesFirst = (key: string, seen: Set<string>, files: string[] = []): string[] => {
    if (seen.has(key)) return files;
    seen.add(key);
    for (const imported of chunk(key).imports ?? []) dependenciesFirst(imported, seen, files);
    if (chunk(key).file.endsWith(".js")) files.push(`/${chunk(key).file}`);
    return files;
  };
  const loaded = new Set<string>();
  dependenciesFirst(RENDERED_BOOT_ENTRY, loaded);
  const [start, ...others] = chunk(RENDERED_BOOT_ENTRY).dynamicImports ?? [];
  if (!start || others.length > 0) throw new Error(`${RENDERED_BOOT_ENTRY} should import one module, the app's start`);
  const app = [...dependenciesFirst(start, loaded), ...dependenciesFirst(QUERY_LAYER_MODULE, loaded)];
  const stylesOf = (keys: Iterable<string>) => [...new Set([...keys].flatMap((key) => chunk(key).css ?? []))];
  const appStyles = new Set(stylesOf(loaded));
  const page = ({ module, clientParts }: PageFiles) => {
    const seen = new Set(loaded);
    const scripts = [module, ...clientParts].flatMap((key) => dependenciesFirst(key, seen));
    const styles = stylesOf([...seen].filter((key) => !loaded.has(key)))
      .filter((file) => !appStyles.has(file))
      .map((file) => `/${file}`);
    return { scripts, styles };
  };
  const each = Object.entries(files).map(([name, parts]) => [name, page(parts)] as const);
  return {
    app,
    pages: Object.fromEntries(each.map(([name, { scripts }]) => [name, scripts])) as PageModules["pages"],
    styles: Object.fromEntries(each.map(([name, { styles }]) => [name, styles])) as PageModules["styles"],
  };
}

/**
 * Writes rendered.html into a finished build in `outDir`: what the server fills with a page it renders. The app's
 * files are listed for its script to load once the page is painted (pageModules).
 */
export function writeRenderedPage(outDir: string, files: Record<ServerRenderedPage, PageFiles>): void {
  const manifest = JSON.parse(fs.readFileSync(path.join(outDir, ".vite/manifest.json"), "utf8")) as Manifest;
  const indexHtml = fs.readFileSync(path.join(outDir, "index.html"), "utf8");
  const html = composeBootPage({
    indexHtml,
    markup: "",
    ...bootScripts(manifest, RENDERED_BOOT_ENTRY),
    prefetch: [],
    modules: pageModules(manifest, files),
  });
  fs.writeFileSync(path.join(outDir, RENDERED_HTML), html);
}
