import { describe, expect, it } from "vitest";
import { spreadOverlapping, type ScreenPoint } from "./spread";

const BOX = { width: 44, height: 50, gap: 4 };
const placed = (points: ScreenPoint[]) => {
  const shifts = spreadOverlapping(points, BOX);
  return points.map((p) => ({ id: p.id, x: p.x + (shifts.get(p.id) ?? 0), y: p.y }));
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
    const at = (room: { minX: number; maxX: number }) => {
      const shifts = spreadOverlapping(points, BOX, room);
      return points.map((p) => p.x + (shifts.get(p.id) ?? 0));
    };
    // Centred on 60, the row would start at 12: it starts at the room's left edge instead.
    expect(at({ minX: 40, maxX: 400 })).toEqual([40, 88, 136]);
    // Against the right edge, it ends there.
    expect(at({ minX: 0, maxX: 100 })).toEqual([4, 52, 100]);
    // Within the room, it stays centred.
    expect(at({ minX: 0, maxX: 400 })).toEqual([12, 60, 108]);
  });

  it("spreads again when a widened row reaches a neighbour", () => {
    const points = [...["a", "b", "c"].map((id) => ({ id, x: 100, y: 0 })), { id: "d", x: 170, y: 10 }];
    expect(overlaps(placed(points))).toBe(false);
  });
});
