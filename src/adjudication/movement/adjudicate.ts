/**
 * Adjudication of a movement phase: orders are checked (legality.ts), turned into tables (tables.ts), decided by
 * the solver (resolver.ts) with the DATC decisions (decisions.ts) and the backup rule (backup-rule.ts), and the
 * outcome is written with reasons.
 */
import type { GameMap } from '../../map/types.js';
import { splitCoast } from '../../map/query.js';
import { issue, type Result } from '../../issues.js';
import type { GivenOrder, Order } from '../../orders/types.js';
import type { DislodgedUnit, Position, Unit } from '../../position/types.js';
import { ARMY as ARMY_CODE, loadBoard, type Board } from '../board.js';
import type {
  Dislodgement,
  MovementResult,
  OpposingStrength,
  OrderOutcome,
  Reason,
  Resolution,
  UnitOutcome,
} from '../outcome.js';
import {
  applyBackupRule,
  emptyBackupLog,
  resetBackupLog,
  type BackupLog,
  type BackupRuleName,
} from './backup-rule.js';
import { withDefaults, type RuleOptions } from '../rules.js';
import { MovementDecisions, type DecisionSource } from './decisions.js';
import { chooseOrders, type OrderChoice } from './order-choice.js';
import { resolveByCodes } from './codes.js';
import type { Resolver } from './resolver.js';
import { movementScratch, type MovementScratch } from './scratch.js';
import * as codes from './tables.js';
import { buildTables, type MovementTables } from './tables.js';

// Imported bindings are live: each use reads a cell and checks that it is initialised, even in optimised code.
// Module constants are folded into the code, so the hot loops below use these local copies.
const ARMY = ARMY_CODE;
const { BY_LAND, CONVOY, HOLD, MATCHES, CIVIL_DISORDER, MOVE, SUPPORT } = codes;

/** The bound the outcome's readers pass to the decisions (`high`, `optimistic`): either reads the same there. */
// Stryker disable next-line BooleanLiteral: equivalent, after solving every decision is settled, so both bounds read the same.
const SETTLED = false;

/** Which solver decides: the partial-information algorithm (5.E, the default) or the guess algorithm (5.F). */
export type ResolverName = 'partial-information' | 'guess';

export interface EngineOptions {
  resolver?: ResolverName;
}

/**
 * The decisions, solved; re-solved when a DPTG Szykman resolution turns out inconsistent. The decisions object
 * and the log are the scratch set's (valid until the next adjudication on the map); `success` is s.success.
 */
export function solve(
  tables: MovementTables,
  resolver: ResolverName | undefined,
  s: MovementScratch,
): { success: Uint8Array; decisions: MovementDecisions; log: BackupLog } {
  const n = tables.board.unitCount;
  // Stryker disable next-line ConditionalExpression,EqualityOperator,StringLiteral: equivalent, these mutants pick the other solver or the default one for both names, and both solvers give the same full results, reasons included (solver-agreement.test.ts: every DATC and engine case under every single rule choice).
  const guess = resolver === 'guess';
  const solver = guess ? s.guessResolver : s.resolver;
  let allHold: Set<number> | undefined;
  for (;;) {
    const solving = solvingState(s, tables, solver, guess);
    const { decisions } = solving;
    const log = resetBackupLog(solving.log, n, s.fallback, allHold);
    solver.reset(solving.adjudicate, solving.backupRule, n);
    // The convoy searches' stack starts empty for each set of decisions, whatever an earlier one left on it.
    s.searchTop = 0;
    // Stryker disable next-line BooleanLiteral,ConditionalExpression: equivalent, settling is a shortcut the equations agree with; the guess solver never reads the partial-information solver it settles.
    if (!guess) settleUnopposed(tables, s.resolver);
    const success = s.success;
    success.fill(0, 0, n);
    // A holding unit has no decision (its success stays 0). `!==` rather than `<`: no bound to move by one, which
    // would decide the stale slot n of the scratch set.
    for (let u = 0; u !== n; u++) if (tables.kind[u] !== HOLD) success[u] = solver.decide(u) ? 1 : 0;
    // DPTG: the resolution with every convoy of the core disrupted counts only if each of those fleets is indeed
    // dislodged; otherwise that paradox goes to all-hold, and the decisions are solved again.
    let inconsistent = false;
    for (const core of log.tentative) {
      if (core.every((f) => dislodgedIn(tables, success, tables.board.unitProvince[f]!))) continue;
      inconsistent = true;
      allHold ??= new Set<number>();
      for (const f of core) allHold.add(f);
    }
    if (!inconsistent) return { success, decisions, log };
  }
}

/**
 * Decisions that depend on no other decision, settled before solving (most orders of an opening): a move over land
 * into an empty province that no other unit moves into succeeds (attack 1 against hold 0 and no prevent strength,
 * 5.B.1); a support or convoy whose province no unit moves into succeeds (nothing can cut or dislodge it, 5.B.2,
 * 5.B.3). The equations give the same; the solver would only take longer to find it. Such a decision is in no
 * cycle, so no backup rule could have touched it.
 */
// Stryker disable next-line BlockStatement: equivalent, without the shortcut the solver finds the same decisions.
function settleUnopposed(t: MovementTables, solver: Resolver): void {
  const { kind, dest, moveStart, route, invalidMove } = t;
  const { unitAt, unitProvince } = t.board;
  // The mutants of this loop that settle fewer decisions (none at all, or no move, support or convoy), a holding
  // unit's (read by no decision) or unit n's (past the board, never read) survive (docs/verification.md); those that
  // would settle a decision wrongly are killed.
  for (let u = 0; u < t.board.unitCount; u++) {
    const k = kind[u];
    if (k === MOVE) {
      const d = dest[u]!;
      if (
        unitAt[d]! < 0 &&
        // Stryker disable next-line ArithmeticOperator: equivalent, either mutant settles fewer moves (a sum of 1, a difference below 0), which the solver decides the same.
        moveStart[d + 1]! - moveStart[d]! === 1 &&
        route[u] === BY_LAND &&
        !invalidMove[u]
      )
        solver.fix(u, true);
    } else if (k !== HOLD) {
      const here = unitProvince[u]!;
      if (moveStart[here] === moveStart[here + 1]) solver.fix(u, true);
    }
  }
}

/** The scratch set's decisions and callbacks, reset for `tables` (made on first use). */
function solvingState(
  s: MovementScratch,
  tables: MovementTables,
  solver: DecisionSource,
  guess: boolean,
): NonNullable<MovementScratch['solving']> {
  // Made on the map's first phase, reset for every phase (the first included).
  const solving = (s.solving ??= newSolvingState(s, tables, solver, guess));
  solving.decisions.reset(tables, solver, guess);
  return solving;
}

function newSolvingState(
  s: MovementScratch,
  tables: MovementTables,
  solver: DecisionSource,
  guess: boolean,
): NonNullable<MovementScratch['solving']> {
  const decisions = new MovementDecisions(tables, solver, guess, s);
  const made: NonNullable<MovementScratch['solving']> = {
    decisions,
    log: emptyBackupLog(s.fallback),
    adjudicate: (d, optimistic) => decisions.adjudicate(d, optimistic),
    backupRule: (cycle, settle) => applyBackupRule(decisions.tables, decisions, made.log, cycle, settle),
  };
  return made;
}

function dislodgedIn(t: MovementTables, success: Uint8Array, province: number): boolean {
  for (let i = t.moveStart[province]!; i < t.moveStart[province + 1]!; i++)
    if (success[t.movers[i]!]) return true;
  return false;
}

/**
 * Adjudicates the movement phase of `position` with `orders` under `rules` (default: the DATC preferences).
 * Bad positions give issues; bad orders are outcomes ("illegal", with the reason).
 */
export function adjudicateMovement(
  map: GameMap,
  position: Position,
  orders: readonly GivenOrder[],
  rules?: Partial<RuleOptions>,
  engine: EngineOptions = {},
): Result<MovementResult> {
  const decided = decide(map, position, orders, rules, engine);
  if (!decided.value) return { issues: decided.issues };
  const { board, tables, decisions, log, success, choice } = decided.value;
  return {
    value: writeResult(map, position, board, tables, decisions, log, success, orders, choice),
    issues: [],
  };
}

/**
 * The lean entry point: the same adjudication as `adjudicateMovement`, giving only the position after the phase, the
 * retreat phase of the same season (the units that stay, the dislodged units with their attacker's origin, the
 * provinces a standoff left empty): no outcome per order, no reasons, no retreat options. For self-play, batch
 * work and anything else that only needs to know where the units end up.
 */
export function resolveMovement(
  map: GameMap,
  position: Position,
  orders: readonly GivenOrder[],
  rules?: Partial<RuleOptions>,
  engine: EngineOptions = {},
): Result<Position> {
  // Orders written canonically, the common case, take the integer way (codes.ts); the others the general one.
  const fast = resolveByCodes(map, position, orders, rules, engine);
  // `false` survives (docs/verification.md): the general way gives the same position, only slower.
  if (fast !== undefined) return { value: fast, issues: [] };
  const decided = decide(map, position, orders, rules, engine);
  if (!decided.value) return { issues: decided.issues };
  const { board, tables, decisions, success } = decided.value;
  return { value: positionAfter(map, position, board, tables, decisions, success), issues: [] };
}

/** The position after the phase, as `writeResult` writes it in `MovementResult.position`. */
export function positionAfter(
  map: GameMap,
  position: Position,
  board: Board,
  t: MovementTables,
  decisions: MovementDecisions,
  success: Uint8Array,
): Position {
  const { dislodgedBy, contested } = whoEndsWhere(board, t, decisions, success);
  const units: Unit[] = [];
  const dislodged: DislodgedUnit[] = [];
  for (let u = 0; u < board.unitCount; u++) {
    const unit = board.units[u]!;
    const moved = t.kind[u] === MOVE && success[u] === 1;
    const location = map.locationCode[moved ? t.destLocation[u]! : board.unitLocation[u]!]!;
    const a = dislodgedBy[u]!;
    if (a < 0) {
      units.push({ power: unit.power, type: unit.type, location });
      continue;
    }
    const entry: DislodgedUnit = {
      power: unit.power,
      type: unit.type,
      location,
      attackerFrom: map.locationCode[board.unitProvince[a]!]!,
    };
    if (decisions.cameByConvoy(a)) entry.byConvoy = true;
    dislodged.push(entry);
  }
  const contestedList = contestedCodes(map, contested);
  return {
    phase: { ...position.phase, type: 'retreat' },
    units,
    dislodged,
    contested: contestedList,
    supplyCenters: position.supplyCenters,
  };
}

/** The codes of the provinces a standoff left empty (`contested` holds one entry per province). */
function contestedCodes(map: GameMap, contested: Uint8Array): string[] {
  const list: string[] = [];
  contested.forEach((c, p) => {
    if (c) list.push(map.locationCode[p]!);
  });
  return list;
}

/** Everything decided about a movement phase, before anything is written. */
export interface Decided {
  board: Board;
  choice: OrderChoice;
  tables: MovementTables;
  decisions: MovementDecisions;
  log: BackupLog;
  success: Uint8Array;
}

/**
 * The orders checked and chosen, the tables built and the decisions solved, in the map's scratch set: valid until
 * the next adjudication on the same map.
 */
export function decide(
  map: GameMap,
  position: Position,
  orders: readonly GivenOrder[],
  rules: Partial<RuleOptions> | undefined,
  engine: EngineOptions,
): Result<Decided> {
  const s = movementScratch(map, position.units.length);
  const compiled = loadBoard(s, map, position.units);
  if (!compiled.value) return { issues: compiled.issues };
  const board = compiled.value;
  if (position.phase.type !== 'movement') {
    return {
      issues: [
        issue('wrong-phase', `the position is in a ${position.phase.type} phase, not a movement phase`),
      ],
    };
  }
  const options = withDefaults(rules);
  const choice = chooseOrders(map, board, orders, options, s);
  const tables = buildTables(board, choice.accepted, options, choice.civilDisorder, s);
  const { success, decisions, log } = solve(tables, engine.resolver, s);
  // Stryker disable next-line ArrayDeclaration: equivalent, every caller reads the issues only when there is no value.
  return { value: { board, choice, tables, decisions, log, success }, issues: [] };
}

/** "A PAR", "F SPA/NC": the text of unit u (from a table of every unit text of the map). */
function unitText(board: Board, u: number): string {
  const texts = movementScratch(board.map, 0).unitText;
  return texts[board.unitType[u]! * board.map.locationCount + board.unitLocation[u]!]!;
}

/**
 * Who ends where (in the scratch set): each unit's dislodger or -1, the provinces occupied after the phase, and
 * those a standoff leaves empty.
 */
export function whoEndsWhere(
  board: Board,
  t: MovementTables,
  decisions: MovementDecisions,
  success: Uint8Array,
): { dislodgedBy: Int32Array; occupied: Uint8Array; contested: Uint8Array } {
  const n = board.unitCount;
  // Sized for the units when the phase began (decide); reserving again here could only reallocate under the solver.
  const s = movementScratch(board.map, 0);
  const { kind, dest } = t;
  const { unitProvince } = board;
  const { arriving, dislodgedBy, occupied, contested } = s;
  // The successful mover into each province; a unit that stays where one arrives is dislodged by it.
  for (let u = 0; u < n; u++) if (kind[u] === MOVE && success[u] === 1) arriving[dest[u]!] = u;
  occupied.fill(0);
  for (let u = 0; u < n; u++) {
    if (kind[u] === MOVE && success[u] === 1) {
      occupied[dest[u]!] = 1;
      dislodgedBy[u] = -1;
    } else {
      dislodgedBy[u] = arriving[unitProvince[u]!]!;
      // Occupied whether the unit stays or is dislodged: a unit is dislodged only by a move that succeeded into its
      // province, which the loop marks occupied too.
      occupied[unitProvince[u]!] = 1;
    }
  }
  // Cleared for the next phase (the first loop set only the entries of successful moves).
  arriving.fill(-1);
  // A standoff leaves a province empty although a unit with a path tried to enter and did not lose a head-to-head
  // battle (a failed convoy does not count, 6.F.7).
  contested.fill(0);
  for (let u = 0; u < n; u++) {
    if (t.kind[u] !== MOVE || success[u] || occupied[dest[u]!]) continue;
    if (!decisions.path(u, SETTLED)) continue;
    // A loser of a head-to-head battle: its partner moved (had it stayed, or been dislodged, the destination would
    // be occupied), so the province is left empty by that battle, not by a standoff (unless another mover bounced).
    if (decisions.headToHead(u) === 1) continue;
    contested[dest[u]!] = 1;
  }
  return { dislodgedBy, occupied, contested };
}

function writeResult(
  map: GameMap,
  position: Position,
  board: Board,
  t: MovementTables,
  decisions: MovementDecisions,
  log: BackupLog,
  success: Uint8Array,
  orders: readonly GivenOrder[],
  choice: OrderChoice,
): MovementResult {
  const { verdicts, acceptedFrom } = choice;
  const n = board.unitCount;
  const rules = t.rules;
  // The route a move took: by convoy for convoy moves, and for 4.A.3 a moves whose convoy held.
  const byConvoy = (u: number): boolean => decisions.cameByConvoy(u);
  const moved = (u: number): boolean => t.kind[u] === MOVE && success[u] === 1;

  const { dislodgedBy, occupied, contested } = whoEndsWhere(board, t, decisions, success);

  const orderOf = (u: number): Order => {
    const i = acceptedFrom[u]!;
    if (i >= 0) return orders[i]!.order;
    return (
      choice.implicit[u] ?? {
        kind: 'hold',
        unit: { type: board.units[u]!.type, location: board.units[u]!.location },
      }
    );
  };

  // Each unit: where it ends and, when dislodged, by whom and where it may retreat (read by the orders' outcomes
  // below). One loop over the board's units: its entries past the last unit would read no unit.
  const dislodgements: (Dislodgement | undefined)[] = [];
  const units: UnitOutcome[] = [];
  const after: Position['units'] = [];
  const dislodged: (DislodgedUnit & { retreats: string[] })[] = [];
  for (let u = 0; u < n; u++) {
    const unit = board.units[u]!;
    const location = moved(u)
      ? map.locationCode[t.destLocation[u]!]!
      : map.locationCode[board.unitLocation[u]!]!;
    const outcome: UnitOutcome = { unit, order: orderOf(u), location, moved: moved(u) };
    units.push(outcome);
    const a = dislodgedBy[u]!;
    if (a < 0) {
      after.push({ power: unit.power, type: unit.type, location });
      continue;
    }
    const from = board.unitProvince[a]!;
    const convoyed = byConvoy(a);
    const d: Dislodgement = {
      by: unitText(board, a),
      from: map.locationCode[from]!,
      byConvoy: convoyed,
      retreats: retreatOptions(
        board,
        u,
        from,
        convoyed && rules.retreatToConvoyOrigin === 'allowed',
        occupied,
        contested,
      ),
    };
    dislodgements[u] = d;
    outcome.dislodged = d;
    const entry: DislodgedUnit & { retreats: string[] } = {
      power: unit.power,
      type: unit.type,
      location,
      attackerFrom: d.from,
      retreats: d.retreats,
    };
    if (convoyed) entry.byConvoy = true;
    dislodged.push(entry);
  }

  const explain = (u: number): { resolution: Resolution; reason: MovementReason } => {
    switch (t.kind[u]!) {
      case MOVE:
        return explainMove(u);
      case SUPPORT:
        if (t.matches[u] === CIVIL_DISORDER)
          return { resolution: 'invalid', reason: { code: 'civil-disorder' } };
        if (t.matches[u] !== MATCHES)
          return { resolution: 'invalid', reason: { code: 'not-matching', actual: describe(t.target[u]!) } };
        return success[u]
          ? { resolution: 'given', reason: { code: 'given' } }
          : { resolution: 'cut', reason: cutReason(u) };
      case CONVOY: {
        if (t.matches[u] !== MATCHES)
          return { resolution: 'invalid', reason: { code: 'not-matching', actual: describe(t.target[u]!) } };
        const rule = log.rule[u];
        if (success[u]) {
          if (rule === 'all-hold') return { resolution: 'available', reason: paradoxReason(u, 'all-hold') };
          return { resolution: 'available', reason: { code: 'available' } };
        }
        // A convoy the paradox rule disrupted says so, even when its fleet is then dislodged as well (6.F.14).
        if (rule !== undefined) return { resolution: 'disrupted', reason: paradoxReason(u, rule) };
        return {
          resolution: 'disrupted',
          reason: { code: 'convoy-dislodged', by: unitText(board, dislodgedBy[u]!) },
        };
      }
      default:
        return { resolution: 'stands', reason: { code: 'stands' } };
    }
  };

  const explainMove = (u: number): { resolution: Resolution; reason: MovementReason } => {
    const attack = decisions.attackStrength(u, SETTLED);
    if (success[u]) {
      const reason: MovementReason =
        log.rule[u] === 'circular-movement' ? { code: 'circular-movement' } : { code: 'moved', attack };
      return { resolution: 'succeeds', reason };
    }
    const rule = log.rule[u];
    if (rule === 'all-hold') return { resolution: 'fails', reason: paradoxReason(u, rule) };
    const impossible = choice.accepted[u]!.impossible;
    if (impossible)
      return {
        resolution: 'fails',
        reason: { code: 'impossible-move', rule: impossible.reason, message: impossible.message },
      };
    if (t.invalidMove[u]) return { resolution: 'invalid', reason: { code: 'no-convoy-ordered' } };
    if (!decisions.path(u, SETTLED)) return { resolution: 'fails', reason: { code: 'no-path' } };
    const dest = t.dest[u]!;
    const defender = board.unitAt[dest]!;
    // A move with a path has attack strength 0 only against a unit of its own power that stays (5.B.4).
    if (attack === 0)
      return { resolution: 'fails', reason: { code: 'own-unit', unit: unitText(board, defender) } };
    let against: OpposingStrength | undefined;
    if (decisions.headToHead(u) === 1) {
      const partner = decisions.partner(u);
      const strength = decisions.defendStrength(partner, SETTLED);
      if (strength >= attack) against = { kind: 'defend', unit: unitText(board, partner), strength };
    } else {
      // (An empty destination has hold strength 0, below the attack strength here.)
      const strength = decisions.holdStrength(dest, SETTLED);
      if (strength >= attack) against = { kind: 'hold', unit: unitText(board, defender), strength };
    }
    // Of several prevent strengths that stop the move, the strongest, then the first by unit text (so that the
    // reason does not depend on the order of units and orders).
    for (let i = t.moveStart[dest]!; i < t.moveStart[dest + 1]!; i++) {
      const w = t.movers[i]!;
      if (w === u || (against !== undefined && against.kind !== 'prevent')) continue;
      const strength = decisions.preventStrength(w, SETTLED);
      // `false` survives (docs/verification.md): a failed move meets some strength at least its attack (5.B.1), which
      // a weaker prevent strength never replaces.
      if (strength < attack) continue;
      const unit = unitText(board, w);
      if (
        against === undefined ||
        strength > against.strength ||
        // `<=` survives (docs/verification.md): two movers never have the same unit text (one unit per province).
        (strength === against.strength && unit < against.unit)
      )
        against = { kind: 'prevent', unit, strength };
    }
    // Only the backup rule can fail a move without an opposing strength (a paradox outside the standard rules).
    // Stryker disable next-line ObjectLiteral,StringLiteral,ConditionalExpression,EqualityOperator: equivalent, unreachable: outside the all-hold rule (answered above) a failed move with a path has an attack strength no greater than a defend, hold or prevent strength found above (5.B.1), and no other backup rule fails a move.
    against ??= { kind: 'hold', unit: defender >= 0 ? unitText(board, defender) : '', strength: 0 };
    return { resolution: 'fails', reason: { code: 'bounced', attack, against } };
  };

  const paradoxReason = (u: number, rule: BackupRuleName): MovementReason => {
    const reason: MovementReason = { code: 'paradox', rule };
    if (log.fallback[u]) reason.fallbackFor = rules.convoyParadox;
    return reason;
  };

  // The reason names one unit whatever the order of units and orders: the dislodging unit when there is one,
  // else the first by its text of the units whose attack cuts by the same test as the SUPPORT decision.
  const cutReason = (s: number): MovementReason => {
    if (dislodgedBy[s]! >= 0) return { code: 'cut-by-dislodgement', by: unitText(board, dislodgedBy[s]!) };
    const here = board.unitProvince[s]!;
    // Stryker disable next-line StringLiteral: equivalent, a support cut without being dislodged has an attacker that cuts by the same test as SUPPORT's, and any unit text sorts before another start value.
    let by = '';
    for (let i = t.moveStart[here]!; i < t.moveStart[here + 1]!; i++) {
      const a = t.movers[i]!;
      if (!decisions.cuts(s, a, SETTLED)) continue;
      const text = unitText(board, a);
      // `<=` survives (docs/verification.md): two movers never have the same unit text (one unit per province).
      if (by === '' || text < by) by = text;
    }
    return { code: 'cut', by };
  };

  const describe = (u: number): string => {
    switch (t.kind[u]!) {
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
    // The one accepted order of its unit: order-choice.ts made every other order of the unit illegal.
    const u = verdict.accepted.unit;
    const { resolution, reason } = explain(u);
    const outcome: OrderOutcome = {
      given,
      unit: unitText(board, u),
      resolution,
      reason,
      message: messageFor(resolution, reason),
    };
    const d = dislodgements[u];
    if (d) outcome.dislodged = d;
    return outcome;
  });

  const contestedList = contestedCodes(map, contested);

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
  return board.unitAt[province] ?? -1;
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

/**
 * The reasons a legal movement order can have (an illegal order's message is written where it is judged; retreat
 * and adjustment reasons belong to those phases).
 */
type MovementReason = Exclude<
  Reason,
  { code: 'illegal' | 'retreated' | 'retreat-clash' | 'disbanded' | 'built' | 'waived' }
>;

function messageFor(resolution: Resolution, reason: MovementReason): string {
  switch (reason.code) {
    case 'moved':
      return `succeeds with attack strength ${reason.attack}`;
    case 'circular-movement':
      return 'succeeds: circular movement';
    case 'bounced':
      return `fails: attack strength ${reason.attack} against ${reason.against.kind} strength ${reason.against.strength} of ${reason.against.unit}`;
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
    case 'paradox': {
      const fallback = reason.fallbackFor
        ? ` (the ${reason.fallbackFor} paradox rule gives no resolution)`
        : '';
      const what: Record<typeof reason.rule, string> = {
        // Stryker disable next-line StringLiteral: equivalent, no order gets a paradox reason of this rule: it settles only cycles without a convoy (backup-rule.ts), and a move it makes succeed has its own reason.
        'circular-movement': 'circular movement',
        szykman: 'convoy paradox, Szykman rule',
        'all-hold': 'convoy paradox, all-hold rule',
        dptg: 'convoy paradox, DPTG rule',
      };
      return `${resolution}: ${what[reason.rule]}${fallback}`;
    }
    case 'impossible-move':
      return `fails: impossible move (${reason.message})`;
    case 'civil-disorder':
      return 'invalid: the supported unit belongs to a power in civil disorder (4.D.9 a)';
    case 'not-matching':
      return `invalid: the unit's order is ${reason.actual}`;
    case 'stands':
      return 'stands';
  }
}
