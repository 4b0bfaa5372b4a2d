/**
 * The outcomes DATC v3.2 chapter 6 states for rule choices other than its preferences, kept as data in
 * test/data/datc-alternatives.json: each case is run under that choice and everything stated is checked exactly
 * (outcomeProblems in datc-harness.ts): the words (with the errata of test/data/datc-errata.json for these
 * settings), civil-disorder removals by identity, and every `positionAfter` block (units that stay, where the
 * movers end). Where the text says a rule gives no resolution, the entry's `fallback` gives the outcome of the
 * backup rule (4.A.2-fallback), judged by hand from the rule's text, and that is checked the same way. Both
 * solvers must give it: the default one (5.E) and the guess algorithm (5.F).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { alternativeProblems, loadAlternatives, loadDatcCases, loadErrata } from './datc-harness.js';

const alternatives = loadAlternatives();
const cases = new Map(loadDatcCases().map((c) => [c.id, c]));
const errata = loadErrata();

for (const alt of alternatives) {
  void test(`DATC ${alt.case} under ${alt.rules.join(' ')}`, () => {
    assert.deepEqual(
      alternativeProblems(alt, cases, errata),
      [],
      `${alt.case} under ${alt.rules.join(' ')}: ${alt.source}`,
    );
  });
  void test(`DATC ${alt.case} under ${alt.rules.join(' ')}, guess resolver`, () => {
    assert.deepEqual(
      alternativeProblems(alt, cases, errata, 'guess'),
      [],
      `${alt.case} under ${alt.rules.join(' ')} (guess resolver): ${alt.source}`,
    );
  });
}

void test('every alternative-rule erratum corrects a stated word', () => {
  for (const e of errata.filter((x) => x.alternatives !== undefined)) {
    for (const rules of e.alternatives!) {
      const alt = alternatives.find((a) => a.case === e.case && a.rules.join(' ') === rules);
      assert.equal(
        alt?.expect?.[e.order] ?? alt?.retreats?.[e.order],
        e.document,
        `${e.case} ${rules} ${e.order}`,
      );
    }
  }
});
