/**
 * The generic solver: decides boolean decisions that depend on each other, knowing nothing about Diplomacy.
 *
 * This is the partial-information algorithm of DATC v3.2 section 5.E (Kruijswijk, "The Math of Adjudication"):
 * every decision is adjudicated optimistically (uncertain dependencies taken in its favour) and pessimistically; when
 * both agree, the decision is final. A decision that can only be settled by a cycle of decisions that are all
 * still open (circular movement, a convoy paradox) is handed, with the rest of that cycle, to the backup rule.
 *
 * Following the last version of `resolve` in 5.E: the cycle is only handed over by the decision that is the ancestor
 * of the whole cycle (`recursionHits`), so that everything decidable on partial information is decided first, which
 * is what Pandin's paradox (DATC 5.D) needs; and a decision whose adjudication used only final values is adjudicated
 * once, not twice (`uncertain`).
 */

/** Adjudicates decision `d`; `optimistic` says how to read dependencies that are not final yet. */
export type Adjudicate = (d: number, optimistic: boolean) => boolean;

/**
 * Settles the decisions of a cycle that has no single resolution, by calling `settle` on some of them (which leaves
 * a decision that is final already as it is); the solver then carries on.
 */
export type BackupRule = (cycle: readonly number[], settle: (d: number, value: boolean) => void) => void;

const RESOLVED = 1;
const VISITED = 2;
const IN_CYCLE = 4;

/**
 * How deep `resolve` may recurse before `decide` unwinds and starts again from the deepest decision. A long chain
 * of moves, each waiting for the next (thousands on a generated map), would otherwise overflow the stack.
 */
export const MAX_DEPTH = 256;

/**
 * Thrown (never out of `decide`) when the recursion reaches MAX_DEPTH: one instance made once, so throwing it
 * captures no stack.
 */
// Stryker disable next-line StringLiteral: the message is never read: fromTop catches this error, and it never leaves decide().
export const TOO_DEEP = new (class TooDeep extends Error {})('the recursion of resolve is too deep');

export class Resolver {
  /** RESOLVED, VISITED, IN_CYCLE flags per decision. */
  private state: Uint8Array;
  private value: Uint8Array;
  // The initial values below are placeholders: reset() sets each before any use, so their mutants are equivalent.
  // Stryker disable next-line ArrayDeclaration: the first entry is never read: reset() empties the list before every set of decisions.
  private readonly cycle: number[] = [];
  private recursionHits = 0;
  // Stryker disable next-line BooleanLiteral: the value between top-level calls is never read: resolve() saves it, clears it and restores it around each adjudication.
  private uncertain = false;
  // Stryker disable next-line ArrowFunction,BooleanLiteral: never called: reset() sets the callback before every set of decisions.
  private adjudicate: Adjudicate = () => false;
  // Stryker disable next-line ArrowFunction,BooleanLiteral: never called: reset() sets the callback before every set of decisions.
  private backupRule: BackupRule = () => false;
  /** Decisions being adjudicated, outermost first (the recursion of `resolve`). */
  // Stryker disable next-line ArrayDeclaration: the first entry is never read: reset() empties the stack before every set of decisions.
  private readonly stack: number[] = [];
  private depthLimit = MAX_DEPTH;
  /** The decision at which the recursion reached the limit (set where TOO_DEEP is thrown, read only after that). */
  private deepest = 0;
  /** The decisions `decide` is resolving from the top, the one asked for first (empty between calls). */
  // Stryker disable next-line ArrayDeclaration: the first entry is never read: reset() empties the list before every set of decisions.
  private readonly pending: number[] = [];

  /** Decisions of the current set. */
  size: number;

  constructor(size: number) {
    this.size = size;
    this.state = new Uint8Array(size);
    this.value = new Uint8Array(size);
  }

  /** Prepares for a new set of `size` decisions (by default as many as before) with the given rules. */
  reset(adjudicate: Adjudicate, backupRule: BackupRule, size = this.size): void {
    // `>=` survives (docs/verification.md): growing arrays that are just big enough only costs memory.
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
    // Nothing of an earlier set survives, not even after an error left decide() half-way.
    this.stack.length = 0;
    this.pending.length = 0;
    this.recursionHits = 0;
    this.depthLimit = MAX_DEPTH;
    this.adjudicate = adjudicate;
    this.backupRule = backupRule;
  }

  /**
   * The final value of decision `d`, resolved from the top level. The recursion of `resolve` is bounded: when it
   * reaches MAX_DEPTH, everything open is unwound (decisions already final stay final: both bounds agreed, so no
   * open guess went into them) and the deepest decision is resolved first, from the top, then the others again.
   * A chain of N waiting moves thus costs about 2N adjudications and never more than MAX_DEPTH levels of stack.
   * Only a cycle longer than MAX_DEPTH (circular movement of hundreds of units) needs the whole cycle on the stack
   * at once to be seen as a cycle: then the limit is lifted for the rest of the set.
   */
  decide(d: number): boolean {
    const pending = this.pending;
    pending.push(d);
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
      // A decision resolved from the top is final whatever bound is asked for: its value is read from `value`.
      // Stryker disable next-line BooleanLiteral: `false` reads the same, as above.
      this.resolve(d, true);
      return true;
    } catch (e) {
      // `false` survives (docs/verification.md): nothing but TOO_DEEP is thrown in a correct run.
      if (e !== TOO_DEEP) throw e;
      this.unwind();
      return false;
    }
  }

  /** Forgets everything open after the recursion was cut short. */
  private unwind(): void {
    for (const d of this.stack) this.state[d] = this.state[d]! & ~VISITED;
    this.stack.length = 0;
    this.truncateCycle(0);
    this.recursionHits = 0;
  }

  /** Fixes a decision before solving (for example one known from the orders alone). */
  // Stryker disable next-line BlockStatement: an empty body only leaves the decision to the solver: callers fix only decisions whose value the equations give anyway (a shortcut).
  fix(d: number, value: boolean): void {
    this.state[d] = RESOLVED;
    this.value[d] = value ? 1 : 0;
  }

  /**
   * The value of decision `d`: final when it can be decided, otherwise the value that favours the caller
   * (`optimistic`), as 5.E prescribes.
   */
  resolve(d: number, optimistic: boolean): boolean {
    const state = this.state[d]!;
    if (state & RESOLVED) return this.value[d] === 1;
    if (state & IN_CYCLE) {
      // Already known to be in a cycle that is not solved yet.
      this.uncertain = true;
      return optimistic;
    }
    if (state & VISITED) {
      // A cyclic dependency: remember it and answer in the caller's favour.
      this.addToCycle(d);
      this.recursionHits++;
      this.uncertain = true;
      return optimistic;
    }

    // `>` survives (docs/verification.md): a bound one level deeper changes nothing but where chains are cut.
    if (this.stack.length >= this.depthLimit) {
      this.deepest = d;
      throw TOO_DEEP;
    }
    this.state[d] = state | VISITED;
    this.stack.push(d);
    const oldCycleLength = this.cycle.length;
    const oldRecursionHits = this.recursionHits;
    const oldUncertain = this.uncertain;
    // Stryker disable next-line BooleanLiteral: `true` only asks for a needless second look (below), which gives the same result.
    this.uncertain = false;
    const optimisticResult = this.adjudicate(d, true);
    // An optimistic failure, or a result built only from final values, needs no second look: the pessimistic
    // reading can only fail more, and without open decisions both readings are the same.
    const pessimisticResult =
      // `true` for the test survives (docs/verification.md): a needless second look gives the same result.
      // Stryker disable next-line LogicalOperator: `||` only adds a needless second look: after an optimistic failure the pessimistic reading fails too.
      this.uncertain && optimisticResult ? this.adjudicate(d, false) : optimisticResult;
    this.stack.pop();
    this.state[d] = this.state[d] & ~VISITED;
    // A backup rule met deeper down may have settled d itself while d was being adjudicated: the all-hold rule
    // fails a convoyed army and the attacks on a convoying fleet from outside its cycle (backup-rule.ts). That value
    // stands, whatever the two readings made of it (they read the army's convoy before the rule blocked its path).
    const settled = (this.state[d] & RESOLVED) !== 0;
    if (settled || optimisticResult === pessimisticResult) {
      // `false` for the settled value survives (docs/verification.md): it is 0 here, as the rules settle nothing outside
      // a cycle but what the all-hold rule fails, and of the cycle only its head is still on the stack.
      const result = settled ? this.value[d] === 1 : optimisticResult;
      this.truncateCycle(oldCycleLength);
      this.recursionHits = oldRecursionHits;
      this.uncertain = oldUncertain;
      this.state[d] = RESOLVED;
      this.value[d] = result ? 1 : 0;
      return result;
    }

    if (this.state[d] & IN_CYCLE) this.recursionHits--;

    if (this.recursionHits === oldRecursionHits) {
      // This decision is the ancestor of the whole cycle: the cycle has no single resolution.
      const members = this.cycle.slice(oldCycleLength);
      this.truncateCycle(oldCycleLength);
      this.uncertain = oldUncertain;
      this.applyBackupRule(members);
      return this.resolve(d, optimistic);
    }

    // A cycle was found deeper down, but it started above this decision: retreat further.
    this.addToCycle(d);
    return optimistic;
  }

  /**
   * Hands the cycle to the backup rule. Every rule of the engine (backup-rule.ts) settles at least one decision of
   * the cycle, all of which are open here (circular movement settles every move, the paradox rules every convoy), so
   * the solver always makes progress.
   */
  private applyBackupRule(members: number[]): void {
    this.backupRule(members, (d, value) => {
      // `false` survives (docs/verification.md): the rules settle open decisions, but for the all-hold rule's attacks
      // on a paradox's fleets, which when already resolved have failed (one that succeeded dislodged its fleet, whose
      // convoy is then no part of an open cycle): settling one again writes the same value.
      if (this.state[d]! & RESOLVED) return;
      this.state[d] = RESOLVED;
      this.value[d] = value ? 1 : 0;
    });
  }

  private addToCycle(d: number): void {
    // A decision that retreats after a deeper one already met it (resolve, above) is in the list once.
    // `false` survives (docs/verification.md): a decision listed twice is settled once (settle() of a settled decision
    // does nothing), marked the same twice by the backup rule, and unmarked twice by truncateCycle.
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
