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
 * Settles the decisions of a cycle that has no single resolution, by calling `settle` on some of them, and says
 * whether it changed anything; the solver then carries on.
 */
export type BackupRule = (cycle: readonly number[], settle: (d: number, value: boolean) => void) => boolean;

const RESOLVED = 1;
const VISITED = 2;
const IN_CYCLE = 4;

export class Resolver {
  /** RESOLVED, VISITED, IN_CYCLE flags per decision. */
  private readonly state: Uint8Array;
  private readonly value: Uint8Array;
  /** Decisions settled by the backup rule rather than by the equations. */
  readonly byBackupRule: Uint8Array;
  private readonly cycle: number[] = [];
  private recursionHits = 0;
  private uncertain = false;
  private adjudicate: Adjudicate = () => false;
  private backupRule: BackupRule = () => false;

  readonly size: number;

  constructor(size: number) {
    this.size = size;
    this.state = new Uint8Array(size);
    this.value = new Uint8Array(size);
    this.byBackupRule = new Uint8Array(size);
  }

  /** Prepares for a new set of decisions with the given rules. */
  reset(adjudicate: Adjudicate, backupRule: BackupRule): void {
    this.state.fill(0);
    this.value.fill(0);
    this.byBackupRule.fill(0);
    this.cycle.length = 0;
    this.recursionHits = 0;
    this.uncertain = false;
    this.adjudicate = adjudicate;
    this.backupRule = backupRule;
  }

  /** Fixes a decision before solving (for example one known from the orders alone). */
  fix(d: number, value: boolean): void {
    this.state[d] = RESOLVED;
    this.value[d] = value ? 1 : 0;
  }

  isResolved(d: number): boolean {
    return (this.state[d]! & RESOLVED) !== 0;
  }

  /** The final value of a decision; call after `resolve(d, ...)` returned. */
  valueOf(d: number): boolean {
    return this.value[d] === 1;
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

    this.state[d] = state | VISITED;
    const oldCycleLength = this.cycle.length;
    const oldRecursionHits = this.recursionHits;
    const oldUncertain = this.uncertain;
    this.uncertain = false;
    const optimisticResult = this.adjudicate(d, true);
    // An optimistic failure, or a result built only from final values, needs no second look.
    const pessimisticResult =
      this.uncertain && optimisticResult ? this.adjudicate(d, false) : optimisticResult;
    this.state[d] = this.state[d] & ~VISITED;

    if (optimisticResult === pessimisticResult) {
      this.truncateCycle(oldCycleLength);
      this.recursionHits = oldRecursionHits;
      this.uncertain = oldUncertain;
      this.state[d] = RESOLVED;
      this.value[d] = optimisticResult ? 1 : 0;
      return optimisticResult;
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

  private applyBackupRule(members: number[]): void {
    let settled = 0;
    const changed = this.backupRule(members, (d, value) => {
      if (this.state[d]! & RESOLVED) return;
      this.state[d] = RESOLVED;
      this.value[d] = value ? 1 : 0;
      this.byBackupRule[d] = 1;
      settled++;
    });
    if (settled === 0 && !changed) {
      // A backup rule that settles nothing would loop for ever; let the whole cycle fail instead.
      for (const d of members) {
        if (this.state[d]! & RESOLVED) continue;
        this.state[d] = RESOLVED;
        this.value[d] = 0;
        this.byBackupRule[d] = 1;
      }
    }
  }

  private addToCycle(d: number): void {
    if (this.state[d]! & IN_CYCLE) return;
    this.state[d] = this.state[d]! | IN_CYCLE;
    this.cycle.push(d);
  }

  private truncateCycle(length: number): void {
    for (let i = length; i < this.cycle.length; i++) {
      const d = this.cycle[i]!;
      this.state[d] = this.state[d]! & ~IN_CYCLE;
    }
    this.cycle.length = length;
  }
}
