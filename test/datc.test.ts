/**
 * DATC v3.2 chapter 6, from the project's own data (test/data/datc-v3.2.json, with the errata of
 * test/data/datc-errata.json): every case at the DATC's preferred choices (movement, the retreats after it,
 * adjustments with civil disorder), its words compared exactly (src/datc/run.ts, as `dipkit datc` compares them).
 * datc-shuffle.test.ts runs them again with units and orders shuffled.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isDeepStrictEqual } from 'node:util';
import { adjudicateMovement, resolveMovement } from '../src/adjudication/movement/adjudicate.js';
import { resolveByCodes } from '../src/adjudication/movement/codes.js';
import { standardMap } from '../src/map/compile.js';
import { caseDifferences } from '../src/datc/run.js';
import { loadDatcCases, prepareMovementCase, runCase } from './datc-harness.js';

const cases = loadDatcCases();
const map = standardMap();

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

// `resolveMovement`, the lean entry point, takes the integer way (movement/codes.ts) for canonically written orders:
// it must leave every DATC movement case's units where the full adjudication leaves them.
void test('DATC movement cases: resolveMovement gives the position after of adjudicateMovement', () => {
  const differ: string[] = [];
  let integerWay = 0;
  for (const c of cases) {
    if (c.phase !== 'movement') continue;
    const { position, orders } = prepareMovementCase(c);
    const full = adjudicateMovement(map, position, orders);
    if (resolveByCodes(map, position, orders, undefined, {}) !== undefined) integerWay++;
    const lean = resolveMovement(map, position, orders);
    if (!isDeepStrictEqual(lean, { value: full.value?.position, issues: full.issues })) differ.push(c.id);
  }
  assert.deepEqual(differ, []);
  assert.ok(integerWay > 100, `${integerWay} cases took the integer way`);
});
