import { describe, expect, it } from "vitest";
import { distanceKm, LOCATION_NEAREST_PLACE_MAX_KM, type MapPlace } from "@caravan/common";
import { clearOf, edgeAnchor, pointerCandidates, snapBox, surroundingsBox, type Rect } from "./place-pointer";

const place = (id: number, name: string, latitude: number, longitude: number): MapPlace => ({
  id,
  name,
  population: 10_000,
  latitude,
  longitude,
});

describe("snapBox", () => {
  it("widens a box to its zoom's grid, so that a small pan asks for the same box", () => {
    // Zoom 12's grid has cells of 360 / 2^11 degrees; both boxes lie within the same ones.
    const a = snapBox({ south: 48.751, west: 2.331, north: 48.846, east: 2.344 }, 12);
    const b = snapBox({ south: 48.753, west: 2.333, north: 48.848, east: 2.346 }, 12);
    expect(a).toEqual(b);
    expect(a.south).toBeLessThanOrEqual(48.751);
    expect(a.north).toBeGreaterThanOrEqual(48.848);
    expect(snapBox({ south: 48.751, west: 2.331, north: 48.868, east: 2.344 }, 12)).not.toEqual(a);
  });

  it("stays within the degrees the API accepts", () => {
    expect(snapBox({ south: -89.9, west: -179.9, north: 89.9, east: 179.9 }, 3)).toEqual({
      south: -90,
      west: -180,
      north: 90,
      east: 180,
    });
  });
});

describe("surroundingsBox", () => {
  it("reaches as far as an address says 'near' a place, each way, wherever the centre is", () => {
    for (const [lat, lng] of [
      [48.8606, 2.3376],
      [-33.87, 151.21],
      [64.14, -21.94],
      [0.01, -0.01],
    ] as const) {
      const box = surroundingsBox({ lat, lng });
      const reach = LOCATION_NEAREST_PLACE_MAX_KM;
      const centre = { latitude: lat, longitude: lng };
      expect(distanceKm(centre, { latitude: box.north, longitude: lng })).toBeGreaterThanOrEqual(reach);
      expect(distanceKm(centre, { latitude: box.south, longitude: lng })).toBeGreaterThanOrEqual(reach);
      expect(distanceKm(centre, { latitude: lat, longitude: box.east })).toBeGreaterThanOrEqual(reach);
      expect(distanceKm(centre, { latitude: lat, longitude: box.west })).toBeGreaterThanOrEqual(reach);
    }
  });

  it("is the same box for every view within a town", () => {
    expect(surroundingsBox({ lat: 48.8606, lng: 2.3376 })).toEqual(surroundingsBox({ lat: 48.8566, lng: 2.3522 }));
  });
});

describe("pointerCandidates", () => {
  const view = { south: 48.855, west: 2.33, north: 48.866, east: 2.345 };
  const centre = { lat: 48.8605, lng: 2.3375 };

  it("offers the places outside the view within reach, the nearest first", () => {
    const places = [
      place(1, "Versailles", 48.8014, 2.1301),
      place(2, "Paris", 48.8534, 2.3488),
      place(3, "Lyon", 45.7485, 4.8467),
      place(4, "Saint-Denis", 48.9362, 2.3574),
    ];
    const got = pointerCandidates(places, view, centre);
    expect(got.map((c) => c.place.name)).toEqual(["Paris", "Saint-Denis", "Versailles"]);
    expect(got[0]!.km).toBeCloseTo(distanceKm({ latitude: centre.lat, longitude: centre.lng }, places[1]!), 6);
  });

  it("leaves out a place in view: its own name stands there, or a marker covers it", () => {
    expect(pointerCandidates([place(1, "Here", 48.86, 2.34)], view, centre)).toEqual([]);
  });
});

describe("edgeAnchor", () => {
  const size = { x: 360, y: 300 };

  it("puts the label on the line toward the place, inside the view by the margin", () => {
    // Far down and to the right: the line leaves through the bottom edge.
    const at = edgeAnchor(size, { x: 400, y: 2000 }, 100, 16, 8);
    expect(at.y).toBe(300 - 8 - 8);
    const slope = (2000 - 150) / (400 - 180);
    expect((at.y - 150) / (at.x - 180)).toBeCloseTo(slope, 9);
    expect(at.x + 50).toBeLessThanOrEqual(360 - 8);
  });

  it("keeps a wide label whole at a side edge", () => {
    const at = edgeAnchor(size, { x: -5000, y: 160 }, 120, 16, 8);
    expect(at.x - 60).toBeCloseTo(8, 9);
    expect(at.y).toBeGreaterThan(150);
  });

  it("goes no farther than the place when the place is close", () => {
    expect(edgeAnchor(size, { x: 200, y: 170 }, 60, 16, 8)).toEqual({ x: 200, y: 170 });
  });

  it("stays in the middle on an axis the label cannot move along", () => {
    const at = edgeAnchor({ x: 100, y: 300 }, { x: 1000, y: 150 }, 120, 16, 8);
    expect(at).toEqual({ x: 50, y: 150 });
  });
});

describe("clearOf", () => {
  const size = { x: 670, y: 300 };
  // Leaflet's zoom buttons in the top left corner, and the credits along the bottom right.
  const zoom: Rect = { left: 10, top: 10, right: 44, bottom: 72 };
  const credits: Rect = { left: 360, top: 282, right: 670, bottom: 300 };
  const box = (at: { x: number; y: number }, w: number, h: number): Rect => ({
    left: at.x - w / 2,
    top: at.y - h / 2,
    right: at.x + w / 2,
    bottom: at.y + h / 2,
  });
  const overlap = (a: Rect, b: Rect) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

  it("leaves a label that covers nothing where it is", () => {
    expect(clearOf({ x: 300, y: 284 }, 100, 16, [zoom, credits], size, 8)).toEqual({ x: 300, y: 284 });
  });

  it("lifts a label at the bottom edge above the credits, the shortest way off them", () => {
    const at = clearOf({ x: 480, y: 284 }, 100, 16, [zoom, credits], size, 8)!;
    expect(at).toEqual({ x: 480, y: 282 - 8 - 8 });
    expect(overlap(box(at, 100, 16), credits)).toBe(false);
  });

  it("slides a label at the top edge along it, out from under the zoom buttons", () => {
    const at = clearOf({ x: 60, y: 16 }, 80, 16, [zoom, credits], size, 8)!;
    expect(at).toEqual({ x: 44 + 8 + 40, y: 16 });
  });

  it("moves a label off a marker too, and stays inside the view", () => {
    const marker: Rect = { left: 600, top: 120, right: 644, bottom: 170 };
    const at = clearOf({ x: 600, y: 150 }, 120, 16, [marker], size, 8)!;
    expect(overlap(box(at, 120, 16), marker)).toBe(false);
    expect(at.x + 60).toBeLessThanOrEqual(670 - 8);
    expect(at).toEqual({ x: 600, y: 170 + 8 + 8 });
  });

  it("gives up where no place nearby is free", () => {
    const everything: Rect = { left: 0, top: 0, right: 670, bottom: 300 };
    expect(clearOf({ x: 300, y: 150 }, 100, 16, [everything], size, 8)).toBeNull();
  });
});
