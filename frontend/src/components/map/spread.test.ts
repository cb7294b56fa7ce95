import { describe, expect, it } from "vitest";
import { spreadOverlapping, type Room, type ScreenPoint } from "./spread";

const BOX = { width: 44, height: 50, gap: 4 };
const placed = (points: ScreenPoint[], room?: Room) => {
  const shifts = spreadOverlapping(points, BOX, room);
  return points.map((p) => ({ id: p.id, x: p.x + (shifts.get(p.id)?.x ?? 0), y: p.y + (shifts.get(p.id)?.y ?? 0) }));
};
const overlaps = (ps: Array<{ x: number; y: number }>) =>
  ps.some((a, i) => ps.some((b, j) => j > i && Math.abs(a.x - b.x) < 44 && Math.abs(a.y - b.y) < 50));

describe("spreadOverlapping", () => {
  it("leaves markers that do not overlap where they are", () => {
    const points = [
      { id: "a", x: 0, y: 0 },
      { id: "b", x: 60, y: 0 },
      { id: "c", x: 10, y: 80 },
    ];
    expect(spreadOverlapping(points, BOX).size).toBe(0);
  });

  it("lays markers at one spot side by side, centred on it, in a stable order", () => {
    const points = ["c", "a", "b"].map((id) => ({ id, x: 100, y: 100 }));
    expect(placed(points).sort((p, q) => p.x - q.x)).toEqual([
      { id: "a", x: 52, y: 100 },
      { id: "b", x: 100, y: 100 },
      { id: "c", x: 148, y: 100 },
    ]);
  });

  it("separates markers that only partly overlap, and keeps their left-to-right order", () => {
    const out = placed([
      { id: "west", x: 90, y: 120 },
      { id: "east", x: 110, y: 100 },
    ]);
    expect(overlaps(out)).toBe(false);
    expect(out[0]!.x).toBeLessThan(out[1]!.x);
  });

  it("moves a row that would reach past the room inwards as a whole, as far as the room allows", () => {
    const points = ["a", "b", "c"].map((id) => ({ id, x: 60, y: 100 }));
    const at = (minX: number, maxX: number) => placed(points, { minX, maxX, minY: 0, maxY: 300 });
    // Centred on 60, the row would start at 12: it starts at the room's left edge instead.
    expect(at(40, 400).map((p) => p.x)).toEqual([40, 88, 136]);
    // Against the right edge, it ends there.
    expect(at(0, 100).map((p) => p.x)).toEqual([4, 52, 100]);
    // Within the room, it stays centred; a row that fits stays one row, where they stand.
    expect(at(0, 400)).toEqual([
      { id: "a", x: 12, y: 100 },
      { id: "b", x: 60, y: 100 },
      { id: "c", x: 108, y: 100 },
    ]);
  });

  it("spreads again when a widened row reaches a neighbour", () => {
    const points = [...["a", "b", "c"].map((id) => ({ id, x: 100, y: 0 })), { id: "d", x: 170, y: 10 }];
    expect(overlaps(placed(points))).toBe(false);
  });

  describe("wraps a group wider than the map into rows, every marker inside it and none on another", () => {
    /** A map `width` wide, its room for points as MapView gives it (84 px left for the zoom buttons, 48 right). */
    const mapRoom = (width: number): Room => ({ minX: 84, maxX: width - 48, minY: 56, maxY: 384 - 56 });
    const inside = (ps: Array<{ x: number; y: number }>, width: number) =>
      ps.every((p) => p.x - 22 >= 0 && p.x + 22 <= width && p.y - 50 >= 0 && p.y <= 384);
    for (const width of [320, 360, 290, 400]) {
      for (const count of [6, 7, 9]) {
        it(`${count} at one spot on a map ${width} px wide`, () => {
          const points = Array.from({ length: count }, (_, i) => ({ id: `m${i}`, x: width / 2, y: 200 }));
          const out = placed(points, mapRoom(width));
          expect(inside(out, width)).toBe(true);
          expect(overlaps(out)).toBe(false);
          const room = mapRoom(width);
          expect(out.every((p) => p.x >= room.minX && p.x <= room.maxX)).toBe(true);
        });
      }
    }

    it("in as few rows as fit, as even as can be, centred where they stand", () => {
      const points = ["f", "e", "d", "c", "b", "a"].map((id) => ({ id, x: 150, y: 200 }));
      // Room for four side by side (84 to 236): two rows of three, 54 px apart, around the spot.
      const out = placed(points, mapRoom(320)).sort((p, q) => p.y - q.y || p.x - q.x);
      expect(out).toEqual([
        { id: "a", x: 102, y: 173 },
        { id: "b", x: 150, y: 173 },
        { id: "c", x: 198, y: 173 },
        { id: "d", x: 102, y: 227 },
        { id: "e", x: 150, y: 227 },
        { id: "f", x: 198, y: 227 },
      ]);
    });

    it("keeps the rows inside the room near its top and clear of a neighbour", () => {
      const points = [
        ...Array.from({ length: 6 }, (_, i) => ({ id: `m${i}`, x: 160, y: 60 })),
        { id: "near", x: 180, y: 150 },
      ];
      const out = placed(points, mapRoom(320));
      expect(inside(out, 320)).toBe(true);
      expect(overlaps(out)).toBe(false);
      expect(out.every((p) => p.y >= 56)).toBe(true);
    });

    it("keeps one row on a wide map", () => {
      const points = Array.from({ length: 6 }, (_, i) => ({ id: `m${i}`, x: 600, y: 200 }));
      const out = placed(points, mapRoom(1200));
      expect(new Set(out.map((p) => p.y))).toEqual(new Set([200]));
      expect(overlaps(out)).toBe(false);
    });
  });
});
