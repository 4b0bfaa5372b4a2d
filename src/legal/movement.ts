/**
 * The movement listing of enumerate.ts: the board loaded into scratch columns (from `Unit`s or from (power, unit
 * key) pairs), then every legal order of every unit written as code rows, sorted by unit then text without sorting
 * (see the header of enumerate.ts for what is listed, and listLoadedMovement for how).
 */
import { compileBoard, type Board } from '../adjudication/board.js';
import type { Issue } from '../issues.js';
import { CONVOY, HOLD, MOVE, MOVE_VIA, SUPPORT_HOLD, SUPPORT_MOVE } from '../orders/codes.js';
import type { Unit } from '../position/types.js';
import { pushOrderCode, type OrderCodeList } from './code-list.js';
import { supportPairs } from './support-pairs.js';
import { ARMY, bitWords, FLEET, scratchFor, type LegalTables, type Scratch } from './tables.js';

// ---------------------------------------------------------------------------------------------------------------
// The board, in scratch columns

/**
 * Fills the scratch columns with the units, as `compileBoard` would. Canonical codes and power names take a fast
 * path; anything else (other spellings, or a position `compileBoard` rejects) goes through `compileBoard` itself,
 * whose issues are returned.
 */
function loadBoard(t: LegalTables, s: Scratch, units: readonly Unit[]): Issue[] | undefined {
  const map = t.map;
  const n = units.length;
  s.unitAt.fill(-1);
  let fast = true;
  // Units usually come grouped by power: the previous unit's power name is compared first (one pointer compare
  // when the position shares its strings), before the map lookup.
  let lastName = '';
  let lastPower: number | undefined = -1;
  for (let u = 0; u < n && fast; u++) {
    const unit = units[u]!;
    const power: number | undefined = unit.power === lastName ? lastPower : t.powerByName.get(unit.power);
    lastName = unit.power;
    lastPower = power;
    const location = t.locationByCode.get(unit.location);
    if (power === undefined || location === undefined) {
      fast = false;
      break;
    }
    const province = map.locationProvince[location]!;
    if (s.unitAt[province]! >= 0) fast = false;
    else if (unit.type === 'A') {
      if (t.isSea[province]) fast = false;
      s.unitType[u] = ARMY;
      s.unitLocation[u] = province;
    } else if (unit.type === 'F') {
      if (t.isLand[province] || (location === province && map.provinceCoasts[province]!.length > 0))
        fast = false;
      s.unitType[u] = FLEET;
      s.unitLocation[u] = location;
    } else fast = false;
    s.unitAt[province] = u;
    s.unitProvince[u] = province;
    s.unitPower[u] = power;
  }
  if (fast) return undefined;
  const compiled = compileBoard(map, units);
  if (compiled.value === undefined) return compiled.issues;
  copyBoard(s, compiled.value);
  return undefined;
}

/** Fills the scratch columns with n units given as (power, unit key) pairs, which must be a possible position. */
export function loadCodedUnits(t: LegalTables, s: Scratch, units: Int32Array, n: number): void {
  const L = t.L;
  const locationProvince = t.map.locationProvince;
  s.unitAt.fill(-1);
  for (let u = 0; u < n; u++) {
    const key = units[u * 2 + 1]!;
    const fleet = key >= L;
    const location = fleet ? key - L : key;
    const province = locationProvince[location]!;
    s.unitAt[province] = u;
    s.unitProvince[u] = province;
    s.unitLocation[u] = location;
    s.unitType[u] = fleet ? FLEET : ARMY;
    s.unitPower[u] = units[u * 2]!;
  }
}

function copyBoard(s: Scratch, board: Board): void {
  s.unitAt.set(board.unitAt);
  s.unitProvince.set(board.unitProvince);
  s.unitLocation.set(board.unitLocation);
  s.unitType.set(board.unitType);
  s.unitPower.set(board.unitPower);
}

/**
 * Units in output order: by unit text, that is by type (A before F), then by location code. The sort key (type * L
 * + rank of the location code) is unique per unit, so the units are placed by key in a bit set and read back in
 * key order: no comparisons.
 */
function sortUnits(t: LegalTables, s: Scratch, n: number): void {
  const byKey = s.unitByKey;
  const keyBits = s.keyBits;
  keyBits.fill(0);
  for (let u = 0; u < n; u++) {
    const key = s.unitType[u]! * t.L + t.rank[s.unitLocation[u]!]!;
    byKey[key] = u;
    keyBits[key >>> 5]! |= 1 << (key & 31);
  }
  let i = 0;
  for (let w = 0; w < keyBits.length; w++) {
    let bits = keyBits[w]!;
    while (bits !== 0) {
      const low = bits & -bits;
      bits ^= low;
      s.order[i++] = byKey[(w << 5) + 31 - Math.clz32(low)]!;
    }
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Movement

/** Is bit `r` (a province's rank) set in the bit set at `base`? */
function hasBit(bits: Uint32Array, base: number, r: number): boolean {
  return (bits[base + (r >>> 5)]! & (1 << (r & 31))) !== 0;
}

function setBit(bits: Uint32Array, base: number, r: number): void {
  bits[base + (r >>> 5)]! |= 1 << (r & 31);
}

/**
 * `convoyRouteExists` for every destination at once: a breadth-first search over the sea provinces holding a fleet
 * (`except` left out), from the seas next to `from`. Sets the bits of the coastal destinations in `dest` at
 * `destBase` and of the visited seas in `seas` at `seasBase` (when `seas` is given). The bits must be clear.
 * ("Seas" are the provinces where a fleet can convoy, convoyable coasts included: see `checkEnds`.)
 */
function convoySearch(
  t: LegalTables,
  s: Scratch,
  from: number,
  except: number,
  dest: Uint32Array,
  destBase: number,
  seas: Uint32Array | undefined,
  seasBase: number,
  checkEnds = true,
): void {
  const W = bitWords(t);
  const queue = s.queue;
  const seen = s.seen;
  const fleetSeas = s.fleetSeas;
  let tail = 0;
  const exceptRank = except >= 0 ? t.prank[except]! : -1;
  for (let w = 0; w < W; w++) {
    let bits = t.startSeaBits[from * W + w]! & fleetSeas[w]!;
    if (exceptRank >>> 5 === w) bits &= ~(1 << (exceptRank & 31));
    seen[w] = bits;
    while (bits !== 0) {
      const low = bits & -bits;
      bits ^= low;
      queue[tail++] = t.provincesByRank[(w << 5) + 31 - Math.clz32(low)]!;
    }
  }
  for (let head = 0; head < tail; head++) {
    const sea = queue[head]!;
    for (let w = 0; w < W; w++) {
      dest[destBase + w]! |= t.seaCoastBits[sea * W + w]!;
      let bits = t.seaSeaBits[sea * W + w]! & fleetSeas[w]! & ~seen[w]!;
      if (exceptRank >>> 5 === w) bits &= ~(1 << (exceptRank & 31));
      seen[w]! |= bits;
      while (bits !== 0) {
        const low = bits & -bits;
        bits ^= low;
        queue[tail++] = t.provincesByRank[(w << 5) + 31 - Math.clz32(low)]!;
      }
    }
  }
  const r = t.prank[from]!;
  dest[destBase + (r >>> 5)]! &= ~(1 << (r & 31));
  if (seas !== undefined) for (let w = 0; w < W; w++) seas[seasBase + w] = seen[w]!;
  if (checkEnds && t.convoyableCoasts.length > 0) dropRoutesThroughEnd(t, s, from, except, dest, destBase);
}

/**
 * A route never passes through its own destination: a convoyable coast that the search reached with its fleet
 * as a node is a destination only if a search without that fleet reaches it too (rare: only where a fleet
 * stands in a convoyable coast).
 */
function dropRoutesThroughEnd(
  t: LegalTables,
  s: Scratch,
  from: number,
  except: number,
  dest: Uint32Array,
  destBase: number,
): void {
  const used: number[] = [];
  for (const c of t.convoyableCoasts) {
    const r = t.prank[c]!;
    if (c !== except && hasBit(s.seen, 0, r) && hasBit(dest, destBase, r)) used.push(c);
  }
  for (const c of used) {
    // The same search with the fleet in `c` taken off the board for a moment (`except` stays left out).
    const r = t.prank[c]!;
    const bit = 1 << (r & 31);
    s.withoutEnd.fill(0);
    s.fleetSeas[r >>> 5]! &= ~bit;
    convoySearch(t, s, from, except, s.withoutEnd, 0, undefined, 0, false);
    s.fleetSeas[r >>> 5]! |= bit;
    if (!hasBit(s.withoutEnd, 0, r)) dest[destBase + (r >>> 5)]! &= ~bit;
  }
}

/**
 * `onProperRoute` for every fleet and destination at once, for the army in coastal province `from`: a depth-first
 * search over the proper chains (DATC 4.E.1, 6.G.19) of sea provinces holding a fleet. A chain starts at a sea that
 * touches `from`; each next sea touches neither `from` nor any node before the last one. A chain is a proper route
 * to each coastal province its last sea touches and no earlier sea does; every fleet on it gets that destination
 * in `convoyOrder`.
 */
function properChains(t: LegalTables, s: Scratch, from: number, armySlot: number, armies: number): void {
  const W = bitWords(t);
  for (let i = t.touchingSeaStart[from]!; i < t.touchingSeaStart[from + 1]!; i++) {
    const sea = t.touchingSea[i]!;
    if (s.seaFleet[sea]! < 0) continue;
    extendChain(t, s, from, sea, 0, armySlot, armies, W);
  }
}

function extendChain(
  t: LegalTables,
  s: Scratch,
  from: number,
  sea: number,
  depth: number,
  armySlot: number,
  armies: number,
  W: number,
): void {
  const P = t.P;
  const chain = s.chain;
  const touched = s.touched;
  chain[depth] = sea;
  s.inChain[sea] = 1;
  const c0 = t.seaCoastStart[sea]!;
  const c1 = t.seaCoastStart[sea + 1]!;
  for (let i = c0; i < c1; i++) touched[t.seaCoast[i]!]!++;
  // Destinations this chain is a proper route to.
  for (let i = c0; i < c1; i++) {
    const q = t.seaCoast[i]!;
    // (Never into a convoyable coast whose fleet is on the chain: a route does not pass through its end.)
    if (touched[q] !== 1 || q === from || s.inChain[q]) continue;
    const r = t.prank[q]!;
    for (let j = 0; j <= depth; j++) {
      const slot = s.fleetSlot[s.seaFleet[chain[j]!]!]!;
      setBit(s.convoyOrder, (slot * armies + armySlot) * W, r);
    }
  }
  for (let i = t.seaSeaStart[sea]!; i < t.seaSeaStart[sea + 1]!; i++) {
    const next = t.seaSea[i]!;
    if (s.seaFleet[next]! < 0 || s.inChain[next] || t.fleetReachM[next * P + from]) continue;
    let minimal = true;
    for (let j = 0; j < depth; j++) {
      if (t.fleetAdjM[chain[j]! * t.L + next]) {
        minimal = false;
        break;
      }
    }
    if (minimal) extendChain(t, s, from, next, depth + 1, armySlot, armies, W);
  }
  for (let i = c0; i < c1; i++) touched[t.seaCoast[i]!]!--;
  s.inChain[sea] = 0;
}

export function listMovement(
  t: LegalTables,
  units: readonly Unit[],
  powerFilter: number,
  provinceFilter: number,
  out: OrderCodeList,
): Issue[] | undefined {
  const s = scratchFor(t, units.length);
  const bad = loadBoard(t, s, units);
  if (bad !== undefined) return bad;
  listLoadedMovement(t, s, units.length, powerFilter, provinceFilter, out);
  return undefined;
}

/**
 * The movement orders of the n units in the scratch columns; with FIRST_SUPPORT only the first support of each
 * unit (a caller that needs all the supports of a few units lists them afterwards with `listUnitSupports`).
 */
export function listLoadedMovement(
  t: LegalTables,
  s: Scratch,
  n: number,
  powerFilter: number,
  provinceFilter: number,
  out: OrderCodeList,
  supports = ALL_SUPPORTS,
): void {
  const P = t.P;
  const L = t.L;
  const W = bitWords(t);
  const unitType = s.unitType;
  const unitProvince = s.unitProvince;
  const unitLocation = s.unitLocation;
  // Tables used in the inner loops, in locals.
  const { reachBits, provincesByRank, prank, armyAdjBits } = t;
  sortUnits(t, s, n);

  // Fleets at sea (or in convoyable coasts), and the convoy searches of the coastal armies.
  s.seaFleet.fill(-1);
  s.fleetSeas.fill(0);
  let fleets = 0;
  let armies = 0;
  for (let u = 0; u < n; u++) {
    s.fleetSlot[u] = -1;
    s.armySlot[u] = -1;
    if (unitType[u] === FLEET && t.convoyCapable[unitProvince[u]!]) {
      s.seaFleet[unitProvince[u]!] = u;
      setBit(s.fleetSeas, 0, prank[unitProvince[u]!]!);
      s.fleetSlot[u] = fleets++;
    }
  }
  const convoyDest = s.convoyDest;
  const convoySeas = s.convoySeas;
  convoyDest.fill(0, 0, n * W);
  convoySeas.fill(0, 0, n * W);
  // A map without convoys (Pure) lists no convoy and no move by convoy.
  if (fleets > 0 && t.map.rules.convoys) {
    for (let u = 0; u < n; u++) {
      if (unitType[u] !== ARMY || !t.isCoast[unitProvince[u]!]) continue;
      convoySearch(t, s, unitProvince[u]!, -1, convoyDest, u * W, convoySeas, u * W);
      let any = 0;
      for (let w = 0; w < W; w++) any |= convoyDest[u * W + w]!;
      if (any !== 0) s.armySlot[u] = armies++;
    }
  }
  // Convoy orders, when a fleet at sea is listed.
  let convoysWanted = false;
  for (let u = 0; u < n && !convoysWanted; u++) {
    if (s.fleetSlot[u]! >= 0 && wanted(t, s, u, powerFilter, provinceFilter)) convoysWanted = true;
  }
  if (convoysWanted && armies > 0) {
    s.convoyOrder.fill(0, 0, fleets * armies * W);
    for (let u = 0; u < n; u++)
      if (s.armySlot[u]! >= 0) properChains(t, s, unitProvince[u]!, s.armySlot[u]!, armies);
  }

  const order = s.order;
  // The armies that have moves by convoy, in output order: the armies a fleet at sea may convoy.
  let convoyArmies = 0;
  for (let j = 0; j < n && armies > 0 && unitType[order[j]!] === ARMY; j++)
    if (s.armySlot[order[j]!]! >= 0) s.convoyArmies[convoyArmies++] = order[j]!;

  // Which units a unit may support: `movers` has, per province, a bit set over the output positions (index into
  // `order`) of the units that stand there or can move there. A unit supports only units among the movers of the
  // provinces it can reach ("near" units below), about 5 of 30 in a midgame: testing every pair instead took most
  // of the time of the listing.
  const VW = (n + 31) >>> 5;
  const movers = s.movers;
  const { reachStart, reach } = t;
  movers.fill(0, 0, P * VW);
  for (let i = 0; i < n; i++) {
    const v = order[i]!;
    const word = i >>> 5;
    const bit = 1 << (i & 31);
    movers[unitProvince[v]! * VW + word]! |= bit;
    // Where it moves over land or by sea: the provinces it reaches (the map's list per unit key) ...
    const key = unitType[v]! * L + unitLocation[v]!;
    for (let k = reachStart[key]!; k < reachStart[key + 1]!; k++) movers[reach[k]! * VW + word]! |= bit;
    if (s.armySlot[v]! < 0) continue;
    // ... and, for an army, by convoy.
    for (let w = 0; w < W; w++) {
      let bits = convoyDest[v * W + w]! & ~reachBits[key * W + w]!;
      while (bits !== 0) {
        const low = bits & -bits;
        bits ^= low;
        movers[provincesByRank[(w << 5) + 31 - Math.clz32(low)]! * VW + word]! |= bit;
      }
    }
  }

  for (let i = 0; i < n; i++) {
    const u = order[i]!;
    if (!wanted(t, s, u, powerFilter, provinceFilter)) continue;
    const p = s.unitPower[u]!;
    const type = unitType[u]!;
    const here = unitProvince[u]!;
    const loc = unitLocation[u]!;
    const key = type * L + loc;

    // Moves.
    if (type === ARMY) {
      if (s.armySlot[u]! < 0) {
        // No move by convoy: the provinces it reaches (its land neighbours, by code) are its moves.
        for (let k = reachStart[key]!; k < reachStart[key + 1]!; k++)
          pushOrderCode(out, p, MOVE, key, -1, reach[k]!);
      } else {
        // Land neighbours and convoy destinations, in code order.
        for (let w = 0; w < W; w++) {
          const land = armyAdjBits[here * W + w]!;
          const sea = convoyDest[u * W + w]!;
          let bits = land | sea;
          while (bits !== 0) {
            const low = bits & -bits;
            bits ^= low;
            const q = provincesByRank[(w << 5) + 31 - Math.clz32(low)]!;
            pushOrderCode(out, p, MOVE, key, -1, q);
            if ((land & low) !== 0 && (sea & low) !== 0) pushOrderCode(out, p, MOVE_VIA, key, -1, q);
          }
        }
      }
    } else {
      for (let k = t.fleetMoveStart[loc]!; k < t.fleetMoveStart[loc + 1]!; k++)
        pushOrderCode(out, p, MOVE, key, -1, t.fleetMove[k]!);
      // Convoys: by army, then destination.
      const slot = s.fleetSlot[u]!;
      if (slot >= 0) {
        for (let j = 0; j < convoyArmies; j++) {
          const a = s.convoyArmies[j]!;
          const aSlot = s.armySlot[a]!;
          const base = (slot * armies + aSlot) * W;
          const aKey = unitLocation[a]!;
          for (let w = 0; w < W; w++) {
            let bits = s.convoyOrder[base + w]!;
            while (bits !== 0) {
              const low = bits & -bits;
              bits ^= low;
              const q = provincesByRank[(w << 5) + 31 - Math.clz32(low)]!;
              pushOrderCode(out, p, CONVOY, key, aKey, q);
            }
          }
        }
      }
    }

    // Hold.
    pushOrderCode(out, p, HOLD, key, -1, -1);

    // Supports.
    listSupports(t, s, u, n, supports, out);
  }
}

/** How many supports `listLoadedMovement` writes per unit: all of them, or only the first (to tell if it has any). */
export const ALL_SUPPORTS = 0;
export const FIRST_SUPPORT = 1;

const NO_PAIRS = new Int32Array(0);

/**
 * The supports of unit u (a scratch index) among the n units loaded and prepared by `listLoadedMovement` (its
 * scratch columns untouched since): all of them, or with FIRST_SUPPORT only the first. By supported unit, its hold
 * first, then its moves by destination: into the provinces both this unit can reach and the supported unit can
 * move to (6.A.10, 6.D.34: never into this unit's own province). Most pairs are copied from the map's table of
 * supports per pair of unit keys (support-pairs.ts); a pair where the supported army has moves by convoy into
 * provinces this unit reaches is worked out from the bit sets (`pairSupportsByBits`).
 */
function listSupports(
  t: LegalTables,
  s: Scratch,
  u: number,
  n: number,
  supports: number,
  out: OrderCodeList,
): void {
  const L = t.L;
  const W = bitWords(t);
  const VW = (n + 31) >>> 5;
  const { unitType, unitLocation, order, movers, convoyDest, armySlot } = s;
  const { reachBits, reachStart, reach, armyAdjBits } = t;
  const pairs = supportPairs(t);
  const pairK = pairs === null ? 0 : pairs.K;
  const pairStart = pairs === null ? NO_PAIRS : pairs.start;
  const pairTo = pairs === null ? NO_PAIRS : pairs.to;
  const p = s.unitPower[u]!;
  const key = unitType[u]! * L + unitLocation[u]!;
  const reachBase = key * W;
  // The near units in output order, 32 output positions (one word of `movers`) at a time.
  for (let nw = 0; nw < VW; nw++) {
    let nearBits = 0;
    for (let k = reachStart[key]!; k < reachStart[key + 1]!; k++) nearBits |= movers[reach[k]! * VW + nw]!;
    while (nearBits !== 0) {
      const nearLow = nearBits & -nearBits;
      nearBits ^= nearLow;
      const v = order[(nw << 5) + 31 - Math.clz32(nearLow)]!;
      if (v === u) continue;
      // An army with moves by convoy (armySlot) into provinces this unit reaches: the long way.
      let byConvoy = pairs === null;
      if (!byConvoy && armySlot[v]! >= 0) {
        const there = s.unitProvince[v]!;
        for (let w = 0; w < W && !byConvoy; w++)
          byConvoy =
            (reachBits[reachBase + w]! & convoyDest[v * W + w]! & ~armyAdjBits[there * W + w]!) !== 0;
      }
      if (byConvoy) {
        if (pairSupportsByBits(t, s, u, v, supports, out) && supports === FIRST_SUPPORT) return;
        continue;
      }
      const vKey = unitType[v]! * L + unitLocation[v]!;
      const pair = key * pairK + vKey;
      const first = pairStart[pair]!;
      const last = pairStart[pair + 1]!;
      for (let i = first; i < last; i++) {
        const to = pairTo[i]!;
        pushOrderCode(out, p, to < 0 ? SUPPORT_HOLD : SUPPORT_MOVE, key, vKey, to);
        if (supports === FIRST_SUPPORT) return;
      }
    }
  }
}

/**
 * The supports unit u gives unit v, from the bit sets of where they reach and move: for a pair the table of
 * support-pairs.ts does not cover (an army's moves by convoy). True when it wrote any (with FIRST_SUPPORT, only
 * the first).
 */
function pairSupportsByBits(
  t: LegalTables,
  s: Scratch,
  u: number,
  v: number,
  supports: number,
  out: OrderCodeList,
): boolean {
  const map = t.map;
  const L = t.L;
  const W = bitWords(t);
  const { unitType, unitProvince, unitLocation, except, convoyDest, convoySeas } = s;
  const { reachBits, provincesByRank, prank, armyAdjBits, fleetAdjM, multiCoast } = t;
  const p = s.unitPower[u]!;
  const here = unitProvince[u]!;
  const key = unitType[u]! * L + unitLocation[u]!;
  const reachBase = key * W;
  const atSea = unitType[u] === FLEET && t.convoyCapable[here] === 1;
  const there = unitProvince[v]!;
  const vType = unitType[v]!;
  const vLoc = unitLocation[v]!;
  const vKey = vType * L + vLoc;
  let wrote = false;
  if (hasBit(reachBits, reachBase, prank[there]!)) {
    pushOrderCode(out, p, SUPPORT_HOLD, key, vKey, -1);
    if (supports === FIRST_SUPPORT) return true;
    wrote = true;
  }
  // Moves into the provinces both units reach. An army's move by convoy is supportable only if the army has a
  // route without this unit (6.D.31): when this fleet is on one of its routes, destinations that are not adjacent
  // by land are checked against a search with this fleet left out.
  const vAtSeaRoute = vType === ARMY && atSea && hasBit(convoySeas, v * W, prank[here]!);
  let exceptDone = false;
  for (let w = 0; w < W; w++) {
    const reachWord = reachBits[reachBase + w]!;
    if (reachWord === 0) continue; // a unit reaches only provinces near it: often one or two words of W
    // Where v moves: the provinces its key reaches, and an army's destinations by convoy.
    const moves = reachBits[vKey * W + w]! | (vType === ARMY ? convoyDest[v * W + w]! : 0);
    let bits = reachWord & moves;
    if (vAtSeaRoute && (bits & ~armyAdjBits[there * W + w]!) !== 0) {
      if (!exceptDone) {
        except.fill(0);
        convoySearch(t, s, there, here, except, 0, undefined, 0);
        exceptDone = true;
      }
      bits &= armyAdjBits[there * W + w]! | except[w]!;
    }
    while (bits !== 0) {
      const low = bits & -bits;
      bits ^= low;
      const q = provincesByRank[(w << 5) + 31 - Math.clz32(low)]!;
      if (vType === FLEET && multiCoast[q]) {
        // A fleet's move names the coast: one support per coast it can move to.
        for (const c of map.provinceCoasts[q]!) {
          if (fleetAdjM[vLoc * L + c]) {
            pushOrderCode(out, p, SUPPORT_MOVE, key, vKey, c);
            if (supports === FIRST_SUPPORT) return true;
            wrote = true;
          }
        }
      } else {
        // A fleet that reaches a province without coasts is adjacent to it; an army's moves are all here.
        pushOrderCode(out, p, SUPPORT_MOVE, key, vKey, q);
        if (supports === FIRST_SUPPORT) return true;
        wrote = true;
      }
    }
  }
  return wrote;
}

/**
 * Appends every support of the unit with unit key `key` (type * L + location) to `out`, as `listLoadedMovement`
 * lists them; valid only right after `listLoadedMovement` on the same scratch (nothing listed in between).
 */
export function listUnitSupports(
  t: LegalTables,
  s: Scratch,
  n: number,
  key: number,
  out: OrderCodeList,
): void {
  for (let u = 0; u < n; u++)
    if (s.unitType[u]! * t.L + s.unitLocation[u]! === key) return listSupports(t, s, u, n, ALL_SUPPORTS, out);
}

/** Whether unit u's orders are listed: of the power asked for (-1: any), in the province; never a neutral unit's. */
function wanted(t: LegalTables, s: Scratch, u: number, powerFilter: number, provinceFilter: number): boolean {
  return (
    (powerFilter < 0 || s.unitPower[u] === powerFilter) &&
    s.unitPower[u] !== t.map.neutralPower &&
    (provinceFilter < 0 || s.unitProvince[u] === provinceFilter)
  );
}
