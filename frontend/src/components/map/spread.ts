/**
 * Markers that would overlap on screen (people in the same street at the group's zoom, or a member standing at the
 * destination) are laid side by side instead, so that every one stays visible and takes its own tap. Works on screen
 * pixels at the current zoom. A group laid out moves sideways only, in one row, where that row fits in the map's room;
 * a group too wide for it (six people at one spot on a phone) wraps into as few rows as it needs, as even as can be,
 * stacked around where they stand: nobody is pushed off the map.
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

/**
 * Where markers laid out may stand (their points): the map less what its controls cover and a margin for the
 * markers themselves.
 */
export interface Room {
  minX: number;
  maxX: number;
  minY: number;
  maxY: number;
}

/** How far a marker is drawn from its point, in pixels. */
export interface Shift {
  x: number;
  y: number;
}

/**
 * The shift of each marker that must move (markers that stay put are absent). A group laid out that would reach past
 * `room` moves inwards as a whole, as far as the room allows; one wider than the room wraps into rows.
 */
export function spreadOverlapping(points: ScreenPoint[], box: MarkerBox, room?: Room): Map<string, Shift> {
  const stepX = box.width + box.gap;
  const stepY = box.height + box.gap;
  const parent = points.map((_, i) => i);
  const find = (i: number): number => (parent[i] === i ? i : (parent[i] = find(parent[i]!)));
  const overlap = (ax: number, ay: number, bx: number, by: number) =>
    Math.abs(ax - bx) < stepX && Math.abs(ay - by) < box.height;
  /** As many markers as stand side by side within the room (at least one). */
  const perRow = room ? Math.max(1, Math.floor((room.maxX - room.minX) / stepX) + 1) : Infinity;
  const byX = (i: number, j: number) => points[i]!.x - points[j]!.x || (points[i]!.id < points[j]!.id ? -1 : 1);
  const byY = (i: number, j: number) => points[i]!.y - points[j]!.y || byX(i, j);
  const within = (start: number, size: number, min: number, max: number) => Math.max(Math.min(start, max - size), min);

  /**
   * Each group in rows: one row left to right as they stand (ties by id) where it fits, else as few rows as fit
   * (top to bottom as they stand, each left to right), the block centred where they stand.
   */
  const layOut = (): { x: number[]; y: number[] } => {
    const groups = new Map<number, number[]>();
    points.forEach((_, i) => groups.set(find(i), [...(groups.get(find(i)) ?? []), i]));
    const x = points.map((p) => p.x);
    const y = points.map((p) => p.y);
    for (const members of groups.values()) {
      if (members.length < 2) continue;
      const rowCount = Math.max(1, Math.ceil(members.length / perRow));
      const columns = Math.ceil(members.length / rowCount);
      const order = rowCount === 1 ? [...members].sort(byX) : [...members].sort(byY);
      const rows = Array.from({ length: rowCount }, (_, r) => order.slice(r * columns, (r + 1) * columns).sort(byX));
      const mean = (pick: (p: ScreenPoint) => number) =>
        members.reduce((sum, i) => sum + pick(points[i]!), 0) / members.length;
      const height = (rowCount - 1) * stepY;
      let top = rowCount === 1 ? points[members[0]!]!.y : mean((p) => p.y) - height / 2;
      if (room && rowCount > 1) top = within(top, height, room.minY, room.maxY);
      rows.forEach((row, r) => {
        const width = (row.length - 1) * stepX;
        let left = mean((p) => p.x) - width / 2;
        if (room) left = within(left, width, room.minX, room.maxX);
        row.forEach((i, k) => {
          x[i] = left + k * stepX;
          if (rowCount > 1) y[i] = top + r * stepY;
        });
      });
    }
    return { x, y };
  };

  // Markers that overlap form a group; a group laid out that now reaches another marker joins its group, and the
  // groups are laid out again, until nothing overlaps (groups only ever merge, so this ends).
  let at = { x: points.map((p) => p.x), y: points.map((p) => p.y) };
  for (;;) {
    let merged = false;
    for (let i = 0; i < points.length; i++) {
      for (let j = i + 1; j < points.length; j++) {
        if (find(i) !== find(j) && overlap(at.x[i]!, at.y[i]!, at.x[j]!, at.y[j]!)) {
          parent[find(i)] = find(j);
          merged = true;
        }
      }
    }
    if (!merged) break;
    at = layOut();
  }
  const shifts = new Map<string, Shift>();
  points.forEach((p, i) => {
    const shift = { x: Math.round(at.x[i]! - p.x), y: Math.round(at.y[i]! - p.y) };
    if (shift.x !== 0 || shift.y !== 0) shifts.set(p.id, shift);
  });
  return shifts;
}
