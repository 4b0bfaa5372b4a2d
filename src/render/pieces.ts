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
