/**
 * DATC v3.2 chapter 6, from the project's own data (test/data/datc-v3.2.json): every movement case at the DATC's
 * preferred choices, each also with units and orders shuffled (seeded), which must not change any outcome.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadDatcCases, prepareMovementCase, runMovement, sameWords, shuffled } from './datc-harness.js';

const cases = loadDatcCases();

/** Cases that cannot run yet, with the reason and the issue that adds what is missing. */
const skipped: Record<string, string> = {};

for (const c of cases) {
  if (c.phase !== 'movement') continue;
  const reason = skipped[c.id];
  void test(`DATC ${c.id} ${c.title}`, reason !== undefined ? { skip: reason } : {}, () => {
    const prepared = prepareMovementCase(c);
    const actual = runMovement(prepared);
    const wrong = prepared.expected
      .map((expected, i) => ({ expected, actual: actual[i]!, text: c.orders[i]!.text }))
      .filter((r) => !sameWords(r.expected, r.actual));
    assert.deepEqual(wrong, [], `${c.id}: orders with another resolution than the DATC's`);

    for (let seed = 1; seed <= 3; seed++) {
      const units = shuffled(prepared.position.units, seed).items;
      const { items: orders, order } = shuffled(prepared.orders, seed * 7919);
      const again = runMovement({ ...prepared, position: { ...prepared.position, units }, orders });
      const back = new Array<string>(again.length);
      order.forEach((original, i) => (back[original] = again[i]!));
      assert.deepEqual(back, actual, `${c.id}: shuffle ${seed} changed the outcome`);
    }
  });
}
