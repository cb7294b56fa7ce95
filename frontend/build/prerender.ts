import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { APP_FILES_TEMPLATE_ID } from "../src/lib/landing-actions";
import { initialFiles, type Manifest } from "./initial-js";

/** The page the server sends a visitor with no session at `/` (backend/src/http/static.ts). */
export const LANDING_HTML = "landing.html";

/** The landing page's one script (frontend/src/app/landing-boot.ts), as the build manifest names it. */
export const LANDING_BOOT_ENTRY = "src/app/landing-boot.ts";

/** The module that renders the landing page to HTML, in Node, at build time. */
export const LANDING_RENDER_MODULE = "/src/app/prerender-landing.tsx";

const ENTRY_SCRIPT = /^\s*<script type="module"[^>]*\ssrc="[^"]+"[^>]*><\/script>\n?/m;
const MODULE_PRELOAD = /^\s*<link rel="modulepreload"[^>]*>\n?/gm;
const EMPTY_ROOT = '<div id="root"></div>';

export interface LandingParts {
  /** The built index.html: its head (styles, manifest, icons) is the landing page's. */
  indexHtml: string;
  /** The landing page's markup with its styles, as React renders it on the server. */
  markup: string;
  /** The landing page's own script. */
  script: string;
  /** The modules that script imports at once. */
  preload: string[];
  /** The app's files that a tap on a sign-in button loads: fetched at low priority once the page is drawn. */
  prefetch: string[];
}

/**
 * landing.html from the built index.html: the page already drawn inside #root, and in place of the app's entry and
 * its module preloads, the landing page's own small script, with the app's files listed for it to prefetch once the
 * page has been drawn (in a `<template>`, whose links the browser does not follow).
 */
export function composeLanding({ indexHtml, markup, script, preload, prefetch }: LandingParts): string {
  if (!indexHtml.includes(EMPTY_ROOT)) throw new Error(`index.html has no empty ${EMPTY_ROOT}`);
  if (!ENTRY_SCRIPT.test(indexHtml)) throw new Error("index.html has no module script to replace");
  const head = [
    `    <script type="module" crossorigin src="/${script}"></script>`,
    ...preload.map((file) => `    <link rel="modulepreload" crossorigin href="/${file}">`),
    `    <template id="${APP_FILES_TEMPLATE_ID}">`,
    ...prefetch.map((file) => `      <link rel="prefetch" crossorigin href="/${file}">`),
    "    </template>",
  ].join("\n");
  return indexHtml
    .replace(ENTRY_SCRIPT, "")
    .replace(MODULE_PRELOAD, "")
    .replace("</title>", `</title>\n${head}`)
    .replace(EMPTY_ROOT, `<div id="root">${markup}</div>`);
}

/** The scripts landing.html runs and the files it prefetches, read from the build manifest. */
export function landingScripts(manifest: Manifest): Pick<LandingParts, "script" | "preload" | "prefetch"> {
  const [script, ...preload] = initialFiles(manifest, LANDING_BOOT_ENTRY);
  if (!script) throw new Error(`the build manifest has no script for ${LANDING_BOOT_ENTRY}`);
  const scripts = [script, ...preload];
  const lazy = manifest[LANDING_BOOT_ENTRY]?.dynamicImports ?? [];
  if (lazy.length === 0) throw new Error(`${LANDING_BOOT_ENTRY} imports no app to start`);
  const prefetch = [...new Set(lazy.flatMap((entry) => initialFiles(manifest, entry)))].filter(
    (file) => !scripts.includes(file),
  );
  return { script, preload, prefetch };
}

/**
 * Writes landing.html into a finished build in `outDir`, with the brotli and gzip copies the server sends.
 */
export function writeLanding(outDir: string, markup: string): void {
  const manifest = JSON.parse(fs.readFileSync(path.join(outDir, ".vite/manifest.json"), "utf8")) as Manifest;
  const indexHtml = fs.readFileSync(path.join(outDir, "index.html"), "utf8");
  const html = composeLanding({ indexHtml, markup, ...landingScripts(manifest) });
  const file = path.join(outDir, LANDING_HTML);
  fs.writeFileSync(file, html);
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(html, { level: 9 }));
  fs.writeFileSync(
    `${file}.br`,
    zlib.brotliCompressSync(html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
  );
}
