/**
 * The two solvers (the partial-information algorithm of DATC 5.E, the default, and the guess algorithm of 5.F) must
 * give the same full result, reasons and messages included, on every DATC movement case and every engine case,
 * under the DATC preferences and under each single rule choice of the catalogue (`dipkit rules`). What a user sees
 * must not depend on the solver: once they differed in the reason of a fleet that attacks a convoying fleet in
 * Pandin's paradox under the all-hold rule (6.F.16, 6.F.17 with 4.A.2=all-hold or dptg).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isDeepStrictEqual } from 'node:util';
import { RULE_ISSUES, resolveRules, type RuleOptions } from '../src/adjudication/rules.js';
import { readDatcJson } from '../src/datc/cases.js';
import { loadDatcCases, prepareMovementCase, readDataFile, runCase, type DatcCase } from './datc-harness.js';

/** The DATC preferences, then every choice of every issue on its own, as `--rule` settings. */
const settings: string[][] = [
  [],
  ...RULE_ISSUES.flatMap((issue) => issue.choices.map((choice) => [`${issue.id}=${choice.name}`])),
];

function rulesFor(extra: readonly string[], setting: readonly string[]): RuleOptions {
  const rules = resolveRules('datc', [...extra, ...setting]);
  if (!rules.value) throw new Error(rules.issues.map((i) => i.message).join('; '));
  return rules.value;
}

/** Where the two solvers' results differ, one line per case and setting. */
function disagreements(cases: readonly { c: DatcCase; rules: readonly string[] }[]): string[] {
  const found: string[] = [];
  for (const { c, rules } of cases) {
    const prepared = prepareMovementCase(c);
    for (const setting of settings) {
      const options = rulesFor(rules, setting);
      const main = runCase(prepared, options, 'partial-information');
      const guess = runCase(prepared, options, 'guess');
      if (!isDeepStrictEqual(main, guess)) found.push(`${c.id} ${setting.join(' ') || 'datc'}`);
    }
  }
  return found;
}

void test('both solvers give the same full results on every DATC movement case under every single rule choice', () => {
  const cases = loadDatcCases()
    .filter((c) => c.phase === 'movement')
    .map((c) => ({ c, rules: [] }));
  assert.ok(cases.length >= 150, `only ${cases.length} movement cases`);
  assert.ok(settings.length > 60, `only ${settings.length} settings`);
  assert.deepEqual(disagreements(cases), []);
});

void test('both solvers give the same full results on every engine case under every single rule choice', () => {
  const text = readDataFile('engine-cases.json');
  const read = readDatcJson(text, 'engine-cases.json');
  const rules = (JSON.parse(text) as { cases: { rules: string[] }[] }).cases.map((c) => c.rules);
  const cases = (read.value ?? [])
    .map((c, i) => ({ c, rules: rules[i]! }))
    .filter(({ c }) => c.phase === 'movement');
  assert.ok(cases.length > 100, `only ${cases.length} engine movement cases`);
  assert.deepEqual(disagreements(cases), []);
});
