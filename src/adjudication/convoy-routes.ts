/**
 * Convoy routes over the fleets of a board: chains of fleets in sea provinces from an army's province to a coastal
 * destination. Used for legality (DATC 4.E.1: a convoy move is legal only when a route of fleets exists on the
 * board; a convoy order only when its fleet is on a proper route, 6.G.19) and by the PATH decision.
 */
import type { GameMap } from '../map/types.js';
import { fleetAdjacent, fleetCanReach } from '../map/query.js';

/** True when a fleet in sea province `sea` could carry an army to or from province `province`. */
export function seaTouches(map: GameMap, sea: number, province: number): boolean {
  return fleetCanReach(map, sea, province);
}

/**
 * Is there a chain of sea provinces, each accepted by `usable`, from `from` to `to`? Breadth-first over the
 * fleet adjacency of sea provinces. `usable(sea)` says whether a convoying fleet is there.
 */
export function convoyRouteExists(
  map: GameMap,
  from: number,
  to: number,
  usable: (sea: number) => boolean,
): boolean {
  if (map.provinceKind[from] !== 'coast' || map.provinceKind[to] !== 'coast' || from === to) return false;
  const seen = new Uint8Array(map.provinceCount);
  const queue: number[] = [];
  for (let i = map.fleetStart[from]!; i < map.fleetStart[from + 1]!; i++) {
    // A coastal province without coasts is its own location; multi-coast provinces are scanned per coast below.
    pushSea(map.locationProvince[map.fleetAdj[i]!]!);
  }
  for (const coast of map.provinceCoasts[from]!) {
    for (let i = map.fleetStart[coast]!; i < map.fleetStart[coast + 1]!; i++)
      pushSea(map.locationProvince[map.fleetAdj[i]!]!);
  }
  while (queue.length > 0) {
    const sea = queue.shift()!;
    if (seaTouches(map, sea, to)) return true;
    for (let i = map.fleetStart[sea]!; i < map.fleetStart[sea + 1]!; i++)
      pushSea(map.locationProvince[map.fleetAdj[i]!]!);
  }
  return false;

  function pushSea(p: number): void {
    if (seen[p] || map.provinceKind[p] !== 'sea' || !usable(p)) return;
    seen[p] = 1;
    queue.push(p);
  }
}

/**
 * Is the fleet in sea province `fleetSea` part of a proper convoy route from `from` to `to` over the seas accepted
 * by `usable`? A proper route never jumps to a province that an earlier node of the chain already touches, so no
 * fleet on it is superfluous (DATC 4.E.1, test case 6.G.19; 6.F.12 for a fleet on no route at all).
 */
export function onProperRoute(
  map: GameMap,
  fleetSea: number,
  from: number,
  to: number,
  usable: (sea: number) => boolean,
): boolean {
  if (map.provinceKind[from] !== 'coast' || map.provinceKind[to] !== 'coast' || from === to) return false;
  if (map.provinceKind[fleetSea] !== 'sea' || !usable(fleetSea)) return false;
  const chain: number[] = [];
  const inChain = new Uint8Array(map.provinceCount);
  // Depth-first over minimal chains. Chains are short on real maps; the budget keeps hostile maps bounded.
  let budget = 100_000;

  const extend = (): boolean => {
    if (--budget < 0) return false;
    const last = chain[chain.length - 1]!;
    if (seaTouches(map, last, to)) return inChain[fleetSea] === 1;
    for (let i = map.fleetStart[last]!; i < map.fleetStart[last + 1]!; i++) {
      const next = map.locationProvince[map.fleetAdj[i]!]!;
      if (inChain[next] || map.provinceKind[next] !== 'sea' || !usable(next)) continue;
      if (!isMinimalStep(next)) continue;
      chain.push(next);
      inChain[next] = 1;
      const found = extend();
      chain.pop();
      inChain[next] = 0;
      if (found) return true;
    }
    return false;
  };

  // `next` may follow the last node only if no earlier node (the origin included) already touches it.
  const isMinimalStep = (next: number): boolean => {
    if (seaTouches(map, next, from)) return false;
    for (let j = 0; j < chain.length - 1; j++) {
      if (fleetAdjacent(map, chain[j]!, next)) return false;
    }
    return true;
  };

  for (let sea = 0; sea < map.provinceCount; sea++) {
    if (map.provinceKind[sea] !== 'sea' || !usable(sea) || !seaTouches(map, sea, from)) continue;
    chain.push(sea);
    inChain[sea] = 1;
    const found = extend();
    chain.pop();
    inChain[sea] = 0;
    if (found) return true;
  }
  return false;
}
