/**
 * Convoy routes over the fleets of a board: chains of fleets in sea provinces from an army's province to a coastal
 * destination. Used for legality (DATC 4.E.1: a convoy move is legal only when a route of fleets exists on the
 * board; a convoy order only when its fleet is on a proper route, 6.G.19) and by the PATH decision.
 *
 * "Sea" here is every province where a fleet can convoy (`map.convoyCapable`): the seas and the convoyable coastal
 * provinces (Baleares, Gibraltar). A convoyable province is also a coast an army may be convoyed from or to; it is
 * never a node of a route that starts or ends in it (a fleet there cannot carry an army into its own province, and
 * no fleet stands where the army stands).
 */
import type { GameMap } from '../map/types.js';
import { fleetAdjacent, fleetCanReach } from '../map/query.js';

/** True when a fleet in sea province `sea` could carry an army to or from province `province`. */
export function seaTouches(map: GameMap, sea: number, province: number): boolean {
  return fleetCanReach(map, sea, province);
}

/**
 * Scratch for the searches below, one per map (the last map's kept at hand): marks stamped with a search number, so
 * nothing needs clearing, a queue, and the chain and neighbour positions of the depth-first search. The searches
 * call `usable`, which never searches again, so one set per map is enough.
 */
interface SeaSearch {
  readonly map: GameMap;
  readonly mark: Uint8Array;
  stamp: number;
  readonly queue: Int32Array;
  /** End of the queue. */
  tail: number;
  /** Steps left to the depth-first search of `onProperRoute`. */
  budget: number;
  readonly chain: Int32Array;
  readonly next: Int32Array;
  readonly inChain: Uint8Array;
}

const searches = new WeakMap<GameMap, SeaSearch>();

function seaSearch(map: GameMap): SeaSearch {
  let s = searches.get(map);
  // `true` survives (docs/verification.md): a new search for every call starts from cleared marks and sets its
  // stamp, queue and budget as a kept one does; it only allocates more.
  if (s === undefined) {
    const p = map.provinceCount;
    s = {
      map,
      mark: new Uint8Array(p),
      stamp: 0,
      queue: new Int32Array(p),
      tail: 0,
      budget: 0,
      // A chain holds distinct seas, never its two coastal ends: fewer than p.
      chain: new Int32Array(p),
      next: new Int32Array(p),
      inChain: new Uint8Array(p),
    };
    searches.set(map, s);
  }
  return s;
}

/**
 * A new search number: marks equal to it are this search's. Marks keep a sea from being queued twice (a search
 * that queued seas again could overflow its queue before reaching a far sea: test/adjudication-input.test.ts, the
 * 4 by 4 grid). One byte a mark: every 255 searches the marks are cleared (a search with cleared marks answers the
 * same, so `true` for the test survives: docs/verification.md).
 */
function newStamp(s: SeaSearch): number {
  // Stryker disable next-line EqualityOperator: `!==` clears the marks for every search but one in 255, and a search with cleared marks answers the same.
  if (s.stamp === 255) {
    s.mark.fill(0);
    s.stamp = 0;
  }
  return ++s.stamp;
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
  // `from` is an army's province, never a sea; an inland one has no fleet neighbours, so the search finds no sea.
  if (map.provinceKind[to] !== 'coast' || from === to) return false;
  const s = seaSearch(map);
  const stamp = newStamp(s);
  s.tail = 0;
  // The ends are never nodes of the route (they matter only when convoyable): marked as seen.
  s.mark[from] = stamp;
  s.mark[to] = stamp;
  // A coastal province without coasts is its own location; multi-coast provinces are scanned per coast too.
  pushSeasNextTo(s, from, stamp, usable);
  const coasts = map.provinceCoasts[from]!;
  for (const coast of coasts) pushSeasNextTo(s, coast, stamp, usable);
  for (let head = 0; head < s.tail; head++) {
    const sea = s.queue[head]!;
    if (seaTouches(map, sea, to)) return true;
    pushSeasNextTo(s, sea, stamp, usable);
  }
  return false;
}

/**
 * Queues the usable sea provinces next to `location` not yet marked in this search. (A module function, not a
 * closure in the search: a closure would be allocated on every call.)
 */
function pushSeasNextTo(
  s: SeaSearch,
  location: number,
  stamp: number,
  usable: (sea: number) => boolean,
): void {
  const map = s.map;
  for (let i = map.fleetStart[location]!; i < map.fleetStart[location + 1]!; i++) {
    const p = map.locationProvince[map.fleetAdj[i]!]!;
    if (s.mark[p] === stamp || map.convoyCapable[p] !== 1 || !usable(p)) continue;
    s.mark[p] = stamp;
    s.queue[s.tail++] = p;
  }
}

/**
 * Is the fleet in sea province `fleetSea` part of a proper convoy route from `from` to `to` over the seas accepted
 * by `usable`? A proper route never jumps to a province that an earlier node of the chain already touches, so no
 * fleet on it is superfluous (DATC 4.E.1, test case 6.G.19; 6.F.12 for a fleet on no route at all).
 *
 * Depth-first over minimal chains, with an explicit stack (a chain can be long on a generated map). Chains are
 * short on real maps; the budget (100,000 steps) keeps hostile maps bounded. Past it the answer is "no": a fleet
 * whose every proper route lies beyond the budget counts as on none and its convoy is illegal. That is the bound's
 * answer, not the rule's; it takes a map such as a 9 by 9 grid of occupied seas (test/adjudication-input.test.ts).
 */
export function onProperRoute(
  map: GameMap,
  fleetSea: number,
  from: number,
  to: number,
  usable: (sea: number) => boolean,
): boolean {
  // As above. (The chains below never hold an unusable or non-convoy sea, nor `to` or `from`, so a fleet there is on
  // none of them: it needs no test here.)
  if (map.provinceKind[to] !== 'coast' || from === to) return false;
  const s = seaSearch(map);
  // The seas that touch the origin, collected in the queue, marked with a new stamp against doubles, in the map's
  // order of neighbours. (The order is not sorted: it changes only which chains are tried first, which matters
  // only to a search that runs out of budget, whose "no" is a bound's answer on a hostile map, not the rule's.)
  // The ends are never nodes (`to` is skipped by the search of chains too).
  const stamp = newStamp(s);
  s.tail = 0;
  s.mark[from] = stamp;
  s.mark[to] = stamp;
  pushSeasNextTo(s, from, stamp, anySea);
  const coasts = map.provinceCoasts[from]!;
  for (const coast of coasts) pushSeasNextTo(s, coast, stamp, anySea);
  const starts = s.queue;
  const count = s.tail;
  s.budget = 100_000;
  for (let i = 0; i < count; i++) {
    const sea = starts[i]!;
    if (!usable(sea)) continue;
    s.chain[0] = sea;
    s.inChain[sea] = 1;
    if (searchChains(s, fleetSea, from, to, usable)) return true;
  }
  return false;
}

const anySea = (): boolean => true;

/** Clears the marks of chain[0 .. depth]. */
function leaveChain(s: SeaSearch, depth: number): void {
  for (let j = 0; j <= depth; j++) s.inChain[s.chain[j]!] = 0;
}

/** `sea` may follow the last node (chain[depth]) only if no earlier node (the origin included) already touches it. */
function isMinimalStep(s: SeaSearch, sea: number, depth: number, from: number): boolean {
  if (seaTouches(s.map, sea, from)) return false;
  for (let j = 0; j < depth; j++) if (fleetAdjacent(s.map, s.chain[j]!, sea)) return false;
  return true;
}

/**
 * The recursion "extend the chain from its last node, each minimal step in turn", with the chain as the stack:
 * true when a chain reaches `to` with the fleet on it; false when none does or the budget runs out. chain[0] is set
 * and marked on entry; every mark is cleared on return.
 */
function searchChains(
  s: SeaSearch,
  fleetSea: number,
  from: number,
  to: number,
  usable: (sea: number) => boolean,
): boolean {
  const { map, chain, next, inChain } = s;
  let depth = 0;
  // Each pass enters the node just pushed on the chain (chain[depth]).
  for (;;) {
    // A spent budget stays at 0, so the searches from the other starting seas stop at once too. (Tested for 0, not
    // below it: no boundary to move by one step.)
    if (s.budget === 0) {
      leaveChain(s, depth);
      return false;
    }
    s.budget--;
    const last = chain[depth]!;
    // A chain ends at its first sea that touches the destination: back up to try the node before it.
    if (seaTouches(map, last, to)) {
      if (inChain[fleetSea]) {
        leaveChain(s, depth);
        return true;
      }
      inChain[last] = 0;
      depth--;
    } else {
      next[depth] = map.fleetStart[last]!;
    }
    depth = extendChain(s, depth, from, usable);
    if (depth === -1) return false;
  }
}

/**
 * Pushes the next minimal step after chain[depth] (its next neighbour not yet tried), backing up the chain while a
 * node has none left; the depth of the node pushed, or -1 when the chain is used up. (Not a labelled loop in
 * `searchChains`: StrykerJS instruments a `continue label` into code that does not parse.)
 */
function extendChain(s: SeaSearch, depth: number, from: number, usable: (sea: number) => boolean): number {
  const { map, chain, next, inChain } = s;
  while (depth >= 0) {
    const top = chain[depth]!;
    const i = next[depth]!;
    if (i >= map.fleetStart[top + 1]!) {
      inChain[top] = 0;
      depth--;
      continue;
    }
    next[depth] = i + 1;
    const sea = map.locationProvince[map.fleetAdj[i]!]!;
    // (`to` is never met here: a node next to it ends its chain in searchChains and is never extended.)
    if (
      inChain[sea] ||
      map.convoyCapable[sea] !== 1 ||
      sea === from ||
      !usable(sea) ||
      !isMinimalStep(s, sea, depth, from)
    )
      continue;
    chain[++depth] = sea;
    inChain[sea] = 1;
    return depth;
  }
  return -1;
}
