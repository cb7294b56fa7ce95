/**
 * Markers that would overlap on screen (people in the same street at the group's zoom, or a member standing at the
 * destination) are laid side by side instead, so that every one stays visible and takes its own tap. Works on screen
 * pixels at the current zoom; a marker moves sideways only, never further than its group needs.
 */

export interface ScreenPoint {
  id: string;
  x: number;
  y: number;
}

/** A marker's box on screen: markers closer than this on both axes overlap. */
export interface MarkerBox {
  width: number;
  height: number;
  /** Space left between neighbours once spread. */
  gap: number;
}

/** Where a row's markers may stand, left to right (the map's width less what its controls cover). */
export interface RowRoom {
  minX: number;
  maxX: number;
}

/**
 * The sideways shift, in pixels, of each marker that must move (markers that stay put are absent). A row that would
 * reach past `room` on one side moves inwards as a whole, as far as the room allows.
 */
export function spreadOverlapping(points: ScreenPoint[], box: MarkerBox, room?: RowRoom): Map<string, number> {
  const stepX = box.width + box.gap;
  const parent = points.map((_, i) => i);
  const find = (i: number): number => (parent[i] === i ? i : (parent[i] = find(parent[i]!)));
  const overlap = (ax: number, ay: number, bx: number, by: number) =>
    Math.abs(ax - bx) < stepX && Math.abs(ay - by) < box.height;

  /** Each group as a row: left to right as they stand (ties by id), centred where they stand. */
  const layOut = (): number[] => {
    const groups = new Map<number, number[]>();
    points.forEach((_, i) => groups.set(find(i), [...(groups.get(find(i)) ?? []), i]));
    const x = points.map((p) => p.x);
    for (const members of groups.values()) {
      if (members.length < 2) continue;
      const row = [...members].sort((i, j) => points[i]!.x - points[j]!.x || (points[i]!.id < points[j]!.id ? -1 : 1));
      const width = (row.length - 1) * stepX;
      let left = row.reduce((sum, i) => sum + points[i]!.x, 0) / row.length - width / 2;
      if (room) left = Math.max(Math.min(left, room.maxX - width), room.minX);
      row.forEach((i, k) => (x[i] = left + k * stepX));
    }
    return x;
  };

  // Markers that overlap form a group; a widened row that now reaches another marker joins its group, and the
  // rows are laid out again, until nothing overlaps (groups only ever merge, so this ends).
  let x = points.map((p) => p.x);
  for (;;) {
    let merged = false;
    for (let i = 0; i < points.length; i++) {
      for (let j = i + 1; j < points.length; j++) {
        if (find(i) !== find(j) && overlap(x[i]!, points[i]!.y, x[j]!, points[j]!.y)) {
          parent[find(i)] = find(j);
          merged = true;
        }
      }
    }
    if (!merged) break;
    x = layOut();
  }
  const shifts = new Map<string, number>();
  points.forEach((p, i) => {
    const shift = Math.round(x[i]! - p.x);
    if (shift !== 0) shifts.set(p.id, shift);
  });
  return shifts;
}
