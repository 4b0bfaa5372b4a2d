/**
 * A third movement resolver: the procedural algorithm of the Haplomacy thesis (appendix B.3.1, "The Adjudication
 * Algorithm"), deliberately *not* DATC-compliant. It exists to show
 * where a procedural "handle the biggest dispute first" adjudicator goes wrong, and so why dipkit decides with the
 * DATC's decisions (chapter 5) instead; docs/haplomacy-vs-datc.md lists the DATC cases it gets wrong and why.
 *
 * Legality is dipkit's own (legality.ts, at the given rule options), so only the resolution differs. This file is
 * step 1 of the algorithm, "cancel all invalid orders", and the writing of the result in the shape of
 * `adjudicateMovement`; steps 2 and 3 are in algorithm.ts.
 *
 * The text has no step for convoys. Here a convoy is checked once, in step 1: an army that must go by convoy
 * (not adjacent, "via convoy", or convoyed by a fleet of its own power, as the DATC's 4.A.3 preference) has a valid
 * move when a chain of fleets ordered to convoy it connects its province with its destination; otherwise the move
 * is invalid and cancelled. The convoying fleets then hold: nothing later can disrupt the convoy. Of the rule
 * options only those of legality, of several orders to one unit (4.D.3) and of retreating to a convoy's origin
 * (4.A.5) apply; implicit orders and civil disorder have no place in the algorithm.
 */
import type { GameMap } from '../../map/types.js';
import { armyAdjacent, fleetAdjacent, lookupPower, splitCoast } from '../../map/query.js';
import { issue, type Result } from '../../issues.js';
import type { GivenOrder, Order } from '../../orders/types.js';
import type { DislodgedUnit, Position } from '../../position/types.js';
import { ARMY, compileBoard, type Board } from '../board.js';
import { seaTouches } from '../convoy-routes.js';
import type {
  Dislodgement,
  MovementResult,
  OrderOutcome,
  Reason,
  Resolution,
  UnitOutcome,
} from '../outcome.js';
import { withDefaults, type RuleOptions } from '../rules.js';
import { retreatOptions } from '../movement/adjudicate.js';
import { checkMovementOrder, CONVOY, HOLD, MOVE, SUPPORT, type AcceptedOrder } from '../movement/legality.js';
import { runHaplomacy, type HaplomacyOutcome, type HaplomacyVariant } from './algorithm.js';

export type { HaplomacyVariant } from './algorithm.js';

type Verdict = { accepted: AcceptedOrder } | { illegal: { reason: string; message: string } };

/** The result, with the algorithm's trace: the disputes in the order they were handled. */
export interface HaplomacyResult extends MovementResult {
  trace: string[];
}

/**
 * Adjudicates the movement phase of `position` with `orders` by the Haplomacy algorithm. `rules` (default: the
 * DATC preferences) governs legality only; `variant` selects other readings of the text (algorithm.ts), to compare
 * them. Bad positions give issues; bad orders are outcomes ("illegal").
 */
export function adjudicateHaplomacy(
  map: GameMap,
  position: Position,
  orders: readonly GivenOrder[],
  rules?: Partial<RuleOptions>,
  variant: HaplomacyVariant = {},
): Result<HaplomacyResult> {
  const compiled = compileBoard(map, position.units);
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
  const n = board.unitCount;

  // Step 1: cancel all invalid orders. First the orders that are illegal in the position (4.E.1), and all but one
  // of several legal orders to a unit (4.D.3).
  const legal: number[][] = board.units.map(() => []);
  const verdicts: Verdict[] = orders.map((given, i) => {
    const power = given.power === undefined ? -1 : lookupPower(map, given.power);
    if (given.power !== undefined && power < 0)
      return { illegal: { reason: 'unknown-power', message: `unknown power ${given.power}` } };
    const verdict = checkMovementOrder(board, given.order, power, options);
    if ('accepted' in verdict) legal[verdict.accepted.unit]!.push(i);
    return verdict;
  });
  const chosen = new Int32Array(n).fill(-1);
  const accepted = new Array<AcceptedOrder | undefined>(n);
  for (let u = 0; u < n; u++) {
    const list = legal[u]!;
    if (list.length === 0) continue;
    const distinct = new Set(list.map((i) => JSON.stringify(orders[i]!.order)));
    let pick = options.multipleOrders === 'last' ? list[list.length - 1]! : list[0]!;
    if (distinct.size > 1 && options.multipleOrders === 'all-illegal') pick = -1;
    for (const i of list) {
      if (i === pick) continue;
      const why =
        pick < 0
          ? 'the unit has several different orders; all are void (4.D.3 c)'
          : `the unit already has an order; the ${options.multipleOrders} one counts (4.D.3)`;
      verdicts[i] = { illegal: { reason: 'duplicate-order', message: why } };
    }
    if (pick >= 0) {
      chosen[u] = pick;
      accepted[u] = (verdicts[pick] as { accepted: AcceptedOrder }).accepted;
    }
  }

  // Then the orders that do not fit together: supports and convoys that do not match the order of the unit they
  // name, moves that are impossible, and convoyed moves without a chain of convoying fleets. A cancelled move
  // cancels the supports of it too.
  const step1 = validOrders(board, accepted);
  const kind = new Int32Array(n);
  const dest = new Int32Array(n).fill(-1);
  const target = new Int32Array(n).fill(-1);
  for (let u = 0; u < n; u++) {
    const o = accepted[u];
    if (o === undefined || !step1.valid[u]) continue;
    if (o.kind === MOVE || o.kind === SUPPORT) {
      kind[u] = o.kind;
      dest[u] = o.dest;
      target[u] = o.target;
    }
  }

  const names = board.units.map((_, u) => unitText(board, u));
  const outcome = runHaplomacy({
    provinceCount: map.provinceCount,
    power: board.unitPower,
    province: board.unitProvince,
    kind,
    dest,
    target,
    name: names,
    provinceName: map.locationCode.slice(0, map.provinceCount),
    variant,
  });
  return {
    value: writeResult(map, position, board, options, orders, verdicts, chosen, accepted, step1, outcome),
    issues: [],
  };
}

interface Step1 {
  /** 1 for a unit whose order survives step 1. */
  valid: Uint8Array;
  /** Supports and convoys: 1 when they match the order of the unit they name. */
  matches: Uint8Array;
  /** Moves: 1 for an army that goes by convoy. */
  byConvoy: Uint8Array;
}

/** Which accepted orders are valid together (step 1). */
function validOrders(board: Board, accepted: readonly (AcceptedOrder | undefined)[]): Step1 {
  const n = board.unitCount;
  const map = board.map;
  const valid = new Uint8Array(n);
  const matches = new Uint8Array(n);
  const byConvoy = new Uint8Array(n);
  const isMove = (u: number): boolean => accepted[u]?.kind === MOVE;
  // Matching (as the DATC's 4.E.2): a hold support matches a unit that does not move, a move support the move to
  // that province (and coast, when one is named), a convoy the army's move to that province.
  for (let u = 0; u < n; u++) {
    const o = accepted[u];
    if (o === undefined) continue;
    const t = o.target;
    if (o.kind === SUPPORT) {
      const supported = accepted[t];
      if (o.dest < 0) matches[u] = isMove(t) ? 0 : 1;
      else
        matches[u] =
          supported?.kind === MOVE &&
          supported.dest === o.dest &&
          (o.supportCoast < 0 || o.supportCoast === supported.destLocation)
            ? 1
            : 0;
    } else if (o.kind === CONVOY) {
      const army = accepted[t];
      matches[u] = army?.kind === MOVE && army.dest === o.dest && army.impossible === null ? 1 : 0;
    }
  }
  for (let u = 0; u < n; u++) {
    const o = accepted[u];
    if (o === undefined) continue;
    if (o.kind === HOLD) valid[u] = 1;
    else if (o.kind === SUPPORT || o.kind === CONVOY) valid[u] = matches[u]!;
    else if (o.impossible !== null) valid[u] = 0;
    else if (board.unitType[u] !== ARMY) valid[u] = 1;
    else {
      const fleets: number[] = [];
      for (let f = 0; f < n; f++)
        if (accepted[f]?.kind === CONVOY && matches[f] && accepted[f]!.target === u) fleets.push(f);
      const own = fleets.some((f) => board.unitPower[f] === board.unitPower[u]);
      byConvoy[u] = !armyAdjacent(map, board.unitProvince[u]!, o.dest) || o.viaConvoy || own ? 1 : 0;
      valid[u] = !byConvoy[u] || convoyChain(board, board.unitProvince[u]!, o.dest, fleets) ? 1 : 0;
    }
  }
  // A support of a cancelled move is cancelled with it.
  for (let u = 0; u < n; u++) {
    const o = accepted[u];
    if (o?.kind === SUPPORT && o.dest >= 0 && !valid[o.target]) valid[u] = 0;
  }
  return { valid, matches, byConvoy };
}

/** Is there a chain of the given fleets from province `from` to province `to`? */
function convoyChain(board: Board, from: number, to: number, fleets: readonly number[]): boolean {
  const map = board.map;
  const reached = new Uint8Array(fleets.length);
  let frontier = fleets.filter((f, i) => seaTouches(map, board.unitProvince[f]!, from) && (reached[i] = 1));
  while (frontier.length > 0) {
    if (frontier.some((f) => seaTouches(map, board.unitProvince[f]!, to))) return true;
    const next: number[] = [];
    for (const f of frontier) {
      fleets.forEach((g, i) => {
        if (!reached[i] && fleetAdjacent(map, board.unitLocation[f]!, board.unitLocation[g]!)) {
          reached[i] = 1;
          next.push(g);
        }
      });
    }
    frontier = next;
  }
  return false;
}

function unitText(board: Board, u: number): string {
  return `${board.unitType[u] === ARMY ? 'A' : 'F'} ${board.map.locationCode[board.unitLocation[u]!]}`;
}

function writeResult(
  map: GameMap,
  position: Position,
  board: Board,
  rules: RuleOptions,
  orders: readonly GivenOrder[],
  verdicts: readonly Verdict[],
  chosen: Int32Array,
  accepted: readonly (AcceptedOrder | undefined)[],
  step1: Step1,
  h: HaplomacyOutcome,
): HaplomacyResult {
  const n = board.unitCount;
  const occupied = new Uint8Array(map.provinceCount);
  for (let u = 0; u < n; u++) if (h.at[u]! >= 0) occupied[h.at[u]!] = 1;
  const contested = new Uint8Array(map.provinceCount);
  for (let p = 0; p < map.provinceCount; p++) if (h.standoff[p] && !occupied[p]) contested[p] = 1;

  const dislodgements = new Array<Dislodgement | undefined>(n);
  for (let u = 0; u < n; u++) {
    const a = h.dislodgedBy[u]!;
    if (a < 0) continue;
    const from = board.unitProvince[a]!;
    const convoyed = step1.byConvoy[a] === 1;
    dislodgements[u] = {
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
  }

  const explain = (u: number): { resolution: Resolution; reason: Reason } => {
    const o = accepted[u]!;
    switch (o.kind) {
      case MOVE: {
        if (h.moved[u]) return { resolution: 'succeeds', reason: { code: 'moved', attack: h.wonWith[u]! } };
        if (o.impossible)
          return {
            resolution: 'fails',
            reason: { code: 'impossible-move', rule: o.impossible.reason, message: o.impossible.message },
          };
        if (!step1.valid[u]) return { resolution: 'invalid', reason: { code: 'no-convoy-ordered' } };
        const f = h.failure[u];
        if (f?.code === 'own-unit')
          return { resolution: 'fails', reason: { code: 'own-unit', unit: unitText(board, f.defender) } };
        const against = f
          ? { kind: f.against.kind, unit: unitText(board, f.against.unit), strength: f.against.size }
          : { kind: 'hold' as const, unit: '', strength: 0 };
        return { resolution: 'fails', reason: { code: 'bounced', attack: f?.size ?? 1, against } };
      }
      case SUPPORT:
        if (!step1.matches[u])
          return { resolution: 'invalid', reason: { code: 'not-matching', actual: describe(o.target) } };
        if (h.cutBy[u]! >= 0)
          return { resolution: 'cut', reason: { code: 'cut', by: unitText(board, h.cutBy[u]!) } };
        if (h.cancelledBy[u]! >= 0)
          return {
            resolution: 'cut',
            reason: { code: 'cut-by-dislodgement', by: unitText(board, h.cancelledBy[u]!) },
          };
        return { resolution: 'given', reason: { code: 'given' } };
      case CONVOY:
        if (!step1.matches[u])
          return { resolution: 'invalid', reason: { code: 'not-matching', actual: describe(o.target) } };
        // The algorithm never disrupts a convoy; as in the DATC's words, a dislodged convoying fleet is "disrupted".
        if (h.dislodgedBy[u]! >= 0)
          return {
            resolution: 'disrupted',
            reason: { code: 'convoy-dislodged', by: unitText(board, h.dislodgedBy[u]!) },
          };
        return { resolution: 'available', reason: { code: 'available' } };
      case HOLD:
        return { resolution: 'stands', reason: { code: 'stands' } };
    }
  };

  const describe = (u: number): string => {
    const o = accepted[u];
    const text = unitText(board, u);
    if (o?.kind === MOVE) return `${text} - ${map.locationCode[o.destLocation]}`;
    if (o?.kind === SUPPORT) return `${text} supports`;
    if (o?.kind === CONVOY) return `${text} convoys`;
    return `${text} holds`;
  };

  const outcomes: OrderOutcome[] = orders.map((given, i) => {
    const verdict = verdicts[i]!;
    if ('illegal' in verdict) {
      const outcome: OrderOutcome = {
        given,
        resolution: 'illegal',
        reason: { code: 'illegal', rule: verdict.illegal.reason as never, message: verdict.illegal.message },
        message: `illegal: ${verdict.illegal.message}`,
      };
      const u = findUnit(board, given);
      if (u >= 0) {
        outcome.unit = unitText(board, u);
        const d = dislodgements[u];
        if (d) outcome.dislodged = d;
      }
      return outcome;
    }
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

  const units: UnitOutcome[] = [];
  const after: Position['units'] = [];
  const dislodged: (DislodgedUnit & { retreats: string[] })[] = [];
  for (let u = 0; u < n; u++) {
    const unit = board.units[u]!;
    const moved = h.moved[u] === 1;
    const location = map.locationCode[moved ? accepted[u]!.destLocation : board.unitLocation[u]!]!;
    const i = chosen[u]!;
    const order: Order =
      i >= 0 ? orders[i]!.order : { kind: 'hold', unit: { type: unit.type, location: unit.location } };
    const outcome: UnitOutcome = { unit, order, location, moved };
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
    trace: h.trace,
  };
}

/** The unit an (illegal) order names, if there is a unit there. */
function findUnit(board: Board, given: GivenOrder): number {
  if (given.order.kind === 'waive') return -1;
  const province = splitCoast(board.map, given.order.unit.location).province;
  return province < 0 ? -1 : board.unitAt[province]!;
}

const ARMY_OF = { hold: 'holding army', defend: 'army moving the other way', prevent: 'army' } as const;

function messageFor(resolution: Resolution, reason: Reason): string {
  switch (reason.code) {
    case 'moved':
      return `succeeds with an army of ${reason.attack}`;
    case 'bounced':
      return `fails: army of ${reason.attack} against the ${ARMY_OF[reason.against.kind]} of ${reason.against.strength} of ${reason.against.unit}`;
    case 'own-unit':
      return `fails: a draw by rule 12, ${reason.unit} is of the same power or supports the move`;
    case 'impossible-move':
      return `fails: impossible move (${reason.message})`;
    case 'no-convoy-ordered':
      return 'invalid: no chain of convoying fleets';
    case 'cut':
      return `cut by ${reason.by}`;
    case 'cut-by-dislodgement':
      return `cut: dislodged by ${reason.by} (rule 11)`;
    case 'not-matching':
      return `invalid: the unit's order is ${reason.actual}`;
    case 'convoy-dislodged':
      return `disrupted: dislodged by ${reason.by} (the army's move was settled in step 1)`;
    // The plain words (and reasons this resolver never gives).
    case 'available':
    case 'given':
    case 'stands':
    case 'illegal':
    case 'circular-movement':
    case 'no-path':
    case 'paradox':
    case 'civil-disorder':
    case 'retreated':
    case 'retreat-clash':
    case 'disbanded':
    case 'built':
    case 'waived':
      return resolution;
  }
}
