import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { APPLE_TOUCH_ICON, ICON_LIMIT_BYTES, MANIFEST_ICONS, pngSize } from "./icons";

const FRONTEND = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const publicFile = (src: string) => path.join(FRONTEND, "public", src);

describe("the app's icons", () => {
  it.each([...MANIFEST_ICONS, APPLE_TOUCH_ICON])("$src is a PNG of its stated size, and small", ({ src, sizes }) => {
    const [width, height] = sizes.split("x").map(Number);
    expect(pngSize(publicFile(src))).toEqual({ width, height });
    expect(fs.statSync(publicFile(src)).size).toBeLessThanOrEqual(ICON_LIMIT_BYTES);
  });

  it("include the home-screen icon that index.html names", () => {
    const html = fs.readFileSync(path.join(FRONTEND, "index.html"), "utf8");
    expect(html).toContain(`<link rel="apple-touch-icon" href="${APPLE_TOUCH_ICON.src}" />`);
  });

  it("are told from files that are no PNG", () => {
    expect(pngSize(path.join(FRONTEND, "index.html"))).toBeNull();
  });
});
