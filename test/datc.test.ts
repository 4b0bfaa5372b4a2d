/**
 * DATC v3.2 chapter 6, from the project's own data (test/data/datc-v3.2.json, with the errata of
 * test/data/datc-errata.json): every case at the DATC's preferred choices (movement, the retreats after it,
 * adjustments with civil disorder), its words compared exactly (src/datc/run.ts, as `dipkit datc` compares them).
 * datc-shuffle.test.ts runs them again with units and orders shuffled.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { caseDifferences } from '../src/datc/run.js';
import { loadDatcCases, prepareMovementCase, runCase } from './datc-harness.js';

const cases = loadDatcCases();

for (const c of cases) {
  void test(`DATC ${c.id} ${c.title}`, () => {
    const prepared = prepareMovementCase(c);
    const run = runCase(prepared);
    assert.deepEqual(caseDifferences(c, prepared, run), [], `${c.id}: resolved otherwise than the DATC says`);
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
