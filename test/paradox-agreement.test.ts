/**
 * The two solvers (DATC 5.E and 5.F) on random positions rich in convoy paradoxes (test/oracle/paradox-positions.ts:
 * small random maps with convoyable coasts, chained convoys, attacks on the fleets, Brannan moves), under every
 * paradox rule (4.A.2) with both origins of a convoyed attack (4.A.4): the same word for every order, the same
 * words with the units and orders listed in another order, and no move that succeeds without strength. Comparing
 * the solvers this way found that the default one let a convoyed army move although the all-hold rule had failed
 * it, depending on the order of the units (E.263).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { adjudicateMovement, type ResolverName } from '../src/adjudication/movement/adjudicate.js';
import type { RuleOptions } from '../src/adjudication/rules.js';
import { seededRandom } from '../src/selfplay/random-player.js';
import { paradoxPositions, type ParadoxPosition } from './oracle/paradox-positions.js';
import { shuffled, unshuffle } from './datc-harness.js';

const SEED = 2611;
const POSITIONS = 6000;
const PARADOX_RULES: RuleOptions['convoyParadox'][] = [
  'szykman',
  'all-hold',
  'dptg',
  'verheijden',
  'rule-1971',
  'rule-1982',
  'rule-2000',
];
const ORIGINS: RuleOptions['convoyAttackOrigin'][] = ['army-province', 'brannan'];

/** The word of each order, in the order given. */
function words(
  p: ParadoxPosition,
  rules: Partial<RuleOptions>,
  resolver: ResolverName,
  problems: string[],
): string[] {
  const result = adjudicateMovement(p.map, p.position, p.orders, rules, { resolver });
  if (!result.value) {
    problems.push(`not adjudicated: ${result.issues.map((i) => i.message).join('; ')}`);
    return [];
  }
  for (const o of result.value.orders) {
    if (o.resolution === 'succeeds' && o.reason.code === 'moved' && o.reason.attack < 1)
      problems.push(`a move succeeds with attack strength ${o.reason.attack}`);
  }
  return result.value.orders.map((o) => `${o.resolution}${o.reason.code === 'paradox' ? ' (paradox)' : ''}`);
}

test('both solvers agree on random convoy paradoxes under every paradox rule, in any order of units and orders', () => {
  const positions = paradoxPositions(seededRandom(SEED), POSITIONS);
  const problems: string[] = [];
  let paradoxes = 0;
  positions.forEach((p, index) => {
    const units = shuffled(p.position.units, index + 1).items;
    const { items: orders, order } = shuffled(p.orders, index + 7919);
    const reordered: ParadoxPosition = { ...p, position: { ...p.position, units }, orders };
    for (const convoyParadox of PARADOX_RULES) {
      for (const convoyAttackOrigin of ORIGINS) {
        const rules: Partial<RuleOptions> = { convoyParadox, convoyAttackOrigin };
        const found: string[] = [];
        const main = words(p, rules, 'partial-information', found);
        const guess = words(p, rules, 'guess', found);
        const again = words(reordered, rules, 'partial-information', found);
        const back = unshuffle(again, order);
        // The words without the paradox mark: which rule rather than a bounce fails an order that fails either way
        // may depend on the paradox core the solver finds (see E.21 in engine-cases.test.ts).
        const plain = (list: string[]): string => list.map((w) => w.replace(' (paradox)', '')).join(',');
        if (plain(guess) !== plain(main))
          found.push(`guess solver: ${plain(guess)}, default: ${plain(main)}`);
        if (plain(back) !== plain(main)) found.push(`reordered: ${plain(back)}, as written: ${plain(main)}`);
        if (main.some((w) => w.endsWith('(paradox)'))) paradoxes++;
        if (found.length > 0 && problems.length < 5) {
          problems.push(
            `position ${index} under ${convoyParadox}, ${convoyAttackOrigin}: ${found.join('; ')}\n` +
              JSON.stringify({ map: p.map.definition, units: p.position.units, orders: p.orders }),
          );
        }
      }
    }
  });
  assert.deepEqual(problems, []);
  // The positions must reach the paradox rules at all for the comparison to mean anything.
  assert.ok(paradoxes >= 500, `only ${paradoxes} adjudications with a paradox`);
});
