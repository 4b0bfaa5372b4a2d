/**
 * Does a board's art draw the map's graph? Two provinces should share a border exactly when the map makes them
 * adjacent (for a sea and a coast, touching at a point is enough: a fleet passes a strait's corner). Used by the
 * art generator (scripts/geometry), which refuses to write art that disagrees with its map beyond the listed
 * exceptions, and by the tests that hold every bundled map's art to its graph.
 */
import type { MapDefinition } from '../map/types.js';
import type { MapGeometry } from './geometry.js';

type Point = [number, number];

/** "A-B", the two codes in alphabetical order. */
export function pairKey(a: string, b: string): string {
  return [a, b].sort().join('-');
}

/** The pairs of provinces the definition makes adjacent (for any unit, one-way edges included), as pairKeys. */
export function adjacentPairs(definition: MapDefinition): Set<string> {
  const base = (location: string): string => location.split('/')[0]!;
  const pairs = new Set<string>();
  for (const p of definition.provinces) {
    for (const other of [...(p.army ?? []), ...(p.fleet ?? []), ...Object.values(p.coasts ?? {}).flat()])
      pairs.add(pairKey(p.code, base(other)));
  }
  for (const edge of definition.oneWayEdges ?? []) pairs.add(pairKey(base(edge.from), base(edge.to)));
  return pairs;
}

/** Absolute points of every arc (the file stores a first point, then deltas). */
export function decodedArcs(geometry: Pick<MapGeometry, 'arcs'>): Point[][] {
  return geometry.arcs.map((arc) => {
    let x = 0;
    let y = 0;
    return arc.map(([dx, dy], i): Point => (i === 0 ? [(x = dx!), (y = dy!)] : [(x += dx!), (y += dy!)]));
  });
}

/**
 * Where the art and the graph disagree, sorted: `A-B adjacent-without-border` (adjacent in the graph, but no
 * common arc, nor for a sea and a coast a common arc end) or `A-B border-without-adjacency`.
 */
export function borderDisagreements(
  definition: MapDefinition,
  geometry: Pick<MapGeometry, 'arcs' | 'provinces'>,
): string[] {
  const arcs = decodedArcs(geometry);
  const adjacent = adjacentPairs(definition);
  const owners = new Map<number, string[]>();
  const ends = new Map<string, Set<string>>();
  for (const [code, p] of Object.entries(geometry.provinces)) {
    const corners = new Set<string>();
    for (const ref of p.arcs.flat(2)) {
      const i = ref >= 0 ? ref : ~ref;
      owners.set(i, [...(owners.get(i) ?? []), code]);
      const arc = arcs[i];
      if (arc) for (const point of [arc[0]!, arc.at(-1)!]) corners.add(point.join(','));
    }
    ends.set(code, corners);
  }
  const border = new Set<string>();
  for (const list of owners.values())
    if (list.length === 2 && list[0] !== list[1]) border.add(pairKey(list[0]!, list[1]!));
  const touches = (a: string, b: string): boolean => {
    const other = ends.get(b) ?? new Set<string>();
    return [...(ends.get(a) ?? [])].some((p) => other.has(p));
  };
  const isSea = new Map(definition.provinces.map((p) => [p.code, p.kind === 'sea']));
  const codes = definition.provinces.map((p) => p.code);
  const found: string[] = [];
  for (let i = 0; i < codes.length; i++) {
    for (let j = i + 1; j < codes.length; j++) {
      const a = codes[i]!;
      const b = codes[j]!;
      const k = pairKey(a, b);
      const seaCoast = isSea.get(a) !== isSea.get(b);
      const shares = border.has(k) || (seaCoast && adjacent.has(k) && touches(a, b));
      if (adjacent.has(k) && !shares) found.push(`${k} adjacent-without-border`);
      if (!adjacent.has(k) && border.has(k)) found.push(`${k} border-without-adjacency`);
    }
  }
  return found.sort();
}
