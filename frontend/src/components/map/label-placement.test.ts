import { describe, expect, it } from "vitest";
import { nameBoxes, placeDestinationLabel, placeNames, tooltipBox, type LabelPlace } from "./label-placement";
import type { Rect, XY } from "./place-pointer";

const overlap = (a: Rect, b: Rect) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
const inside = (a: Rect, v: Rect) => a.left >= v.left && a.top >= v.top && a.right <= v.right && a.bottom <= v.bottom;

/** A member's marker as drawn: 44 px wide, standing 50 px tall over its point, `shift` px sideways of it. */
const member = (at: XY, shift = 0): Rect => ({
  left: at.x + shift - 22,
  right: at.x + shift + 22,
  top: at.y - 50,
  bottom: at.y,
});

describe("placeNames", () => {
  const size = { x: 720, y: 420 };
  const annecy = { x: 360, y: 200 };
  const boxOf = (side: string, at: XY, width: number) => nameBoxes(at, width).find(([s]) => s === side)![1];

  it("runs a name to the right of its dot where nothing is in the way", () => {
    const placed = placeNames([{ key: "Annecy", at: annecy, width: 41 }], [], size);
    expect(placed.get("Annecy")).toBe("right");
  });

  it("moves a town's name from under a member standing on the town's point, to a side clear of the marker", () => {
    const markers = [member(annecy)];
    const placed = placeNames([{ key: "Annecy", at: annecy, width: 41 }], [...markers], size);
    const side = placed.get("Annecy")!;
    expect(side).toBeDefined();
    expect(markers.some((m) => overlap(m, boxOf(side, annecy, 41)))).toBe(false);
  });

  it("keeps the name clear of members laid side by side at the point, and of the destination's name", () => {
    const markers = [member(annecy, -24), member(annecy, 24)];
    const destinationName = tooltipBox({ x: annecy.x + 70, y: annecy.y + 30 }, "bottom", 90, 28);
    const taken = [...markers, destinationName];
    const placed = placeNames([{ key: "Annecy", at: annecy, width: 41 }], [...taken], size);
    const side = placed.get("Annecy")!;
    expect(side).toBeDefined();
    expect(taken.some((t) => overlap(t, boxOf(side, annecy, 41)))).toBe(false);
  });

  it("leaves out a lesser name with no free side, and the name of a bigger place first takes its side", () => {
    // Markers on the point and just under it: no side of Sévrier's point is free.
    const sevrier = { x: 200, y: 300 };
    const markers = [member(sevrier), member({ x: sevrier.x, y: sevrier.y + 40 })];
    const placed = placeNames(
      [
        { key: "Annecy", at: annecy, width: 41 },
        { key: "Annecy-le-Vieux", at: { x: annecy.x + 20, y: annecy.y }, width: 91 },
        { key: "Sévrier", at: sevrier, width: 38 },
      ],
      [...markers],
      size,
    );
    expect(placed.get("Annecy")).toBe("right");
    // Its right is Annecy's name now.
    expect(placed.get("Annecy-le-Vieux")).not.toBe("right");
    expect(placed.has("Sévrier")).toBe(false);
  });

  it("keeps names whole inside the view", () => {
    const placed = placeNames([{ key: "Edge", at: { x: 715, y: 200 }, width: 60 }], [], size);
    expect(placed.get("Edge")).toBe("left");
  });
});

describe("placeDestinationLabel", () => {
  // The destination's name and pin as markers.ts draws them.
  const label = { width: 76, height: 28, reachPx: 22, risePx: 23 };
  const view: Rect = { left: 0, top: 0, right: 720, bottom: 420 };
  const boxOf = (pin: XY, place: LabelPlace) =>
    tooltipBox(
      { x: pin.x + label.reachPx + place.offset[0], y: pin.y - label.risePx + place.offset[1] },
      place.side,
      label.width,
      label.height,
    );

  it("puts the name right of the pin when nothing is in the way", () => {
    expect(placeDestinationLabel(label, { x: 360, y: 200 }, [], view)).toEqual({ side: "right", offset: [0, 0] });
  });

  it("puts it left of a pin at the map's right edge", () => {
    expect(placeDestinationLabel(label, { x: 690, y: 200 }, [], view).side).toBe("left");
  });

  it("takes a free side where a member stands beside the pin", () => {
    const pin = { x: 360, y: 200 };
    const markers = [member({ x: pin.x + 48, y: pin.y })];
    const place = placeDestinationLabel(label, pin, markers, view);
    expect(place.side).toBe("left");
    expect(markers.some((m) => overlap(m, boxOf(pin, place)))).toBe(false);
  });

  it("stays readable in a tight cluster of members at the destination: clear of every marker, inside the map", () => {
    // Members a few hundred metres around the destination, laid side by side with the pin in one row, one a few
    // pixels north of the pin and one south: beside the pin, under it and over it, each holds a marker.
    const pin = { x: 360, y: 200 };
    const markers = [
      member({ x: pin.x - 96, y: pin.y - 6 }),
      member({ x: pin.x - 48, y: pin.y - 12 }),
      member({ x: pin.x + 48, y: pin.y + 10 }),
      member({ x: pin.x + 96, y: pin.y - 3 }),
      // And one at the pin's own point, laid beside it.
      member({ x: pin.x + 144, y: pin.y }),
    ];
    const place = placeDestinationLabel(label, pin, markers, view);
    const box = boxOf(pin, place);
    expect(markers.filter((m) => overlap(m, box))).toEqual([]);
    expect(inside(box, view)).toBe(true);
    // Under the row, beneath its lowest marker: the shortest way out, the name still pointing up at its pin.
    expect(place.side).toBe("bottom");
    expect(box.top).toBeGreaterThanOrEqual(pin.y + 10);
    expect(box.left).toBeLessThan(pin.x);
    expect(box.right).toBeGreaterThan(pin.x);
  });

  it("goes over the cluster when under it would leave the map", () => {
    const pin = { x: 360, y: 390 };
    const markers = [member({ x: pin.x - 48, y: pin.y + 10 }), member({ x: pin.x + 48, y: pin.y + 4 })];
    const place = placeDestinationLabel(label, pin, markers, view);
    const box = boxOf(pin, place);
    expect(markers.filter((m) => overlap(m, box))).toEqual([]);
    expect(inside(box, view)).toBe(true);
  });
});
