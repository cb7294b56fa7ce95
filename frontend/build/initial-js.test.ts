import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { initialFiles, weighInitialJs, type Manifest } from "./initial-js";

const manifest: Manifest = {
  "index.html": {
    file: "assets/index-a.js",
    isEntry: true,
    imports: ["_react-b.js", "_ui-c.js"],
    dynamicImports: ["src/Map.tsx"],
  },
  "_react-b.js": { file: "assets/react-b.js" },
  "_ui-c.js": { file: "assets/ui-c.js", imports: ["_react-b.js", "_shared-d.js"] },
  "_shared-d.js": { file: "assets/shared-d.js" },
  "src/Map.tsx": { file: "assets/Map-e.js", imports: ["_leaflet-f.js", "_shared-d.js"] },
  "_leaflet-f.js": { file: "assets/leaflet-f.js" },
  "style.css": { file: "assets/index-g.css" },
};

describe("the landing page's initial JavaScript", () => {
  it("is the entry and its static imports, transitively, each once; lazy chunks are not part of it", () => {
    expect(initialFiles(manifest).sort()).toEqual(
      ["assets/index-a.js", "assets/react-b.js", "assets/shared-d.js", "assets/ui-c.js"].sort(),
    );
  });

  it("is weighed gzipped from the build's files", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "initial-js-"));
    try {
      fs.mkdirSync(path.join(dir, ".vite"));
      fs.mkdirSync(path.join(dir, "assets"));
      fs.writeFileSync(path.join(dir, ".vite/manifest.json"), JSON.stringify(manifest));
      const bodies: Record<string, string> = {};
      for (const { file } of Object.values(manifest)) {
        bodies[file] = `console.log(${JSON.stringify(file)});`.repeat(50);
        fs.writeFileSync(path.join(dir, file), bodies[file]);
      }
      const weight = weighInitialJs(dir);
      const expected = initialFiles(manifest).reduce(
        (sum, f) => sum + zlib.gzipSync(bodies[f]!, { level: 9 }).length,
        0,
      );
      expect(weight.gzipBytes).toBe(expected);
      expect(weight.files.map((f) => f.file)).not.toContain("assets/Map-e.js");
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("names a chunk the manifest lacks instead of weighing too little", () => {
    expect(() => initialFiles({ "index.html": { file: "a.js", imports: ["_gone.js"] } })).toThrow(/_gone\.js/);
  });
});
