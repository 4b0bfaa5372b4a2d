/**
 * Distances on the map graph, per map, for the bot: how many moves an army needs from one province to another, and
 * a fleet from one location (a coast of a multi-coast province is its own location) to a province. Computed once per
 * map by breadth-first search over the map's own adjacency (no convoys), so that every bundled map, and any map
 * definition, gets them the same way.
 */
import type { GameMap } from '../map/types.js';

/** A distance too far to matter (and the value of "unreachable": an army at sea, a fleet inland). */
export const FAR = 15;

export interface Distances {
  /** [from province * P + to province]: army moves, FAR when unreachable. */
  readonly army: Uint8Array;
  /** [from location * P + to province]: fleet moves to any location of the province, FAR when unreachable. */
  readonly fleet: Uint8Array;
  /** Per province: 1 when an army may stand there (land or coast). */
  readonly armyCan: Uint8Array;
  /** Per location: 1 when a fleet may stand there (sea, a single-coast province, a coast). */
  readonly fleetCan: Uint8Array;
  /** The supply centres, province ids in map order. */
  readonly centers: Int32Array;
}

const cache = new WeakMap<GameMap, Distances>();

export function distancesOf(map: GameMap): Distances {
  let d = cache.get(map);
  if (d === undefined) {
    d = computeDistances(map);
    cache.set(map, d);
  }
  return d;
}

/** Breadth-first distances from `start` over a CSR graph of `n` nodes, into `out` (FAR where not reached). */
function bfs(
  start: number,
  n: number,
  first: Int32Array,
  adj: Int32Array,
  queue: Int32Array,
  out: Uint8Array,
): void {
  out.fill(FAR);
  out[start] = 0;
  queue[0] = start;
  let head = 0;
  let tail = 1;
  while (head < tail) {
    const at = queue[head++]!;
    const next = out[at]! + 1;
    if (next >= FAR) continue;
    for (let i = first[at]!; i < first[at + 1]!; i++) {
      const to = adj[i]!;
      if (to < n && out[to]! > next) {
        out[to] = next;
        queue[tail++] = to;
      }
    }
  }
}

function computeDistances(map: GameMap): Distances {
  const P = map.provinceCount;
  const L = map.locationCount;
  const army = new Uint8Array(P * P);
  const fleet = new Uint8Array(L * P);
  const queue = new Int32Array(Math.max(P, L) + 1);
  const row = new Uint8Array(Math.max(P, L));
  const armyCan = new Uint8Array(P);
  const fleetCan = new Uint8Array(L);
  for (let p = 0; p < P; p++) {
    const kind = map.provinceKind[p];
    armyCan[p] = kind === 'land' || kind === 'coast' ? 1 : 0;
  }
  for (let l = 0; l < L; l++) {
    const p = map.locationProvince[l]!;
    const kind = map.provinceKind[p];
    const coasts = map.provinceCoasts[p]!.length;
    // A fleet stands on a sea, a coastal province without coasts, or one of the coasts.
    fleetCan[l] = kind === 'sea' || (kind === 'coast' && (l >= P || coasts === 0)) ? 1 : 0;
  }
  for (let p = 0; p < P; p++) {
    if (armyCan[p] === 0) {
      army.fill(FAR, p * P, (p + 1) * P);
      continue;
    }
    bfs(p, P, map.armyStart, map.armyAdj, queue, row);
    for (let q = 0; q < P; q++) army[p * P + q] = armyCan[q] === 1 ? row[q]! : FAR;
  }
  for (let l = 0; l < L; l++) {
    fleet.fill(FAR, l * P, (l + 1) * P);
    if (fleetCan[l] === 0) continue;
    bfs(l, L, map.fleetStart, map.fleetAdj, queue, row);
    for (let m = 0; m < L; m++) {
      if (fleetCan[m] === 0) continue;
      const q = map.locationProvince[m]!;
      if (row[m]! < fleet[l * P + q]!) fleet[l * P + q] = row[m]!;
    }
  }
  const centers: number[] = [];
  for (let p = 0; p < P; p++) if (map.supplyCenter[p] === 1) centers.push(p);
  return { army, fleet, armyCan, fleetCan, centers: Int32Array.from(centers) };
}

/** Moves the unit with key `key` needs to reach province `to` (FAR when it cannot). */
export function unitDistance(map: GameMap, d: Distances, key: number, to: number): number {
  const L = map.locationCount;
  if (key >= L) return d.fleet[(key - L) * map.provinceCount + to]!;
  return d.army[key * map.provinceCount + to]!;
}
