/**
 * Invariants of a movement adjudication that hold whatever the orders, and comparisons between adjudications
 * (resolvers, shuffles). Each check returns the violations found, as sentences; an empty list means none. Used by
 * the property tests, the self-play tests and verification run, and the agreement run.
 */
import { adjudicateMovement, type ResolverName } from '../../src/adjudication/movement/adjudicate.js';
import type { MovementResult } from '../../src/adjudication/outcome.js';
import { splitCoast } from '../../src/map/query.js';
import type { GameMap } from '../../src/map/types.js';
import type { GivenOrder } from '../../src/orders/types.js';
import type { Position } from '../../src/position/types.js';
import { solveEquations, compareWithOracle } from './equations.js';
import { readOracleMap, type OracleMap } from './board.js';
import { shuffle, type Random } from './generate.js';

function province(map: GameMap, location: string): number {
  return splitCoast(map, location).province;
}

function text(u: { type: string; location: string }): string {
  return `${u.type} ${u.location}`;
}

/** No two units end in one province (dislodged units aside). */
export function sharedProvinces(map: GameMap, result: MovementResult): string[] {
  const problems: string[] = [];
  const seen = new Map<number, string>();
  for (const u of result.position.units) {
    const p = province(map, u.location);
    const other = seen.get(p);
    if (other !== undefined)
      problems.push(`two units end in ${map.locationCode[p]}: ${other} and ${text(u)}`);
    seen.set(p, text(u));
  }
  return problems;
}

/** Units are conserved: units after + dislodged = units before, and one unit outcome per unit. */
export function unitsNotConserved(before: Position, result: MovementResult): string[] {
  const after = result.position;
  const problems: string[] = [];
  if (after.units.length + after.dislodged.length !== before.units.length)
    problems.push(
      `units not conserved: ${before.units.length} before, ${after.units.length} after and ${after.dislodged.length} dislodged`,
    );
  if (result.units.length !== before.units.length)
    problems.push(`${result.units.length} unit outcomes for ${before.units.length} units`);
  return problems;
}

/** Indices of the units that moved, by the province they moved into. */
function movedInto(map: GameMap, result: MovementResult): Map<number, number[]> {
  const into = new Map<number, number[]>();
  result.units.forEach((u, i) => {
    if (!u.moved) return;
    const p = province(map, u.location);
    into.set(p, [...(into.get(p) ?? []), i]);
  });
  return into;
}

/**
 * Moves: a unit that moved had a move order and is where it went, one unit at most moved into a province, a unit
 * that did not move is where it was, and a unit that stayed where another moved in is dislodged.
 */
export function moveViolations(map: GameMap, result: MovementResult): string[] {
  const problems: string[] = [];
  const into = movedInto(map, result);
  result.units.forEach((u, i) => {
    const order = u.order;
    if (u.moved) {
      if (order.kind !== 'move') problems.push(`${text(u.unit)} moved without a move order`);
      else if (province(map, order.to) !== province(map, u.location))
        problems.push(`${text(u.unit)} moved to ${u.location}, not to ${order.to}`);
      if (u.dislodged) problems.push(`${text(u.unit)} both moved and was dislodged`);
      return;
    }
    if (u.location !== u.unit.location) problems.push(`${text(u.unit)} is at ${u.location} without moving`);
    const attacked = (into.get(province(map, u.unit.location)) ?? []).some((j) => j !== i);
    if (attacked && !u.dislodged)
      problems.push(`${text(u.unit)} stayed where a unit moved in, not dislodged`);
  });
  for (const [p, movers] of into)
    if (movers.length > 1)
      problems.push(
        `${movers.length} units moved into ${map.locationCode[p]}: ${movers.map((i) => text(result.units[i]!.unit)).join(', ')}`,
      );
  return problems;
}

/** Every dislodged unit has exactly one successful attacker, and it came from `attackerFrom`. */
export function dislodgementViolations(map: GameMap, result: MovementResult): string[] {
  const problems: string[] = [];
  const into = movedInto(map, result);
  for (const d of result.position.dislodged) {
    const attackers = (into.get(province(map, d.location)) ?? []).map((i) => result.units[i]!);
    if (attackers.length !== 1) {
      problems.push(`${text(d)} dislodged with ${attackers.length} successful attackers`);
      continue;
    }
    const from = province(map, attackers[0]!.unit.location);
    if (from !== province(map, d.attackerFrom))
      problems.push(
        `${text(d)} dislodged by ${text(attackers[0]!.unit)}, but attackerFrom says ${d.attackerFrom}`,
      );
  }
  const flagged = result.units.filter((u) => u.dislodged).length;
  if (flagged !== result.position.dislodged.length)
    problems.push(`${flagged} units marked dislodged, ${result.position.dislodged.length} in the position`);
  return problems;
}

/** Every cut support has an attacker able to cut it: a unit of another power ordered into its province. */
export function cutSupportViolations(map: GameMap, result: MovementResult): string[] {
  const problems: string[] = [];
  for (const o of result.orders) {
    if (o.resolution !== 'cut' || o.given.order.kind !== 'support') continue;
    const p = province(map, o.given.order.unit.location);
    const supporter = result.units.find((u) => province(map, u.unit.location) === p);
    const cutter = result.units.find(
      (u) =>
        u.order.kind === 'move' &&
        province(map, u.order.to) === p &&
        supporter !== undefined &&
        u.unit.power !== supporter.unit.power,
    );
    if (!cutter)
      problems.push(`the support of ${o.unit ?? '?'} is cut, but no unit of another power moves there`);
  }
  return problems;
}

/** All the invariants above. */
export function movementViolations(map: GameMap, before: Position, result: MovementResult): string[] {
  return [
    ...sharedProvinces(map, result),
    ...unitsNotConserved(before, result),
    ...moveViolations(map, result),
    ...dislodgementViolations(map, result),
    ...cutSupportViolations(map, result),
  ];
}

/** The results of two adjudications of the same orders differ: where (empty when they are identical). */
export function resultDifferences(a: MovementResult, b: MovementResult, what = 'results'): string[] {
  const problems: string[] = [];
  if (a.orders.length !== b.orders.length)
    return [`${what}: ${a.orders.length} and ${b.orders.length} outcomes`];
  a.orders.forEach((x, i) => {
    const y = b.orders[i]!;
    if (JSON.stringify(x) !== JSON.stringify(y))
      problems.push(
        `${what} differ on ${x.unit ?? '?'} (${JSON.stringify(x.given.order)}): ${x.message} / ${y.message}`,
      );
  });
  if (problems.length === 0 && JSON.stringify(a) !== JSON.stringify(b))
    problems.push(`${what} differ beyond the orders`);
  return problems;
}

/** A summary of a result that does not depend on the order of units and orders: per unit, per order. */
export function orderFreeSummary(
  map: GameMap,
  result: MovementResult,
): { units: string[]; orders: string[] } {
  const units = result.units.map(
    (u) =>
      `${u.unit.power} ${text(u.unit)} -> ${u.location}${u.moved ? ' moved' : ''}${
        u.dislodged
          ? ` dislodged by ${u.dislodged.by} from ${u.dislodged.from} ${u.dislodged.byConvoy ? 'by convoy ' : ''}[${u.dislodged.retreats.join(' ')}]`
          : ''
      }`,
  );
  const orders = result.orders.map(
    (o) =>
      `${o.given.power ?? ''} ${JSON.stringify(o.given.order)}: ${o.resolution} ${JSON.stringify(o.reason)} ${o.message}`,
  );
  return {
    units: units.sort(),
    orders: orders.sort(),
  };
}

export interface MovementCheck {
  /** Violations of the invariants, disagreements between resolvers, shuffles and runs, and with the oracle. */
  problems: string[];
  result: MovementResult | undefined;
  /** Oracle groups checked (solved within the search budget). */
  oracleGroups: number;
  /** Of those: with one solution, with none, with several (circular movements and paradoxes). */
  oracleCounts: { unique: number; none: number; several: number };
}

export interface CheckOptions {
  /** Also compare with a shuffled copy of the units and orders (needs `random`). */
  random?: Random;
  /** Run the equation oracle (any positive number; 0: not at all). */
  oracleGroup?: number;
}

const oracleMaps = new WeakMap<GameMap, OracleMap>();

/** The oracle's own reading of the map's data (its definition, the JSON), once per map. */
function oracleMapOf(map: GameMap): OracleMap {
  let found = oracleMaps.get(map);
  if (!found) oracleMaps.set(map, (found = readOracleMap(map.definition)));
  return found;
}

/**
 * Adjudicates with both resolvers and checks everything: invariants, agreement of the resolvers, determinism,
 * the same outcome after a shuffle of units and orders, and (optionally) the equation oracle.
 */
export function checkMovement(
  map: GameMap,
  position: Position,
  orders: readonly GivenOrder[],
  options: CheckOptions = {},
): MovementCheck {
  const problems: string[] = [];
  const oracleCounts = { unique: 0, none: 0, several: 0 };
  const run = (resolver: ResolverName, p: Position, o: readonly GivenOrder[]): MovementResult | undefined => {
    try {
      const r = adjudicateMovement(map, p, o, undefined, { resolver });
      if (!r.value) problems.push(`${resolver}: no result: ${r.issues.map((i) => i.message).join('; ')}`);
      return r.value;
    } catch (e) {
      problems.push(`${resolver}: threw ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
      return undefined;
    }
  };
  const main = run('partial-information', position, orders);
  const guess = run('guess', position, orders);
  if (!main || !guess) return { problems, result: main, oracleGroups: 0, oracleCounts };
  for (const v of movementViolations(map, position, main)) problems.push(`invariant: ${v}`);
  problems.push(...resultDifferences(main, guess, 'partial-information and guess'));
  const again = run('partial-information', position, orders);
  if (again) problems.push(...resultDifferences(main, again, 'two runs'));
  if (options.random) {
    const random = options.random;
    const shuffled: Position = { ...position, units: shuffle(random, position.units) };
    const shuffledOrders = shuffle(random, orders);
    for (const resolver of ['partial-information', 'guess'] as const) {
      const other = run(resolver, shuffled, shuffledOrders);
      if (!other) continue;
      const a = orderFreeSummary(map, main);
      const b = orderFreeSummary(map, other);
      const differ = (x: string[], y: string[]): string[] => x.filter((s, i) => s !== y[i]);
      const d = [...differ(a.units, b.units), ...differ(a.orders, b.orders)];
      if (d.length > 0)
        problems.push(`${resolver}: a shuffle of units and orders changes ${d.slice(0, 3).join('; ')}`);
      if (JSON.stringify(main.contested) !== JSON.stringify(other.contested))
        problems.push(`${resolver}: a shuffle changes the contested provinces`);
    }
  }
  let oracleGroups = 0;
  const limit = options.oracleGroup ?? 0;
  if (limit > 0) {
    const oracle = solveEquations(position, orders, undefined, oracleMapOf(map));
    for (const g of oracle.groups) {
      if (g.count === undefined) continue;
      oracleGroups++;
      if (g.count === 1) oracleCounts.unique++;
      else if (g.count === 0) oracleCounts.none++;
      else oracleCounts.several++;
    }
    for (const [name, r] of [
      ['partial-information', main],
      ['guess', guess],
    ] as const)
      for (const p of compareWithOracle(oracle, r)) problems.push(`oracle, ${name}: ${p}`);
  }
  return { problems, result: main, oracleGroups, oracleCounts };
}
