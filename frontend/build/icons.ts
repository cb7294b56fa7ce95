import fs from "node:fs";

/**
 * The web app manifest's icons (public/icons, drawn by scripts/make-icons.mjs). The service worker precaches them,
 * so every phone that opens Caravan once downloads all of them, and a browser fetches one as it reads the manifest.
 */
export const MANIFEST_ICONS = [
  { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
  { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
  { src: "/icons/icon-maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
] as const;

/** iOS's home-screen icon (index.html's apple-touch-icon), 180 px square. */
export const APPLE_TOUCH_ICON = { src: "/icons/apple-touch-icon.png", sizes: "180x180" } as const;

/**
 * What one icon may weigh. The 512 px icon is 29 kB compressed with the best settings, and was 123 kB as Chromium's
 * screenshot wrote it.
 */
export const ICON_LIMIT_BYTES = 32 * 1000;

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** A PNG file's width and height, from its header chunk; null when the file is no PNG. */
export function pngSize(file: string): { width: number; height: number } | null {
  const head = fs.readFileSync(file).subarray(0, 24);
  if (head.length < 24 || !head.subarray(0, 8).equals(PNG_SIGNATURE) || head.toString("latin1", 12, 16) !== "IHDR") {
    return null;
  }
  return { width: head.readUInt32BE(16), height: head.readUInt32BE(20) };
}
