/**
 * Imported first by main.tsx, and a chunk of its own (vite.config.ts), so that it runs before the UI library and the
 * app's code are evaluated: the page's first read and its code leave at once (api/early-reads.ts, page-code.ts).
 */
import { startEarlyReads } from "../api/early-reads";
import { pageAt, preloadPage } from "./page-code";

startEarlyReads({ signedIn: () => preloadPage("dashboard") });
const page = pageAt(location.pathname);
if (page) preloadPage(page);
