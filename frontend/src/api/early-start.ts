/**
 * Imported first by main.tsx: modules are evaluated in the order they are imported, so the page's first read leaves
 * before the UI library and the app's code are evaluated (early-reads.ts).
 */
import { startEarlyReads } from "./early-reads";

startEarlyReads();
