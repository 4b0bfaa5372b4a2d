/**
 * The oracle's own reading of a map and of the orders, shared with nothing in src/: the map is read from its JSON
 * data (src/map/standard.json unless another map's definition is given), and which orders are legal, and which of them match, is written here
 * from the rulebook and DATC v3.2 chapter 4 at the DATC's preferred choices:
 * - 4.E.1: only orders that can be carried out in the current position are legal; an illegal order is ignored
 *   and the unit holds unless it has another legal order; of several legal orders to a unit the first counts
 *   (4.D.3 a). An army's move to a province it cannot reach over land needs a chain of fleets at sea that could
 *   convoy it; a convoy order needs a proper route (no fleet that a route could skip) through the convoying fleet;
 *   a fleet in a coastal province marked "convoyable" convoys as one at sea, but never on a route that starts or
 *   ends in its own province;
 *   a support needs the supporter to be able to move to the province supported into, and the supported move to be
 *   possible without the supporter (6.D.31).
 * - Coasts: the coast of the ordered unit and any coast of a one-coast province are ignored (4.B.5 b, 4.B.6 b); a
 *   fleet's move to a two-coast province takes the only coast it can reach (4.B.2 a), and is illegal when it can
 *   reach both and names none (4.B.1 a) or names one it cannot reach (4.B.3 b); a support names the province, a
 *   named coast must match the move (4.B.4 c).
 * - Unit type and nationality written wrongly are ignored (4.C.1 b, 4.C.2 b, 4.C.5 b, 4.C.6 b).
 * - 4.A.3 (the 2025EE rule): an army moves by convoy to a province it cannot reach over land, or when its order
 *   says "via convoy", or when a fleet of its own power is ordered to convoy it there; otherwise over land.
 */
import { readFileSync } from 'node:fs';
import type { GivenOrder } from '../../src/orders/types.js';
import type { Position, Unit } from '../../src/position/types.js';

interface ProvinceData {
  code: string;
  kind: 'sea' | 'coast' | 'land' | 'impassable';
  army?: string[];
  fleet?: string[];
  coasts?: Record<string, string[]>;
  /** A coast whose fleets convoy as at sea (godip's archipelago). */
  convoyable?: boolean;
}

interface MapData {
  powers: { name: string }[];
  provinces: ProvinceData[];
}

/** The oracle's reading of a map's JSON data: its provinces by code and its power names. */
export interface OracleMap {
  readonly provinces: ReadonlyMap<string, ProvinceData>;
  readonly powers: ReadonlySet<string>;
}

/** Reads a map definition (the JSON of src/map/standard.json, a variant or a test map) for the oracle. */
export function readOracleMap(json: unknown): OracleMap {
  const data = json as MapData;
  return {
    provinces: new Map(data.provinces.map((p) => [p.code, p])),
    powers: new Set(data.powers.map((p) => p.name)),
  };
}

/** The standard map, read from its JSON data. */
export const STANDARD_ORACLE_MAP = readOracleMap(
  JSON.parse(readFileSync(new URL('../../../src/map/standard.json', import.meta.url), 'utf8')),
);

export function provinceOf(location: string): string {
  return location.toUpperCase().split('/')[0]!;
}

function kind(m: OracleMap, province: string): ProvinceData['kind'] | undefined {
  return m.provinces.get(province)?.kind;
}

/**
 * Whether a fleet in `province` can convoy: a fleet at sea (6.F.1), or in a coastal province the map marks
 * convoyable, which counts as a sea for convoys and only for them.
 */
function canConvoy(m: OracleMap, province: string): boolean {
  const p = m.provinces.get(province);
  return p?.kind === 'sea' || (p?.kind === 'coast' && p.convoyable === true);
}

/** The places a fleet at `location` ("SPA/NC", "NTH") can move to, each a location. */
function fleetNeighbours(m: OracleMap, location: string): string[] {
  const [province, coast] = location.toUpperCase().split('/');
  const p = m.provinces.get(province!);
  if (!p) return [];
  if (p.coasts) return coast === undefined ? [] : (p.coasts[coast] ?? []);
  return p.fleet ?? [];
}

/** Whether a fleet at `location` can move into province `to` (on some coast of it). */
function fleetReaches(m: OracleMap, location: string, to: string): boolean {
  return fleetNeighbours(m, location).some((l) => provinceOf(l) === to);
}

function armyReaches(m: OracleMap, from: string, to: string): boolean {
  return m.provinces.get(from)?.army?.includes(to) ?? false;
}

/** The fleet locations of a province: its coasts, or the province itself. */
function fleetLocations(m: OracleMap, province: string): string[] {
  const p = m.provinces.get(province);
  if (!p || p.kind === 'land' || p.kind === 'impassable') return [];
  return p.coasts ? Object.keys(p.coasts).map((c) => `${province}/${c}`) : [province];
}

/** Whether two sea provinces (or a sea and any province) touch for a fleet. */
function seaTouches(m: OracleMap, sea: string, province: string): boolean {
  return fleetNeighbours(m, sea).some((l) => provinceOf(l) === province);
}

/**
 * Every proper convoy route from `from` to `to` over the sea provinces in `seas`: a chain of seas, the first
 * touching `from`, the last touching `to`, where no province of the chain (nor the end) touches a sea before the
 * one just before it (a route that could skip a fleet is not proper). The ends are never on the chain: a fleet in
 * a convoyable coast does not carry an army out of or into its own province.
 */
function properRoutes(m: OracleMap, from: string, to: string, fleetSeas: readonly string[]): string[][] {
  const seas = fleetSeas.filter((s) => s !== from && s !== to);
  const touches = (a: string, b: string): boolean => seaTouches(m, a, b);
  const routes: string[][] = [];
  const extend = (chain: string[]): void => {
    const last = chain[chain.length - 1]!;
    if (touches(last, to) && !chain.slice(0, -1).some((s) => touches(s, to))) routes.push([...chain]);
    for (const next of seas) {
      if (chain.includes(next) || !touches(last, next)) continue;
      // No shortcut: the next sea must not touch the origin or a sea before the last one.
      if (touches(next, from) || chain.slice(0, -1).some((s) => touches(s, next))) continue;
      // And the end must not be reachable earlier: once the last sea touches `to`, the chain stops.
      if (touches(last, to)) continue;
      chain.push(next);
      extend(chain);
      chain.pop();
    }
  };
  for (const first of seas) if (touches(first, from)) extend([first]);
  return routes;
}

export type Kind = 'hold' | 'move' | 'support' | 'convoy';

/** The orders of a phase as the oracle reads them: per unit, what it does. */
export interface OracleBoard {
  map: OracleMap;
  units: Unit[];
  /** Per unit: the given order it carries out, or -1. */
  orderOf: Int32Array;
  kind: Kind[];
  /** MOVE: destination province; SUPPORT/CONVOY: the province supported or convoyed into (hold: the unit's). */
  dest: string[];
  /** MOVE of an army: by convoy. */
  byConvoy: boolean[];
  /** SUPPORT/CONVOY: the unit supported or convoyed. */
  target: number[];
  /** SUPPORT: the coast named, or "". */
  supportCoast: string[];
  /** MOVE: the location moved to (a fleet's coast). */
  destLocation: string[];
  /** SUPPORT/CONVOY: the order matches what the target unit does. */
  matches: boolean[];
  /** Unit index by province. */
  unitAt: Map<string, number>;
}

/** Reads the position and the orders; throws on a position it cannot read (the oracle is for tests). */
export function readBoard(
  position: Position,
  orders: readonly GivenOrder[],
  m: OracleMap = STANDARD_ORACLE_MAP,
): OracleBoard {
  const units = position.units;
  const unitAt = new Map<string, number>();
  units.forEach((u, i) => {
    const p = provinceOf(u.location);
    if (!m.provinces.has(p) || unitAt.has(p)) throw new Error(`oracle: cannot place ${u.type} ${u.location}`);
    unitAt.set(p, i);
  });
  const n = units.length;
  const b: OracleBoard = {
    map: m,
    units,
    orderOf: new Int32Array(n).fill(-1),
    kind: new Array<Kind>(n).fill('hold'),
    dest: units.map((u) => provinceOf(u.location)),
    byConvoy: new Array<boolean>(n).fill(false),
    target: new Array<number>(n).fill(-1),
    supportCoast: new Array<string>(n).fill(''),
    destLocation: units.map((u) => u.location),
    matches: new Array<boolean>(n).fill(false),
    unitAt,
  };
  // The fleets that can convoy: at sea or in a convoyable coast.
  const seasWithFleets = units.filter((u) => u.type === 'F' && canConvoy(m, provinceOf(u.location)));
  const fleetSeas = seasWithFleets.map((u) => provinceOf(u.location));

  /** Where a move of unit u to `to` goes (a location), or undefined when it is illegal; `without`: a sea left out. */
  const moveTarget = (u: number, toWritten: string, without?: string): string | undefined => {
    const unit = units[u]!;
    const from = provinceOf(unit.location);
    const to = provinceOf(toWritten);
    if (!m.provinces.has(to) || to === from) return undefined;
    if (unit.type === 'A') {
      if (kind(m, to) === 'sea') return undefined;
      if (armyReaches(m, from, to)) return to;
      // Only by convoy: both ends on the coast and a chain of fleets at sea between them.
      if (kind(m, from) !== 'coast' || kind(m, to) !== 'coast') return undefined;
      const seas = fleetSeas.filter((s) => s !== without);
      return properRoutes(m, from, to, seas).length > 0 ? to : undefined;
    }
    if (kind(m, to) === 'land') return undefined;
    const reachable = fleetLocations(m, to).filter((l) => fleetNeighbours(m, unit.location).includes(l));
    if (reachable.length === 0) return undefined;
    const [, coast] = toWritten.toUpperCase().split('/');
    if (fleetLocations(m, to).length === 1) return reachable[0]; // a coast named for a one-coast province is ignored
    if (coast === undefined) return reachable.length === 1 ? reachable[0] : undefined;
    const named = `${to}/${coast}`;
    return reachable.includes(named) ? named : undefined;
  };

  /**
   * Whether unit u can move into the province of `toWritten` (a fleet: to the coast named there, if the province
   * has two), not counting a fleet in the sea `without` for a convoy.
   */
  const canMove = (u: number, toWritten: string, without?: string): boolean => {
    const unit = units[u]!;
    const to = provinceOf(toWritten);
    if (unit.type === 'A') return moveTarget(u, to, without) !== undefined;
    const [, coast] = toWritten.toUpperCase().split('/');
    const reachable = fleetLocations(m, to).filter((l) => fleetNeighbours(m, unit.location).includes(l));
    if (coast === undefined || fleetLocations(m, to).length === 1)
      return reachable.length > 0 && to !== provinceOf(unit.location);
    return reachable.includes(`${to}/${coast}`);
  };

  const taken = new Uint8Array(n);
  orders.forEach((given, i) => {
    const o = given.order;
    if (o.kind === 'build' || o.kind === 'waive' || o.kind === 'disband') return;
    const u = unitAt.get(provinceOf(o.unit.location));
    if (u === undefined || taken[u]) return;
    const unit = units[u]!;
    if (given.power !== undefined && (!m.powers.has(given.power) || given.power !== unit.power)) return;
    const here = provinceOf(unit.location);
    switch (o.kind) {
      case 'hold':
        break;
      case 'move': {
        const to = moveTarget(u, o.to);
        if (to === undefined) return;
        b.kind[u] = 'move';
        b.dest[u] = provinceOf(to);
        b.destLocation[u] = to;
        b.byConvoy[u] = unit.type === 'A' && (o.viaConvoy === true || !armyReaches(m, here, provinceOf(to)));
        break;
      }
      case 'support': {
        const target = unitAt.get(provinceOf(o.supported.location));
        if (target === undefined || target === u) return;
        const into = o.to === undefined ? provinceOf(o.supported.location) : provinceOf(o.to);
        // The supporter must be able to move into the province itself.
        if (into === here) return;
        const reach = unit.type === 'A' ? armyReaches(m, here, into) : fleetReaches(m, unit.location, into);
        if (!reach) return;
        // A supported move must be possible, and not only through the supporting fleet (6.D.31); a coast named
        // must be one the moving fleet can reach.
        if (o.to !== undefined && !canMove(target, o.to, unit.type === 'F' ? here : undefined)) return;
        if (o.to !== undefined) {
          const [, coast] = o.to.toUpperCase().split('/');
          if (coast !== undefined && units[target]!.type === 'F' && fleetLocations(m, into).length > 1)
            b.supportCoast[u] = `${into}/${coast}`;
        }
        b.kind[u] = 'support';
        b.target[u] = target;
        b.dest[u] = into;
        break;
      }
      case 'convoy': {
        if (unit.type !== 'F' || !canConvoy(m, here)) return;
        const army = unitAt.get(provinceOf(o.army.location));
        if (army === undefined || units[army]!.type !== 'A') return;
        const from = provinceOf(units[army]!.location);
        const to = provinceOf(o.to);
        if (kind(m, from) !== 'coast' || kind(m, to) !== 'coast' || from === to) return;
        if (!properRoutes(m, from, to, fleetSeas).some((route) => route.includes(here))) return;
        b.kind[u] = 'convoy';
        b.target[u] = army;
        b.dest[u] = to;
        break;
      }
      default:
        return;
    }
    taken[u] = 1;
    b.orderOf[u] = i;
  });

  // 4.A.3: an army moving to a province it can reach over land goes by convoy when a fleet of its power convoys it.
  for (let f = 0; f < n; f++) {
    if (b.kind[f] !== 'convoy') continue;
    const a = b.target[f]!;
    if (b.kind[a] === 'move' && b.dest[a] === b.dest[f] && units[a]!.power === units[f]!.power)
      b.byConvoy[a] = true;
  }
  for (let u = 0; u < n; u++) {
    const t = b.target[u]!;
    if (b.kind[u] === 'convoy')
      b.matches[u] = b.kind[t] === 'move' && b.byConvoy[t]! && b.dest[t] === b.dest[u];
    if (b.kind[u] !== 'support') continue;
    const supportsHold = b.dest[u] === provinceOf(units[t]!.location);
    if (supportsHold) b.matches[u] = b.kind[t] !== 'move';
    else
      b.matches[u] =
        b.kind[t] === 'move' &&
        b.dest[t] === b.dest[u] &&
        (b.supportCoast[u] === '' || b.supportCoast[u] === b.destLocation[t]);
  }
  return b;
}

/** Whether a chain of the given fleets (by unit index) at sea leads an army from `from` to `to`. */
export function chainExists(b: OracleBoard, from: string, to: string, fleets: readonly number[]): boolean {
  const m = b.map;
  const seas = fleets.map((f) => provinceOf(b.units[f]!.location)).filter((s) => s !== from && s !== to);
  const reached = new Set<string>();
  const queue = seas.filter((s) => seaTouches(m, s, from));
  for (const s of queue) reached.add(s);
  while (queue.length > 0) {
    const s = queue.shift()!;
    if (seaTouches(m, s, to)) return true;
    for (const t of seas) {
      if (!reached.has(t) && seaTouches(m, s, t)) {
        reached.add(t);
        queue.push(t);
      }
    }
  }
  return false;
}
