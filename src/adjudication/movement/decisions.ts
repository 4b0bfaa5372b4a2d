/**
 * The decisions of DATC v3.2 section 5.B, one function each: MOVE, SUPPORT, CONVOY and PATH, and the four
 * strengths (ATTACK, HOLD, PREVENT, DEFEND). Each unit with an order has one decision, indexed by the unit: its
 * MOVE, SUPPORT or CONVOY. PATH and the strengths are computed from those on demand.
 *
 * Written for the partial-information solver (5.E): every function takes `optimistic`/`high`. A strength with
 * `high` is the most it can still become, without it the least; a decision with `optimistic` takes every open
 * dependency in its own favour. `resolve(d, x)` returns the final value of d or, while d is open, x.
 * The rule options (rules.ts) that change an equation are read where that equation is.
 */
import { fleetAdjacent } from '../../map/query.js';
import { FLEET as FLEET_CODE } from '../board.js';
import { seaTouches } from '../convoy-routes.js';
import * as codes from './tables.js';
import type { MovementTables } from './tables.js';
import { movementScratch, type MovementScratch } from './scratch.js';

// Imported bindings are live: each use reads a cell and checks that it is initialised, even in optimised code.
// Module constants are folded into the code, so the hot loops below use these local copies.
const { BY_CONVOY, BY_LAND, CONVOY, MOVE, SUPPORT } = codes;
const FLEET = FLEET_CODE;

/** The part of the solver the decisions use. */
export interface DecisionSource {
  resolve(d: number, optimistic: boolean): boolean;
}

const NO = 0;
const YES = 1;
const MAYBE = 2;

/**
 * The decisions of one phase (see the file comment).
 *
 * Which decisions can still be open when another reads them (why some bounds below are never put to the test).
 * A decision read while open is one further down the solver's stack, waiting on the reader. Take the set C of
 * SUPPORT, CONVOY and PATH decisions, of moves into the province of a unit that does not move, and of Brannan
 * moves (an army convoyed into the province of a unit that moves into the army's last convoying fleet). C reads
 * only C: a SUPPORT reads the paths of its attackers and the moves into its own province (a dislodgement, or the
 * attack from its target); a CONVOY reads the moves into its fleet's province; a PATH reads CONVOYs; a move into
 * a standing unit has no opposite move, so its battle, if any, is a Brannan battle, its competitors' prevent
 * strengths read only their supports and Brannan partners, and the hold strength reads supports; a Brannan move's
 * destination unit moves into a sea, so it has no opposite move either, and its hold strength there is that
 * unit's move into a standing fleet. So a decision of C never waits on a move out of C, such as the two moves of a
 * head-to-head battle over land, or a competitor for a province its unit leaves. Hence:
 * - a 4.A.3 a route's convoy (a PATH) is final whenever a battle over land reads it: headToHead is never MAYBE;
 * - the supports of a battle partner are final when the move reads them: SUPPORT waits on a Brannan battle's
 *   moves only through its own fleet's CONVOY and PATH, which no support reads (the army attacks a unit that moves);
 * - the move from a support's target into the supporter's province is final when the support reads it: the
 *   support is read only by the supported move, which moves into a province its unit leaves (out of C).
 * (Checked as well by random phases on random small maps, with chained convoys, attacks on their fleets and
 * supports into their seas, under every 4.A.2 choice, 4.A.3 a and f, both 4.A.4 choices and both solvers: in 63
 * million, none reached a MAYBE battle; in 30 million of them, neither bound below ever read an open decision.)
 */
export class MovementDecisions {
  private t: MovementTables;
  private solver: DecisionSource;
  /** Moves whose PATH a backup rule has taken away (the all-hold rule, 4.A.2 d). */
  pathBlocked: Uint8Array;
  /**
   * The hack of DATC 5.D for the guess algorithm: CONVOY adjudicates the attacks on its fleet instead of resolving
   * them, so that every cycle is a single clean cycle (Pandin's paradox, 6.F.16).
   */
  private convoyAdjudicatesAttacks: boolean;

  /** Marks and queues for the route searches (scratch.ts). */
  private readonly scratch: MovementScratch;

  constructor(
    tables: MovementTables,
    solver: DecisionSource,
    convoyAdjudicatesAttacks: boolean,
    scratch: MovementScratch = movementScratch(tables.board.map, tables.board.unitCount),
  ) {
    this.t = tables;
    this.solver = solver;
    this.scratch = scratch;
    this.pathBlocked = scratch.pathBlocked;
    this.convoyAdjudicatesAttacks = convoyAdjudicatesAttacks;
    this.pathBlocked.fill(0, 0, tables.board.unitCount);
  }

  /** The decisions of another set of tables, in the same scratch set (so that a phase allocates no new object). */
  reset(tables: MovementTables, solver: DecisionSource, convoyAdjudicatesAttacks: boolean): this {
    this.t = tables;
    this.solver = solver;
    this.convoyAdjudicatesAttacks = convoyAdjudicatesAttacks;
    this.pathBlocked = this.scratch.pathBlocked; // grown with the scratch set
    this.pathBlocked.fill(0, 0, tables.board.unitCount);
    return this;
  }

  /** The tables decided. */
  get tables(): MovementTables {
    return this.t;
  }

  /** Adjudicates the decision of unit d (the `Adjudicate` callback of the solver). */
  adjudicate(d: number, optimistic: boolean): boolean {
    switch (this.t.kind[d]!) {
      case MOVE:
        return this.move(d, optimistic);
      case SUPPORT:
        return this.support(d, optimistic);
      default:
        // CONVOY: a unit that holds has no decision (the solvers are asked about the other kinds only).
        return this.convoy(d, optimistic);
    }
  }

  /**
   * MOVE (5.B.1): the attack strength must beat the defend strength of the opposing unit in a head-to-head battle,
   * or else the hold strength of the destination, and the prevent strength of every other unit moving there.
   * Pins 6.A.11, 6.A.12, 6.E.* (head-to-head, beleaguered garrison), 6.C.* (circular movement via the backup rule).
   */
  move(u: number, optimistic: boolean): boolean {
    const battle = this.headToHead(u);
    // `true` survives (docs/verification.md): headToHead is never MAYBE (see the class comment: a route's convoy is
    // final when a battle over land reads it).
    if (battle !== MAYBE) return this.moveWith(u, optimistic, battle === YES);
    // Only with a convoy that may or may not hold (4.A.3 a): both cases must agree, or give the caller's answer.
    // (Kept although no position reaches it, see the class comment: it is the answer should the reading change.)
    // Stryker disable next-line BooleanLiteral: unreachable (see above).
    const a = this.moveWith(u, optimistic, true);
    // Stryker disable next-line BooleanLiteral: unreachable (see above).
    const b = this.moveWith(u, optimistic, false);
    // Stryker disable next-line ConditionalExpression,LogicalOperator: unreachable (see above).
    return optimistic ? a || b : a && b;
  }

  private moveWith(u: number, optimistic: boolean, headToHead: boolean): boolean {
    const t = this.t;
    const attack = this.attackWith(u, optimistic, headToHead);
    // `false` survives (docs/verification.md): an attack of 0 beats no strength, so the first test below fails it as
    // well, after reading one strength more (a read the solver's answer does not depend on; argued there).
    if (attack === 0) return false;
    const dest = t.dest[u]!;
    if (headToHead) {
      // Stryker disable next-line BooleanLiteral: `optimistic` reads the same: the partner's supports are final when a move reads them (class comment), so both bounds agree.
      if (attack <= this.defendStrength(this.partner(u), !optimistic)) return false;
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
   * Is move u in a head-to-head battle? Only when it and the move the other way both go over land (a convoyed
   * move passes by, 6.G.*). YES, NO, or MAYBE while a convoy that decides the route (4.A.3 a) is open.
   */
  headToHead(u: number): number {
    const t = this.t;
    const v = t.opposite[u]!;
    if (v < 0) return this.brannanBattle(u);
    const a = this.goesByConvoy(u);
    const b = this.goesByConvoy(v);
    if (a === YES || b === YES) return NO;
    // `true` for the test or either half, and `||`, survive (docs/verification.md): a and b are YES or NO here (never
    // MAYBE, class comment), so both are NO.
    if (a === NO && b === NO) return YES;
    return MAYBE;
  }

  /** The other side of u's (possible) head-to-head battle, or -1. */
  partner(u: number): number {
    const v = this.t.opposite[u]!;
    return v >= 0 ? v : this.t.brannan[u]!;
  }

  /**
   * Under Brannan's rule a convoyed attack comes out of its last fleet, so it meets a unit moving into that fleet
   * head-to-head (6.F.30: a standoff). The battle is taken as given; that the unit could dislodge the very fleet
   * the attack comes from is exactly what the rule's adherents rule out.
   */
  private brannanBattle(u: number): number {
    return this.t.brannan[u]! >= 0 ? YES : NO;
  }

  private goesByConvoy(u: number): number {
    const route = this.t.route[u];
    if (route === BY_LAND) return NO;
    if (route === BY_CONVOY) return YES;
    // The convoy is final here (class comment), so both bounds read the same.
    // Stryker disable next-line BooleanLiteral: `true` reads the same, as the convoy is final here.
    if (this.convoyPath(u, false)) return YES;
    // Stryker disable next-line BooleanLiteral: `false` reads the same, as the convoy is final here.
    return this.convoyPath(u, true) ? MAYBE : NO;
  }

  /**
   * SUPPORT (5.B.2): cut when a unit of another power with a successful PATH moves to the supporter's province,
   * unless it comes from the province the support is directed into; then only when it dislodges the supporter.
   * Pins 6.D.2, 6.D.3, 6.D.15 (no cut from the target), 6.D.17 (dislodgment cuts), 6.D.20 (own units do not cut).
   * The paradox rules of 1971, 1982 and 2000 (4.A.2 a-c) exempt some supports from convoyed attacks; Brannan's
   * rule (4.A.4 b) makes a convoyed attack come from its last fleet.
   */
  support(s: number, optimistic: boolean): boolean {
    const t = this.t;
    const board = t.board;
    const here = board.unitProvince[s]!;
    const into = t.dest[s]!;
    // Attacks over land cut without depending on anything, so they are looked at first: fewer dependencies,
    // fewer cycles. Convoyed attacks cut when their PATH holds.
    // `pass <= 2` survives (docs/verification.md): a third pass is the land pass again, which found no cut the first time.
    for (let pass = 0; pass < 2; pass++) {
      // Stryker disable next-line EqualityOperator: `pass !== 1` (convoyed attacks first) gives the same answer: an attack over land cuts whatever the convoyed ones' paths are, so the order changes only which decisions are read before the same answer; an open path read first makes the main solver look twice at a support that fails both times, and any cycle the support then joins holds that path's convoy, whose backup rule settles no support.
      const convoyed = pass === 1;
      for (let i = t.moveStart[here]!; i < t.moveStart[here + 1]!; i++) {
        const a = t.movers[i]!;
        // Every mutant of this test but `true` survives (docs/verification.md): it only reorders the attackers read
        // (convoyed first, all in one pass, or each twice), and the support is cut when any of them cuts, as above.
        if ((t.route[a] !== BY_LAND) !== convoyed) continue;
        if (this.cuts(s, a, !optimistic)) return false;
      }
    }
    // A hold support (into -1) reads unitAt[-1], undefined, and an empty province -1: kind[] of either is undefined,
    // no MOVE. A move of the supporter's own power needs no test: its attack on its own unit has strength 0 (6.D.10)
    // whatever else is decided, so it is decided at once as failing (never open) and dislodges nothing.
    const a = board.unitAt[into]!;
    // Stryker disable next-line BooleanLiteral: `optimistic` reads the same: that move is final when the support reads it (class comment).
    if (t.kind[a] === MOVE && t.dest[a] === here && this.solver.resolve(a, !optimistic)) return false;
    return true;
  }

  /**
   * Does the attack of `a` on the province of supporter `s` cut the support (without dislodging it)? When `a` is of
   * another power and does not come from the province the support goes into: over land when the move is valid, by
   * convoy when its PATH holds (`high`: the bound asked) and no paradox rule protects the support. Also read after
   * solving, for the unit a cut support's reason names.
   */
  cuts(s: number, a: number, high: boolean): boolean {
    const t = this.t;
    const board = t.board;
    if (board.unitPower[a] === board.unitPower[s]) return false;
    if (this.attacksFrom(a, board.unitProvince[s]!, t.dest[s]!)) return false;
    if (t.route[a] === BY_LAND) return !t.invalidMove[a];
    return !this.paradoxRuleProtects(s, a) && this.path(a, high);
  }

  /**
   * Does the attack of `a` on `here` come from `into`, the province a support there is directed into? From the
   * army's own province (4.A.4 a), or under Brannan's rule from its last convoying fleet (4.A.4 b, 6.G.13).
   */
  private attacksFrom(a: number, here: number, into: number): boolean {
    const t = this.t;
    // With into -1 (a hold support) no province and no fleet's sea equals it, so the lines below return false.
    if (t.route[a] === BY_LAND || t.rules.convoyAttackOrigin === 'army-province')
      return t.board.unitProvince[a] === into;
    // Brannan: the support resists only when every fleet that could be the last one stands in `into`. Without any
    // convoying fleet next to `here` (a 'via convoy' move with no convoy ordered, 4.A.3 f) the move can only go over
    // land, from the army's province.
    const map = t.board.map;
    let last = 0;
    for (let i = t.convoyStart[a]!; i < t.convoyStart[a + 1]!; i++) {
      const sea = t.board.unitProvince[t.convoyers[i]!]!;
      if (!seaTouches(map, sea, here)) continue;
      if (sea !== into) return false;
      last++;
    }
    return last > 0 || t.board.unitProvince[a] === into;
  }

  /**
   * The support-protecting paradox rules (4.A.2): 1971 — a convoyed army does not cut the support of a fleet for a
   * fleet attacking one of its convoying fleets; 1982 — nor of a fleet supporting an action in a body of water (or a
   * convoyable coast) that holds a convoying fleet; 2000 — nor of any unit supporting an attack on a fleet necessary for its convoy.
   */
  private paradoxRuleProtects(s: number, a: number): boolean {
    const t = this.t;
    const board = t.board;
    const rule = t.rules.convoyParadox;
    if (rule !== 'rule-1971' && rule !== 'rule-1982' && rule !== 'rule-2000') return false;
    const into = t.dest[s]!;
    if (rule === 'rule-1982') {
      // The rule speaks of a fleet: on a convoyable coast an army may also stand and be supported.
      if (board.unitType[s] !== FLEET) return false;
      const province = into >= 0 ? into : board.unitProvince[t.target[s]!]!;
      // A unit with a (legal) CONVOY order stands in a convoy-capable province (6.F.1); an empty one (-1) has no
      // kind (kind[-1] is undefined).
      return t.kind[board.unitAt[province]!] === CONVOY;
    }
    // With into -1 no fleet's province equals it, and the loop returns false.
    for (let i = t.convoyStart[a]!; i < t.convoyStart[a + 1]!; i++) {
      const f = t.convoyers[i]!;
      if (board.unitProvince[f] !== into) continue;
      return rule === 'rule-1971' || this.necessaryFleet(a, f);
    }
    return false;
  }

  /** Is fleet f on every route of convoy orders of move a (2000 rule: "necessary")? */
  private necessaryFleet(a: number, f: number): boolean {
    // `true` for `high` survives (docs/verification.md): with a fleet to leave out routeExists reads no decision.
    return !this.routeExists(a, false, f);
  }

  /**
   * CONVOY (5.B.3): the convoy holds while the fleet is not dislodged, that is while no unit moves into its
   * province successfully. (A backup rule may also make it fail, see backup-rule.ts.)
   */
  convoy(f: number, optimistic: boolean): boolean {
    const t = this.t;
    const here = t.board.unitProvince[f]!;
    for (let i = t.moveStart[here]!; i < t.moveStart[here + 1]!; i++) {
      const a = t.movers[i]!;
      const moves = this.convoyAdjudicatesAttacks
        ? // Stryker disable next-line BooleanLiteral: equivalent, only the guess solver takes this branch, and it reads every open decision as its guess whatever bound is asked for; move() uses the bound itself only to combine a battle that is MAYBE, which needs the two bounds of a convoy path to differ, so never in that solver.
          this.move(a, !optimistic)
        : this.solver.resolve(a, !optimistic);
      if (moves) return false;
    }
    return true;
  }

  /**
   * Did move u (successful) come by convoy? A convoyed move, or a 4.A.3 a move whose convoy held: the retreat
   * rules (4.A.5, 6.H) look at it.
   */
  cameByConvoy(u: number): boolean {
    // Stryker disable next-line BooleanLiteral: equivalent, read only after solving (the retreat rules), when every CONVOY is final and `high` reads the same.
    return this.t.route[u] !== BY_LAND && this.convoyPath(u, false);
  }

  /**
   * PATH (5.B.4): a move without convoy always has its path (so has one that falls back to land, 4.A.3 a). A
   * convoyed move needs its convoy to hold.
   */
  path(u: number, high: boolean): boolean {
    const t = this.t;
    if (this.pathBlocked[u] || t.invalidMove[u]) return false;
    if (t.route[u] !== BY_CONVOY) return true;
    return this.convoyPath(u, high);
  }

  /**
   * Does the convoy of move u hold? With several routes, one holding is enough (4.A.1 b, 6.F.10); under the 1971
   * rule every fleet on a route must hold (4.A.1 a); a written path to follow needs all its fleets (4.A.6 b/c).
   * `high`: open CONVOY decisions count as successful.
   */
  convoyPath(u: number, high: boolean): boolean {
    const t = this.t;
    // `false` for the test or either half, `&&`, and a `!` dropped survive (docs/verification.md): path() tests the
    // same first, and goesByConvoy and cameByConvoy never ask about such a move: an invalid move's route is BY_LAND
    // or BY_CONVOY (for which they do not look), an army the all-hold rule blocked attacks a supporter, so no move
    // comes the other way, and it fails, so it dislodges nothing.
    if (this.pathBlocked[u] || t.invalidMove[u]) return false;
    if (t.followsPath[u]) {
      for (let i = t.convoyStart[u]!; i < t.convoyStart[u + 1]!; i++)
        if (!this.solver.resolve(t.convoyers[i]!, high)) return false;
      // `true` and `>=` survive (docs/verification.md): a written path without fleets is an invalidMove (tables.ts
      // followPaths), failed above.
      return t.convoyStart[u + 1]! > t.convoyStart[u]!;
    }
    if (t.rules.multiRouteConvoy === 'any-route-disrupts') {
      let any = false;
      // `<=` survives (docs/verification.md): the place after u's fleets holds another army's fleet (or nothing), on no
      // route of u.
      for (let i = t.convoyStart[u]!; i < t.convoyStart[u + 1]!; i++) {
        const f = t.convoyers[i]!;
        if (!this.onSomeRoute(u, f)) continue;
        if (!this.solver.resolve(f, high)) return false;
        any = true;
      }
      return any;
    }
    return this.routeExists(u, high);
  }

  /**
   * Is there a chain of u's convoying fleets from its province to its destination, each of them usable: with
   * `without` >= 0 every fleet but that one (the structure of the orders only), otherwise the fleets whose CONVOY
   * holds (`high`: open ones count)?
   */
  private routeExists(u: number, high: boolean, without = -1): boolean {
    const t = this.t;
    const board = t.board;
    const map = board.map;
    const from = board.unitProvince[u]!;
    const to = t.dest[u]!;
    const start = t.convoyStart[u]!;
    const count = t.convoyStart[u + 1]! - start;
    // Marks of our own from the scratch stack: PATH of the same move can be asked again deeper in the recursion
    // (convoy paradoxes). Read through `s` after each resolve, which may grow the stack.
    const s = this.scratch;
    const base = s.take(count);
    try {
      let grew = true;
      while (grew) {
        grew = false;
        for (let i = 0; i < count; i++) {
          if (s.searchMarks[base + i]) continue;
          const f = t.convoyers[start + i]!;
          const fleetProvince = board.unitProvince[f]!;
          let connected = seaTouches(map, fleetProvince, from);
          for (let j = 0; !connected && j < count; j++) {
            connected =
              s.searchMarks[base + j] === 1 &&
              fleetAdjacent(map, board.unitLocation[t.convoyers[start + j]!]!, board.unitLocation[f]!);
          }
          if (!connected) continue;
          if (without >= 0 ? f === without : !this.solver.resolve(f, high)) continue;
          s.searchMarks[base + i] = 1;
          grew = true;
          if (seaTouches(map, fleetProvince, to)) return true;
        }
      }
      // StrykerJS reads a directive only before a statement, so the `finally` block (next) is reached from here.
      // Stryker disable BlockStatement: an empty finally block gives the same answers: without the release the stack grows within one adjudication (solve() in adjudicate.ts empties it for each): take() clears every place it hands out, so no search reads another's marks, and only that adjudication's memory is spent.
      return false;
    } finally {
      // Also when the solver unwinds a recursion that went too deep (resolver.ts).
      s.release(count);
    }
  }

  // Stryker restore BlockStatement

  /** Is fleet f on a route of u's convoying fleets (reachable from the start and from the end)? */
  private onSomeRoute(u: number, f: number): boolean {
    const t = this.t;
    const board = t.board;
    const map = board.map;
    const fleets = Array.from(t.convoyers.subarray(t.convoyStart[u], t.convoyStart[u + 1]));
    const reach = (origin: number): Set<number> => {
      const seen = new Set(fleets.filter((g) => seaTouches(map, board.unitProvince[g]!, origin)));
      for (let grew = true; grew;) {
        grew = false;
        for (const g of fleets) {
          if (seen.has(g)) continue;
          if ([...seen].some((h) => fleetAdjacent(map, board.unitLocation[h]!, board.unitLocation[g]!))) {
            seen.add(g);
            grew = true;
          }
        }
      }
      return seen;
    };
    return reach(board.unitProvince[u]!).has(f) && reach(t.dest[u]!).has(f);
  }

  /**
   * ATTACK STRENGTH (5.B.8): 0 without a path; against an empty province, or one whose unit moves away successfully
   * (not head-to-head), 1 plus every successful support; 0 against a unit of the mover's own power (6.D.10);
   * otherwise 1 plus the successful supports of powers other than the defender's (6.D.14, 6.E.3).
   */
  attackStrength(u: number, high: boolean): number {
    // Read after solving (the outcome's message), when every CONVOY is final: headToHead is never MAYBE then.
    return this.attackWith(u, high, this.headToHead(u) === YES);
  }

  private attackWith(u: number, high: boolean, headToHead: boolean): number {
    const t = this.t;
    const board = t.board;
    if (!this.path(u, high)) return 0;
    const defender = board.unitAt[t.dest[u]!]!;
    // Without this line (the `false` mutant, which survives: see docs/verification.md) the lines below would read
    // kind[-1] and unitPower[-1] (undefined) for no defender, which exclude no support and give the same count.
    if (defender < 0) return 1 + this.supportCount(u, high, -1);
    if (!headToHead && t.kind[defender] === MOVE && this.solver.resolve(defender, high)) {
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
   * PREVENT STRENGTH (5.B.6): 0 without a path; 0 when the unit lost a head-to-head battle (4.A.7 b: only then does
   * a dislodged unit lose its effect on the attacker's province, 6.E.4, 6.G.10), or under 4.A.7 a whenever the
   * unit coming the other way succeeds; otherwise 1 plus the supports.
   */
  preventStrength(u: number, high: boolean): number {
    const t = this.t;
    if (!this.path(u, high)) return 0;
    const v = this.partner(u);
    // (Without a partner headToHead(u) is NO, but under 4.A.7 a the battle is YES: the test is needed.)
    if (v >= 0) {
      // Under 4.A.7 a every opposite move is a battle here; a Brannan partner is one under either choice.
      const battle = t.rules.dislodgedUnitEffect === 'never' ? YES : this.headToHead(u);
      // The other way succeeding takes the effect away; when unsure whether it is a battle, bound both ways.
      // `false` for the MAYBE half, and `high` for `!high`, survive (docs/verification.md): headToHead is never MAYBE
      // (class comment).
      if (battle === YES || (battle === MAYBE && !high)) {
        if (this.solver.resolve(v, !high)) return 0;
      }
    }
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

export { SUPPORT } from './tables.js';
