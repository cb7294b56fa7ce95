import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

/** Where `npm run dev` runs the backend (scripts/dev.mjs). */
const BACKEND = "http://localhost:5001";

export default defineConfig({
  plugins: [react()],
  resolve: {
    // @caravan/common is consumed as TypeScript source. An alias rather than the "source" export condition:
    // several dependencies (@internationalized/date, proxy-compare) publish their TypeScript under that
    // condition too, and they are meant to be used built.
    alias: { "@caravan/common": fileURLToPath(new URL("../common/src/index.ts", import.meta.url)) },
  },
  server: {
    proxy: {
      "/api": { target: BACKEND },
      "/healthz": { target: BACKEND },
      "/socket.io": { target: BACKEND, ws: true },
    },
  },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    sourcemap: true,
    // The UI library's chunk (Chakra with Ark/Zag) is about 550 kB minified, 150 kB gzipped, and cached apart.
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
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
              name: "ui",
              test: /node_modules[\\/](@chakra-ui|@ark-ui|@zag-js|@emotion|@pandacss|@floating-ui|@internationalized)[\\/]/,
              priority: 10,
            },
          ],
        },
      },
    },
  },
});
