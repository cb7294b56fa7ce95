/**
 * V8's explicit compile hint (Chromium 136 and later; other engines read it as a comment). A script that starts with
 * it has every function compiled as the script streams in, on a background thread. Without it, V8 compiles each
 * function on the main thread the first time it is called: on the group page that was 150-180 ms of the main thread
 * at full speed, spread over every task of the start-up (React's commit, Chakra's components, Leaflet), four times
 * that on Lighthouse's phone (decision 35).
 */
export const COMPILE_HINT = "//# allFunctionsCalledOnLoad";

/**
 * Chunks smaller than this (rendered code, before minification) go without: they compile in next to no time either
 * way, and the line would add to the first load's bytes, which are held to a budget (initial-js.ts).
 */
export const COMPILE_HINT_MIN_LENGTH = 4000;

/** What the bundler tells of a chunk as it writes it: the length of each module's code in it. */
export interface ChunkModules {
  modules: Record<string, { renderedLength: number }>;
}

/**
 * The hint for every chunk of the app but the smallest, or nothing. Caravan splits its code by what a screen runs (the
 * page, a dialog, the map), so the functions of a chunk that loads are, nearly all, functions about to be called.
 * V8 reads the hint only as the file's first line: below anything else (Vite's list of a chunk's preloads, say) it is
 * ignored.
 */
export function compileHint(chunk: ChunkModules): string {
  const length = Object.values(chunk.modules).reduce((sum, m) => sum + m.renderedLength, 0);
  return length >= COMPILE_HINT_MIN_LENGTH ? COMPILE_HINT : "";
}

/** A chunk's code with the hint as its first line. */
export const withCompileHint = (code: string): string => `${COMPILE_HINT}\n${code}`;

/** A source map's mappings moved one line down, for the line put above the code they map. */
export const mappingsOneLineDown = (mappings: string): string => `;${mappings}`;

/** A source map file's text (JSON) with its mappings moved one line down. */
export function mapFileOneLineDown(text: string): string {
  const map = JSON.parse(text) as { mappings: string };
  return JSON.stringify({ ...map, mappings: mappingsOneLineDown(map.mappings) });
}
