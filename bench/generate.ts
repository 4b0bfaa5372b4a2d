/**
 * Workload generator for the benchmark: random movement-phase positions with orders, in the external
 * workload JSON shape that `npm run bench -- --workload FILE` reads:
 *
 *   {"positions": [{"id": 0, "phase": "S1905M", "units": [{"power": "FRANCE", "type": "A", "loc": "PAR"}],
 *                   "centers": {"FRANCE": ["PAR"]}, "orders": {"FRANCE": ["A PAR - BUR"]}}]}
 *
 * Positions: 28-32 units on the standard map, each power's units near its home centres. Orders, in MILA text: moves
 * to a neighbour, holds, supports of orders actually given (a move's destination or a non-moving unit's province,
 * when the supporter can reach it), and convoys along real chains of fleets at sea (the fleets' convoy orders and the
 * army's `VIA` move). Everything derives from the seed, so the workload is the same on every run.
 *
 * The order generator works on any compiled map (the scaling maps of mapgen.ts use it too).
 *
 * Run `node dist/bench/generate.js [--seed N] [--count N] [--out FILE]` to write a workload file (default: 200
 * positions, seed 7, to standard output).
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { standardMap } from '../src/map/compile.js';
import type { GameMap, UnitType } from '../src/map/types.js';
import { seededRandom } from '../src/selfplay/random-player.js';
import type { Workload, WorkloadPosition } from '../src/formats/workload.js';

type Random = () => number;

const randInt = (random: Random, lo: number, hi: number): number => lo + Math.floor(random() * (hi - lo + 1));

function shuffle<T>(random: Random, items: T[]): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  return items;
}

/** A unit on the compiled map: power index, type, location id. */
export interface PlacedUnit {
  power: number;
  type: UnitType;
  location: number;
}

/** Distance (in province steps, any unit type) from each province to the nearest home centre of `power`. */
function homeDistance(map: GameMap, power: number): Int32Array {
  const dist = new Int32Array(map.provinceCount).fill(-1);
  const queue: number[] = [];
  for (const p of map.homeCenters[power] ?? []) {
    dist[p] = 0;
    queue.push(p);
  }
  for (let head = 0; head < queue.length; head++) {
    const p = queue[head]!;
    for (const q of provinceNeighbours(map, p)) {
      if (dist[q]! >= 0) continue;
      dist[q] = dist[p]! + 1;
      queue.push(q);
    }
  }
  return dist;
}

/** Neighbouring provinces of a province, by army or by fleet from any of its locations. */
function provinceNeighbours(map: GameMap, p: number): number[] {
  const out = new Set<number>();
  for (let i = map.armyStart[p]!; i < map.armyStart[p + 1]!; i++) out.add(map.armyAdj[i]!);
  for (const loc of [p, ...map.provinceCoasts[p]!]) {
    for (let i = map.fleetStart[loc]!; i < map.fleetStart[loc + 1]!; i++)
      out.add(map.locationProvince[map.fleetAdj[i]!]!);
  }
  return [...out];
}

/** A unit of a random fitting type in province p: armies inland, fleets at sea, either on a coast. */
function unitFor(map: GameMap, random: Random, power: number, p: number): PlacedUnit {
  const kind = map.provinceKind[p];
  const type: UnitType = kind === 'land' ? 'A' : kind === 'sea' ? 'F' : random() < 0.5 ? 'A' : 'F';
  const coasts = map.provinceCoasts[p]!;
  const location = type === 'F' && coasts.length > 0 ? coasts[Math.floor(random() * coasts.length)]! : p;
  return { power, type, location };
}

/** 28-32 units on the standard map (any map with home centres), each power's near its home. */
export function randomMidgameUnits(map: GameMap, random: Random): PlacedUnit[] {
  const powers = map.powers.length;
  const total = randInt(random, 28, 32);
  const taken = new Uint8Array(map.provinceCount);
  const units: PlacedUnit[] = [];
  const distances = map.powers.map((_, p) => homeDistance(map, p));
  const counts = new Array<number>(powers).fill(Math.floor(total / powers));
  for (let extra = total - counts.reduce((a, b) => a + b, 0); extra > 0; extra--)
    counts[Math.floor(random() * powers)]!++;
  for (let p = 0; p < powers; p++) {
    // Provinces within two steps of home, nearer ones first (home centres three times as likely).
    const near: number[] = [];
    const dist = distances[p]!;
    for (let q = 0; q < map.provinceCount; q++) {
      const d = dist[q]!;
      if (d < 0 || d > 2) continue;
      for (let k = 0; k < 3 - d; k++) near.push(q);
    }
    shuffle(random, near);
    for (const q of near) {
      if (counts[p] === 0) break;
      if (taken[q]) continue;
      taken[q] = 1;
      units.push(unitFor(map, random, p, q));
      counts[p]!--;
    }
  }
  return units;
}

function unitText(map: GameMap, u: PlacedUnit): string {
  return `${u.type} ${map.locationCode[u.location]}`;
}

function canReach(map: GameMap, u: PlacedUnit, province: number): boolean {
  const from = map.locationProvince[u.location]!;
  if (province === from) return false;
  if (u.type === 'A') {
    if (map.provinceKind[province] === 'sea') return false;
    for (let i = map.armyStart[from]!; i < map.armyStart[from + 1]!; i++)
      if (map.armyAdj[i] === province) return true;
    return false;
  }
  for (let i = map.fleetStart[u.location]!; i < map.fleetStart[u.location + 1]!; i++)
    if (map.locationProvince[map.fleetAdj[i]!] === province) return true;
  return false;
}

/** Where a unit can move without convoy, as locations (a fleet's with the coast). */
function moveTargets(map: GameMap, u: PlacedUnit): number[] {
  const out: number[] = [];
  if (u.type === 'A') {
    const from = u.location;
    for (let i = map.armyStart[from]!; i < map.armyStart[from + 1]!; i++) out.push(map.armyAdj[i]!);
  } else {
    for (let i = map.fleetStart[u.location]!; i < map.fleetStart[u.location + 1]!; i++)
      out.push(map.fleetAdj[i]!);
  }
  return out;
}

interface Planned {
  /** 'move' (dest set), 'hold', 'support', 'convoy'. */
  kind: 'move' | 'hold' | 'support' | 'convoy';
  /** Move: destination province. */
  dest: number;
  text: string;
}

export interface OrderMix {
  /** Share of coastal armies that try to go by convoy. */
  convoy: number;
  move: number;
  hold: number;
  /** The rest support. */
}

export const MIDGAME_MIX: OrderMix = { convoy: 0.25, move: 0.5, hold: 0.15 };

/**
 * One MILA order per unit: convoys first (along a chain of fleets at sea, found breadth-first from the army), then
 * moves and holds, then supports of orders already chosen (a support of the same power's order when there is one,
 * most of the time).
 */
export function randomOrders(
  map: GameMap,
  units: readonly PlacedUnit[],
  random: Random,
  mix: OrderMix = MIDGAME_MIX,
): Record<string, string[]> {
  const n = units.length;
  const unitAt = new Int32Array(map.provinceCount).fill(-1);
  units.forEach((u, i) => {
    unitAt[map.locationProvince[u.location]!] = i;
  });
  const planned = new Array<Planned | undefined>(n);
  const order = shuffle(
    random,
    units.map((_, i) => i),
  );

  // Convoys along chains of fleets at sea that have no order yet.
  const parent = new Map<number, number>();
  for (const a of order) {
    const army = units[a]!;
    const from = army.location;
    if (army.type !== 'A' || map.provinceKind[from] !== 'coast' || random() >= mix.convoy) continue;
    parent.clear();
    const queue: number[] = [];
    const visit = (sea: number, prev: number): void => {
      if (parent.has(sea) || map.provinceKind[sea] !== 'sea') return;
      const f = unitAt[sea]!;
      if (f < 0 || units[f]!.type !== 'F' || planned[f] !== undefined) return;
      parent.set(sea, prev);
      queue.push(sea);
    };
    const seaNeighbours = (loc: number): number[] => {
      const out: number[] = [];
      for (let i = map.fleetStart[loc]!; i < map.fleetStart[loc + 1]!; i++)
        out.push(map.locationProvince[map.fleetAdj[i]!]!);
      return out;
    };
    for (const loc of [from, ...map.provinceCoasts[from]!]) for (const s of seaNeighbours(loc)) visit(s, -1);
    // Destinations: coastal provinces touched by a sea of the chain, with the sea that reaches them.
    // Each destination with the first sea (breadth-first: on a shortest chain) that reaches it.
    const reached: [number, number][] = [];
    const seen = new Set<number>([from]);
    for (let head = 0; head < queue.length && head < 12; head++) {
      const sea = queue[head]!;
      for (const q of seaNeighbours(sea)) {
        if (map.provinceKind[q] === 'coast' && !seen.has(q)) {
          seen.add(q);
          reached.push([q, sea]);
        }
        visit(q, sea);
      }
    }
    if (reached.length === 0) continue;
    const [dest, last] = reached[Math.floor(random() * reached.length)]!;
    const destCode = map.locationCode[dest]!;
    planned[a] = { kind: 'move', dest, text: `A ${map.locationCode[from]} - ${destCode} VIA` };
    for (let sea = last; sea >= 0; sea = parent.get(sea)!) {
      const f = unitAt[sea]!;
      planned[f] = {
        kind: 'convoy',
        dest: -1,
        text: `${unitText(map, units[f]!)} C A ${map.locationCode[from]} - ${destCode}`,
      };
    }
  }

  // Moves and holds; the rest support, below.
  const supporters: number[] = [];
  for (const u of order) {
    if (planned[u] !== undefined) continue;
    const unit = units[u]!;
    const r = random();
    const targets = moveTargets(map, unit);
    if (r < mix.move && targets.length > 0) {
      const to = targets[Math.floor(random() * targets.length)]!;
      planned[u] = {
        kind: 'move',
        dest: map.locationProvince[to]!,
        text: `${unitText(map, unit)} - ${map.locationCode[to]}`,
      };
    } else if (r < mix.move + mix.hold) {
      planned[u] = { kind: 'hold', dest: -1, text: `${unitText(map, unit)} H` };
    } else {
      supporters.push(u);
    }
  }

  // Supports of orders given: a move into a province the supporter reaches, or a unit staying where it reaches.
  for (const s of supporters) {
    const supporter = units[s]!;
    const options: number[] = [];
    const own: number[] = [];
    const consider = (v: number): void => {
      const p = planned[v];
      if (v === s || p === undefined) return;
      const where = p.kind === 'move' ? p.dest : map.locationProvince[units[v]!.location]!;
      if (!canReach(map, supporter, where)) return;
      options.push(v);
      if (units[v]!.power === supporter.power) own.push(v);
    };
    // Units that could be involved are near: neighbours and their neighbours' movers.
    for (const q of provinceNeighbours(map, map.locationProvince[supporter.location]!)) {
      const v = unitAt[q]!;
      if (v >= 0) consider(v);
      for (const r of provinceNeighbours(map, q)) {
        const w = unitAt[r]!;
        if (w >= 0 && w !== v && planned[w]?.kind === 'move' && planned[w].dest === q) consider(w);
      }
    }
    const pool = own.length > 0 && random() < 0.7 ? own : options;
    const target = pool.length > 0 ? pool[Math.floor(random() * pool.length)]! : -1;
    if (target < 0) {
      planned[s] = { kind: 'hold', dest: -1, text: `${unitText(map, supporter)} H` };
      continue;
    }
    const p = planned[target]!;
    const supported = unitText(map, units[target]!);
    planned[s] = {
      kind: 'support',
      dest: -1,
      text:
        p.kind === 'move'
          ? `${unitText(map, supporter)} S ${supported} - ${map.locationCode[p.dest]}`
          : `${unitText(map, supporter)} S ${supported}`,
    };
  }

  const orders: Record<string, string[]> = {};
  units.forEach((u, i) => {
    const power = map.powers[u.power]!;
    (orders[power] ??= []).push(planned[i]!.text);
  });
  return orders;
}

/** Supply centres: each power owns its home centres, and any other centre one of its units stands on. */
export function centersFor(map: GameMap, units: readonly PlacedUnit[]): Record<string, string[]> {
  const owner = Int32Array.from(map.homePower);
  for (const u of units) {
    const p = map.locationProvince[u.location]!;
    if (map.supplyCenter[p]) owner[p] = u.power;
  }
  const centers: Record<string, string[]> = {};
  for (let p = 0; p < map.provinceCount; p++) {
    const o = owner[p]!;
    if (o >= 0 && map.supplyCenter[p]) (centers[map.powers[o]!] ??= []).push(map.locationCode[p]!);
  }
  return centers;
}

export function toWorkloadPosition(
  map: GameMap,
  id: number,
  phase: string,
  units: readonly PlacedUnit[],
  orders: Record<string, string[]>,
): WorkloadPosition {
  return {
    id,
    phase,
    units: units.map((u) => ({
      power: map.powers[u.power]!,
      type: u.type,
      loc: map.locationCode[u.location]!,
    })),
    centers: centersFor(map, units),
    orders,
  };
}

/** `count` midgame positions of the standard map (or `map`) from `seed`. */
export function midgameWorkload(seed: number, count: number, map: GameMap = standardMap()): Workload {
  const random = seededRandom(seed);
  const positions: WorkloadPosition[] = [];
  for (let id = 0; id < count; id++) {
    const units = randomMidgameUnits(map, random);
    const phase = `${random() < 0.5 ? 'S' : 'F'}${randInt(random, 1903, 1910)}M`;
    positions.push(toWorkloadPosition(map, id, phase, units, randomOrders(map, units, random)));
  }
  return { positions };
}

/** The standard opening with common orders (those of examples/opening.txt). */
export function openingWorkload(): Workload {
  const map = standardMap();
  const units: PlacedUnit[] = map.startingUnits.map((u) => ({
    power: u.power,
    type: u.type,
    location: u.location,
  }));
  const orders: Record<string, string[]> = {
    ENGLAND: ['F LON - ENG', 'F EDI - NTH', 'A LVP - YOR'],
    FRANCE: ['F BRE - MAO', 'A PAR - BUR', 'A MAR S A PAR - BUR'],
    GERMANY: ['F KIE - DEN', 'A BER - KIE', 'A MUN - RUH'],
    ITALY: ['F NAP - ION', 'A ROM - APU', 'A VEN H'],
    AUSTRIA: ['F TRI - ALB', 'A VIE - GAL', 'A BUD - SER'],
    RUSSIA: ['F STP/SC - BOT', 'A MOS - UKR', 'A WAR - GAL', 'F SEV - BLA'],
    TURKEY: ['F ANK - BLA', 'A CON - BUL', 'A SMY - CON'],
  };
  return { positions: [toWorkloadPosition(map, 0, 'S1901M', units, orders)] };
}

function main(argv: string[]): void {
  let seed = 7;
  let count = 200;
  let out: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--seed') seed = Number(argv[++i]);
    else if (a === '--count') count = Number(argv[++i]);
    else if (a === '--out') out = argv[++i];
    else throw new Error(`generate: unknown argument ${a}`);
  }
  // One position per line.
  const lines = midgameWorkload(seed, count).positions.map((p) => JSON.stringify(p));
  const text = `{"positions": [\n${lines.join(',\n')}\n]}\n`;
  if (out === undefined) process.stdout.write(text);
  else writeFileSync(out, text);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main(process.argv.slice(2));
