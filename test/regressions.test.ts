/**
 * Regression cases (test/data/regressions.json): every bug the oracle, the property tests, self-play and the
 * agreement run found, as data. Each runs through both resolvers, as written and under shuffles of units and
 * orders, and through the equation oracle.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { adjudicateMovement, type ResolverName } from '../src/adjudication/movement/adjudicate.js';
import type { OrderOutcome } from '../src/adjudication/outcome.js';
import { standardMap } from '../src/map/compile.js';
import { parseOrdersOrThrow } from '../src/orders/parse.js';
import type { GivenOrder } from '../src/orders/types.js';
import type { Unit } from '../src/position/types.js';
import { seededRandom } from '../src/selfplay/random-player.js';
import { compareWithOracle, solveEquations } from './oracle/equations.js';
import { movementPosition, shuffle } from './oracle/generate.js';
import { movementViolations } from './oracle/invariants.js';

interface Expected {
  resolution: string;
  reason: Record<string, unknown>;
  dislodged?: boolean;
}

interface RegressionCase {
  id: string;
  found: string;
  bug: string;
  units: string[];
  orders: string[];
  expected: Expected[];
}

const map = standardMap();
const RESOLVERS: ResolverName[] = ['partial-information', 'guess'];
const SHUFFLES = 4;
const data = JSON.parse(
  readFileSync(new URL('../../test/data/regressions.json', import.meta.url), 'utf8'),
) as {
  cases: RegressionCase[];
};

function unitOf(text: string): Unit {
  const [power, type, location] = text.split(/\s+/);
  return { power: power!, type: type as Unit['type'], location: location! };
}

/** The expected fields of `expected` that `outcome` does not have (nested objects compared whole). */
function mismatches(outcome: OrderOutcome, expected: Expected): string[] {
  const out: string[] = [];
  if (outcome.resolution !== expected.resolution)
    out.push(`resolution ${outcome.resolution}, expected ${expected.resolution}`);
  const reason = outcome.reason as unknown as Record<string, unknown>;
  for (const [key, value] of Object.entries(expected.reason))
    if (JSON.stringify(reason[key]) !== JSON.stringify(value))
      out.push(`reason.${key} ${JSON.stringify(reason[key])}, expected ${JSON.stringify(value)}`);
  if (expected.dislodged !== undefined && (outcome.dislodged !== undefined) !== expected.dislodged)
    out.push(expected.dislodged ? 'not dislodged' : 'dislodged');
  return out;
}

test('the regression data is well formed', () => {
  assert.ok(data.cases.length > 0);
  const ids = new Set<string>();
  for (const c of data.cases) {
    assert.ok(!ids.has(c.id), `duplicate id ${c.id}`);
    ids.add(c.id);
    assert.equal(c.expected.length, c.orders.length, c.id);
    assert.ok(c.found && c.bug, c.id);
  }
});

for (const c of data.cases) {
  test(`regression ${c.id}`, () => {
    const position = movementPosition(c.units.map(unitOf));
    const orders = parseOrdersOrThrow(map, c.orders.join('\n'));
    assert.equal(orders.length, c.orders.length);
    const random = seededRandom(c.id.length * 7919);
    const problems: string[] = [];
    for (let s = 0; s <= SHUFFLES; s++) {
      // Shuffle 0 is the case as written; the others permute units and orders, keeping track of each order.
      const order =
        s === 0
          ? orders.map((_, i) => i)
          : shuffle(
              random,
              orders.map((_, i) => i),
            );
      const given: GivenOrder[] = order.map((i) => orders[i]!);
      const p = s === 0 ? position : { ...position, units: shuffle(random, position.units) };
      for (const resolver of RESOLVERS) {
        const result = adjudicateMovement(map, p, given, undefined, { resolver });
        assert.ok(result.value, JSON.stringify(result.issues));
        order.forEach((i, k) => {
          for (const m of mismatches(result.value!.orders[k]!, c.expected[i]!))
            problems.push(`${resolver}, shuffle ${s}: ${c.orders[i]}: ${m}`);
        });
        for (const v of movementViolations(map, p, result.value))
          problems.push(`${resolver}, shuffle ${s}: ${v}`);
        if (s === 0)
          for (const v of compareWithOracle(solveEquations(p, given), result.value))
            problems.push(`${resolver}: oracle: ${v}`);
      }
    }
    assert.deepEqual(problems, []);
  });
}
