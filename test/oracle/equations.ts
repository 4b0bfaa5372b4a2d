/**
 * The equation oracle: the decisions of DATC v3.2 section 5.B solved by exhaustive search, independently of the
 * resolvers.
 *
 * Every ordered unit carries one boolean decision: MOVE (succeeds) for a move, SUPPORT (given) for a support that
 * matches, CONVOY (available) for a convoy that matches. PATH and the four strengths are functions of these
 * booleans (5.B.4-5.B.8), so an assignment of the booleans is a solution when every decision equals what its
 * equation (5.B.1-5.B.3) computes from the assignment. The decisions split into independent groups (the
 * sub-graphs of 5.B.9: a decision's group holds every decision its equation reads); each group is searched on its
 * own, depth first in the order of its dependencies, and an equation is checked as soon as every decision it reads
 * has a value, so that a wrong branch is cut at once. That finds every solution (up to two: one is unique, two
 * means several) of groups of any size, 6.F.28's and 6.F.29's included; a group whose search takes more than
 * `budget` steps is left unsolved and counted as skipped. A group with exactly one solution must be adjudicated as
 * that solution; a group with none or several is a circular movement or a paradox, and a backup rule must settle
 * it.
 *
 * Nothing comes from the engine: the map is read from its JSON data and the orders' legality and matching are
 * written from the rulebook and DATC chapter 4 in board.ts; the equations here from DATC 5.B and "The Math of
 * Adjudication", for the DATC's preferred rule choices. Only types are imported from src/.
 */
import type { MovementResult, OrderOutcome } from '../../src/adjudication/outcome.js';
import type { GivenOrder } from '../../src/orders/types.js';
import type { Position } from '../../src/position/types.js';
import {
  chainExists,
  provinceOf,
  readBoard,
  STANDARD_ORACLE_MAP,
  type OracleBoard,
  type OracleMap,
} from './board.js';

export type DecisionKind = 'move' | 'support' | 'convoy';

/** A group of decisions that depend only on each other, with the assignments that satisfy its equations. */
export interface DecisionGroup {
  /** Indices of the units whose decisions are in the group. */
  units: number[];
  /** The solutions found (at most two are kept: one is unique, two means several), each parallel to `units`. */
  solutions: Uint8Array[];
  /** Number of solutions: 0, 1, or 2 for "two or more". Undefined when the search went over its budget. */
  count: 0 | 1 | 2 | undefined;
}

export interface OracleResult {
  board: OracleBoard;
  /** The decision kind of each unit, or undefined for a unit that holds (or whose support/convoy does not match). */
  decision: (DecisionKind | undefined)[];
  /** Index of the given order that each unit carries out, or -1. */
  orderOf: Int32Array;
  groups: DecisionGroup[];
}

/** Search steps per group before it is left unsolved (skipped). */
export const DEFAULT_BUDGET = 200_000;

/**
 * Solves the equations of `orders` in `position` (a movement phase) on `map` (the standard map unless given).
 * Orders are read as the rules say at the DATC's preferences (board.ts).
 */
export function solveEquations(
  position: Position,
  orders: readonly GivenOrder[],
  budget = DEFAULT_BUDGET,
  map: OracleMap = STANDARD_ORACLE_MAP,
): OracleResult {
  const board = readBoard(position, orders, map);
  const n = board.units.length;
  const eq = new Equations(board);

  const decision = new Array<DecisionKind | undefined>(n);
  for (let u = 0; u < n; u++) {
    if (board.kind[u] === 'move') decision[u] = 'move';
    else if (board.kind[u] === 'support' && board.matches[u]) decision[u] = 'support';
    else if (board.kind[u] === 'convoy' && board.matches[u]) decision[u] = 'convoy';
  }

  // Groups: union every decision with the decisions its equation reads.
  const parent = Int32Array.from({ length: n }, (_, i) => i);
  const find = (x: number): number => {
    while (parent[x] !== x) x = parent[x] = parent[parent[x]!]!;
    return x;
  };
  const reads = board.units.map((_, u) =>
    decision[u] === undefined ? [] : [...new Set(eq.reads(u))].filter((v) => decision[v] !== undefined),
  );
  for (let u = 0; u < n; u++) for (const v of reads[u]!) parent[find(v)] = find(u);
  const members = new Map<number, number[]>();
  for (let u = 0; u < n; u++) {
    if (decision[u] === undefined) continue;
    const root = find(u);
    const list = members.get(root);
    if (list) list.push(u);
    else members.set(root, [u]);
  }

  const groups: DecisionGroup[] = [];
  for (const units of members.values()) groups.push(searchGroup(eq, units, reads, budget));
  return { board, decision, orderOf: board.orderOf, groups };
}

/**
 * Every solution (up to two) of one group, depth first. The decisions are assigned in breadth-first order over
 * "reads" from the first unit, so that the decisions an equation reads get values close together; each equation is
 * checked at the step where the last decision it reads (or its own) is assigned.
 */
function searchGroup(
  eq: Equations,
  units: number[],
  reads: readonly number[][],
  budget: number,
): DecisionGroup {
  const order: number[] = [];
  const seen = new Set<number>();
  for (const start of units) {
    if (seen.has(start)) continue;
    seen.add(start);
    order.push(start);
    for (let i = order.length - 1; i < order.length; i++) {
      for (const v of reads[order[i]!]!) {
        if (!seen.has(v)) {
          seen.add(v);
          order.push(v);
        }
      }
    }
  }
  // Reads are not symmetric: also add every unit that reads one already placed (union-find put it in the group).
  const position = new Map(order.map((u, i) => [u, i]));
  const checksAt: number[][] = order.map(() => []);
  for (const u of order) {
    let last = position.get(u)!;
    for (const v of reads[u]!) last = Math.max(last, position.get(v)!);
    checksAt[last]!.push(u);
  }
  const solutions: Uint8Array[] = [];
  let steps = 0;
  let over = false;
  const assign = (k: number): void => {
    if (solutions.length >= 2 || over) return;
    if (k === order.length) {
      solutions.push(Uint8Array.from(units, (u) => eq.value[u]!));
      return;
    }
    for (const value of [0, 1]) {
      if (++steps > budget) {
        over = true;
        return;
      }
      eq.value[order[k]!] = value;
      if (checksAt[k]!.every((u) => (eq.holds(u) ? 1 : 0) === eq.value[u])) assign(k + 1);
      if (solutions.length >= 2 || over) return;
    }
    eq.value[order[k]!] = 0;
  };
  assign(0);
  if (over) return { units, solutions: [], count: undefined };
  return { units, solutions, count: solutions.length as 0 | 1 | 2 };
}

/** The equations of DATC 5.B over one assignment `value` (per unit: 1 = succeeds / given / available). */
class Equations {
  readonly value: Uint8Array;
  private readonly b: OracleBoard;
  private readonly supportersOf: number[][];
  private readonly convoyersOf: number[][];
  private readonly moversInto = new Map<string, number[]>();

  constructor(b: OracleBoard) {
    this.b = b;
    const n = b.units.length;
    this.value = new Uint8Array(n);
    this.supportersOf = b.units.map(() => []);
    this.convoyersOf = b.units.map(() => []);
    for (let u = 0; u < n; u++) {
      if (b.kind[u] === 'support' && b.matches[u]) this.supportersOf[b.target[u]!]!.push(u);
      if (b.kind[u] === 'convoy' && b.matches[u]) this.convoyersOf[b.target[u]!]!.push(u);
      if (b.kind[u] === 'move') {
        const list = this.moversInto.get(b.dest[u]!);
        if (list) list.push(u);
        else this.moversInto.set(b.dest[u]!, [u]);
      }
    }
  }

  private supporters(u: number): number[] {
    return this.supportersOf[u]!;
  }

  private movers(province: string): number[] {
    return this.moversInto.get(province) ?? [];
  }

  private convoyers(u: number): number[] {
    return this.convoyersOf[u]!;
  }

  private power(u: number): string {
    return this.b.units[u]!.power;
  }

  private here(u: number): string {
    return provinceOf(this.b.units[u]!.location);
  }

  /** The unit at u's destination if it moves into u's province: the two are in each other's way. */
  private opposite(u: number): number {
    const v = this.b.unitAt.get(this.b.dest[u]!);
    if (v === undefined || this.b.kind[v] !== 'move' || this.b.dest[v] !== this.here(u)) return -1;
    return v;
  }

  /** A head-to-head battle: two units ordered into each other's province, neither by convoy. */
  private opponent(u: number): number {
    const v = this.opposite(u);
    if (v < 0 || this.b.byConvoy[u] || this.b.byConvoy[v]) return -1;
    return v;
  }

  /** 5.B.4 PATH: over land, or a chain of fleets with successful CONVOY decisions from origin to destination. */
  path(u: number): boolean {
    if (!this.b.byConvoy[u]) return true;
    const fleets = this.convoyers(u).filter((f) => this.value[f] === 1);
    return chainExists(this.b, this.here(u), this.b.dest[u]!, fleets);
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
    const v = this.b.unitAt.get(this.b.dest[u]!);
    if (v === undefined) return this.full(u);
    if (this.b.kind[v] === 'move' && this.opponent(u) < 0 && this.value[v] === 1) return this.full(u);
    const defender = this.power(v);
    if (this.power(u) === defender) return 0;
    let s = 1;
    for (const w of this.supporters(u)) if (this.power(w) !== defender) s += this.value[w]!;
    return s;
  }

  /** 5.B.5 HOLD STRENGTH of a province. */
  hold(province: string): number {
    const v = this.b.unitAt.get(province);
    if (v === undefined) return 0;
    if (this.b.kind[v] === 'move') return this.value[v] ? 0 : 1;
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
    const b = this.b;
    const here = this.here(u);
    switch (b.kind[u]!) {
      case 'move': {
        // 5.B.1
        const dest = b.dest[u]!;
        const attack = this.attack(u);
        const v = this.opponent(u);
        const against = v >= 0 ? this.defend(v) : this.hold(dest);
        if (attack <= against) return false;
        for (const w of this.movers(dest)) if (w !== u && attack <= this.prevent(w)) return false;
        return true;
      }
      case 'support':
        // 5.B.2: cut by a foreign unit with a path, unless it comes from where the support goes; or dislodged.
        for (const w of this.movers(here)) {
          if (this.value[w]) return false;
          if (this.power(w) !== this.power(u) && this.here(w) !== b.dest[u] && this.path(w)) return false;
        }
        return true;
      case 'convoy':
        // 5.B.3: not dislodged.
        for (const w of this.movers(here)) if (this.value[w]) return false;
        return true;
      case 'hold':
        return false;
    }
  }

  /** Every unit whose decision the equation of unit u may read, whatever the assignment. */
  reads(u: number): number[] {
    const b = this.b;
    const out: number[] = [];
    const moveReads = (w: number): void => {
      out.push(w, ...this.convoyers(w), ...this.supporters(w));
      const o = this.opposite(w);
      if (o >= 0) out.push(o);
    };
    switch (b.kind[u]!) {
      case 'move': {
        const dest = b.dest[u]!;
        moveReads(u);
        const v = b.unitAt.get(dest);
        if (v !== undefined) out.push(v, ...this.supporters(v));
        for (const w of this.movers(dest)) moveReads(w);
        break;
      }
      case 'support':
        for (const w of this.movers(this.here(u))) out.push(w, ...this.convoyers(w));
        break;
      case 'convoy':
        out.push(...this.movers(this.here(u)));
        break;
      case 'hold':
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
