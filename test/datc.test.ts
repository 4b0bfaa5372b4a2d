/**
 * DATC v3.2 chapter 6, from the project's own data (test/data/datc-v3.2.json, with the errata of
 * test/data/datc-errata.json): every case at the DATC's preferred choices (movement, the retreats after it,
 * adjustments with civil disorder), its words compared exactly (src/datc/run.ts, as `dipkit datc` compares them),
 * each also run with units and orders shuffled (seeded), which must not change any outcome.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { caseDifferences } from '../src/datc/run.js';
import { loadDatcCases, prepareMovementCase, runCase, shuffled, type PreparedCase } from './datc-harness.js';

const cases = loadDatcCases();

/** Puts shuffled results back in the original order. */
function unshuffle<T>(items: readonly T[], order: readonly number[]): T[] {
  const back = new Array<T>(items.length);
  order.forEach((original, i) => (back[original] = items[i]!));
  return back;
}

for (const c of cases) {
  void test(`DATC ${c.id} ${c.title}`, () => {
    const prepared = prepareMovementCase(c);
    const run = runCase(prepared);
    assert.deepEqual(caseDifferences(c, prepared, run), [], `${c.id}: resolved otherwise than the DATC says`);

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

// The second solver (the guess algorithm of DATC 5.F) must pass the same cases.
for (const c of cases) {
  if (c.phase !== 'movement') continue;
  void test(`DATC ${c.id} with the guess resolver`, () => {
    const prepared = prepareMovementCase(c);
    const run = runCase(prepared, undefined, 'guess');
    assert.deepEqual(caseDifferences(c, prepared, run), [], `${c.id}: guess resolver`);
  });
}
