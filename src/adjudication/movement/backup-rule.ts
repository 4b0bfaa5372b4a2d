/**
 * Backup rules for cycles of decisions without a single resolution (DATC v3.2 5.B.9, 4.A.2). A cycle of moves only
 * is circular movement and every move in it succeeds (6.C.1), whatever the paradox rule. A cycle with a convoy in
 * it is a convoy paradox, settled by the paradox rule in force:
 * - Szykman (4.A.2 f, the DATC's preference; also e, Verheijden): every convoy of the cycle fails, as if its fleet
 *   held (6.F.14, 6.F.16 Pandin's paradox, 6.F.22-6.F.24 second-order paradoxes);
 * - all-hold (4.A.2 d): every move of the paradox fails, the convoyed armies' too, which then cut nothing;
 * - DPTG: the Szykman resolution when it is consistent (every convoy of the core really is dislodged), else
 *   all-hold; the consistency is checked after solving (see adjudicate.ts);
 * - the 1971, 1982 and 2000 rules protect supports in decisions.ts; a paradox they leave (6.F.18, 6.F.22-6.F.24)
 *   goes to the named fallback (`paradoxFallback`), and the outcome says so.
 * Without convoys the standard rules have no cycle but circular movement, so a cycle without a convoy is one (5.B.9).
 * (The DATC's fallback for the new paradoxes of variant movement rules, 5.B.9 last paragraph, is not needed: no such
 * rule is implemented.)
 */
import type { MovementDecisions } from './decisions.js';
import { CONVOY, MOVE, type MovementTables } from './tables.js';

export type BackupRuleName = 'circular-movement' | 'szykman' | 'all-hold' | 'dptg';

export interface BackupLog {
  /** Per unit: the backup rule that settled its decision, or undefined. */
  readonly rule: (BackupRuleName | undefined)[];
  /** Per unit: 1 when the rule applied was the fallback of the 1971/1982/2000 paradox rule. */
  fallback: Uint8Array;
  /** DPTG: convoy sets settled the Szykman way, to be checked for consistency. */
  readonly tentative: number[][];
  /** DPTG: convoys whose paradox must be settled by all-hold (their Szykman resolution was inconsistent). */
  allHold: ReadonlySet<number>;
}

const NONE: ReadonlySet<number> = new Set<number>();

/**
 * A log cleared for a new set of decisions: `reuse` (the scratch set's, so that a phase allocates none) or a new
 * one. `fallback` is scratch space of at least `units` places (cleared here; it may have grown since `reuse`).
 */
export function newBackupLog(
  units: number,
  fallback: Uint8Array,
  allHold: ReadonlySet<number> = NONE,
  reuse?: BackupLog,
): BackupLog {
  fallback.fill(0, 0, units);
  // Stryker disable next-line ConditionalExpression,ArrayDeclaration: equivalent, a new log and the cleared old one are the same to the caller, and the first log is cleared before its first use (adjudicate.ts).
  if (reuse === undefined) return { rule: [], fallback, tentative: [], allHold };
  reuse.rule.length = 0;
  reuse.tentative.length = 0;
  reuse.fallback = fallback;
  reuse.allHold = allHold;
  return reuse;
}

/** Settles (some of) a cycle through `settle`; returns whether it changed anything else (a blocked path). */
export function applyBackupRule(
  t: MovementTables,
  decisions: MovementDecisions,
  log: BackupLog,
  cycle: readonly number[],
  settle: (d: number, value: boolean) => boolean,
): boolean {
  const mark = (d: number, rule: BackupRuleName, fallback: boolean): void => {
    log.rule[d] = rule;
    if (fallback) log.fallback[d] = 1;
  };
  const convoys = cycle.filter((d) => t.kind[d] === CONVOY);
  if (convoys.length === 0) {
    // Circular movement: every move of the cycle succeeds (6.C.1-6.C.3); the cycle holds nothing else.
    for (const d of cycle) {
      log.rule[d] = 'circular-movement';
      settle(d, true);
    }
    // Stryker disable next-line BooleanLiteral: equivalent, the cycle's decisions are unresolved, so settle() above resolved some and the solver does not read this.
    return false;
  }

  let rule = t.rules.convoyParadox;
  let fallback = false;
  if (
    rule === 'rule-1971' ||
    // On the standard map the 1982 rule leaves no paradox (DATC 4.A.2 b); one remains where an army supports into a
    // convoyable coast, as the rule protects fleets only.
    rule === 'rule-1982' ||
    rule === 'rule-2000'
  ) {
    rule = t.rules.paradoxFallback;
    fallback = true;
  }
  // A cycle's convoys are all in allHold or none are, so `every` would do as well as `some`. Let each unit's order
  // point at a province: a support at the province it supports into (or the held unit's), a convoy at its army's
  // destination. A SUPPORT or CONVOY of the unit in a province, a move into that province while its unit stays, and
  // the PATH of an army going there read only such decisions of that province and of the provinces whose order
  // points at it (decisions.ts; a Brannan battle's two provinces take such reads in and give none out). Each
  // province points at one at most, so a paradox lies on one ring of provinces; its cycle passes through the unit
  // decision of every province of the ring, and no decision off the ring depends on the ring. So every paradox core
  // is all the convoys of one ring, the same in every solve. (Random phases agree: no cycle of 1.9 million under the
  // DPTG and the other rules held other convoys than its ring's.)
  // Stryker disable next-line ConditionalExpression: equivalent for `true`, log.allHold is filled only under DPTG (adjudicate.ts `solve`); `false` is killed.
  // Stryker disable next-line MethodExpression: equivalent, see above.
  if (rule === 'dptg' && convoys.some((f) => log.allHold.has(f))) rule = 'all-hold';

  if (rule === 'all-hold') {
    // `blocked` is read by the solvers only when settle() resolved nothing, but a cycle through a CONVOY always holds
    // an open move into that fleet's province (CONVOY reads only those), which the loop over the cycle settles.
    // Stryker disable next-line BooleanLiteral: equivalent, see above.
    let blocked = false;
    for (const f of convoys) {
      const army = t.target[f]!;
      // Stryker disable next-line BooleanLiteral,ConditionalExpression: equivalent, see above.
      if (!decisions.pathBlocked[army]) blocked = true;
      decisions.pathBlocked[army] = 1;
      mark(army, 'all-hold', fallback);
      settle(army, false);
    }
    // A move of a paradox's cycle is one of its convoyed armies (above) or an attack on one of its fleets (below):
    // the decisions a paradox can wait on are closed under reading (decisions.ts, the comment of the class) and
    // hold no other move whose outcome feeds back (nor did 63 million random phases). Kept as the rule's own words
    // ("all moves of the paradox fail").
    // Stryker disable next-line BlockStatement: equivalent, see above (the loops around settle the same moves).
    for (const d of cycle) {
      // Stryker disable next-line ConditionalExpression: equivalent for `true`, as above (`false` is killed).
      if (t.kind[d] !== MOVE) continue;
      mark(d, 'all-hold', fallback);
      settle(d, false);
    }
    // The attacks on a convoying fleet are moves of the paradox too (6.F.14: F Wales - English Channel fails). The
    // main solver meets them as decisions of the cycle; the guess solver's CONVOY adjudicates them itself (DATC 5.D),
    // so they are not in its cycle, and the order in which units are decided must not change the outcome.
    for (const f of convoys) {
      const here = t.board.unitProvince[f]!;
      for (let i = t.moveStart[here]!; i < t.moveStart[here + 1]!; i++) {
        const attacker = t.movers[i]!;
        if (settle(attacker, false)) mark(attacker, 'all-hold', fallback);
      }
    }
    // Every attack on the fleets has failed, so the convoys hold; the guess solver's CONVOY would otherwise judge
    // those attacks again itself (DATC 5.D), past the rule.
    for (const f of convoys) {
      mark(f, 'all-hold', fallback);
      settle(f, true);
    }
    return blocked;
  }

  // Szykman, Verheijden, and DPTG's first try.
  const name: BackupRuleName = rule === 'dptg' ? 'dptg' : 'szykman';
  for (const f of convoys) {
    mark(f, name, fallback);
    settle(f, false);
  }
  if (rule === 'dptg') log.tentative.push(convoys);
  // Stryker disable next-line BooleanLiteral: equivalent, the convoys are decisions of the cycle, unresolved, so settle() above resolved some and the solver does not read this.
  return false;
}
