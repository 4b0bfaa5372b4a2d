/**
 * Per-map data for listing legal orders, computed once per compiled map and kept in a WeakMap: adjacency as
 * matrices (one byte per pair, so a test is one load), neighbour lists sorted in the order of their codes (so the
 * orders come out sorted without sorting them), the unit texts and the frozen unit references that every listed
 * order shares, and scratch buffers that each call reuses.
 *
 * Every table is derived from the compiled map exactly as the functions of map/query.ts define adjacency, so a test
 * here answers what `armyAdjacent`, `fleetAdjacent` and `fleetCanReach` answer.
 */
import type { GameMap, UnitType } from '../map/types.js';
import { NEUTRAL } from '../map/neutral.js';
import type { UnitRef } from '../orders/types.js';
import type { SupportPairs } from './support-pairs.js';

export const ARMY = 0;
export const FLEET = 1;

export interface LegalTables {
  readonly map: GameMap;
  /** Provinces. */
  readonly P: number;
  /** Locations. */
  readonly L: number;
  /** 1 for a sea province. */
  readonly isSea: Uint8Array;
  /**
   * 1 where a fleet can convoy (`map.convoyCapable`: a sea or a convoyable coast). The convoy tables below call
   * such a province a "sea".
   */
  readonly convoyCapable: Uint8Array;
  /** The convoyable coastal provinces (empty on most maps). */
  readonly convoyableCoasts: Int32Array;
  /** 1 for a coastal province. */
  readonly isCoast: Uint8Array;
  /** 1 for an inland province. */
  readonly isLand: Uint8Array;
  /** 1 for a province with coasts (Spain, St Petersburg, Bulgaria on the standard map). */
  readonly multiCoast: Uint8Array;
  /** Rank of each location code in ordinal (code unit) order of the codes. */
  readonly rank: Int32Array;
  /** armyAdj[p * P + q] = armyAdjacent(map, p, q). */
  readonly armyAdjM: Uint8Array;
  /** fleetAdjM[a * L + b] = fleetAdjacent(map, a, b). */
  readonly fleetAdjM: Uint8Array;
  /** fleetReachM[loc * P + q] = fleetCanReach(map, loc, q); for a sea province s, seaTouches(map, s, q). */
  readonly fleetReachM: Uint8Array;
  /** Army neighbours of each province, sorted by code (CSR). */
  readonly armyStart: Int32Array;
  readonly armyAdj: Int32Array;
  /** Fleet neighbours (locations) of each location, sorted by code (CSR). */
  readonly fleetStart: Int32Array;
  readonly fleetAdj: Int32Array;
  /**
   * The legal moves of a fleet at each location, sorted by code (CSR): its neighbours but those in its own or an
   * inland province, and a province with coasts named without its coast.
   */
  readonly fleetMoveStart: Int32Array;
  readonly fleetMove: Int32Array;
  /**
   * Sea provinces next to a province, as `convoyRouteExists` starts its search: the sea provinces among the fleet
   * neighbours of the province's location and of each of its coasts (CSR, may repeat).
   */
  readonly startSeaStart: Int32Array;
  readonly startSea: Int32Array;
  /** Sea provinces that touch a province (`seaTouches(map, sea, p)`), as `onProperRoute` starts (CSR). */
  readonly touchingSeaStart: Int32Array;
  readonly touchingSea: Int32Array;
  /** Coastal provinces a sea province touches (CSR; empty for other provinces). */
  readonly seaCoastStart: Int32Array;
  readonly seaCoast: Int32Array;
  /** Sea provinces fleet-adjacent to a sea province (CSR; empty for other provinces). */
  readonly seaSeaStart: Int32Array;
  readonly seaSea: Int32Array;
  /**
   * Provinces a unit can reach for giving support (`canReach` of legality.ts: an army's land neighbours, the
   * provinces of a fleet's neighbours, never its own), sorted by code, at [type * L + location] (CSR).
   */
  readonly reachStart: Int32Array;
  readonly reach: Int32Array;
  /** The same as bit sets (W words at [type * L + location] * W, by rank). */
  readonly reachBits: Uint32Array;
  /** The same three relations as bit sets (W words per province, by rank). */
  readonly startSeaBits: Uint32Array;
  readonly seaCoastBits: Uint32Array;
  readonly seaSeaBits: Uint32Array;
  /** Locations in code order: locationsByRank[r] is the location of rank r. */
  readonly locationsByRank: Int32Array;
  /** Provinces in code order: provincesByRank[r] is the province of rank r. */
  readonly provincesByRank: Int32Array;
  /**
   * Rank of each province among the provinces, in code order. Bit sets of provinces use the rank as bit number,
   * so that reading the set bits in order gives the provinces sorted by code.
   */
  readonly prank: Int32Array;
  /** Army neighbours of each province that are not seas, as a bit set (W words at p * W, by rank). */
  readonly armyAdjBits: Uint32Array;
  /** "A PAR" / "F STP/SC" at [type * L + location]. */
  readonly unitText: readonly string[];
  /** Frozen `{ type, location }` at [type * L + location]. */
  readonly unitRef: readonly UnitRef[];
  /** Power index by canonical power name. */
  readonly powerByName: ReadonlyMap<string, number>;
  /** Power indices in the order of their names. */
  readonly powersByName: Int32Array;
  /** Location id by canonical location code ("SPA/NC"). */
  readonly locationByCode: ReadonlyMap<string, number>;
  /** Scratch buffers, grown as needed and reused by every call. */
  scratch: Scratch;
  /** The supports per pair of unit keys (support-pairs.ts), made on first use; null for a map too large. */
  supportPairs: SupportPairs | null | undefined;
}

export interface Scratch {
  /** Capacity in units. */
  cap: number;
  unitAt: Int32Array;
  unitProvince: Int32Array;
  unitLocation: Int32Array;
  unitType: Uint8Array;
  unitPower: Int32Array;
  /** Units in output order; the unit at each sort key, and the bit set of the keys in use (see sortUnits). */
  order: Int32Array;
  unitByKey: Int32Array;
  keyBits: Uint32Array;
  /**
   * Bit sets of provinces (bit number: the province's rank, see `prank`). Per unit: destinations of the unit's
   * legal moves by convoy (all fleets usable).
   */
  convoyDest: Uint32Array;
  /** Per unit: sea provinces the convoy search from the unit's province visited. */
  convoySeas: Uint32Array;
  /** Per (fleet, army) pair: destinations of legal convoy orders. */
  convoyOrder: Uint32Array;
  /** BFS queue over provinces; bit sets of the seas holding a fleet, and of the seas a search has seen. */
  queue: Int32Array;
  fleetSeas: Uint32Array;
  seen: Uint32Array;
  /** Destinations of a convoy search with one fleet left out. */
  except: Uint32Array;
  /** Destinations of the search that checks a convoyable destination (see convoySearch). */
  withoutEnd: Uint32Array;
  /** Depth-first search over proper convoy chains. */
  chain: Int32Array;
  inChain: Uint8Array;
  touched: Int32Array;
  /** Per sea province: the unit standing there if it is a fleet, else -1. */
  seaFleet: Int32Array;
  /**
   * Per province: bit set over output positions (`order`) of the units there or able to move there (words of
   * (cap + 31) >>> 5 per province).
   */
  movers: Uint32Array;
  /** Per unit: index among the convoying fleets / armies, or -1. */
  fleetSlot: Int32Array;
  armySlot: Int32Array;
  /** The armies with an army slot, in output order. */
  convoyArmies: Int32Array;
  /** Retreat listing: 1 per occupied province. Adjustment listing: builds (+) or disbands (-) due per power. */
  occupied: Uint8Array;
  counts: Int32Array;
}

/** Words of one bit per province. */
export function bitWords(t: LegalTables): number {
  return (t.P + 31) >>> 5;
}

const cache = new WeakMap<GameMap, LegalTables>();

export function legalTables(map: GameMap): LegalTables {
  let t = cache.get(map);
  if (t === undefined) {
    t = build(map);
    cache.set(map, t);
  }
  return t;
}

function csr(rows: readonly (readonly number[])[]): [Int32Array, Int32Array] {
  const start = new Int32Array(rows.length + 1);
  let n = 0;
  for (let i = 0; i < rows.length; i++) {
    start[i] = n;
    n += rows[i]!.length;
  }
  start[rows.length] = n;
  const adj = new Int32Array(n);
  let k = 0;
  for (const row of rows) for (const x of row) adj[k++] = x;
  return [start, adj];
}

function build(map: GameMap): LegalTables {
  const P = map.provinceCount;
  const L = map.locationCount;
  const kind = (p: number): string => map.provinceKind[p] ?? '';
  const isSea = new Uint8Array(P);
  const isCoast = new Uint8Array(P);
  const isLand = new Uint8Array(P);
  for (let p = 0; p < P; p++) {
    isSea[p] = kind(p) === 'sea' ? 1 : 0;
    isCoast[p] = kind(p) === 'coast' ? 1 : 0;
    isLand[p] = kind(p) === 'land' ? 1 : 0;
  }
  const convoyCapable = map.convoyCapable;
  const multiCoast = Uint8Array.from({ length: P }, (_, p) => (map.provinceCoasts[p]!.length > 0 ? 1 : 0));
  const codes = map.locationCode;
  const byCode = Array.from({ length: L }, (_, i) => i).sort((a, b) =>
    codes[a]! < codes[b]! ? -1 : codes[a]! > codes[b]! ? 1 : a - b,
  );
  const rank = new Int32Array(L);
  byCode.forEach((loc, r) => (rank[loc] = r));
  const provincesByRank = Int32Array.from(byCode.filter((loc) => loc < P));
  const prank = new Int32Array(P);
  provincesByRank.forEach((p, r) => (prank[p] = r));
  const W = (P + 31) >>> 5;
  const byRank = (a: number, b: number): number => rank[a]! - rank[b]!;

  const armyAdjM = new Uint8Array(P * P);
  const armyRows: number[][] = [];
  for (let p = 0; p < P; p++) {
    const row: number[] = [];
    for (let i = map.armyStart[p]!; i < map.armyStart[p + 1]!; i++) {
      const q = map.armyAdj[i]!;
      if (armyAdjM[p * P + q]) continue;
      armyAdjM[p * P + q] = 1;
      row.push(q);
    }
    armyRows.push(row.sort(byRank));
  }
  const armyAdjBits = new Uint32Array(P * W);
  for (let p = 0; p < P; p++) {
    for (const q of armyRows[p]!)
      if (!isSea[q]) armyAdjBits[p * W + (prank[q]! >>> 5)]! |= 1 << (prank[q]! & 31);
  }
  const fleetAdjM = new Uint8Array(L * L);
  const fleetReachM = new Uint8Array(L * P);
  const fleetRows: number[][] = [];
  for (let a = 0; a < L; a++) {
    const row: number[] = [];
    for (let i = map.fleetStart[a]!; i < map.fleetStart[a + 1]!; i++) {
      const b = map.fleetAdj[i]!;
      fleetReachM[a * P + map.locationProvince[b]!] = 1;
      if (fleetAdjM[a * L + b]) continue;
      fleetAdjM[a * L + b] = 1;
      row.push(b);
    }
    fleetRows.push(row.sort(byRank));
  }

  const startRows: number[][] = [];
  const touchingRows: number[][] = [];
  const seaCoastRows: number[][] = [];
  const seaSeaRows: number[][] = [];
  for (let p = 0; p < P; p++) {
    const starts: number[] = [];
    for (const loc of [p, ...map.provinceCoasts[p]!]) {
      for (let i = map.fleetStart[loc]!; i < map.fleetStart[loc + 1]!; i++) {
        const q = map.locationProvince[map.fleetAdj[i]!]!;
        if (convoyCapable[q] && q !== p) starts.push(q);
      }
    }
    startRows.push(starts);
    const touching: number[] = [];
    for (let s = 0; s < P; s++) if (convoyCapable[s] && fleetReachM[s * P + p]) touching.push(s);
    touchingRows.push(touching);
    const coastsOf: number[] = [];
    const seasOf: number[] = [];
    if (convoyCapable[p]) {
      for (let q = 0; q < P; q++) {
        if (isCoast[q] && q !== p && fleetReachM[p * P + q]) coastsOf.push(q);
        if (convoyCapable[q] && q !== p && fleetReachM[p * P + q]) seasOf.push(q);
      }
    }
    seaCoastRows.push(coastsOf);
    seaSeaRows.push(seasOf);
  }

  const reachRows: number[][] = [];
  for (let type = ARMY; type <= FLEET; type++) {
    for (let loc = 0; loc < L; loc++) {
      const p = map.locationProvince[loc]!;
      const row: number[] = [];
      for (const q of provincesByRank) {
        if (q === p) continue;
        const ok =
          type === ARMY
            ? loc < P && !isSea[q] && armyAdjM[loc * P + q]
            : !isLand[q] && fleetReachM[loc * P + q];
        if (ok) row.push(q);
      }
      reachRows.push(row);
    }
  }
  const unitText: string[] = [];
  const unitRef: UnitRef[] = [];
  for (const type of ['A', 'F'] as UnitType[]) {
    for (let loc = 0; loc < L; loc++) {
      unitText.push(`${type} ${codes[loc]}`);
      unitRef.push(Object.freeze({ type, location: codes[loc]! }));
    }
  }
  const powerByName = new Map<string, number>();
  map.powers.forEach((name, i) => powerByName.set(name, i));
  if (map.neutralPower >= 0) powerByName.set(NEUTRAL, map.neutralPower);
  const powersByName = Int32Array.from(map.powers.keys()).sort((a, b) =>
    map.powers[a]! < map.powers[b]! ? -1 : map.powers[a]! > map.powers[b]! ? 1 : 0,
  );
  const locationByCode = new Map<string, number>();
  for (let loc = 0; loc < L; loc++) locationByCode.set(codes[loc]!, loc);

  const [armyStart, armyAdj] = csr(armyRows);
  const [fleetStart, fleetAdj] = csr(fleetRows);
  const [fleetMoveStart, fleetMove] = csr(
    fleetRows.map((row, a) =>
      row.filter((d) => {
        const q = map.locationProvince[d]!;
        return q !== map.locationProvince[a] && !isLand[q] && !(d < P && multiCoast[d]);
      }),
    ),
  );
  const bitRows = (rows: readonly (readonly number[])[]): Uint32Array => {
    const bits = new Uint32Array(rows.length * W);
    rows.forEach((row, p) => {
      for (const q of row) bits[p * W + (prank[q]! >>> 5)]! |= 1 << (prank[q]! & 31);
    });
    return bits;
  };
  const [startSeaStart, startSea] = csr(startRows);
  const [touchingSeaStart, touchingSea] = csr(touchingRows);
  const [seaCoastStart, seaCoast] = csr(seaCoastRows);
  const [seaSeaStart, seaSea] = csr(seaSeaRows);
  const [reachStart, reach] = csr(reachRows);
  const t: LegalTables = {
    map,
    P,
    L,
    isSea,
    convoyCapable,
    convoyableCoasts: Int32Array.from({ length: P }, (_, p) => p).filter(
      (p) => convoyCapable[p] && isCoast[p],
    ),
    isCoast,
    isLand,
    multiCoast,
    rank,
    locationsByRank: Int32Array.from(byCode),
    armyAdjM,
    fleetAdjM,
    fleetReachM,
    armyStart,
    armyAdj,
    fleetStart,
    fleetAdj,
    fleetMoveStart,
    fleetMove,
    startSeaStart,
    startSea,
    touchingSeaStart,
    touchingSea,
    seaCoastStart,
    seaCoast,
    seaSeaStart,
    seaSea,
    startSeaBits: bitRows(startRows),
    seaCoastBits: bitRows(seaCoastRows),
    seaSeaBits: bitRows(seaSeaRows),
    reachStart,
    reach,
    reachBits: bitRows(reachRows),
    provincesByRank,
    prank,
    armyAdjBits,
    unitText,
    unitRef,
    powerByName,
    powersByName,
    locationByCode,
    scratch: undefined as unknown as Scratch,
    supportPairs: undefined,
  };
  t.scratch = makeScratch(t, 40);
  return t;
}

function makeScratch(t: LegalTables, cap: number): Scratch {
  const W = bitWords(t);
  const P = t.P;
  return {
    cap,
    unitAt: new Int32Array(P).fill(-1),
    unitProvince: new Int32Array(cap),
    unitLocation: new Int32Array(cap),
    unitType: new Uint8Array(cap),
    unitPower: new Int32Array(cap),
    order: new Int32Array(cap),
    unitByKey: new Int32Array(2 * t.L),
    keyBits: new Uint32Array((2 * t.L + 31) >>> 5),
    convoyDest: new Uint32Array(cap * W),
    convoySeas: new Uint32Array(cap * W),
    convoyOrder: new Uint32Array(cap * cap * W),
    queue: new Int32Array(P),
    fleetSeas: new Uint32Array(W),
    seen: new Uint32Array(W),
    except: new Uint32Array(W),
    withoutEnd: new Uint32Array(W),
    chain: new Int32Array(P + 1),
    inChain: new Uint8Array(P),
    touched: new Int32Array(P),
    seaFleet: new Int32Array(P).fill(-1),
    movers: new Uint32Array(P * ((cap + 31) >>> 5)),
    fleetSlot: new Int32Array(cap),
    armySlot: new Int32Array(cap),
    convoyArmies: new Int32Array(cap),
    occupied: new Uint8Array(P),
    // One slot more for the neutral units (map.neutralPower), which no loop over the powers reads.
    counts: new Int32Array(t.map.powers.length + 1),
  };
}

/** Scratch buffers for at least `units` units. */
export function scratchFor(t: LegalTables, units: number): Scratch {
  if (t.scratch.cap < units) t.scratch = makeScratch(t, Math.max(units, t.scratch.cap * 2));
  return t.scratch;
}
