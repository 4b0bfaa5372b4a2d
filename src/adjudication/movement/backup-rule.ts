/**
 * The backup rule for cycles of decisions without a single resolution (DATC v3.2 5.B.9): a cycle of moves only is
 * circular movement and every move in it succeeds (6.C.1); a cycle with a convoy in it is a convoy paradox and, by
 * the Szykman rule (4.A.2 f, the DATC's preference), every convoy of the cycle fails, as if the fleets held (6.F.14,
 * 6.F.16 Pandin's paradox, 6.F.22-6.F.24 second-order paradoxes). Anything else, which the standard rules cannot
 * produce, makes every move and support of the cycle fail.
 */
import { CONVOY, MOVE, SUPPORT, type MovementTables } from './tables.js';

export function szykmanBackupRule(
  t: MovementTables,
  cycle: readonly number[],
  settle: (d: number, value: boolean) => void,
): void {
  const convoys = cycle.filter((d) => t.kind[d] === CONVOY);
  if (convoys.length > 0) {
    for (const d of convoys) settle(d, false);
    return;
  }
  if (cycle.every((d) => t.kind[d] === MOVE)) {
    for (const d of cycle) settle(d, true);
    return;
  }
  for (const d of cycle) if (t.kind[d] === MOVE || t.kind[d] === SUPPORT) settle(d, false);
}
