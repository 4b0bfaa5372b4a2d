/**
 * Provinces drawn in several pieces. A world map cut at its edge draws a sea that spans the cut at both edges
 * (Twenty Twenty's Arctic, the North and South Pacific), and a province can be islands far apart. Such a province
 * has an anchor per piece (`BoardGeometry.pieces`, from the art's `pieceAnchors`): an order line ends in the
 * piece nearest its other end, and a unit there stands in the piece nearest to what its order and the orders
 * about it point at, so no line crosses the whole board to reach the other edge.
 */
import type { GameMap } from '../map/types.js';
import type { BoardGeometry, Point } from './geometry.js';

/** Where a unit at a location may stand: every piece of a province (its anchor first), a coast's own anchor. */
export function placesOf(g: BoardGeometry, map: GameMap, location: number): readonly Point[] {
  if (location < map.provinceCount) {
    const pieces = g.pieces?.[location];
    if (pieces) return pieces;
  }
  return [g.anchors[location]!];
}

function distance(a: Point, b: Point): number {
  return Math.hypot(a[0] - b[0], a[1] - b[1]);
}

/** The place of `location` nearest to `point` (the first of equally near ones). */
export function nearestPlace(g: BoardGeometry, map: GameMap, location: number, point: Point): Point {
  const places = placesOf(g, map, location);
  let best = places[0]!;
  for (const p of places) if (distance(p, point) < distance(best, point)) best = p;
  return best;
}

/** How near a point comes to any place of `location`. */
function reach(g: BoardGeometry, map: GameMap, location: number, point: Point): number {
  return distance(point, nearestPlace(g, map, location, point));
}

/**
 * Where a unit at `location` stands: in the piece whose anchor is nearest, in sum, to the places of `partners`
 * (the locations its order and the orders about it reach); the province's anchor when it has none.
 */
export function unitPiece(
  g: BoardGeometry,
  map: GameMap,
  location: number,
  partners: readonly number[],
): Point {
  const places = placesOf(g, map, location);
  if (places.length === 1 || partners.length === 0) return places[0]!;
  const cost = (p: Point): number => partners.reduce((sum, q) => sum + reach(g, map, q, p), 0);
  let best = places[0]!;
  let bestCost = cost(best);
  for (const p of places) {
    const c = cost(p);
    if (c < bestCost) {
      best = p;
      bestCost = c;
    }
  }
  return best;
}

/**
 * The places of `a` and of `b` nearest each other: from `at` (where a's unit is drawn) unless another piece of `a`
 * comes nearer to `b`.
 */
export function closestPlaces(
  g: BoardGeometry,
  map: GameMap,
  a: number,
  b: number,
  at: Point,
): [Point, Point] {
  let best: [Point, Point] = [at, nearestPlace(g, map, b, at)];
  for (const p of placesOf(g, map, a)) {
    const q = nearestPlace(g, map, b, p);
    if (distance(p, q) < distance(best[0], best[1])) best = [p, q];
  }
  return best;
}

/** Where a line between two places leaves a board that wraps and where it comes back in at the other edge. */
export interface EdgeCrossing {
  out: Point;
  back: Point;
}

/**
 * A line from `from` to `to` on a board whose left and right edges are one meridian (`wraps`), when the two are
 * nearer each other across that edge than straight over the board (Twenty Twenty's Anchorage and Vladivostok, on
 * either side of the Bering Strait): the points where it leaves through one edge and enters through the other, at
 * the height the straight line across the edge has there. Undefined on other boards and for nearer places.
 */
export function edgeCrossing(g: BoardGeometry, from: Point, to: Point): EdgeCrossing | undefined {
  if (g.wraps !== true) return undefined;
  const [left, , width] = g.viewBox;
  const dx = to[0] - from[0];
  if (Math.abs(dx) <= width / 2) return undefined;
  // `to` seen from `from` across the edge: one board's width nearer.
  const beyond = to[0] - Math.sign(dx) * width;
  const edge = dx > 0 ? left : left + width;
  const y = from[1] + ((to[1] - from[1]) * (edge - from[0])) / (beyond - from[0]);
  return { out: [edge, y], back: [edge === left ? left + width : left, y] };
}
