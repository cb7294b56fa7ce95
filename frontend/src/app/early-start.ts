/**
 * Imported first by main.tsx, and a chunk of its own (vite.config.ts), so that it runs before the UI library and the
 * app's code are evaluated: the page's first read and its code leave at once (api/early-reads.ts, page-code.ts).
 */
import { startEarlyReads } from "../api/early-reads";
import { drawnByServer, pageAt, preloadPage } from "./page-code";

startEarlyReads({ signedIn: () => preloadPage("dashboard") });
const page = pageAt(location.pathname);
// On a page the server drew, the app's modules are evaluated once that page is on screen (drawn-boot.ts): its code is
// asked for in tasks of its own rather than lengthening that one, the longest of the app's start-up.
if (page) preloadPage(page, drawnByServer());
