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
import { CONVOY, type MovementTables } from './tables.js';

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
 * An empty log for a scratch set, made once and cleared by `resetBackupLog` before each set of decisions (so that
 * a phase allocates none).
 */
export function emptyBackupLog(fallback: Uint8Array): BackupLog {
  // Stryker disable next-line ArrayDeclaration: a non-empty array here is never read: resetBackupLog empties both before the first set of decisions (adjudicate.ts \`solve\`), and nothing else reads the log.
  return { rule: [], fallback, tentative: [], allHold: NONE };
}

/**
 * `log` cleared for a new set of decisions. `fallback` is scratch space of at least `units` places (cleared here;
 * it may have grown since the log was made).
 */
export function resetBackupLog(
  log: BackupLog,
  units: number,
  fallback: Uint8Array,
  allHold: ReadonlySet<number> = NONE,
): BackupLog {
  fallback.fill(0, 0, units);
  log.rule.length = 0;
  log.tentative.length = 0;
  log.fallback = fallback;
  log.allHold = allHold;
  return log;
}

/** Settles (some of) a cycle through `settle`, which makes a decision final unless it is final already. */
export function applyBackupRule(
  t: MovementTables,
  decisions: MovementDecisions,
  log: BackupLog,
  cycle: readonly number[],
  settle: (d: number, value: boolean) => void,
): void {
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
    return;
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
  // log.allHold is filled only under DPTG (adjudicate.ts `solve`, from the cores pushed below), so it needs no test
  // of the rule.
  // Stryker disable next-line MethodExpression: \`every\` gives the same: by the ring argument above a cycle's convoys are all in allHold or none are, and a cycle here has at least one convoy.
  if (convoys.some((f) => log.allHold.has(f))) rule = 'all-hold';

  if (rule === 'all-hold') {
    for (const f of convoys) {
      const army = t.target[f]!;
      decisions.pathBlocked[army] = 1;
      mark(army, 'all-hold', fallback);
      settle(army, false);
    }
    // "All moves of the paradox fail": a move of a paradox's cycle is one of its convoyed armies (above) or an
    // attack on one of its fleets (below), as the decisions a paradox can wait on are closed under reading
    // (decisions.ts, the comment of the class) and hold no other move whose outcome feeds back (nor did 63 million
    // random phases), so these two loops fail every move of the cycle.
    // The attacks on a convoying fleet are moves of the paradox too (6.F.14: F Wales - English Channel fails), and
    // each says so, also one that a solver had already found to fail before it met the paradox (a bounce, as
    // F Wales and F Belgium in Pandin's paradox 6.F.16: the main solver decides them on partial information first,
    // the guess solver, whose CONVOY adjudicates them itself (DATC 5.D), only here). Which attacks are settled first
    // depends on the solver and on the order in which it meets the units; the reason must depend on neither. None
    // of them can have succeeded already: a fleet dislodged for certain convoys nothing, so its CONVOY would not be
    // open in a cycle.
    for (const f of convoys) {
      const here = t.board.unitProvince[f]!;
      for (let i = t.moveStart[here]!; i < t.moveStart[here + 1]!; i++) {
        const attacker = t.movers[i]!;
        settle(attacker, false);
        mark(attacker, 'all-hold', fallback);
      }
    }
    // Every attack on the fleets has failed, so the convoys hold; the guess solver's CONVOY would otherwise judge
    // those attacks again itself (DATC 5.D), past the rule.
    for (const f of convoys) {
      mark(f, 'all-hold', fallback);
      settle(f, true);
    }
    return;
  }

  // Szykman, Verheijden, and DPTG's first try.
  const name: BackupRuleName = rule === 'dptg' ? 'dptg' : 'szykman';
  for (const f of convoys) {
    mark(f, name, fallback);
    settle(f, false);
  }
  if (rule === 'dptg') log.tentative.push(convoys);
}
