import type { SharedTripLocation } from "../../db/entities/index.js";

/** Characters XML 1.0 can carry: tab, newlines, and everything from space up but two non-characters. */
const allowedInXml = (code: number) =>
  code === 0x9 || code === 0xa || code === 0xd || (code >= 0x20 && code !== 0xfffe && code !== 0xffff);

/** The five characters XML gives meaning to are escaped; control characters XML 1.0 cannot carry are dropped. */
export function escapeXml(text: string): string {
  return [...text]
    .filter((ch) => allowedInXml(ch.codePointAt(0)!))
    .join("")
    .replace(/[&<>"']/g, (c) => `&${{ "&": "amp", "<": "lt", ">": "gt", '"': "quot", "'": "apos" }[c]};`);
}

/** One track of one segment (GPX 1.1, http://www.topografix.com/GPX/1/1): each point with its time and address. */
export function trailToGpx(
  name: string,
  points: Array<Pick<SharedTripLocation, "latitude" | "longitude" | "createdAt" | "address" | "speed">>,
): string {
  const lines = [
    `<?xml version="1.0" encoding="UTF-8"?>`,
    `<gpx version="1.1" creator="Caravan" xmlns="http://www.topografix.com/GPX/1/1">`,
    `  <metadata><name>${escapeXml(name)}</name><time>${new Date().toISOString()}</time></metadata>`,
    `  <trk>`,
    `    <name>${escapeXml(name)}</name>`,
    `    <trkseg>`,
    ...points.map((p) => {
      const desc = p.address ? `<desc>${escapeXml(p.address)}</desc>` : "";
      return `      <trkpt lat="${p.latitude}" lon="${p.longitude}"><time>${p.createdAt.toISOString()}</time>${desc}</trkpt>`;
    }),
    `    </trkseg>`,
    `  </trk>`,
    `</gpx>`,
  ];
  return lines.join("\n") + "\n";
}
