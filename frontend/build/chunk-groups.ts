/** What the build's chunking knows of a module (Rolldown's `ChunkingContext.getModuleInfo`). */
export interface ModuleLinks {
  isEntry: boolean;
  /** The modules that import this one statically. */
  importers: readonly string[];
  /** The modules that import this one with `import()`. */
  dynamicImporters: readonly string[];
  /** The modules this one imports statically. */
  importedIds: readonly string[];
  /** The modules this one imports with `import()`. */
  dynamicallyImportedIds: readonly string[];
}

type ModuleInfo = (id: string) => ModuleLinks | null;

/**
 * Whether a module may be part of a first load: an entry of the build (the app's, landing.html's or rendered.html's
 * script), or imported statically by one, directly or through others. It may say so of a module no first load runs
 * (a barrel file imports what its importers then leave out); it never says otherwise of one a first load runs.
 */
export function inFirstLoad(info: ModuleInfo): (id: string) => boolean {
  const known = new Map<string, boolean>();
  const visit = (id: string): boolean => {
    const cached = known.get(id);
    if (cached !== undefined) return cached;
    // A cycle back to a module being visited adds nothing: the answer comes from its other importers.
    known.set(id, false);
    const module = info(id);
    const initial = !!module && (module.isEntry || module.importers.some(visit));
    known.set(id, initial);
    return initial;
  };
  return visit;
}

/** The UI library. */
const UI_LIBRARY = /node_modules[\\/](@chakra-ui|@ark-ui|@zag-js)[\\/]/;

/**
 * The modules that what the pages' own small scripts (landing.html's, rendered.html's: `scripts`) load on demand
 * reaches statically, other than the app's first load: the landing page loads them (its offline store) without the
 * app, so they stay out of chunks that the app's parts share.
 */
function loadedWithoutTheApp(info: ModuleInfo, scripts: readonly string[]) {
  const firstLoad = inFirstLoad(info);
  const ofScripts = closure(info, scripts, new Set());
  const onDemand = [...ofScripts]
    .flatMap((id) => info(id)?.dynamicallyImportedIds ?? [])
    .filter((id) => !firstLoad(id));
  return closure(info, onDemand, new Set());
}

/** `roots` and every module they import statically, directly or through others. */
function closure(info: ModuleInfo, roots: readonly string[], into: Set<string>): Set<string> {
  const stack = [...roots];
  while (stack.length > 0) {
    const id = stack.pop()!;
    if (into.has(id)) continue;
    into.add(id);
    stack.push(...(info(id)?.importedIds ?? []));
  }
  return into;
}

/**
 * The modules of the pages the server renders and of the parts only the app renders there (src/app/server-render.tsx,
 * PAGE_FILES), with the query layer they render in (build/prerender.ts): what rendered.html's script loads.
 */
export const RENDERED_PAGES_CODE = [
  "src/api/query-layer.tsx",
  "src/app/pages/DashboardPage.tsx",
  "src/app/GroupRoute.tsx",
  "src/app/pages/SharedTripPage.tsx",
  "src/app/AccountMenu.tsx",
  "src/components/map/MapView.tsx",
];

/**
 * Which modules the `app-parts` group of vite.config.ts gathers: those that the server-rendered pages import
 * statically (`pages`: their modules), past the app's first load, that are no page's or dialog's own module.
 * Each dynamic import keeps its own file (the build's manifest and the list of server-rendered pages name them); what
 * they share goes into one file instead of one per set of pages and dialogs sharing it, most of them a few hundred
 * bytes. No module of a first load is taken, so that load stays as it is, and neither is what the pages' own small
 * scripts load without the app (`scripts`: those scripts' modules), nor the map (Leaflet and its layers, a chunk of
 * their own that the dashboard does without), nor the UI library: its barrel files import every component, so that
 * all of it would look imported by the pages, the machinery of its dialogs too, which comes only when a dialog opens.
 */
export function pagePart(info: ModuleInfo, scripts: readonly string[], pages: readonly string[]) {
  const firstLoad = inFirstLoad(info);
  const apart = loadedWithoutTheApp(info, scripts);
  const ofPages = closure(info, pages, new Set());
  return (id: string): boolean => {
    const module = info(id);
    if (!module || !ofPages.has(id) || module.isEntry || module.dynamicImporters.length > 0 || apart.has(id)) {
      return false;
    }
    return !MAP.test(id) && !UI_LIBRARY.test(id) && !firstLoad(id);
  };
}

/** Leaflet, its React binding and the map's own modules. */
const MAP = /node_modules[\\/](leaflet|react-leaflet|@react-leaflet)[\\/]|src[\\/]components[\\/]map[\\/]/;
