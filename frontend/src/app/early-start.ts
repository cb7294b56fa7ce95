/**
 * Imported first by main.tsx, and a chunk of its own (vite.config.ts), so that it runs before the UI library and the
 * app's code are evaluated: the page's first read and its code leave at once (api/early-reads.ts, page-code.ts).
 */
import { startEarlyReads } from "../api/early-reads";
import { drawnByServer, pageAt, preloadPage } from "./page-code";

startEarlyReads({ signedIn: () => preloadPage("dashboard") });
const page = pageAt(location.pathname);
// On a page the server drew, the app's modules are evaluated once that page is on screen (drawn-boot.ts), and asking
// for a page's code inserts a preload link per file, each a request started there and then: in a task of their own
// rather than lengthening that one, the longest of the app's start-up.
if (page && drawnByServer()) setTimeout(() => preloadPage(page));
else if (page) preloadPage(page);
