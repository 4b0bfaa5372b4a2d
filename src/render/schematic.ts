/**
 * The automatic schematic layout: a board for any map that has no geometry, so a new variant draws before anyone
 * makes art for it. Deterministic (no randomness, same floating-point steps every time) and dependency-free.
 *
 * 1. Positions: the provinces' graph distances (army and fleet adjacency together) are laid out in the plane by
 *    classical multidimensional scaling (the two leading eigenvectors of the double-centred squared distances, by
 *    power iteration from a fixed start), then refined by stress majorisation (SMACOF, weights 1/d^2), so that
 *    neighbours end up close and far provinces far apart.
 * 2. Cells: each province's area is its Voronoi cell, made by clipping a round polygon about its position with the
 *    perpendicular bisector towards every other position (half-plane clipping). The round polygon's radius is a
 *    little over half the distance to the farthest neighbour, so the cells on the outside end in rounded edges
 *    instead of running to the frame.
 * 3. Places: a unit stands at the province's position; a coast's unit stands towards the fleet neighbours of that
 *    coast; the abbreviation sits above the unit and the supply-centre marker to its lower right.
 *
 * Maps of more than 500 provinces (generated test maps) skip step 1's quadratic work: they are laid out on a grid
 * in breadth-first order, each cell a square.
 */
import type { GameMap } from '../map/types.js';
import { ringPath, type BoardGeometry, type Point } from './geometry.js';

const WIDTH = 1000;
const GRID_ABOVE = 500;

const layouts = new WeakMap<GameMap, BoardGeometry>();

/** The schematic board of a map (computed once per map). */
export function schematicGeometry(map: GameMap): BoardGeometry {
  let g = layouts.get(map);
  if (!g) layouts.set(map, (g = layout(map)));
  return g;
}

/** Neighbouring provinces of each province, by army or fleet, sorted, without duplicates. */
function provinceNeighbours(map: GameMap): number[][] {
  const sets = Array.from({ length: map.provinceCount }, () => new Set<number>());
  for (let p = 0; p < map.provinceCount; p++) {
    for (let i = map.armyStart[p]!; i < map.armyStart[p + 1]!; i++) sets[p]!.add(map.armyAdj[i]!);
  }
  for (let l = 0; l < map.locationCount; l++) {
    const p = map.locationProvince[l]!;
    for (let i = map.fleetStart[l]!; i < map.fleetStart[l + 1]!; i++)
      sets[p]!.add(map.locationProvince[map.fleetAdj[i]!]!);
  }
  return sets.map((s, p) => [...s].filter((q) => q !== p).sort((a, b) => a - b));
}

/** Breadth-first distances from `from` (unreachable: -1). */
function distancesFrom(from: number, neighbours: readonly number[][]): Int32Array {
  const d = new Int32Array(neighbours.length).fill(-1);
  const queue = [from];
  d[from] = 0;
  for (let head = 0; head < queue.length; head++) {
    const p = queue[head]!;
    for (const q of neighbours[p]!) {
      if (d[q]! < 0) {
        d[q] = d[p]! + 1;
        queue.push(q);
      }
    }
  }
  return d;
}

function layout(map: GameMap): BoardGeometry {
  const n = map.provinceCount;
  const neighbours = provinceNeighbours(map);
  const sites = n > GRID_ABOVE ? gridSites(neighbours) : graphSites(neighbours);
  // Scale to the frame: WIDTH wide, a margin of one typical neighbour distance all round.
  const near = medianNearest(sites);
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const [x, y] of sites) {
    minX = Math.min(minX, x);
    minY = Math.min(minY, y);
    maxX = Math.max(maxX, x);
    maxY = Math.max(maxY, y);
  }
  const spanX = Math.max(maxX - minX, near) + 2 * near;
  const scale = WIDTH / spanX;
  const height = Math.round((Math.max(maxY - minY, near) + 2 * near) * scale);
  const placed: Point[] = sites.map(([x, y]) => [(x - minX + near) * scale, (y - minY + near) * scale]);
  const spacing = near * scale;
  const unit = Math.round(spacing * 0.17 * 10) / 10;

  const areas =
    n > GRID_ABOVE
      ? placed.map(([x, y]) => square(x, y, spacing / 2))
      : placed.map((_, p) => ringPath(clipToFrame(voronoiCell(p, placed, neighbours[p]!, spacing), height)));
  const anchors: Point[] = [];
  for (let l = 0; l < map.locationCount; l++) {
    const p = map.locationProvince[l]!;
    anchors.push(l < n ? placed[p]! : coastAnchor(map, l, placed, unit));
  }
  return {
    viewBox: [0, 0, WIDTH, height],
    areas,
    labels: placed.map(([x, y]) => [x, y - unit * 2.3]),
    anchors,
    centers: placed.map(([x, y], p) =>
      map.supplyCenter[p] === 1 ? [x + unit * 2.1, y + unit * 1.3] : undefined,
    ),
    impassable: [],
    land: '',
    water: '',
    unit,
    about: 'schematic layout (src/render/schematic.ts): positions from the adjacency graph, Voronoi cells',
  };
}

/** A coast's anchor: from the province's position towards the mean of that coast's fleet neighbours. */
function coastAnchor(map: GameMap, location: number, placed: readonly Point[], unit: number): Point {
  const [x, y] = placed[map.locationProvince[location]!]!;
  let sx = 0;
  let sy = 0;
  let count = 0;
  for (let i = map.fleetStart[location]!; i < map.fleetStart[location + 1]!; i++) {
    const [qx, qy] = placed[map.locationProvince[map.fleetAdj[i]!]!]!;
    sx += qx;
    sy += qy;
    count++;
  }
  const dx = count === 0 ? 0 : sx / count - x;
  const dy = count === 0 ? 1 : sy / count - y;
  const length = Math.hypot(dx, dy) || 1;
  return [x + (dx / length) * unit * 2.2, y + (dy / length) * unit * 2.2];
}

/** Median distance from a site to its nearest other site (1 for a single site). */
function medianNearest(sites: readonly Point[]): number {
  if (sites.length < 2) return 1;
  const nearest = sites.map(([x, y], i) => {
    let best = Infinity;
    sites.forEach(([qx, qy], j) => {
      if (j !== i) best = Math.min(best, Math.hypot(qx - x, qy - y));
    });
    return best;
  });
  nearest.sort((a, b) => a - b);
  return nearest[nearest.length >> 1]! || 1;
}

/** Classical MDS of the graph distances, then stress majorisation. */
function graphSites(neighbours: readonly number[][]): Point[] {
  const n = neighbours.length;
  const dist = neighbours.map((_, p) => distancesFrom(p, neighbours));
  let far = 1;
  for (const row of dist) for (const d of row) far = Math.max(far, d);
  // Unreachable pairs (islands of the graph) count as one step beyond the farthest pair.
  const d = (i: number, j: number): number => {
    const v = dist[i]![j]!;
    return v < 0 ? far + 1 : v;
  };
  // Double-centred squared distances B = -1/2 J D^2 J.
  const b = dist.map((_, i) => Float64Array.from(dist, (_, j) => d(i, j) ** 2));
  const rowMean = b.map((row) => row.reduce((s, v) => s + v, 0) / n);
  const mean = rowMean.reduce((s, v) => s + v, 0) / n;
  for (let i = 0; i < n; i++)
    for (let j = 0; j < n; j++) b[i]![j] = -0.5 * (b[i]![j]! - rowMean[i]! - rowMean[j]! + mean);
  const first = leadingVector(b, [], (i) => Math.cos(i * 0.7) + 0.01 * i);
  const second = leadingVector(b, [first.vector], (i) => Math.sin(i * 1.3) + 0.02 * i);
  const x = first.vector.map((v) => v * Math.sqrt(Math.max(first.value, 1e-9)));
  const y = second.vector.map((v) => v * Math.sqrt(Math.max(second.value, 1e-9)));
  smacof(x, y, d, n);
  return x.map((xi, i) => [xi, y[i]!]);
}

/** The leading eigenvector (and value) of symmetric `m`, orthogonal to `against`, by power iteration. */
function leadingVector(
  m: readonly Float64Array[],
  against: readonly number[][],
  start: (i: number) => number,
): { vector: number[]; value: number } {
  const n = m.length;
  let v = Array.from({ length: n }, (_, i) => start(i));
  let value = 0;
  for (let iteration = 0; iteration < 300; iteration++) {
    for (const a of against) {
      const dot = v.reduce((s, vi, i) => s + vi * a[i]!, 0);
      v = v.map((vi, i) => vi - dot * a[i]!);
    }
    const next = m.map((row) => {
      let sum = 0;
      for (let j = 0; j < n; j++) sum += row[j]! * v[j]!;
      return sum;
    });
    const norm = Math.sqrt(next.reduce((s, x) => s + x * x, 0)) || 1;
    value = norm / (Math.sqrt(v.reduce((s, x) => s + x * x, 0)) || 1);
    const settled = next.every((x, i) => Math.abs(x / norm - v[i]!) < 1e-12);
    v = next.map((x) => x / norm);
    if (settled) break;
  }
  return { vector: v, value };
}

/** Stress majorisation (Guttman transform) with weights 1/d^2, a fixed number of rounds. */
function smacof(x: number[], y: number[], d: (i: number, j: number) => number, n: number): void {
  for (let round = 0; round < 80; round++) {
    const nx = new Array<number>(n).fill(0);
    const ny = new Array<number>(n).fill(0);
    for (let i = 0; i < n; i++) {
      let weights = 0;
      for (let j = 0; j < n; j++) {
        if (j === i) continue;
        const dij = d(i, j);
        const w = 1 / (dij * dij);
        const dx = x[i]! - x[j]!;
        const dy = y[i]! - y[j]!;
        const current = Math.hypot(dx, dy) || 1e-9;
        nx[i]! += w * (x[j]! + (dij * dx) / current);
        ny[i]! += w * (y[j]! + (dij * dy) / current);
        weights += w;
      }
      nx[i] = nx[i]! / weights;
      ny[i] = ny[i]! / weights;
    }
    for (let i = 0; i < n; i++) {
      x[i] = nx[i]!;
      y[i] = ny[i]!;
    }
  }
}

/** Grid positions in breadth-first order from province 0 (for very large maps). */
function gridSites(neighbours: readonly number[][]): Point[] {
  const n = neighbours.length;
  const order: number[] = [];
  const seen = new Uint8Array(n);
  for (let s = 0; s < n; s++) {
    if (seen[s]) continue;
    seen[s] = 1;
    order.push(s);
    for (let head = order.length - 1; head < order.length; head++) {
      for (const q of neighbours[order[head]!]!) {
        if (!seen[q]) {
          seen[q] = 1;
          order.push(q);
        }
      }
    }
  }
  const columns = Math.ceil(Math.sqrt(n));
  const sites = new Array<Point>(n);
  order.forEach((p, k) => (sites[p] = [k % columns, Math.floor(k / columns)]));
  return sites;
}

function square(x: number, y: number, h: number): string {
  return ringPath([
    [x - h, y - h],
    [x + h, y - h],
    [x + h, y + h],
    [x - h, y + h],
  ]);
}

/**
 * The Voronoi cell of site `p`, bounded by a 24-gon about it: clipped by the bisector half-plane towards every
 * other site near enough to matter.
 */
function voronoiCell(
  p: number,
  sites: readonly Point[],
  neighbours: readonly number[],
  spacing: number,
): Point[] {
  const [px, py] = sites[p]!;
  let reach = spacing;
  for (const q of neighbours) reach = Math.max(reach, Math.hypot(sites[q]![0] - px, sites[q]![1] - py));
  const radius = Math.min(reach * 0.6, spacing * 1.6);
  let cell: Point[] = [];
  for (let k = 0; k < 24; k++) {
    const a = (k / 24) * 2 * Math.PI;
    cell.push([px + radius * Math.cos(a), py + radius * Math.sin(a)]);
  }
  for (let q = 0; q < sites.length && cell.length > 0; q++) {
    if (q === p) continue;
    const [qx, qy] = sites[q]!;
    const nx = qx - px;
    const ny = qy - py;
    if (Math.hypot(nx, ny) > 2 * radius) continue;
    // Keep the points nearer to p than to q: (x - m) . (q - p) <= 0, m the midpoint.
    cell = clipHalfPlane(cell, nx, ny, nx * (px + qx) * 0.5 + ny * (py + qy) * 0.5);
  }
  return cell;
}

/** The part of a cell inside the board's frame. */
function clipToFrame(cell: Point[], height: number): Point[] {
  cell = clipHalfPlane(cell, -1, 0, 0);
  cell = clipHalfPlane(cell, 1, 0, WIDTH);
  cell = clipHalfPlane(cell, 0, -1, 0);
  return clipHalfPlane(cell, 0, 1, height);
}

/** Sutherland-Hodgman against one half-plane: the part of `polygon` where a*x + b*y <= c. */
function clipHalfPlane(polygon: readonly Point[], a: number, b: number, c: number): Point[] {
  const out: Point[] = [];
  for (let i = 0; i < polygon.length; i++) {
    const p = polygon[i]!;
    const q = polygon[(i + 1) % polygon.length]!;
    const fp = a * p[0] + b * p[1] - c;
    const fq = a * q[0] + b * q[1] - c;
    if (fp <= 0) out.push(p);
    if ((fp < 0 && fq > 0) || (fp > 0 && fq < 0)) {
      const t = fp / (fp - fq);
      out.push([p[0] + t * (q[0] - p[0]), p[1] + t * (q[1] - p[1])]);
    }
  }
  return out;
}
