/**
 * Renders the app icons of the web app manifest from the Caravan mark (public/favicon.svg, the same drawing as
 * components/Logo.tsx) with Chromium, so that they can be made again whenever the mark changes:
 *
 *   node frontend/scripts/make-icons.mjs
 *
 * - icon-192.png, icon-512.png: the mark as it is, rounded corners on a transparent background ("any" purpose);
 * - icon-maskable-512.png: the mark's gradient filling the whole square and the drawing inside the central 80 %
 *   (the safe zone that every mask shape keeps), for launchers that cut icons to their own shape;
 * - apple-touch-icon.png (180 px): iOS ignores the manifest's icons and transparency, so an opaque square.
 *
 * Chromium writes its screenshots with fast compression; each is written again with the best, losslessly (the same
 * pixels in a quarter of the bytes; a drawing of flat areas packs better unfiltered), as every phone's service
 * worker downloads all of them (build/icons.ts holds their weight).
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";
import sharp from "sharp";

const PUBLIC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../public");
const OUT = path.join(PUBLIC, "icons");
const mark = fs.readFileSync(path.join(PUBLIC, "favicon.svg"), "utf8");

/** The mark's drawing without its rounded background square, to place on a full-bleed one. */
const drawing = mark
  .replace(/^[\s\S]*?<\/defs>/, "")
  .replace(/<rect[^>]*\/>/, "")
  .replace(/<\/svg>\s*$/, "");
const gradient = mark.match(/<defs>[\s\S]*?<\/defs>/)?.[0] ?? "";

const fullBleed = (inset) => `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">
  ${gradient}
  <rect width="32" height="32" fill="url(#g)"/>
  <g transform="translate(${16 * inset} ${16 * inset}) scale(${1 - inset})">${drawing}</g>
</svg>`;

const ICONS = [
  { file: "icon-192.png", size: 192, svg: mark },
  { file: "icon-512.png", size: 512, svg: mark },
  // The drawing reaches the mark's edges; inside the 80 % safe zone with a little room to spare.
  { file: "icon-maskable-512.png", size: 512, svg: fullBleed(0.3) },
  { file: "apple-touch-icon.png", size: 180, svg: fullBleed(0.16) },
];

const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH || "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu"],
});
try {
  fs.mkdirSync(OUT, { recursive: true });
  for (const icon of ICONS) {
    const page = await browser.newPage({ viewport: { width: icon.size, height: icon.size } });
    const svg = icon.svg.replace("<svg ", `<svg width="${icon.size}" height="${icon.size}" `);
    await page.setContent(`<html><body style="margin:0;background:transparent">${svg}</body></html>`);
    const shot = await page.screenshot({ omitBackground: true });
    await page.close();
    const { size } = await sharp(shot)
      .png({ compressionLevel: 9, adaptiveFiltering: false })
      .toFile(path.join(OUT, icon.file));
    console.log(`${icon.file} ${icon.size}x${icon.size}: ${size} bytes (the screenshot: ${shot.length})`);
  }
} finally {
  await browser.close();
}
