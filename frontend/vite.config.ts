import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import babel from "@rolldown/plugin-babel";
import react, { reactCompilerPreset } from "@vitejs/plugin-react";
import { build, defineConfig, type Plugin } from "vite";
import { compression, defineAlgorithm } from "vite-plugin-compression2";
import { VitePWA } from "vite-plugin-pwa";
import {
  INITIAL_JS_GOAL_BYTES,
  INITIAL_JS_LIMIT_BYTES,
  kB,
  LANDING_JS_LIMIT_BYTES,
  weighInitialJs,
} from "./build/initial-js";
import { catalogs } from "./build/catalogs";
import { chakraGlobal } from "./build/chakra-global";
import { pagePart, RENDERED_PAGES_CODE, type ModuleLinks } from "./build/chunk-groups";
import { compileHint, mapFileOneLineDown, mappingsOneLineDown, withCompileHint } from "./build/compile-hints";
import { BROTLI_OPTIONS, COMPRESSED_COPIES, COMPRESSION_THRESHOLD_BYTES, GZIP_OPTIONS } from "./build/compression";
import { firstPaintFonts, fontPreloadTags } from "./build/fonts";
import { MANIFEST_ICONS } from "./build/icons";
import { COLOR_MODE_SCRIPT, type ServerRenderedPage } from "@caravan/common";
import {
  type PageFiles,
  LANDING_BOOT_ENTRY,
  LANDING_HTML,
  RENDERED_BOOT_ENTRY,
  RENDERED_HTML,
  SERVER_OUT_DIR,
  SERVER_RENDER_ENTRY,
  SERVER_RENDER_FILE,
  writeLanding,
  writeRenderedPage,
} from "./build/prerender";

/** Where `npm run dev` runs the backend (scripts/dev.mjs). */
const BACKEND = "http://localhost:5001";

/** Fails the build when the app's first load, landing.html's or rendered.html's, grows past its limit (build/initial-js.ts). */
function initialJsBudget(): Plugin {
  let outDir = "dist";
  return {
    name: "caravan:initial-js-budget",
    apply: "build",
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const weigh = (label: string, entry: string, limit: number, goal = limit) => {
        const weight = weighInitialJs(outDir, entry);
        const list = weight.files.map((f) => `${f.file} ${kB(f.gzipBytes)}`).join(", ");
        const line =
          `${label} initial JS: ${kB(weight.gzipBytes)} gzipped (limit ${kB(limit)}, goal ${kB(goal)}): ` + list;
        if (weight.gzipBytes > limit) throw new Error(line);
        this.info(line);
      };
      weigh("app (index.html)", "index.html", INITIAL_JS_LIMIT_BYTES, INITIAL_JS_GOAL_BYTES);
      weigh(LANDING_HTML, LANDING_BOOT_ENTRY, LANDING_JS_LIMIT_BYTES);
      weigh(RENDERED_HTML, RENDERED_BOOT_ENTRY, LANDING_JS_LIMIT_BYTES);
    },
  };
}

/**
 * Each chunk but the smallest is compiled as it streams in, off the main thread (build/compile-hints.ts). V8 reads the
 * hint only as a file's first line, so it goes in after everything else has been written into the chunks (Vite puts
 * its list of preloads at the top of those that import lazily), and the chunk's brotli and gzip copies, made by then,
 * are made again. The hint is part of the chunk's hash.
 */
function compileHints(): Plugin {
  return {
    name: "caravan:compile-hints",
    apply: "build",
    augmentChunkHash: (chunk) => compileHint(chunk) || undefined,
    generateBundle: {
      order: "post",
      handler(_options, bundle) {
        for (const chunk of Object.values(bundle)) {
          if (chunk.type !== "chunk" || !compileHint(chunk)) continue;
          chunk.code = withCompileHint(chunk.code);
          if (chunk.map) chunk.map.mappings = mappingsOneLineDown(chunk.map.mappings);
          const map = bundle[`${chunk.fileName}.map`];
          if (map?.type === "asset") map.source = mapFileOneLineDown(String(map.source));
          for (const [suffix, compress] of COMPRESSED_COPIES) {
            const copy = bundle[chunk.fileName + suffix];
            if (copy?.type === "asset") copy.source = compress(chunk.code);
          }
        }
      },
    },
  };
}

/** Starts the fonts of the first paint with the document (build/fonts.ts); landing.html inherits it from index.html. */
function preloadFonts(): Plugin {
  return {
    name: "caravan:preload-fonts",
    apply: "build",
    transformIndexHtml: {
      order: "post",
      handler: (_html, ctx) => (ctx.bundle ? fontPreloadTags(firstPaintFonts(Object.keys(ctx.bundle))) : []),
    },
  };
}

/**
 * The colour mode's script first in every page's head (index.html, and so landing.html and rendered.html): `<html>`
 * has its `light` or `dark` class before anything is painted (common/src/color-mode.ts). The Content-Security-Policy
 * allows it by its hash (backend/src/http/security.ts).
 */
function colorModeScript(): Plugin {
  return {
    name: "caravan:color-mode-script",
    transformIndexHtml: {
      order: "post",
      handler: () => [{ tag: "script", children: COLOR_MODE_SCRIPT, injectTo: "head-prepend" }],
    },
  };
}

/**
 * Whether a module is one of the parts the server-rendered pages share past the app's first load (build/chunk-groups.ts),
 * decided once per build from the bundler's module graph.
 */
const pageParts = new WeakMap<object, (id: string) => boolean>();
function isPagePart(id: string, ctx: { getModuleInfo(id: string): ModuleLinks | null }): boolean {
  let part = pageParts.get(ctx);
  if (!part) {
    const scripts = [LANDING_BOOT_ENTRY, RENDERED_BOOT_ENTRY].map((entry) =>
      fileURLToPath(new URL(entry, import.meta.url)),
    );
    const pages = RENDERED_PAGES_CODE.map((file) => fileURLToPath(new URL(file, import.meta.url)));
    pageParts.set(ctx, (part = pagePart((module) => ctx.getModuleInfo(module), scripts, pages)));
  }
  return part(id);
}

/** The common package as TypeScript source (see `resolve` below). */
const alias = { "@caravan/common": fileURLToPath(new URL("../common/src/index.ts", import.meta.url)) };

/**
 * Once the bundle is out, builds the pages rendered in Node (src/app/server-render.tsx) into SERVER_OUT_DIR, for the
 * server (backend/src/http/pages.ts) and for landing.html, which it writes from there (build/prerender.ts): the
 * landing page rendered by React, with its styles, so that a visitor's phone paints it from the HTML alone and runs
 * the app only when asked to. rendered.html, which the server fills with the pages it renders, lists each one's files
 * as that module names them.
 */
function serverRender(): Plugin {
  let root = ".";
  let outDir = "dist";
  return {
    name: "caravan:server-render",
    apply: "build",
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const serverOut = path.resolve(root, SERVER_OUT_DIR);
      await build({
        root,
        configFile: false,
        logLevel: "warn",
        plugins: [react()],
        resolve: { alias },
        // As the app: the worker's chunk is an ES module.
        worker: { format: "es" },
        build: { ssr: SERVER_RENDER_ENTRY, outDir: serverOut, emptyOutDir: true, copyPublicDir: false },
      });
      const rendered = (await import(pathToFileURL(path.join(serverOut, SERVER_RENDER_FILE)).href)) as {
        renderLanding(): { markup: string; styles: string };
        PAGE_FILES: Record<ServerRenderedPage, PageFiles>;
      };
      writeLanding(outDir, rendered.renderLanding());
      writeRenderedPage(outDir, rendered.PAGE_FILES);
    },
  };
}

/**
 * The React Compiler everywhere but the landing page: that page is rendered once and never updated, so memoizing it
 * would only add to a visitor's first download (build/initial-js.ts holds it to its budget).
 */
function reactCompiler() {
  const preset = reactCompilerPreset();
  return {
    ...preset,
    rolldown: {
      ...preset.rolldown,
      filter: { ...preset.rolldown.filter, id: { exclude: /\/src\/features\/landing\// } },
    },
  };
}

export default defineConfig({
  plugins: [
    // Compiled message catalogues; each module brings the English texts it reads (build/catalogs.ts).
    catalogs(),
    react(),
    // The theme's global styles as a stylesheet made at build time, not computed and inserted by every page load.
    chakraGlobal(),
    // React Compiler: components and hooks memoized at build time, so that a query landing or a socket event
    // re-renders what shows it rather than the whole page below the component that holds it.
    babel({ presets: [reactCompiler()] }),
    // Brotli and gzip copies beside each text asset, made once here at full strength, so that the server sends them
    // without compressing on every request (backend/src/http/static.ts, nginx.conf). Below 1 kB it is not worth a
    // second file.
    compression({
      algorithms: [defineAlgorithm("gzip", GZIP_OPTIONS), defineAlgorithm("brotliCompress", BROTLI_OPTIONS)],
      threshold: COMPRESSION_THRESHOLD_BYTES,
      logLevel: "silent",
    }),
    compileHints(),
    preloadFonts(),
    colorModeScript(),
    initialJsBudget(),
    serverRender(),
    // The web app manifest and a Workbox service worker (docs/decisions/0014-offline-and-install.md). The page
    // registers the worker itself after load (src/boot/service-worker.ts), so no registration script joins the first
    // load; a new version waits until the reader chooses "Reload to update".
    VitePWA({
      injectRegister: false,
      registerType: "prompt",
      includeManifestIcons: false,
      manifest: {
        name: "Caravan",
        short_name: "Caravan",
        description: "Travel groups together: shared trip plans, live locations, group chat, votes and checklists.",
        id: "/",
        start_url: "/",
        scope: "/",
        display: "standalone",
        theme_color: "#0f5a54",
        background_color: "#fbfaf7",
        icons: [...MANIFEST_ICONS],
      },
      workbox: {
        // The app shell and every screen's code, so that any page opens offline. Fonts (a dozen subsets, most never
        // used) and the offline map's world outline (about 760 kB) are kept when first used instead (below).
        globPatterns: ["index.html", "assets/*.{js,css}", "*.svg", "icons/*.png"],
        globIgnores: ["assets/world.worker-*.js"],
        navigateFallback: "/index.html",
        // Server routes a browser navigates to (sign-in, OAuth, sign-out, health) are never answered by the app.
        navigateFallbackDenylist: [/^\/api(\/|$)/, /^\/socket\.io\//, /^\/healthz/],
        cleanupOutdatedCaches: true,
        clientsClaim: true,
        // API answers are never stored by the worker: what is readable offline is kept by the page itself, per
        // signed-in user, and removed on sign-out (src/api/offline-data.ts).
        runtimeCaching: [
          {
            urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith("/assets/"),
            handler: "CacheFirst",
            options: {
              cacheName: "caravan-assets",
              expiration: { maxEntries: 60, maxAgeSeconds: 60 * 60 * 24 * 30 },
            },
          },
        ],
      },
    }),
  ],
  resolve: {
    // @caravan/common is consumed as TypeScript source, through an alias. (Its export condition is named
    // "@caravan/source", not "source": several dependencies, @internationalized/date, proxy-compare and
    // @pandacss/is-valid-prop among them, publish TypeScript under "source" that is meant to be used built, or
    // not published at all.)
    alias,
  },
  server: {
    proxy: {
      "/api": { target: BACKEND },
      "/healthz": { target: BACKEND },
      "/socket.io": { target: BACKEND, ws: true },
    },
  },
  // The world outline's worker (src/components/map/world.ts) is started as a module worker.
  worker: { format: "es" },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    sourcemap: true,
    // Lists each entry's static imports: frontend/build-budget.test.ts reads it to weigh the first load.
    manifest: true,
    // The largest chunk is the world outline of the offline map (about 760 kB, loaded with the map only); the
    // first load is watched by initialJsBudget instead.
    chunkSizeWarningLimit: 800,
    rolldownOptions: {
      // The app, the landing page's own script (src/boot/landing-boot.ts, for landing.html), and that of the pages
      // the server renders (src/boot/rendered-boot.ts, for rendered.html).
      input: {
        index: fileURLToPath(new URL("index.html", import.meta.url)),
        "landing-boot": fileURLToPath(new URL(LANDING_BOOT_ENTRY, import.meta.url)),
        "rendered-boot": fileURLToPath(new URL(RENDERED_BOOT_ENTRY, import.meta.url)),
      },
      output: {
        // Libraries change far less often than the app: separate chunks stay cached across deploys. Everything else
        // keeps the default splitting, so libraries behind a lazy import (the map) stay out of the first load.
        codeSplitting: {
          groups: [
            {
              // What the pages' own small scripts (landing.html's, rendered.html's) share with the app, as one chunk:
              // each page then preloads one file beside its script, not one per combination of sharers.
              name: "boot",
              test: /src[\\/](lib[\\/](browser|landing-actions|dialog-frame)|boot[\\/](service-worker|rendered-page)|offline[\\/]index)\.ts$/,
              priority: 10,
            },
            {
              // What the app's entry runs before anything else (src/boot/early-start.ts): the page's first reads (from the
              // list of pages, common/src/pages.ts) and the request for its code. In a chunk of their own, they run
              // before the app's chunks are evaluated; merged into the entry, they would run after.
              name: "early",
              test: /src[\\/](api[\\/](early-reads|paths)|boot[\\/]early-start|app[\\/]page-code|pages)\.ts$/,
              priority: 10,
            },
            // The UI library's part of the first load as one chunk (it is all loaded together anyway) rather than one
            // per set of screens sharing each component: the group page loaded 69 scripts, many of a few hundred
            // bytes, each a request on a phone's connection and a preload link its loader inserts. What screens load
            // later keeps the default splitting, so a dialog's machinery still comes only when a dialog opens.
            {
              name: "ui-initial",
              test: /node_modules[\\/](@chakra-ui|@ark-ui|@zag-js)[\\/]/,
              tags: ["$initial"],
              priority: 12,
            },
            {
              // The query layer's library, which every page that reads anything loads, in one file rather than five.
              name: "query",
              test: /node_modules[\\/]@tanstack[\\/]/,
              priority: 11,
            },
            {
              name: "react",
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom)[\\/]/,
              priority: 20,
            },
            {
              // Forms and their validation, for the dialogs and composers that load them when they open: apart from
              // the texts beside them in common/, which pages read without any form.
              name: "forms",
              test: /node_modules[\\/](formik|yup|lodash-es|property-expr|tiny-case|toposort)[\\/]/,
              priority: 15,
              // Not what they import too: Emotion shares some of that, and would bring the forms to every page.
              includeDependenciesRecursively: false,
            },
            {
              // The app's own modules and the libraries (but the UI library's and the map's) that the server-rendered
              // pages share past the first load, as one file rather than one per set of screens sharing each
              // (current-user, config, places, dates, store...: a dozen files of the group page's 56, each a request on
              // a phone's six connections). The UI library's are left out: its barrel files make every component look
              // imported by the pages, and its dialogs' machinery comes only when a dialog opens.
              name: (id, ctx) => (isPagePart(id, ctx) ? "app-parts" : null),
              debugName: "app-parts",
              minShareCount: 2,
              priority: 1,
              includeDependenciesRecursively: false,
            },
            {
              // Caravan's own schemas, made as their module is evaluated: a file apart from the libraries, so that a
              // server-rendered page (src/boot/rendered-boot.ts) evaluates the two in a task each.
              name: "schemas",
              test: /common[\\/]src[\\/]schemas\.ts$/,
              priority: 15,
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
});
