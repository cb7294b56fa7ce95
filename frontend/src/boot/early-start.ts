/**
 * Imported first by main.tsx, and a chunk of its own (vite.config.ts), so that it runs before the UI library and the
 * app's code are evaluated: the page's first reads and its code leave at once (api/early-reads.ts, app/page-code.ts).
 */
import { matchPage } from "@caravan/common";
import { startEarlyReads } from "../api/early-reads";
import { pageAt, preloadPage } from "../app/page-code";
import { serverRenderedPage } from "./rendered-page";

// A page the server rendered has its code loaded already, a file per task (rendered-boot.ts), and came with the reads
// it was rendered from (api/server-state.ts). A page only for someone signed in (the dashboard at `/`) has its code
// asked for once the probe names someone.
const serverRendered = serverRenderedPage() !== null;
const page = serverRendered ? undefined : matchPage(location.pathname)?.page;
startEarlyReads({ serverRendered, signedIn: page && (() => preloadPage(page)) });
if (page && pageAt(location.pathname)) preloadPage(page);
