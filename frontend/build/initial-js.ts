import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";

/**
 * The goal for the app's first load (index.html: every page but a visitor's first look at `/`): its entry chunk and
 * every chunk that one imports statically, gzipped. On a mid-range phone over a slow network each 100 kB costs about
 * a second of download and parsing.
 */
export const INITIAL_JS_GOAL_BYTES = 150 * 1000;

/**
 * What the build enforces: the goal and 9 kB. React and react-dom are about 80 kB of the first load and Chakra's
 * styling engine with its recipes about 50 kB; the rest is the app's start and the boundaries between chunks that keep
 * dialogs, forms and the query layer out of it. A kilobyte pays for answering a tap at once: the frame of the
 * sign-in dialog, shown while its code loads (lib/dialog-frame.ts); 3.5 kB for texts in the reader's language:
 * Lingui's runtime and the compiled messages the first screen reads (decision 45). How it got
 * here: docs/decisions.
 */
export const INITIAL_JS_LIMIT_BYTES = INITIAL_JS_GOAL_BYTES + 9000;

/**
 * landing.html (build/prerender.ts), a visitor's first look at `/`, comes prerendered: its one script only answers
 * the buttons until the app is asked for. rendered.html's, for the pages the server renders, only starts the app once
 * the page is painted; it is held to the same limit.
 */
export const LANDING_JS_LIMIT_BYTES = 5 * 1000;

/** The part of Vite's build manifest (`build.manifest`) that says which chunk imports which. */
export interface ManifestChunk {
  file: string;
  name?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  /** The stylesheets the chunk's modules import. */
  css?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

/** The files the browser must load for `entry` before it runs: the entry and its static imports, transitively. */
export function initialFiles(manifest: Manifest, entry = "index.html"): string[] {
  const seen = new Set<string>();
  const files: string[] = [];
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`the build manifest has no chunk ${key}`);
    files.push(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(entry);
  return files.filter((f) => f.endsWith(".js"));
}

export interface InitialJs {
  files: { file: string; gzipBytes: number }[];
  gzipBytes: number;
}

/** Weighs the initial JavaScript of a build in `outDir` as gzip at level 9 would send it. */
export function weighInitialJs(outDir: string, entry = "index.html"): InitialJs {
  const manifest = JSON.parse(fs.readFileSync(path.join(outDir, ".vite/manifest.json"), "utf8")) as Manifest;
  const files = initialFiles(manifest, entry).map((file) => ({
    file,
    gzipBytes: zlib.gzipSync(fs.readFileSync(path.join(outDir, file)), { level: 9 }).length,
  }));
  return { files, gzipBytes: files.reduce((sum, f) => sum + f.gzipBytes, 0) };
}

export const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
