/**
 * Cases of our own, judged by hand, in the DATC's shape (test/data/engine-cases.json): a position, orders under
 * some rule choices, the expected words and where the units end. They pin behaviour no DATC case reaches; most
 * were written to kill mutants that survived `npm run test:mutation`.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { resolveRules } from '../src/adjudication/rules.js';
import { readDatcJson } from '../src/datc/cases.js';
import { caseDifferences } from '../src/datc/run.js';
import { outcomeProblems, prepareMovementCase, readDataFile, runCase, type Outcome } from './datc-harness.js';

const text = readDataFile('engine-cases.json');
const read = readDatcJson(text, 'engine-cases.json');
const extra = (
  JSON.parse(text) as {
    cases: { id: string; rules: string[]; why: string; positionAfter: Outcome['positionAfter'] }[];
  }
).cases;

void test('the engine cases are read without issues', () => {
  assert.deepEqual(read.issues, []);
  assert.equal(read.value?.length, extra.length);
});

for (const [i, c] of (read.value ?? []).entries()) {
  const { rules, why, positionAfter } = extra[i]!;
  void test(`${c.id} ${c.title} (${rules.join(' ')})`, () => {
    const options = resolveRules('datc', rules);
    assert.deepEqual(options.issues, []);
    const prepared = prepareMovementCase(c);
    const run = runCase(prepared, options.value);
    assert.deepEqual(caseDifferences(c, prepared, run), [], why);
    const outcome: Outcome = positionAfter ? { positionAfter } : {};
    assert.deepEqual(outcomeProblems(c, prepared, run, outcome, '', []), [], why);
  });
}
