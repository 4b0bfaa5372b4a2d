/**
 * Runs a case of a jDip-format adjudicator test file (src/formats/jdip.ts) and compares the position after it
 * with the expected one, both ways, for units and for dislodged units, owners included. Movement, retreat and
 * adjustment cases are run; a case of another variant than the map's is skipped. Used by `dipkit datc`.
 */
import { adjudicateAdjustments } from '../adjudication/adjustment.js';
import { adjudicateMovement } from '../adjudication/movement/adjudicate.js';
import { adjudicateRetreats } from '../adjudication/retreat.js';
import type { RuleOptions } from '../adjudication/rules.js';
import type { JdipCase } from '../formats/jdip.js';
import type { MovementAdjudicator } from '../game/game.js';
import type { Issue } from '../issues.js';
import { armyAdjacent, normalizeName, splitCoast } from '../map/query.js';
import type { GameMap } from '../map/types.js';
import type { DislodgedUnit, Position, Unit } from '../position/types.js';

/** Result of running one case: the differences, or why it could not be run. */
export type JdipCaseRun = { differences: string[] } | { skip: string } | { error: string };

function errorMessage(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

/** Runs one case with the adjudicator of its phase (`adjudicate` for movement). */
export function runJdipCase(
  map: GameMap,
  c: JdipCase,
  rules?: RuleOptions,
  adjudicate: MovementAdjudicator = adjudicateMovement,
): JdipCaseRun {
  if (c.variant !== '' && normalizeName(c.variant) !== normalizeName(map.name)) {
    return { skip: `variant "${c.variant}" not supported (only ${map.name})` };
  }
  try {
    switch (c.phase.type) {
      case 'movement':
        return runMovementCase(map, c, rules, adjudicate);
      case 'retreat':
        return runRetreatCase(map, c, rules);
      case 'adjustment':
        return runAdjustmentCase(map, c, rules);
    }
  } catch (e) {
    // The adjudicator is a work in progress: a crash is this case's failure, not the end of the run.
    return { error: `the adjudicator threw: ${errorMessage(e)}` };
  }
}

function cannotAdjudicate(issues: readonly Issue[]): JdipCaseRun {
  return { error: `cannot adjudicate: ${issues.map((i) => `${i.code} ${i.message}`).join('; ')}` };
}

function runMovementCase(
  map: GameMap,
  c: JdipCase,
  rules: RuleOptions | undefined,
  adjudicate: MovementAdjudicator,
): JdipCaseRun {
  const position = positionBefore(c);
  const result = adjudicate(map, position, c.orders, rules);
  if (!result.value) return cannotAdjudicate(result.issues);
  const { position: after, dislodged } = result.value;
  // godip leaves out dislodged units that have no retreat (they are destroyed at once).
  const destroyed = new Set(dislodged.filter((d) => d.retreats.length === 0).map((d) => d.location));
  const retreating = after.dislodged.filter((d) => !destroyed.has(d.location));
  return {
    differences: [
      ...compareUnits(c.unitsAfter, after.units, ''),
      ...compareUnits(c.dislodgedAfter, retreating, 'dislodged '),
    ],
  };
}

/**
 * A retreat case. jDip gives the dislodged units without their attackers; they come from PRESTATE_RESULTS: a
 * successful move into a dislodged unit's province gives the attacker's origin (and whether it came by convoy), a
 * failed move that was not via convoy marks its target as a standoff province, unless it lost a head-to-head
 * battle (the unit of the target moved into its place).
 */
function runRetreatCase(map: GameMap, c: JdipCase, rules?: RuleOptions): JdipCaseRun {
  const province = (code: string): number => splitCoast(map, code).province;
  const moves = c.resultsBefore.filter((r) => r.order.order.kind === 'move');
  const convoyed = (from: number, to: number): boolean =>
    c.resultsBefore.some(
      (r) =>
        r.order.order.kind === 'convoy' &&
        province(r.order.order.army.location) === from &&
        province(r.order.order.to) === to,
    );
  const dislodged: DislodgedUnit[] = c.dislodgedBefore.map((u) => {
    const here = province(u.location);
    for (const r of moves) {
      const order = r.order.order;
      if (!r.success || order.kind !== 'move' || province(order.to) !== here) continue;
      const from = province(order.unit.location);
      const entry: DislodgedUnit = { ...u, attackerFrom: map.locationCode[from] ?? '' };
      const byConvoy =
        order.viaConvoy === true ||
        (order.path?.length ?? 0) > 0 ||
        convoyed(from, here) ||
        (order.unit.type === 'A' && !armyAdjacent(map, from, here));
      if (byConvoy) entry.byConvoy = true;
      return entry;
    }
    return { ...u, attackerFrom: '' };
  });
  // A move that lost a head-to-head battle does not make a standoff (6.H.9): the other unit moved into its place.
  const succeeded = (from: number, to: number): boolean =>
    moves.some(
      (r) =>
        r.success &&
        r.order.order.kind === 'move' &&
        province(r.order.order.unit.location) === from &&
        province(r.order.order.to) === to,
    );
  const contested = new Set<string>();
  for (const r of moves) {
    const order = r.order.order;
    if (r.success || order.kind !== 'move' || order.viaConvoy === true || (order.path?.length ?? 0) > 0)
      continue;
    const from = province(order.unit.location);
    const to = province(order.to);
    if (to >= 0 && !succeeded(to, from)) contested.add(map.locationCode[to] ?? '');
  }
  const position: Position = {
    phase: c.phase,
    units: c.unitsBefore.map((u) => ({ ...u })),
    dislodged,
    contested: [...contested].sort(),
    supplyCenters: c.supplyCenters ?? {},
  };
  const result = adjudicateRetreats(map, position, c.orders, rules);
  if (!result.value) return cannotAdjudicate(result.issues);
  return {
    differences: [
      ...compareUnits(c.unitsAfter, result.value.units, ''),
      ...compareUnits(c.dislodgedAfter, [], 'dislodged '),
    ],
  };
}

/** The position a case starts from: its units, and its supply-centre owners when it gives them. */
function positionBefore(c: JdipCase): Position {
  return {
    phase: c.phase,
    units: c.unitsBefore.map((u) => ({ ...u })),
    dislodged: [],
    contested: [],
    supplyCenters: c.supplyCenters ?? {},
  };
}

/** An adjustment case: supply-centre owners from PRESTATE_SUPPLYCENTER_OWNERS. */
function runAdjustmentCase(map: GameMap, c: JdipCase, rules?: RuleOptions): JdipCaseRun {
  const position = positionBefore(c);
  const result = adjudicateAdjustments(map, position, c.orders, rules);
  if (!result.value) return cannotAdjudicate(result.issues);
  return {
    differences: [
      ...compareUnits(c.unitsAfter, result.value.units, ''),
      ...compareUnits(c.dislodgedAfter, [], 'dislodged '),
    ],
  };
}

/**
 * Differences between two lists of units, compared by owner, type and location (coast included), as a multiset:
 * "missing ENGLAND A YOR" (expected, not there), "unexpected FRANCE A YOR" (there, not expected), each with
 * `prefix`. An expected swap of two units of different powers that in fact bounce is two differences each way.
 */
export function compareUnits(expected: readonly Unit[], actual: readonly Unit[], prefix: string): string[] {
  const key = (u: Unit): string => `${u.power} ${u.type} ${u.location}`;
  const remaining = new Map<string, number>();
  for (const u of actual) remaining.set(key(u), (remaining.get(key(u)) ?? 0) + 1);
  const missing: string[] = [];
  for (const u of expected) {
    const k = key(u);
    const n = remaining.get(k) ?? 0;
    if (n > 0) remaining.set(k, n - 1);
    else missing.push(k);
  }
  const unexpected: string[] = [];
  for (const u of actual) {
    const k = key(u);
    const n = remaining.get(k) ?? 0;
    if (n > 0) {
      unexpected.push(k);
      remaining.set(k, n - 1);
    }
  }
  return [
    ...missing.map((k) => `${prefix}missing ${k}`),
    ...unexpected.map((k) => `${prefix}unexpected ${k}`),
  ];
}
