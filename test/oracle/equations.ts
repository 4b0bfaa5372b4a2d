/**
 * The equation oracle: the decisions of DATC v3.2 section 5.B solved by brute force, independently of the resolvers.
 *
 * Every ordered unit carries one boolean decision: MOVE (succeeds) for a move, SUPPORT (given) for a support that
 * matches, CONVOY (available) for a convoy that matches. PATH and the four strengths are functions of these
 * booleans (5.B.4-5.B.8), so an assignment of the booleans is a solution when every decision equals what its
 * equation (5.B.1-5.B.3) computes from the assignment. The decisions split into independent groups (the
 * sub-graphs of 5.B.9: a decision's group holds every decision its equation reads); each group is enumerated on
 * its own. A group with exactly one solution must be adjudicated as that solution; a group with none or several
 * is a circular movement or a paradox, and a backup rule must settle it.
 *
 * What is reused from the project: the legality of each order (legality.ts, DATC 4.E.1) and the order tables
 * (tables.ts: which support or convoy matches, each army's route by land or by convoy under 4.A.3, which fleets
 * convoy which army, which units move where). The equations themselves are written here from the documents
 * (DATC 5.B, "The Math of Adjudication"), for the DATC's preferred rule choices; nothing comes from decisions.ts,
 * resolver.ts, guess-resolver.ts or backup-rule.ts.
 */
import { compileBoard, type Board } from '../../src/adjudication/board.js';
import { checkMovementOrder, type AcceptedOrder } from '../../src/adjudication/movement/legality.js';
import {
  buildTables,
  BY_LAND,
  CONVOY,
  MATCHES,
  MOVE,
  SUPPORT,
  type MovementTables,
} from '../../src/adjudication/movement/tables.js';
import { DATC_PREFERRED } from '../../src/adjudication/rules.js';
import type { MovementResult, OrderOutcome } from '../../src/adjudication/outcome.js';
import { fleetAdjacent, fleetCanReach, lookupPower } from '../../src/map/query.js';
import type { GameMap } from '../../src/map/types.js';
import type { GivenOrder } from '../../src/orders/types.js';
import type { Position } from '../../src/position/types.js';

export type DecisionKind = 'move' | 'support' | 'convoy';

/** A group of decisions that depend only on each other, with the assignments that satisfy its equations. */
export interface DecisionGroup {
  /** Board indices of the units whose decisions are in the group. */
  units: number[];
  /** The solutions found (at most two are kept: one is unique, two means several), each parallel to `units`. */
  solutions: Uint8Array[];
  /** Number of solutions: 0, 1, or 2 for "two or more". Undefined when the group was too big to enumerate. */
  count: 0 | 1 | 2 | undefined;
}

export interface OracleResult {
  board: Board;
  tables: MovementTables;
  /** The decision kind of each unit, or undefined for a unit that holds (or whose support/convoy does not match). */
  decision: (DecisionKind | undefined)[];
  /** Index of the given order that each unit carries out, or -1. */
  orderOf: Int32Array;
  groups: DecisionGroup[];
}

/**
 * Solves the equations of `orders` in `position` (a movement phase) by enumeration. Orders are chosen as the
 * adjudicator does at the DATC's preferences: the first legal order of a unit counts (4.D.3), illegal orders are
 * ignored (4.E.1). Groups of more than `maxGroup` decisions are not enumerated (count undefined).
 */
export function solveEquations(
  map: GameMap,
  position: Position,
  orders: readonly GivenOrder[],
  maxGroup = 14,
): OracleResult {
  const compiled = compileBoard(map, position.units);
  if (!compiled.value)
    throw new Error(`oracle: bad position: ${compiled.issues.map((i) => i.message).join('; ')}`);
  const board = compiled.value;
  const n = board.unitCount;
  const rules = DATC_PREFERRED;
  const accepted = new Array<AcceptedOrder | undefined>(n);
  const orderOf = new Int32Array(n).fill(-1);
  const civilDisorder = new Uint8Array(map.powers.length).fill(1);
  orders.forEach((given, i) => {
    const power = given.power === undefined ? -1 : lookupPower(map, given.power);
    if (given.power !== undefined && power < 0) return;
    if (power >= 0) civilDisorder[power] = 0;
    const verdict = checkMovementOrder(board, given.order, power, rules);
    if (!('accepted' in verdict)) return;
    const u = verdict.accepted.unit;
    if (accepted[u] !== undefined) return;
    accepted[u] = verdict.accepted;
    orderOf[u] = i;
  });
  const t = buildTables(board, accepted, rules, civilDisorder);
  const eq = new Equations(map, board, t);

  const decision = new Array<DecisionKind | undefined>(n);
  for (let u = 0; u < n; u++) {
    if (t.kind[u] === MOVE) decision[u] = 'move';
    else if (t.kind[u] === SUPPORT && t.matches[u] === MATCHES) decision[u] = 'support';
    else if (t.kind[u] === CONVOY && t.matches[u] === MATCHES) decision[u] = 'convoy';
  }

  // Groups: union every decision with the decisions its equation reads.
  const parent = Int32Array.from({ length: n }, (_, i) => i);
  const find = (x: number): number => {
    while (parent[x] !== x) x = parent[x] = parent[parent[x]!]!;
    return x;
  };
  for (let u = 0; u < n; u++) {
    if (decision[u] === undefined) continue;
    for (const v of eq.reads(u)) if (decision[v] !== undefined) parent[find(v)] = find(u);
  }
  const members = new Map<number, number[]>();
  for (let u = 0; u < n; u++) {
    if (decision[u] === undefined) continue;
    const root = find(u);
    const list = members.get(root);
    if (list) list.push(u);
    else members.set(root, [u]);
  }

  const groups: DecisionGroup[] = [];
  for (const units of members.values()) {
    if (units.length > maxGroup) {
      groups.push({ units, solutions: [], count: undefined });
      continue;
    }
    const solutions: Uint8Array[] = [];
    const k = units.length;
    for (let mask = 0; mask < 1 << k && solutions.length < 2; mask++) {
      for (let i = 0; i < k; i++) eq.value[units[i]!] = (mask >> i) & 1;
      let ok = true;
      for (let i = 0; i < k && ok; i++) {
        const u = units[i]!;
        if ((eq.holds(u) ? 1 : 0) !== eq.value[u]) ok = false;
      }
      if (ok) solutions.push(Uint8Array.from(units, (u) => eq.value[u]!));
    }
    groups.push({ units, solutions, count: solutions.length as 0 | 1 | 2 });
  }
  return { board, tables: t, decision, orderOf, groups };
}

/** The equations of DATC 5.B over one assignment `value` (per unit: 1 = succeeds / given / available). */
class Equations {
  readonly value: Uint8Array;
  private readonly map: GameMap;
  private readonly board: Board;
  private readonly t: MovementTables;

  constructor(map: GameMap, board: Board, t: MovementTables) {
    this.map = map;
    this.board = board;
    this.t = t;
    this.value = new Uint8Array(board.unitCount);
  }

  private supporters(u: number): number[] {
    const t = this.t;
    return Array.from(t.supporters.subarray(t.supportStart[u], t.supportStart[u + 1]));
  }

  private movers(province: number): number[] {
    const t = this.t;
    return Array.from(t.movers.subarray(t.moveStart[province], t.moveStart[province + 1]));
  }

  private convoyers(u: number): number[] {
    const t = this.t;
    return Array.from(t.convoyers.subarray(t.convoyStart[u], t.convoyStart[u + 1]));
  }

  /** A head-to-head battle: two units ordered into each other's province, neither by convoy. */
  private opponent(u: number): number {
    const t = this.t;
    const v = t.opposite[u]!;
    if (v < 0 || t.route[u] !== BY_LAND || t.route[v] !== BY_LAND) return -1;
    return v;
  }

  /** 5.B.4 PATH: over land, or a chain of fleets with successful CONVOY decisions from origin to destination. */
  path(u: number): boolean {
    const t = this.t;
    if (t.invalidMove[u]) return false;
    if (t.route[u] === BY_LAND) return true;
    const map = this.map;
    const from = this.board.unitProvince[u]!;
    const to = t.dest[u]!;
    const fleets = this.convoyers(u).filter((f) => this.value[f] === 1);
    const loc = (f: number): number => this.board.unitLocation[f]!;
    const reached = new Set<number>();
    const queue = fleets.filter((f) => fleetCanReach(map, loc(f), from));
    for (const f of queue) reached.add(f);
    while (queue.length > 0) {
      const f = queue.shift()!;
      if (fleetCanReach(map, loc(f), to)) return true;
      for (const g of fleets) {
        if (!reached.has(g) && fleetAdjacent(map, loc(f), loc(g))) {
          reached.add(g);
          queue.push(g);
        }
      }
    }
    return false;
  }

  /** One plus the number of successful supports of unit u (the supports of its move, or of its hold). */
  private full(u: number): number {
    let s = 1;
    for (const w of this.supporters(u)) s += this.value[w]!;
    return s;
  }

  /** 5.B.8 ATTACK STRENGTH. */
  attack(u: number): number {
    if (!this.path(u)) return 0;
    const t = this.t;
    const v = this.board.unitAt[t.dest[u]!]!;
    if (v < 0) return this.full(u);
    if (t.kind[v] === MOVE && this.opponent(u) < 0 && this.value[v] === 1) return this.full(u);
    const defender = this.board.unitPower[v]!;
    if (this.board.unitPower[u] === defender) return 0;
    let s = 1;
    for (const w of this.supporters(u)) if (this.board.unitPower[w] !== defender) s += this.value[w]!;
    return s;
  }

  /** 5.B.5 HOLD STRENGTH of a province. */
  hold(province: number): number {
    const v = this.board.unitAt[province]!;
    if (v < 0) return 0;
    if (this.t.kind[v] === MOVE) return this.value[v] ? 0 : 1;
    return this.full(v);
  }

  /** 5.B.7 DEFEND STRENGTH. */
  defend(u: number): number {
    return this.full(u);
  }

  /** 5.B.6 PREVENT STRENGTH. */
  prevent(u: number): number {
    if (!this.path(u)) return 0;
    const v = this.opponent(u);
    if (v >= 0 && this.value[v] === 1) return 0;
    return this.full(u);
  }

  /** What the equation of unit u's decision gives under the current assignment. */
  holds(u: number): boolean {
    const t = this.t;
    const board = this.board;
    const here = board.unitProvince[u]!;
    switch (t.kind[u]!) {
      case MOVE: {
        // 5.B.1
        const dest = t.dest[u]!;
        const attack = this.attack(u);
        const v = this.opponent(u);
        const against = v >= 0 ? this.defend(v) : this.hold(dest);
        if (attack <= against) return false;
        for (const w of this.movers(dest)) if (w !== u && attack <= this.prevent(w)) return false;
        return true;
      }
      case SUPPORT:
        // 5.B.2: cut by a foreign unit with a path, unless it comes from where the support goes; or dislodged.
        for (const w of this.movers(here)) {
          if (this.value[w]) return false;
          if (
            board.unitPower[w] !== board.unitPower[u] &&
            board.unitProvince[w] !== t.dest[u] &&
            this.path(w)
          )
            return false;
        }
        return true;
      case CONVOY:
        // 5.B.3: not dislodged.
        for (const w of this.movers(here)) if (this.value[w]) return false;
        return true;
      default:
        return false;
    }
  }

  /** Every unit whose decision the equation of unit u may read, whatever the assignment. */
  reads(u: number): number[] {
    const t = this.t;
    const here = this.board.unitProvince[u]!;
    const out: number[] = [];
    const moveReads = (w: number): void => {
      out.push(w, ...this.convoyers(w), ...this.supporters(w));
      const o = t.opposite[w]!;
      if (o >= 0) out.push(o);
    };
    switch (t.kind[u]!) {
      case MOVE: {
        const dest = t.dest[u]!;
        moveReads(u);
        const v = this.board.unitAt[dest]!;
        if (v >= 0) out.push(v, ...this.supporters(v));
        for (const w of this.movers(dest)) moveReads(w);
        break;
      }
      case SUPPORT:
        for (const w of this.movers(here)) out.push(w, ...this.convoyers(w));
        break;
      case CONVOY:
        out.push(...this.movers(here));
        break;
    }
    return out;
  }
}

/** The decision value an adjudication gave unit u: 1 for succeeds / given / available. */
export function adjudicatedValue(outcome: OrderOutcome): number {
  const r = outcome.resolution;
  return r === 'succeeds' || r === 'given' || r === 'available' ? 1 : 0;
}

/** True when the outcome says a backup rule settled it. */
export function backupApplied(outcome: OrderOutcome): boolean {
  return outcome.reason.code === 'paradox' || outcome.reason.code === 'circular-movement';
}

/**
 * Compares an adjudication with the oracle: each group with one solution must be adjudicated as that solution,
 * with no backup rule; each group with none or several must have a decision that a backup rule settled. Returns the problems found.
 */
export function compareWithOracle(oracle: OracleResult, result: MovementResult): string[] {
  const problems: string[] = [];
  const { board, decision, orderOf } = oracle;
  const code = (u: number): string => `${board.units[u]!.type} ${board.units[u]!.location}`;
  for (const group of oracle.groups) {
    if (group.count === undefined) continue;
    const outcomes = group.units.map((u) => result.orders[orderOf[u]!]!);
    if (group.count === 1) {
      const solution = group.solutions[0]!;
      const settled = outcomes.filter(backupApplied);
      if (settled.length > 0)
        problems.push(
          `the equations of ${group.units.map(code).join(', ')} have one solution, but a backup rule is reported (${settled.map((o) => o.message).join('; ')})`,
        );
      group.units.forEach((u, i) => {
        const got = adjudicatedValue(outcomes[i]!);
        if (got !== solution[i])
          problems.push(
            `${code(u)} (${decision[u]}): the only solution of the equations has ${solution[i]}, adjudicated ${got} (${outcomes[i]!.message})`,
          );
      });
    } else if (!outcomes.some(backupApplied)) {
      const what = group.count === 0 ? 'no solution' : 'several solutions';
      problems.push(
        `${what} for ${group.units.map(code).join(', ')}, but no backup rule is reported (${outcomes.map((o) => o.message).join('; ')})`,
      );
    }
  }
  return problems;
}
