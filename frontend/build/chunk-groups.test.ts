import { describe, expect, it } from "vitest";
import { PAGE_FILES } from "../src/app/server-render";
import { inFirstLoad, pagePart, RENDERED_PAGES_CODE, type ModuleLinks } from "./chunk-groups";
import { QUERY_LAYER_MODULE } from "./prerender";

/** A module graph: each module with its static and dynamic imports; `main` and `boot` are the build's entries. */
function graph(imports: Record<string, { static?: string[]; dynamic?: string[] }>) {
  type Links = ModuleLinks & {
    [K in keyof ModuleLinks]: ModuleLinks[K] extends readonly string[] ? string[] : boolean;
  };
  const links = new Map<string, Links>();
  const at = (id: string) => {
    if (!links.has(id)) {
      const isEntry = id === "main" || id === "boot";
      links.set(id, { isEntry, importers: [], dynamicImporters: [], importedIds: [], dynamicallyImportedIds: [] });
    }
    return links.get(id)!;
  };
  for (const [id, { static: s = [], dynamic = [] }] of Object.entries(imports)) {
    at(id).importedIds.push(...s);
    at(id).dynamicallyImportedIds.push(...dynamic);
    for (const imported of s) at(imported).importers.push(id);
    for (const imported of dynamic) at(imported).dynamicImporters.push(id);
  }
  return (id: string) => links.get(id) ?? null;
}

const APP = graph({
  main: { static: ["start"], dynamic: ["GroupRoute"] },
  boot: { static: ["browser", "offline"], dynamic: ["start"] },
  offline: { dynamic: ["store"] },
  store: { static: ["/node_modules/idb/index.js", "user-data"] },
  AccountMenu: { static: ["user-data", "client"] },
  start: { static: ["client", "/node_modules/@chakra-ui/react/index.js", "/node_modules/zustand/index.js"] },
  "/node_modules/@chakra-ui/react/index.js": { static: ["/node_modules/@chakra-ui/react/avatar.js"] },
  GroupRoute: {
    static: ["chat", "client", "/node_modules/@chakra-ui/react/avatar.js"],
    dynamic: ["MapView", "ChecklistsDialog"],
  },
  ChecklistsDialog: { static: ["checklist-form", "/node_modules/@chakra-ui/react/tabs.js"] },
  chat: { static: ["composer", "chat"] },
  composer: { static: ["chat"] },
  MapView: { static: ["/node_modules/leaflet/leaflet.js", "client", "src/components/map/BaseMap.tsx"] },
});

describe("a module of a first load", () => {
  it("is an entry, or imported statically by one, directly or through others", () => {
    const firstLoad = inFirstLoad(APP);
    for (const id of ["main", "boot", "start", "browser", "client", "/node_modules/zustand/index.js"]) {
      expect(firstLoad(id), id).toBe(true);
    }
  });

  it("is not one loaded by import() only, nor what that one alone imports, through cycles too", () => {
    const firstLoad = inFirstLoad(APP);
    for (const id of ["GroupRoute", "chat", "composer", "MapView", "/node_modules/leaflet/leaflet.js"]) {
      expect(firstLoad(id), id).toBe(false);
    }
  });
});

describe("the modules gathered as pages' parts", () => {
  const part = pagePart(APP, ["boot"], ["GroupRoute", "MapView", "AccountMenu"]);

  it("are those only pages and dialogs load, but not their own modules, which keep their files", () => {
    expect(part("chat")).toBe(true);
    expect(part("composer")).toBe(true);
    expect(part("GroupRoute")).toBe(false);
    expect(part("MapView")).toBe(false);
  });

  it("leave out what only dialogs import, and the map, which the dashboard does without", () => {
    expect(part("checklist-form")).toBe(false);
    expect(part("/node_modules/@chakra-ui/react/tabs.js")).toBe(false);
    expect(part("/node_modules/leaflet/leaflet.js")).toBe(false);
    expect(part("src/components/map/BaseMap.tsx")).toBe(false);
  });

  it("leave every module of a first load where it was", () => {
    for (const id of ["main", "boot", "start", "browser", "client", "/node_modules/zustand/index.js"]) {
      expect(part(id), id).toBe(false);
    }
  });

  it("leave out what the pages' own scripts load without the app, even where a page's part shares it", () => {
    expect(part("/node_modules/idb/index.js")).toBe(false);
    expect(part("user-data")).toBe(false);
  });

  it("leave the UI library where it was, whose barrel files import every component", () => {
    expect(part("/node_modules/@chakra-ui/react/avatar.js")).toBe(false);
  });
});

describe("the server-rendered pages' code", () => {
  it("is what rendered.html's script loads: the query layer, each page's module and its parts only the app renders", () => {
    const files = Object.values(PAGE_FILES).flatMap(({ module, clientParts }) => [module, ...clientParts]);
    expect(new Set(RENDERED_PAGES_CODE)).toEqual(new Set([QUERY_LAYER_MODULE, ...files]));
  });
});
