/**
 * Adjudication of a movement phase: orders are checked (legality.ts), turned into tables (tables.ts), decided by
 * the solver (resolver.ts) with the DATC decisions (decisions.ts) and the backup rule (backup-rule.ts), and the
 * outcome is written with reasons.
 */
import type { GameMap } from '../../map/types.js';
import { lookupPower, splitCoast } from '../../map/query.js';
import { issue, type Result } from '../../issues.js';
import type { GivenOrder, Order } from '../../orders/types.js';
import type { DislodgedUnit, Position } from '../../position/types.js';
import { ARMY, compileBoard, type Board } from '../board.js';
import type { Dislodgement, MovementResult, OpposingStrength, OrderOutcome, Reason, Resolution, UnitOutcome } from '../outcome.js';
import { szykmanBackupRule } from './backup-rule.js';
import { MovementDecisions } from './decisions.js';
import { checkMovementOrder, type AcceptedOrder } from './legality.js';
import { Resolver } from './resolver.js';
import { buildTables, CONVOY, MOVE, SUPPORT, type MovementTables } from './tables.js';

/** Adjudicates the movement phase of `position` with `orders`. Bad positions give issues; bad orders are outcomes. */
export function adjudicateMovement(map: GameMap, position: Position, orders: readonly GivenOrder[]): Result<MovementResult> {
  const compiled = compileBoard(map, position.units);
  if (!compiled.value) return { issues: compiled.issues };
  const board = compiled.value;
  if (position.phase.type !== 'movement') {
    return { issues: [issue('wrong-phase', `the position is in a ${position.phase.type} phase, not a movement phase`)] };
  }

  // Legality (4.E.1) and, per unit, the first legal order (4.D.3 a).
  const accepted: (AcceptedOrder | undefined)[] = new Array<AcceptedOrder | undefined>(board.unitCount);
  const acceptedFrom = new Int32Array(board.unitCount).fill(-1);
  const verdicts = orders.map((given, i) => {
    const power = given.power === undefined ? -1 : lookupPower(map, given.power);
    if (given.power !== undefined && power < 0) {
      return { illegal: { reason: 'unknown-power' as const, message: `unknown power ${given.power}` } };
    }
    const verdict = checkMovementOrder(board, given.order, power);
    if ('accepted' in verdict) {
      const u = verdict.accepted.unit;
      if (accepted[u] !== undefined) {
        return { illegal: { reason: 'duplicate-order' as const, message: 'the unit already has an order; the first one counts (4.D.3 a)' } };
      }
      accepted[u] = verdict.accepted;
      acceptedFrom[u] = i;
    }
    return verdict;
  });

  const tables = buildTables(board, accepted);
  const solver = new Resolver(board.unitCount);
  const decisions = new MovementDecisions(tables, solver);
  solver.reset(
    (d, optimistic) => decisions.adjudicate(d, optimistic),
    (cycle, settle) => szykmanBackupRule(tables, cycle, settle),
  );
  const success = new Uint8Array(board.unitCount);
  for (let u = 0; u < board.unitCount; u++) {
    if (tables.kind[u] !== 0) success[u] = solver.resolve(u, true) ? 1 : 0;
  }

  return { value: writeResult(map, position, board, tables, decisions, solver, success, orders, verdicts, acceptedFrom), issues: [] };
}

function unitText(board: Board, u: number): string {
  return `${board.unitType[u] === ARMY ? 'A' : 'F'} ${board.map.locationCode[board.unitLocation[u]!]}`;
}

function writeResult(
  map: GameMap,
  position: Position,
  board: Board,
  t: MovementTables,
  decisions: MovementDecisions,
  solver: Resolver,
  success: Uint8Array,
  orders: readonly GivenOrder[],
  verdicts: readonly ({ accepted: AcceptedOrder } | { illegal: { reason: string; message: string } })[],
  acceptedFrom: Int32Array,
): MovementResult {
  const n = board.unitCount;
  const moved = (u: number): boolean => t.kind[u] === MOVE && success[u] === 1;

  // Who ends where: the successful mover into each province, and the units it dislodges.
  const arriving = new Int32Array(map.provinceCount).fill(-1);
  for (let u = 0; u < n; u++) if (moved(u)) arriving[t.dest[u]!] = u;
  const dislodgedBy = new Int32Array(n).fill(-1);
  for (let u = 0; u < n; u++) {
    const attacker = arriving[board.unitProvince[u]!]!;
    if (attacker >= 0 && attacker !== u && !moved(u)) dislodgedBy[u] = attacker;
  }
  const occupied = new Uint8Array(map.provinceCount);
  for (let u = 0; u < n; u++) {
    if (moved(u)) occupied[t.dest[u]!] = 1;
    else if (dislodgedBy[u]! < 0) occupied[board.unitProvince[u]!] = 1;
  }
  // A standoff leaves a province empty although a unit with a path tried to enter and did not lose a head-to-head
  // battle (a failed convoy does not count, 6.F.7).
  const contested = new Uint8Array(map.provinceCount);
  for (let u = 0; u < n; u++) {
    if (t.kind[u] !== MOVE || success[u] || occupied[t.dest[u]!]) continue;
    if (!decisions.path(u, false)) continue;
    const opponent = t.opponent[u]!;
    if (opponent >= 0 && success[opponent]) continue;
    contested[t.dest[u]!] = 1;
  }

  const dislodgements: (Dislodgement | undefined)[] = new Array<Dislodgement | undefined>(n);
  for (let u = 0; u < n; u++) {
    const a = dislodgedBy[u]!;
    if (a < 0) continue;
    const from = board.unitProvince[a]!;
    const byConvoy = t.byConvoy[a] === 1;
    dislodgements[u] = {
      by: unitText(board, a),
      from: map.locationCode[from]!,
      byConvoy,
      retreats: retreatOptions(board, u, from, byConvoy, occupied, contested),
    };
  }

  const orderOf = (u: number): Order => {
    const i = acceptedFrom[u]!;
    return i >= 0 ? orders[i]!.order : { kind: 'hold', unit: { type: board.units[u]!.type, location: board.units[u]!.location } };
  };

  const explain = (u: number): { resolution: Resolution; reason: Reason } => {
    switch (t.kind[u]) {
      case MOVE:
        return explainMove(u);
      case SUPPORT:
        if (!t.matches[u]) return { resolution: 'invalid', reason: { code: 'not-matching', actual: describe(t.target[u]!) } };
        return success[u] ? { resolution: 'given', reason: { code: 'given' } } : { resolution: 'cut', reason: cutReason(u) };
      case CONVOY:
        if (!t.matches[u]) return { resolution: 'invalid', reason: { code: 'not-matching', actual: describe(t.target[u]!) } };
        if (success[u]) return { resolution: 'available', reason: { code: 'available' } };
        if (solver.byBackupRule[u]) return { resolution: 'disrupted', reason: { code: 'paradox', rule: 'szykman' } };
        return { resolution: 'disrupted', reason: { code: 'convoy-dislodged', by: unitText(board, dislodgedBy[u]!) } };
      default:
        return { resolution: 'stands', reason: { code: 'stands' } };
    }
  };

  const explainMove = (u: number): { resolution: Resolution; reason: Reason } => {
    const attack = decisions.attackStrength(u, false);
    if (success[u]) {
      const reason: Reason = solver.byBackupRule[u] ? { code: 'circular-movement' } : { code: 'moved', attack };
      return { resolution: 'succeeds', reason };
    }
    if (t.invalidMove[u]) return { resolution: 'invalid', reason: { code: 'no-convoy-ordered' } };
    if (!decisions.path(u, false)) return { resolution: 'fails', reason: { code: 'no-path' } };
    const dest = t.dest[u]!;
    const defender = board.unitAt[dest]!;
    if (attack === 0 && defender >= 0) return { resolution: 'fails', reason: { code: 'own-unit', unit: unitText(board, defender) } };
    let against: OpposingStrength | undefined;
    const opponent = t.opponent[u]!;
    if (opponent >= 0) {
      const strength = decisions.defendStrength(opponent, false);
      if (strength >= attack) against = { kind: 'defend', unit: unitText(board, opponent), strength };
    } else if (defender >= 0) {
      const strength = decisions.holdStrength(dest, false);
      if (strength >= attack) against = { kind: 'hold', unit: unitText(board, defender), strength };
    }
    for (let i = t.moveStart[dest]!; against === undefined && i < t.moveStart[dest + 1]!; i++) {
      const w = t.movers[i]!;
      if (w === u) continue;
      const strength = decisions.preventStrength(w, false);
      if (strength >= attack) against = { kind: 'prevent', unit: unitText(board, w), strength };
    }
    // Only the backup rule can fail a move without an opposing strength (a paradox outside the standard rules).
    against ??= { kind: 'hold', unit: defender >= 0 ? unitText(board, defender) : '', strength: 0 };
    return { resolution: 'fails', reason: { code: 'bounced', attack, against } };
  };

  const cutReason = (s: number): Reason => {
    const here = board.unitProvince[s]!;
    for (let i = t.moveStart[here]!; i < t.moveStart[here + 1]!; i++) {
      const a = t.movers[i]!;
      if (board.unitPower[a] === board.unitPower[s]) continue;
      if (board.unitProvince[a] === t.dest[s]) {
        if (success[a]) return { code: 'cut-by-dislodgement', by: unitText(board, a) };
      } else if (decisions.path(a, false)) {
        return { code: 'cut', by: unitText(board, a) };
      }
    }
    return { code: 'cut', by: '' };
  };

  const describe = (u: number): string => {
    switch (t.kind[u]) {
      case MOVE:
        return `${unitText(board, u)} - ${map.locationCode[t.destLocation[u]!]}`;
      case SUPPORT:
        return `${unitText(board, u)} supports`;
      case CONVOY:
        return `${unitText(board, u)} convoys`;
      default:
        return `${unitText(board, u)} holds`;
    }
  };

  const outcomes: OrderOutcome[] = orders.map((given, i) => {
    const verdict = verdicts[i]!;
    if ('illegal' in verdict) {
      const province = findUnit(board, given);
      const outcome: OrderOutcome = {
        given,
        resolution: 'illegal',
        reason: { code: 'illegal', rule: verdict.illegal.reason as never, message: verdict.illegal.message },
        message: `illegal: ${verdict.illegal.message}`,
      };
      if (province >= 0) {
        outcome.unit = unitText(board, province);
        const d = dislodgements[province];
        if (d) outcome.dislodged = d;
      }
      return outcome;
    }
    const u = verdict.accepted.unit;
    if (acceptedFrom[u] !== i) {
      // Unreachable: duplicates are turned into illegal verdicts above.
      return { given, unit: unitText(board, u), resolution: 'illegal', reason: { code: 'stands' }, message: 'ignored' };
    }
    const { resolution, reason } = explain(u);
    const outcome: OrderOutcome = { given, unit: unitText(board, u), resolution, reason, message: messageFor(resolution, reason) };
    const d = dislodgements[u];
    if (d) outcome.dislodged = d;
    return outcome;
  });

  const units: UnitOutcome[] = [];
  const after: Position['units'] = [];
  const dislodged: (DislodgedUnit & { retreats: string[] })[] = [];
  for (let u = 0; u < n; u++) {
    const unit = board.units[u]!;
    const location = moved(u) ? map.locationCode[t.destLocation[u]!]! : map.locationCode[board.unitLocation[u]!]!;
    const outcome: UnitOutcome = { unit, order: orderOf(u), location, moved: moved(u) };
    const d = dislodgements[u];
    if (d) {
      outcome.dislodged = d;
      const entry: DislodgedUnit & { retreats: string[] } = {
        power: unit.power,
        type: unit.type,
        location,
        attackerFrom: d.from,
        retreats: d.retreats,
      };
      if (d.byConvoy) entry.byConvoy = true;
      dislodged.push(entry);
    } else {
      after.push({ power: unit.power, type: unit.type, location });
    }
    units.push(outcome);
  }
  const contestedList: string[] = [];
  for (let p = 0; p < map.provinceCount; p++) if (contested[p]) contestedList.push(map.locationCode[p]!);

  return {
    orders: outcomes,
    units,
    dislodged,
    contested: contestedList,
    position: {
      phase: { ...position.phase, type: 'retreat' },
      units: after,
      dislodged: dislodged.map(({ retreats: _retreats, ...rest }) => rest),
      contested: contestedList,
      supplyCenters: position.supplyCenters,
    },
  };
}

/** The unit an (illegal) order names, if there is a unit there. */
function findUnit(board: Board, given: GivenOrder): number {
  if (given.order.kind === 'waive') return -1;
  const province = splitCoast(board.map, given.order.unit.location).province;
  return province < 0 ? -1 : board.unitAt[province]!;
}

/**
 * Where a dislodged unit may retreat: a neighbour it could move to without convoy, not occupied after the
 * movement, not left empty by a standoff, and not the attacker's province unless the attack came by convoy
 * (DATC 4.A.5 b).
 */
export function retreatOptions(
  board: Board,
  u: number,
  attackerFrom: number,
  byConvoy: boolean,
  occupied: Uint8Array,
  contested: Uint8Array,
): string[] {
  const map = board.map;
  const options: string[] = [];
  const allowed = (p: number): boolean => !occupied[p] && !contested[p] && (p !== attackerFrom || byConvoy);
  if (board.unitType[u] === ARMY) {
    const p = board.unitProvince[u]!;
    for (let i = map.armyStart[p]!; i < map.armyStart[p + 1]!; i++) {
      const q = map.armyAdj[i]!;
      if (allowed(q)) options.push(map.locationCode[q]!);
    }
  } else {
    const l = board.unitLocation[u]!;
    for (let i = map.fleetStart[l]!; i < map.fleetStart[l + 1]!; i++) {
      const m = map.fleetAdj[i]!;
      if (allowed(map.locationProvince[m]!)) options.push(map.locationCode[m]!);
    }
  }
  return options.sort();
}

function messageFor(resolution: Resolution, reason: Reason): string {
  switch (reason.code) {
    case 'moved':
      return `succeeds with strength ${reason.attack}`;
    case 'circular-movement':
      return 'succeeds: circular movement';
    case 'bounced':
      return `fails: attack ${reason.attack} against ${reason.against.kind} strength ${reason.against.strength} of ${reason.against.unit}`;
    case 'own-unit':
      return `fails: ${reason.unit} is of the same power and stays`;
    case 'no-path':
      return 'fails: the convoy is disrupted';
    case 'no-convoy-ordered':
      return 'invalid: no convoy route is ordered';
    case 'given':
      return 'given';
    case 'cut':
      return `cut by ${reason.by}`;
    case 'cut-by-dislodgement':
      return `cut: dislodged by ${reason.by}`;
    case 'available':
      return 'available';
    case 'convoy-dislodged':
      return `disrupted: dislodged by ${reason.by}`;
    case 'paradox':
      return 'disrupted: convoy paradox, Szykman rule';
    case 'not-matching':
      return `invalid: the unit's order is ${reason.actual}`;
    case 'stands':
      return 'stands';
    case 'illegal':
      return `illegal: ${reason.message}`;
  }
  return resolution;
}
