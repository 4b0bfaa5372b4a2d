/**
 * Adjudication does not depend on the order of units and orders (orderDependence in datc-harness.ts): every DATC
 * v3.2 case (test/data/datc-v3.2.json), and every case under each rule choice of test/data/datc-alternatives.json
 * (its fallback rule too), run with its units and orders reversed and shuffled gives the same outcome, order by
 * order, the same retreats, position after and civil-disorder removals, with both solvers.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { resolveRules } from '../src/adjudication/rules.js';
import { loadAlternatives, loadDatcCases, orderDependence, prepareMovementCase } from './datc-harness.js';

const cases = loadDatcCases();

for (const c of cases) {
  void test(`DATC ${c.id} shuffled`, () => {
    const prepared = prepareMovementCase(c);
    assert.deepEqual(orderDependence(prepared), [], c.id);
    assert.deepEqual(orderDependence(prepared, undefined, 'guess'), [], `${c.id}, guess resolver`);
  });
}

void test('the DATC cases under the alternative rule choices, shuffled', () => {
  const byId = new Map(cases.map((c) => [c.id, c]));
  const problems: string[] = [];
  for (const alt of loadAlternatives()) {
    const rules = resolveRules('datc', [...alt.rules, ...(alt.fallback?.rules ?? [])]);
    assert.deepEqual(rules.issues, [], alt.case);
    const prepared = prepareMovementCase(byId.get(alt.case)!);
    for (const resolver of ['partial-information', 'guess'] as const) {
      for (const p of orderDependence(prepared, rules.value, resolver))
        problems.push(`${alt.case} under ${alt.rules.join(' ')} (${resolver}): ${p}`);
    }
  }
  assert.deepEqual(problems, []);
});
