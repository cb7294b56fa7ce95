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
 * What the build enforces. The first load measured 148.6 kB when this was lowered to the goal: React and react-dom
 * are about 80 kB of it and Chakra's styling engine with its recipes about 50 kB; the query library, the signed-in
 * screens and their texts load with the first screen that needs them. It rose to 150.4 kB when the app's start
 * became a chunk of its own, shared with landing.html's script (chunk boundaries, about 1 kB), and to 152.1 kB when
 * the dialogs and their forms began to load only when opened: the layout pieces the first load shares with them
 * became small chunks of their own (about 1.3 kB of boundaries), while the dashboard's own code fell from 160 to 99 kB.
 * Hence 2.5 kB above. It had crept to 153.6 kB when the UI library's modules of the first load became one chunk
 * (vite.config.ts, "ui-initial"), and fell to 151.6 kB. The small scripts of landing.html and drawn.html share one
 * chunk with it ("boot" in vite.config.ts), so a page of its own adds no boundary. Visitors' first look at `/` is
 * landing.html, and a watcher's first look at a shared trip drawn.html, below. The sign-in dialog reading which
 * providers the server has (to say so before a tap) added the settings chunk to the dialog's preload list in the first
 * load: 0.2 kB, hence 4.0 kB above.
 */
export const INITIAL_JS_LIMIT_BYTES = INITIAL_JS_GOAL_BYTES + 4000;

/**
 * landing.html (build/prerender.ts), a visitor's first look at `/`, comes drawn: its one script only answers the
 * buttons until the app is asked for. drawn.html's, for the pages the server draws, only starts the app once the
 * page is painted; it is held to the same limit.
 */
export const LANDING_JS_LIMIT_BYTES = 5 * 1000;

/** The part of Vite's build manifest (`build.manifest`) that says which chunk imports which. */
export interface ManifestChunk {
  file: string;
  name?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
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
