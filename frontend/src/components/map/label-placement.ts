/**
 * Where the map's names go, apart from Leaflet: a town's name beside its dot, and the destination's beside its pin,
 * each where it covers no marker (a town's, no other name either). All in container pixels.
 */
import type { Rect, XY } from "./place-pointer";

/**
 * Fired on the map once its markers have been drawn anew in place (an icon laid sideways, the destination's name moved
 * to another side): Leaflet tells nobody of either, and the names placed around the markers must be placed again.
 */
export const MARKERS_DRAWN_EVENT = "caravan:markersdrawn";

export type LabelSide = "right" | "left" | "top" | "bottom";

/**
 * The box of a tooltip of this size as Leaflet places it (Tooltip._setPosition): `at` is the marker's point plus the
 * icon's tooltip anchor plus the tooltip's offset; the side says which of the tooltip's edges meets it.
 */
export function tooltipBox(at: XY, side: LabelSide, width: number, height: number): Rect {
  switch (side) {
    case "right":
      return { left: at.x, right: at.x + width, top: at.y - height / 2, bottom: at.y + height / 2 };
    case "left":
      return { left: at.x - width, right: at.x, top: at.y - height / 2, bottom: at.y + height / 2 };
    case "top":
      return { left: at.x - width / 2, right: at.x + width / 2, top: at.y - height, bottom: at.y };
    case "bottom":
      return { left: at.x - width / 2, right: at.x + width / 2, top: at.y, bottom: at.y + height };
  }
}

const overlaps = (a: Rect, b: Rect) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
const inside = (a: Rect, view: Rect) =>
  a.left >= view.left && a.top >= view.top && a.right <= view.right && a.bottom <= view.bottom;

/** Where a town's name runs from its dot (map.css: .caravan-place and its --left and --below kinds). */
export type NameSide = "right" | "left" | "below";

/** A town's name as map.css draws it: the dot, the gap to the name, the line's height, the gap under a point. */
export const TOWN_NAME = { dotPx: 6, gapPx: 4, heightPx: 16, belowPx: 2 };

/**
 * The boxes a town's name `nameWidth` wide may take around its point, in order of preference: the dot on the point
 * and the name to its right, else to its left, else both just under the point (where a marker standing on the town
 * ends in its tip).
 */
export function nameBoxes(at: XY, nameWidth: number): Array<[NameSide, Rect]> {
  const { dotPx, gapPx, heightPx, belowPx } = TOWN_NAME;
  const width = dotPx + gapPx + nameWidth;
  const top = at.y - heightPx / 2;
  const bottom = at.y + heightPx / 2;
  return [
    ["right", { left: at.x - dotPx / 2, top, right: at.x - dotPx / 2 + width, bottom }],
    ["left", { left: at.x + dotPx / 2 - width, top, right: at.x + dotPx / 2, bottom }],
    [
      "below",
      {
        left: at.x - nameWidth / 2,
        top: at.y + belowPx - 1,
        right: at.x + nameWidth / 2,
        bottom: at.y + belowPx + dotPx + belowPx + heightPx + 1,
      },
    ],
  ];
}

/**
 * Places town names, the most important first: each takes the first of its boxes (nameBoxes) that stays inside a
 * view of `size` and covers nothing in `taken` (markers, the destination's name, the map's controls, names placed
 * before it); a name with no such box is left out, a lesser name making way for the markers. `taken` grows with each
 * name placed.
 */
export function placeNames<K>(
  names: ReadonlyArray<{ key: K; at: XY; width: number }>,
  taken: Rect[],
  size: XY,
): Map<K, NameSide> {
  const view: Rect = { left: 0, top: 0, right: size.x, bottom: size.y };
  const placed = new Map<K, NameSide>();
  for (const { key, at, width } of names) {
    const found = nameBoxes(at, width).find(([, box]) => inside(box, view) && !taken.some((t) => overlaps(t, box)));
    if (!found) continue;
    taken.push(found[1]);
    placed.set(key, found[0]);
  }
  return placed;
}

/** Where the destination's name goes: a side of its pin, and the tooltip offset that puts it there. */
export interface LabelPlace {
  side: LabelSide;
  offset: [number, number];
}

/** The destination's name and pin as drawn: how far sideways of the pin's point the name starts, how high its middle. */
export interface DestinationGeometry {
  width: number;
  height: number;
  reachPx: number;
  risePx: number;
}

const LABEL_MARGIN_PX = 4;

/**
 * Where the destination's name goes: right of its pin, else left, else under it, else over it, whichever first
 * stays in `view` and covers none of `markers` (the members' boxes as drawn); where a cluster of members stands
 * around the pin and covers all four, the name moves out past the markers in its way (under the lowest of them
 * first), the shortest way. Failing all, the place that covers the fewest markers. Under and over, the name slides
 * sideways to stay in the view. `pin` is the pin's point as drawn (laid sideways included).
 */
export function placeDestinationLabel(
  label: DestinationGeometry,
  pin: XY,
  markers: readonly Rect[],
  view: Rect,
): LabelPlace {
  const { width, height, reachPx, risePx } = label;
  // The icon's tooltip anchor is the right edge of the pin's tap box, half-way up (markers.ts); each offset moves
  // the name from there to its side.
  const anchor = { x: pin.x + reachPx, y: pin.y - risePx };
  const centred = Math.min(
    Math.max(pin.x, view.left + LABEL_MARGIN_PX + width / 2),
    view.right - LABEL_MARGIN_PX - width / 2,
  );
  const boxOf = ({ side, offset }: LabelPlace) =>
    tooltipBox({ x: anchor.x + offset[0], y: anchor.y + offset[1] }, side, width, height);
  const covering = (box: Rect) => markers.filter((m) => overlaps(m, box));
  const base: LabelPlace[] = [
    { side: "right", offset: [0, 0] },
    { side: "left", offset: [-2 * reachPx, 0] },
    { side: "bottom", offset: [centred - anchor.x, risePx] },
    { side: "top", offset: [centred - anchor.x, -risePx - LABEL_MARGIN_PX] },
  ];
  /** The place moved out past the markers it covers, on its own side, until it covers none (or leaves the view). */
  const pushed = (start: LabelPlace): LabelPlace => {
    let place = start;
    for (let i = 0; i < markers.length; i++) {
      const inTheWay = covering(boxOf(place));
      if (inTheWay.length === 0) break;
      const box = boxOf(place);
      const [dx, dy] = place.offset;
      const by = {
        right: [Math.max(...inTheWay.map((m) => m.right)) + LABEL_MARGIN_PX - box.left, 0],
        left: [Math.min(...inTheWay.map((m) => m.left)) - LABEL_MARGIN_PX - box.right, 0],
        bottom: [0, Math.max(...inTheWay.map((m) => m.bottom)) + LABEL_MARGIN_PX - box.top],
        top: [0, Math.min(...inTheWay.map((m) => m.top)) - LABEL_MARGIN_PX - box.bottom],
      }[place.side];
      place = { side: place.side, offset: [dx + by[0]!, dy + by[1]!] };
    }
    return place;
  };
  const candidates = [...base, ...base.map(pushed)];
  const cost = (place: LabelPlace, order: number) => {
    const box = boxOf(place);
    // Running off the map hides the name itself: worse than covering a marker, which is worse than standing apart.
    const off = inside(box, view) ? 0 : 1;
    const moved = Math.hypot(
      place.offset[0] - base[order % base.length]!.offset[0],
      place.offset[1] - base[order % base.length]!.offset[1],
    );
    return off * 1e6 + covering(box).length * 1e4 + moved;
  };
  let best = 0;
  candidates.forEach((c, i) => {
    if (cost(c, i) < cost(candidates[best]!, best)) best = i;
  });
  return candidates[best]!;
}
