/**
 * The decisions of DATC v3.2 section 5.B, one function each: MOVE, SUPPORT, CONVOY and PATH, and the four
 * strengths (ATTACK, HOLD, PREVENT, DEFEND). Each unit with an order has one decision, indexed by the unit: its
 * MOVE, SUPPORT or CONVOY. PATH and the strengths are computed from those on demand.
 *
 * Written for the partial-information solver (5.E): every function takes `optimistic`/`high`. A strength with
 * `high` is the most it can still become, without it the least; a decision with `optimistic` takes every open
 * dependency in its own favour. `resolve(d, x)` returns the final value of d or, while d is open, x.
 */
import { fleetAdjacent } from '../../map/query.js';
import { seaTouches } from '../convoy-routes.js';
import type { Resolver } from './resolver.js';
import { CONVOY, MOVE, SUPPORT, type MovementTables } from './tables.js';

export class MovementDecisions {
  private readonly t: MovementTables;
  private readonly solver: Resolver;

  constructor(tables: MovementTables, solver: Resolver) {
    this.t = tables;
    this.solver = solver;
  }

  /** Adjudicates the decision of unit d (the `Adjudicate` callback of the solver). */
  adjudicate(d: number, optimistic: boolean): boolean {
    switch (this.t.kind[d]) {
      case MOVE:
        return this.move(d, optimistic);
      case SUPPORT:
        return this.support(d, optimistic);
      case CONVOY:
        return this.convoy(d, optimistic);
      default:
        return false;
    }
  }

  /**
   * MOVE (5.B.1): the attack strength must beat the defend strength of the opposing unit in a head-to-head battle,
   * or else the hold strength of the destination, and the prevent strength of every other unit moving there.
   * Pins 6.A.11, 6.A.12, 6.E.* (head-to-head, beleaguered garrison), 6.C.* (circular movement via the backup rule).
   */
  move(u: number, optimistic: boolean): boolean {
    const t = this.t;
    const attack = this.attackStrength(u, optimistic);
    if (attack === 0) return false;
    const opponent = t.opponent[u]!;
    const dest = t.dest[u]!;
    if (opponent >= 0) {
      if (attack <= this.defendStrength(opponent, !optimistic)) return false;
    } else if (attack <= this.holdStrength(dest, !optimistic)) {
      return false;
    }
    for (let i = t.moveStart[dest]!; i < t.moveStart[dest + 1]!; i++) {
      const w = t.movers[i]!;
      if (w !== u && attack <= this.preventStrength(w, !optimistic)) return false;
    }
    return true;
  }

  /**
   * SUPPORT (5.B.2): cut when a unit of another power with a successful PATH moves to the supporter's province,
   * unless it comes from the province the support is directed into; then only when it dislodges the supporter.
   * Pins 6.D.2, 6.D.3, 6.D.15 (no cut from the target), 6.D.17 (dislodgment cuts), 6.D.20 (own units do not cut).
   */
  support(s: number, optimistic: boolean): boolean {
    const t = this.t;
    const board = t.board;
    const here = board.unitProvince[s]!;
    const into = t.dest[s]!;
    const power = board.unitPower[s]!;
    // Attacks that cut without depending on anything are looked at first: fewer dependencies, fewer cycles.
    for (let pass = 0; pass < 2; pass++) {
      for (let i = t.moveStart[here]!; i < t.moveStart[here + 1]!; i++) {
        const a = t.movers[i]!;
        if (board.unitPower[a] === power || board.unitProvince[a] === into) continue;
        if (pass === 0 ? !t.byConvoy[a] : this.path(a, !optimistic)) return false;
      }
    }
    if (into >= 0) {
      const a = board.unitAt[into]!;
      if (a >= 0 && t.kind[a] === MOVE && t.dest[a] === here && board.unitPower[a] !== power) {
        if (this.solver.resolve(a, !optimistic)) return false;
      }
    }
    return true;
  }

  /**
   * CONVOY (5.B.3): the convoy holds while the fleet is not dislodged, that is while no unit moves into its
   * province successfully. (The Szykman backup rule may also make it fail, see backup-rule.ts.)
   */
  convoy(f: number, optimistic: boolean): boolean {
    const t = this.t;
    const here = t.board.unitProvince[f]!;
    for (let i = t.moveStart[here]!; i < t.moveStart[here + 1]!; i++) {
      if (this.solver.resolve(t.movers[i]!, !optimistic)) return false;
    }
    return true;
  }

  /**
   * PATH (5.B.4): a move without convoy always has its path. A convoyed move needs a chain of fleets with matching,
   * successful CONVOY decisions from its province to its destination; with several routes it is enough that one
   * holds (4.A.1 b, 6.F.10). `high`: open CONVOY decisions count as successful.
   */
  path(u: number, high: boolean): boolean {
    const t = this.t;
    if (!t.byConvoy[u]) return true;
    if (t.invalidMove[u]) return false;
    const board = t.board;
    const map = board.map;
    const from = board.unitProvince[u]!;
    const to = t.dest[u]!;
    const start = t.convoyStart[u]!;
    const end = t.convoyStart[u + 1]!;
    // Local, not shared: PATH of the same move can be asked again deeper in the recursion (convoy paradoxes).
    const reached = new Uint8Array(end - start);
    // Grow the set of usable fleets reachable from the army's province until one touches the destination.
    let grew = true;
    while (grew) {
      grew = false;
      for (let i = start; i < end; i++) {
        if (reached[i - start]) continue;
        const f = t.convoyers[i]!;
        const fleetProvince = board.unitProvince[f]!;
        let connected = seaTouches(map, fleetProvince, from);
        for (let j = start; !connected && j < end; j++) {
          connected =
            reached[j - start] === 1 && fleetAdjacent(map, board.unitLocation[t.convoyers[j]!]!, board.unitLocation[f]!);
        }
        if (!connected || !this.solver.resolve(f, high)) continue;
        reached[i - start] = 1;
        grew = true;
        if (seaTouches(map, fleetProvince, to)) return true;
      }
    }
    return false;
  }

  /**
   * ATTACK STRENGTH (5.B.8): 0 without a path; against an empty province, or one whose unit moves away successfully
   * (not head-to-head), 1 plus every successful support; 0 against a unit of the mover's own power (6.D.10);
   * otherwise 1 plus the successful supports of powers other than the defender's (6.D.14, 6.E.3).
   */
  attackStrength(u: number, high: boolean): number {
    const t = this.t;
    const board = t.board;
    if (!this.path(u, high)) return 0;
    const defender = board.unitAt[t.dest[u]!]!;
    if (defender < 0) return 1 + this.supportCount(u, high, -1);
    if (t.opponent[u]! < 0 && t.kind[defender] === MOVE && this.solver.resolve(defender, high)) {
      return 1 + this.supportCount(u, high, -1);
    }
    const defendingPower = board.unitPower[defender]!;
    if (defendingPower === board.unitPower[u]) return 0;
    return 1 + this.supportCount(u, high, defendingPower);
  }

  /**
   * HOLD STRENGTH (5.B.5) of a province: 0 when empty or when its unit moves away successfully, 1 when its unit
   * tried to move and failed, otherwise 1 plus the successful hold supports.
   */
  holdStrength(province: number, high: boolean): number {
    const t = this.t;
    const h = t.board.unitAt[province]!;
    if (h < 0) return 0;
    if (t.kind[h] === MOVE) return this.solver.resolve(h, !high) ? 0 : 1;
    return 1 + this.supportCount(h, high, -1);
  }

  /**
   * PREVENT STRENGTH (5.B.6): 0 without a path, 0 when the unit lost a head-to-head battle (4.A.7 b: only then does
   * a dislodged unit lose its effect on the attacker's province, 6.E.4, 6.G.10), otherwise 1 plus the supports.
   */
  preventStrength(u: number, high: boolean): number {
    const t = this.t;
    if (!this.path(u, high)) return 0;
    const opponent = t.opponent[u]!;
    if (opponent >= 0 && this.solver.resolve(opponent, !high)) return 0;
    return 1 + this.supportCount(u, high, -1);
  }

  /** DEFEND STRENGTH (5.B.7): 1 plus the successful supports of the move. */
  defendStrength(u: number, high: boolean): number {
    return 1 + this.supportCount(u, high, -1);
  }

  /** Successful (or, with `high`, not yet failed) supports of unit u, not counting those of `exceptPower`. */
  private supportCount(u: number, high: boolean, exceptPower: number): number {
    const t = this.t;
    let count = 0;
    for (let i = t.supportStart[u]!; i < t.supportStart[u + 1]!; i++) {
      const s = t.supporters[i]!;
      if (t.board.unitPower[s] !== exceptPower && this.solver.resolve(s, high)) count++;
    }
    return count;
  }
}
