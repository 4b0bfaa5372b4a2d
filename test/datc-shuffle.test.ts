/**
 * Adjudication does not depend on the order of units and orders: every DATC v3.2 case (test/data/datc-v3.2.json)
 * run three times with its units and orders shuffled (seeded) gives the same outcome, order by order, the same
 * retreats, position after and civil-disorder removals.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadDatcCases, prepareMovementCase, runCase, shuffled, type PreparedCase } from './datc-harness.js';

/** Puts shuffled results back in the original order. */
function unshuffle<T>(items: readonly T[], order: readonly number[]): T[] {
  const back = new Array<T>(items.length);
  order.forEach((original, i) => (back[original] = items[i]!));
  return back;
}

for (const c of loadDatcCases()) {
  void test(`DATC ${c.id} shuffled`, () => {
    const prepared = prepareMovementCase(c);
    const run = runCase(prepared);
    for (let seed = 1; seed <= 3; seed++) {
      const units = shuffled(prepared.position.units, seed).items;
      const { items: orders, order } = shuffled(prepared.orders, seed * 7919);
      const variant: PreparedCase = { ...prepared, position: { ...prepared.position, units }, orders };
      // Adjustment orders count from top to bottom (4.D.4-4.D.6): only the units are shuffled there.
      if (c.phase === 'adjustment') variant.orders = prepared.orders;
      const again = runCase(variant);
      const words = c.phase === 'adjustment' ? again.words : unshuffle(again.words, order);
      assert.deepEqual(words, run.words, `${c.id}: shuffle ${seed} changed the outcome`);
      assert.deepEqual(again.retreatWords, run.retreatWords, `${c.id}: shuffle ${seed} changed the retreats`);
      assert.deepEqual(
        again.unitsAfter,
        run.unitsAfter,
        `${c.id}: shuffle ${seed} changed the position after`,
      );
      assert.deepEqual(
        again.automatic,
        run.automatic,
        `${c.id}: shuffle ${seed} changed the civil-disorder removals`,
      );
    }
  });
}
