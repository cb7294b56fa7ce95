import path from "node:path";
import { fileURLToPath } from "node:url";
import zlib from "node:zlib";
import babel from "@rolldown/plugin-babel";
import react, { reactCompilerPreset } from "@vitejs/plugin-react";
import { createServer, defineConfig, type Plugin } from "vite";
import { compression, defineAlgorithm } from "vite-plugin-compression2";
import { VitePWA } from "vite-plugin-pwa";
import {
  INITIAL_JS_GOAL_BYTES,
  INITIAL_JS_LIMIT_BYTES,
  kB,
  LANDING_JS_LIMIT_BYTES,
  weighInitialJs,
} from "./build/initial-js";
import { firstPaintFonts, fontPreloadTags } from "./build/fonts";
import { MANIFEST_ICONS } from "./build/icons";
import { LANDING_BOOT_ENTRY, LANDING_HTML, LANDING_RENDER_MODULE, writeLanding } from "./build/prerender";

/** Where `npm run dev` runs the backend (scripts/dev.mjs). */
const BACKEND = "http://localhost:5001";

/** Fails the build when the app's first load, or landing.html's, grows past its limit (build/initial-js.ts). */
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

/** The common package as TypeScript source (see `resolve` below). */
const alias = { "@caravan/common": fileURLToPath(new URL("../common/src/index.ts", import.meta.url)) };

/**
 * Writes landing.html once the bundle is out (build/prerender.ts): the landing page rendered by React in Node, with
 * its styles, so that a visitor's phone draws it from the HTML alone and runs the app only when asked to.
 */
function prerenderLanding(): Plugin {
  let root = ".";
  let outDir = "dist";
  return {
    name: "caravan:prerender-landing",
    apply: "build",
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const server = await createServer({
        root,
        configFile: false,
        logLevel: "warn",
        appType: "custom",
        plugins: [react()],
        resolve: { alias },
        server: { middlewareMode: true, hmr: false, watch: null },
        optimizeDeps: { noDiscovery: true, include: [] },
      });
      try {
        const { renderLanding } = (await server.ssrLoadModule(LANDING_RENDER_MODULE)) as { renderLanding(): string };
        writeLanding(outDir, renderLanding());
      } finally {
        await server.close();
      }
    },
  };
}

/**
 * The React Compiler everywhere but the landing page: that page is drawn once and never updated, so memoizing it
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
    react(),
    // React Compiler: components and hooks memoized at build time, so that a query landing or a socket event
    // re-renders what shows it rather than the whole page below the component that holds it.
    babel({ presets: [reactCompiler()] }),
    // Brotli and gzip copies beside each text asset, made once here at full strength, so that the server sends them
    // without compressing on every request (backend/src/http/static.ts, nginx.conf). Below 1 kB it is not worth a
    // second file.
    compression({
      algorithms: [
        defineAlgorithm("gzip", { level: 9 }),
        defineAlgorithm("brotliCompress", { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
      ],
      threshold: 1024,
      logLevel: "silent",
    }),
    preloadFonts(),
    initialJsBudget(),
    prerenderLanding(),
    // The web app manifest and a Workbox service worker (docs/decisions/0014-offline-and-install.md). The page
    // registers the worker itself after load (src/app/service-worker.ts), so no registration script joins the first
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
    // @caravan/common is consumed as TypeScript source. An alias rather than the "source" export condition:
    // several dependencies (@internationalized/date, proxy-compare) publish their TypeScript under that
    // condition too, and they are meant to be used built.
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
      // The app, and the landing page's own script (src/app/landing-boot.ts, for landing.html).
      input: {
        index: fileURLToPath(new URL("index.html", import.meta.url)),
        "landing-boot": fileURLToPath(new URL(LANDING_BOOT_ENTRY, import.meta.url)),
      },
      output: {
        // Libraries change far less often than the app: separate chunks stay cached across deploys. Everything else
        // keeps the default splitting, so libraries behind a lazy import (the map) stay out of the first load.
        codeSplitting: {
          groups: [
            {
              name: "react",
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom)[\\/]/,
              priority: 20,
            },
            {
              // Forms and their validation, for the dialogs and composers that load them when they open: apart from
              // the texts beside them in common/, which pages read without any form.
              name: "forms",
              test: /node_modules[\\/](formik|yup|lodash-es|property-expr|tiny-case|toposort)[\\/]|common[\\/]src[\\/]schemas\.ts$/,
              priority: 15,
              // Not what they import too: Emotion shares some of that, and would bring the forms to every page.
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
});
