/**
 * The second solver: the guess algorithm of DATC v3.2 section 5.F, with the `recursion_hits` refinement. It knows
 * nothing about Diplomacy either and plugs into the same decisions (decisions.ts): a decision first met is guessed
 * to fail; if its adjudication depends on that guess (a cycle), it is guessed again to succeed; one answer means
 * the cycle has a single resolution, two answers (or none) go to the backup rule.
 *
 * It ignores the `optimistic` flag the decisions pass: every open decision reads as its current guess. It exists
 * so that two algorithms that share no solver code can be compared on many positions (bench/agreement.ts, the oracle tests); the main solver is
 * resolver.ts.
 */
import { MAX_DEPTH, TOO_DEEP, type Adjudicate, type BackupRule } from './resolver.js';

const RESOLVED = 1;
const VISITED = 2;
const IN_CYCLE = 4;

export class GuessResolver {
  private state: Uint8Array;
  private value: Uint8Array;
  // Stryker disable next-line ArrayDeclaration: the first entry is never read: reset() empties the list before every set of decisions.
  private readonly cycle: number[] = [];
  private recursionHits = 0;
  // Stryker disable next-line BooleanLiteral: never read as it starts: guess() sets the flag to false before it reads it, and gives back the value it found.
  private guessBased = false;
  // Stryker disable next-line ArrowFunction,BooleanLiteral: never called: reset() sets the callback before every set of decisions.
  private adjudicate: Adjudicate = () => false;
  // Stryker disable next-line ArrowFunction,BooleanLiteral: never called: reset() sets the callback before every set of decisions.
  private backupRule: BackupRule = () => false;
  /** Decisions being adjudicated, outermost first, as in resolver.ts. */
  // Stryker disable next-line ArrayDeclaration: the first entry is never read: reset() empties the stack before every set of decisions.
  private readonly stack: number[] = [];
  private depthLimit = MAX_DEPTH;
  /** The decision at which the recursion reached the limit (set where TOO_DEEP is thrown, read only after that). */
  private deepest = 0;
  size: number;

  constructor(size: number) {
    this.size = size;
    this.state = new Uint8Array(size);
    this.value = new Uint8Array(size);
  }

  reset(adjudicate: Adjudicate, backupRule: BackupRule, size = this.size): void {
    // `>=` survives (docs/verification.md): growing at an equal length gives new arrays, which are cleared below anyway.
    if (size > this.state.length) {
      // Stryker disable next-line ArithmeticOperator: `/ 2` still gives room for `size` (Math.max); only how often the arrays regrow differs.
      const capacity = Math.max(size, this.state.length * 2);
      this.state = new Uint8Array(capacity);
      this.value = new Uint8Array(capacity);
    }
    this.size = size;
    this.state.fill(0, 0, size);
    this.value.fill(0, 0, size);
    this.truncateCycle(0);
    this.stack.length = 0;
    this.recursionHits = 0;
    this.depthLimit = MAX_DEPTH;
    this.adjudicate = adjudicate;
    this.backupRule = backupRule;
  }

  /** The resolution of decision d from the top level, with the recursion bounded as in `Resolver.decide`. */
  decide(d: number): boolean {
    // When the recursion went too deep, the deepest decision reached is resolved first, then d again; a decision
    // that goes too deep twice lifts the bound.
    const pending = [d];
    while (pending.length > 0) {
      if (this.fromTop(pending[pending.length - 1]!)) pending.pop();
      else if (pending.includes(this.deepest)) this.depthLimit = Infinity;
      else pending.push(this.deepest);
    }
    return this.value[d] === 1;
  }

  /** Resolves d from the top level; false when the recursion went too deep and was unwound. */
  private fromTop(d: number): boolean {
    try {
      this.resolve(d);
      return true;
    } catch (e) {
      // `false` survives (docs/verification.md): nothing else is thrown under the solver (the decisions throw nothing).
      if (e !== TOO_DEEP) throw e;
      this.unwind();
      return false;
    }
  }

  /** Forgets every guess after the recursion was cut short. */
  private unwind(): void {
    for (const d of this.stack) this.state[d] = this.state[d]! & ~VISITED;
    this.stack.length = 0;
    this.truncateCycle(0);
    this.recursionHits = 0;
  }

  /** The resolution of decision d, or while it is being guessed, the current guess. */
  resolve(d: number, _optimistic?: boolean): boolean {
    const state = this.state[d]!;
    if (state & RESOLVED) return this.value[d] === 1;
    if (state & IN_CYCLE) {
      this.guessBased = true;
      return this.value[d] === 1;
    }
    if (state & VISITED) {
      // A cyclic dependency: answer with the guess made when d was first met.
      this.addToCycle(d);
      this.guessBased = true;
      this.recursionHits++;
      return this.value[d] === 1;
    }

    // `>` survives (docs/verification.md): a bound one deeper stays far from the stack's limit, and where the
    // recursion is cut short changes no answer.
    if (this.stack.length >= this.depthLimit) {
      this.deepest = d;
      throw TOO_DEEP;
    }
    this.state[d] = state | VISITED;
    this.stack.push(d);
    const result = this.guess(d);
    this.stack.pop();
    return result;
  }

  /** Guesses decision d (marked VISITED) to fail, then if needed to succeed, as in DATC 5.F. */
  private guess(d: number): boolean {
    const oldCycleLength = this.cycle.length;
    const oldGuessBased = this.guessBased;
    const oldRecursionHits = this.recursionHits;
    this.guessBased = false;
    this.value[d] = 0;
    // Stryker disable next-line BooleanLiteral: `false` reads the same: the decisions pass the bound only to resolve(), which ignores it here, and read it themselves only for a head-to-head battle that depends on a convoy (MAYBE), which needs the two bounds of a path to differ: here both read the same guesses.
    const first = this.adjudicate(d, true);

    if (!this.guessBased) {
      this.guessBased = oldGuessBased;
      return this.settle(d, first);
    }
    if (this.state[d]! & IN_CYCLE) this.recursionHits--;

    if (this.recursionHits === oldRecursionHits) {
      // d is the ancestor of the whole cycle: try the other guess.
      this.truncateCycle(oldCycleLength);
      this.value[d] = 1;
      // Stryker disable next-line BooleanLiteral: `false` reads the same: the decisions pass the bound only to resolve(), which ignores it here, and read it themselves only for a head-to-head battle that depends on a convoy (MAYBE), which needs the two bounds of a path to differ: here both read the same guesses.
      const second = this.adjudicate(d, true);
      this.recursionHits = oldRecursionHits;
      if (first === second) {
        this.truncateCycle(oldCycleLength);
        this.guessBased = oldGuessBased;
        return this.settle(d, first);
      }
      // d goes to the backup rule with its cycle; it is usually listed already (its own guess was read), and a
      // decision listed twice is settled and marked the same by every backup rule.
      const members = this.cycle.slice(oldCycleLength);
      members.push(d);
      this.truncateCycle(oldCycleLength);
      this.guessBased = oldGuessBased;
      this.state[d] = this.state[d]! & ~VISITED;
      this.applyBackupRule(members);
      return this.resolve(d);
    }

    // The cycle started above d: remember this result and retreat further.
    this.addToCycle(d);
    this.state[d] = this.state[d]! & ~VISITED;
    // A value a backup rule gave d would stand (as in settle()), but no position makes d final here, so the value is
    // not looked at: d would have to be
    // settled while it was adjudicated and also have read a guess from above it. A root's cycle holds no decision
    // still on the stack but the root, and outside its cycle a backup rule settles only (all-hold) the armies of
    // its convoys and the attacks on their fleets: d is the move of the army A of such a convoy f, or such an
    // attack. Take C as in decisions.ts (the class comment), which reads only C. When every decision d reads is in
    // C, the guess d hits is a decision g of C, so is every decision on the stack from g down to the one that read
    // d, and so a decision of C resolves d. In this solver (a CONVOY judges the attacks on its fleet itself, 5.D):
    // - an attack on a standing fleet is in C and no decision of C resolves it: a unit's move is resolved by a
    //   support in its destination (here a convoying fleet) and by the moves into its province (its hold strength,
    //   or as a defender or a prevent strength's partner), and a move into a province its unit leaves is in C only
    //   as a Brannan move, whose battle reads no defender and whose prevent strength only other moves into that
    //   province read;
    // - the convoy f joins the cycle by reading a guess between the root and itself, which is in C, so f's reader
    //   is a decision of C other than A's move (that one is above the root): a support in A's destination (it reads
    //   A's path), a move into A's destination whose unit stands (it reads A's prevent strength), or a Brannan move
    //   into it (the unit there moves into the last fleet of another army). Then either A moves into a standing
    //   unit, and of C only a support in A's destination directed into A's province resolves A's move; that
    //   support is read only by moves into A's province, none in C, so it would be g itself, which nothing of C
    //   below it reads. Or the unit in A's destination moves into a standing fleet: A's move is out of C, yet it
    //   reads only C (its convoys, that unit's move, supports, prevent strengths whose partner is that move), so a
    //   decision of C would resolve a decision out of C.
    // (Random phases agree: of 200 million on random maps with convoyable coasts, Brannan's rule and chained convoys,
    // under every paradox rule, 406,000 settled a decision still being adjudicated; none came here.)
    this.value[d] = first ? 1 : 0;
    return first;
  }

  /**
   * Makes d final, unless a backup rule already did while d was being adjudicated (an attack on a convoying fleet
   * is failed by the all-hold rule from deeper down): that value stands.
   */
  private settle(d: number, value: boolean): boolean {
    if (this.state[d]! & RESOLVED) {
      // `false` survives (docs/verification.md): a decision settled while it was being adjudicated is one the
      // all-hold rule failed from outside its cycle, so its value is 0 here.
      return this.value[d] === 1;
    }
    this.state[d] = RESOLVED;
    this.value[d] = value ? 1 : 0;
    return value;
  }

  /** Every backup rule settles an open decision of the cycle (backup-rule.ts), so the cycle cannot come back. */
  private applyBackupRule(members: number[]): void {
    this.backupRule(members, (d, value) => void this.settle(d, value));
  }

  private addToCycle(d: number): void {
    // `false` survives (docs/verification.md): a decision listed twice is settled and marked the same by every rule.
    if (this.state[d]! & IN_CYCLE) return;
    this.state[d] = this.state[d]! | IN_CYCLE;
    this.cycle.push(d);
  }

  private truncateCycle(length: number): void {
    const cycle = this.cycle;
    while (cycle.length > length) {
      const d = cycle.pop()!;
      this.state[d] = this.state[d]! & ~IN_CYCLE;
    }
  }
}
