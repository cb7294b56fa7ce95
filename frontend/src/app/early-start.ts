/**
 * Imported first by main.tsx, and a chunk of its own (vite.config.ts), so that it runs before the UI library and the
 * app's code are evaluated: the page's first read and its code leave at once (api/early-reads.ts, page-code.ts).
 */
import { startEarlyReads } from "../api/early-reads";
import { drawnByServer, pageAt, preloadPage } from "./page-code";

// A page the server drew has its code loaded already, a file per task (drawn-boot.ts), and came with the reads it
// was drawn from (api/server-state.ts).
const drawn = drawnByServer();
startEarlyReads({ drawn, signedIn: drawn ? undefined : () => preloadPage("dashboard") });
const page = pageAt(location.pathname);
if (page && !drawn) preloadPage(page);
