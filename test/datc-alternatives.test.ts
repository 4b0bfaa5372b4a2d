/**
 * The outcomes DATC v3.2 chapter 6 states for rule choices other than its preferences, kept as data in
 * test/data/datc-alternatives.json: each case is run under that choice and the stated resolutions are checked.
 * Where the text says a rule gives no resolution, the outcome must say that the named fallback was applied.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { resolveRules } from '../src/adjudication/rules.js';
import { loadDatcCases, prepareMovementCase, runCase, sameWords } from './datc-harness.js';

interface Alternative {
  case: string;
  rules: string[];
  source: string;
  expect?: Record<string, string>;
  retreats?: Record<string, string>;
  automatic?: string[];
  noResolution?: boolean;
}

const data = JSON.parse(
  readFileSync(new URL('../../test/data/datc-alternatives.json', import.meta.url), 'utf8'),
) as {
  alternatives: Alternative[];
};
const cases = new Map(loadDatcCases().map((c) => [c.id, c]));

for (const alt of data.alternatives) {
  void test(`DATC ${alt.case} under ${alt.rules.join(' ')}`, () => {
    const c = cases.get(alt.case);
    assert.ok(c, `unknown case ${alt.case}`);
    const rules = resolveRules('datc', alt.rules);
    assert.deepEqual(rules.issues, []);
    const prepared = prepareMovementCase(c);
    const run = runCase(prepared, rules.value);
    const wrong: { text: string; expected: string; actual: string }[] = [];
    for (const [text, expected] of Object.entries(alt.expect ?? {})) {
      const i = c.orders.findIndex((o) => o.text === text);
      assert.ok(i >= 0, `no order "${text}" in ${alt.case}`);
      if (!sameWords(expected, run.words[i]!)) wrong.push({ text, expected, actual: run.words[i]! });
    }
    for (const [text, expected] of Object.entries(alt.retreats ?? {})) {
      const i = c.retreats.findIndex((o) => o.text === text);
      assert.ok(i >= 0, `no retreat "${text}" in ${alt.case}`);
      if (!sameWords(expected, run.retreatWords![i]!))
        wrong.push({ text, expected, actual: run.retreatWords![i]! });
    }
    assert.deepEqual(wrong, [], `${alt.case} under ${alt.rules.join(' ')}: ${alt.source}`);
    if (alt.automatic) {
      const expected = alt.automatic.map((a) => a.replace(/^Automatic disband /, ''));
      assert.equal(run.automatic?.length, expected.length);
    }
    if (alt.noResolution) {
      const fallback = run.outcomes.filter(
        (o) => o.reason.code === 'paradox' && o.reason.fallbackFor !== undefined,
      );
      assert.ok(fallback.length > 0, `${alt.case}: the outcome must say the fallback rule was applied`);
    }
  });
}
