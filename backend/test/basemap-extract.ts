/**
 * A tiny PMTiles v3 vector extract for tests: a few kilobytes around Chamonix, with the layers and attributes of the
 * Protomaps basemap schema that protomaps-leaflet's themes draw (earth, water, roads, places), so the browser really
 * paints something. npm has PMTiles readers but no maintained writer, so this writes the archive by the v3 spec
 * (https://github.com/protomaps/PMTiles/blob/main/spec/v3/spec.md): a 127-byte header, the root directory, JSON
 * metadata, then the tiles, all uncompressed. The tiles themselves are cut and encoded by geojson-vt and vt-pbf.
 */
import type { Feature, FeatureCollection, Geometry } from "geojson";
import { geoJSONToTile } from "@maplibre/geojson-vt";
import { fromGeojsonVt } from "@maplibre/vt-pbf";
import { zxyToTileId } from "pmtiles";

/** The area the extract covers: Chamonix's valley floor, lon/lat. */
export const EXTRACT_BOUNDS = { west: 6.82, south: 45.9, east: 6.92, north: 45.95 } as const;
/** The place the extract names; a test can look for it. */
export const EXTRACT_TOWN = { name: "Chamonix", latitude: 45.9237, longitude: 6.8694 } as const;
/** Deepest zoom stored: the renderer draws closer views from these tiles (overzoom). */
export const EXTRACT_MAX_ZOOM = 12;

const LAYER_EXTENT = 4096;
const COMPRESSION_NONE = 1;
const TILE_TYPE_MVT = 1;
const HEADER_BYTES = 127;

type TileFeature = Feature<Geometry, Record<string, string | number>>;

function layers(): Record<string, FeatureCollection> {
  const { west, south, east, north } = EXTRACT_BOUNDS;
  const ring = (w: number, s: number, e: number, n: number) => [
    [
      [w, s],
      [e, s],
      [e, n],
      [w, n],
      [w, s],
    ],
  ];
  const collection = (features: TileFeature[]): FeatureCollection => ({ type: "FeatureCollection", features });
  const midLat = (south + north) / 2;
  return {
    earth: collection([
      {
        type: "Feature",
        properties: { kind: "earth" },
        geometry: { type: "Polygon", coordinates: ring(west, south, east, north) },
      },
    ]),
    water: collection([
      {
        type: "Feature",
        properties: { kind: "lake", name: "Lac Test" },
        geometry: { type: "Polygon", coordinates: ring(6.885, 45.93, 6.91, 45.945) },
      },
    ]),
    roads: collection([
      {
        type: "Feature",
        properties: { kind: "highway", kind_detail: "motorway", name: "Route Blanche" },
        geometry: {
          type: "LineString",
          coordinates: [
            [west, south + 0.005],
            [EXTRACT_TOWN.longitude, EXTRACT_TOWN.latitude],
            [east, north - 0.005],
          ],
        },
      },
      {
        type: "Feature",
        properties: { kind: "major_road", kind_detail: "primary", name: "Avenue du Test" },
        geometry: {
          type: "LineString",
          coordinates: [
            [west, midLat],
            [east, midLat],
          ],
        },
      },
    ]),
    places: collection([
      {
        type: "Feature",
        properties: { kind: "locality", name: EXTRACT_TOWN.name, min_zoom: 8, population_rank: 8 },
        geometry: { type: "Point", coordinates: [EXTRACT_TOWN.longitude, EXTRACT_TOWN.latitude] },
      },
      {
        // A second town away from where the tests put their markers, so its name is seen on the map.
        type: "Feature",
        properties: { kind: "locality", name: "Les Praz", min_zoom: 10, population_rank: 5 },
        geometry: { type: "Point", coordinates: [6.9, 45.94] },
      },
    ]),
  };
}

/** Tile x/y of a point at zoom z (Web Mercator). */
function tileOf(lon: number, lat: number, z: number): [number, number] {
  const n = 2 ** z;
  const rad = (lat * Math.PI) / 180;
  const x = Math.floor(((lon + 180) / 360) * n);
  const y = Math.floor(((1 - Math.log(Math.tan(rad) + 1 / Math.cos(rad)) / Math.PI) / 2) * n);
  return [Math.min(n - 1, x), Math.min(n - 1, y)];
}

function varint(out: number[], value: number): void {
  let v = value;
  while (v >= 0x80) {
    out.push((v & 0x7f) | 0x80);
    v = Math.floor(v / 128);
  }
  out.push(v);
}

interface Entry {
  tileId: number;
  offset: number;
  length: number;
  runLength: number;
}

/** A directory as the spec serializes it: count, then id deltas, run lengths, lengths and offsets, as varints. */
function serializeDirectory(entries: Entry[]): Uint8Array {
  const out: number[] = [];
  varint(out, entries.length);
  let lastId = 0;
  for (const e of entries) {
    varint(out, e.tileId - lastId);
    lastId = e.tileId;
  }
  for (const e of entries) varint(out, e.runLength);
  for (const e of entries) varint(out, e.length);
  entries.forEach((e, i) => {
    const prev = entries[i - 1];
    // 0 means "right after the previous tile's bytes", else offset + 1.
    varint(out, prev && e.offset === prev.offset + prev.length ? 0 : e.offset + 1);
  });
  return Uint8Array.from(out);
}

/** The whole archive: every tile from zoom 0 to EXTRACT_MAX_ZOOM that touches EXTRACT_BOUNDS. */
export function buildBasemapExtract(): Buffer {
  const data = layers();
  const tiles: Array<{ tileId: number; bytes: Uint8Array }> = [];
  for (let z = 0; z <= EXTRACT_MAX_ZOOM; z++) {
    const [x0, y0] = tileOf(EXTRACT_BOUNDS.west, EXTRACT_BOUNDS.north, z);
    const [x1, y1] = tileOf(EXTRACT_BOUNDS.east, EXTRACT_BOUNDS.south, z);
    for (let x = x0; x <= x1; x++) {
      for (let y = y0; y <= y1; y++) {
        const cut = Object.fromEntries(
          Object.entries(data).map(([name, geojson]) => [
            name,
            geoJSONToTile(geojson, z, x, y, { extent: LAYER_EXTENT, buffer: 64 }),
          ]),
        );
        tiles.push({ tileId: zxyToTileId(z, x, y), bytes: fromGeojsonVt(cut, { version: 2, extent: LAYER_EXTENT }) });
      }
    }
  }
  tiles.sort((a, b) => a.tileId - b.tileId);

  const entries: Entry[] = [];
  let offset = 0;
  for (const t of tiles) {
    entries.push({ tileId: t.tileId, offset, length: t.bytes.length, runLength: 1 });
    offset += t.bytes.length;
  }
  const tileData = Buffer.concat(tiles.map((t) => t.bytes));
  const root = serializeDirectory(entries);
  const metadata = Buffer.from(
    JSON.stringify({
      name: "Caravan test extract",
      attribution: "© OpenStreetMap contributors",
      vector_layers: Object.keys(data).map((id) => ({ id, fields: {} })),
    }),
  );

  const rootOffset = HEADER_BYTES;
  const metadataOffset = rootOffset + root.length;
  const tileDataOffset = metadataOffset + metadata.length;
  const header = Buffer.alloc(HEADER_BYTES);
  header.write("PMTiles", 0, "ascii");
  header.writeUInt8(3, 7);
  const u64 = (value: number, at: number) => header.writeBigUInt64LE(BigInt(value), at);
  u64(rootOffset, 8);
  u64(root.length, 16);
  u64(metadataOffset, 24);
  u64(metadata.length, 32);
  u64(tileDataOffset, 40); // no leaf directories: they would start where the tiles do, with length 0
  u64(0, 48);
  u64(tileDataOffset, 56);
  u64(tileData.length, 64);
  u64(tiles.length, 72); // addressed tiles
  u64(entries.length, 80); // tile entries
  u64(tiles.length, 88); // tile contents
  header.writeUInt8(1, 96); // clustered: tiles in tile-id order
  header.writeUInt8(COMPRESSION_NONE, 97);
  header.writeUInt8(COMPRESSION_NONE, 98);
  header.writeUInt8(TILE_TYPE_MVT, 99);
  header.writeUInt8(0, 100);
  header.writeUInt8(EXTRACT_MAX_ZOOM, 101);
  const e7 = (deg: number) => Math.round(deg * 1e7);
  header.writeInt32LE(e7(EXTRACT_BOUNDS.west), 102);
  header.writeInt32LE(e7(EXTRACT_BOUNDS.south), 106);
  header.writeInt32LE(e7(EXTRACT_BOUNDS.east), 110);
  header.writeInt32LE(e7(EXTRACT_BOUNDS.north), 114);
  header.writeUInt8(EXTRACT_MAX_ZOOM, 118);
  header.writeInt32LE(e7(EXTRACT_TOWN.longitude), 119);
  header.writeInt32LE(e7(EXTRACT_TOWN.latitude), 123);
  return Buffer.concat([header, root, metadata, tileData]);
}
