/**
 * Properties of movement adjudication (fast-check, fixed seed, bounded runs) on random legal positions of the
 * standard map, with random legal orders: units anywhere or near the home centres, of random powers; orders from
 * `legalOrders` (test/oracle/generate.ts picks them, leaning toward supports that match, head-to-head battles,
 * circles and convoys). Each property holds for both resolvers.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { adjudicateMovement, type ResolverName } from '../src/adjudication/movement/adjudicate.js';
import type { MovementResult } from '../src/adjudication/outcome.js';
import { standardMap } from '../src/map/compile.js';
import { armyNeighbours } from '../src/map/query.js';
import type { GivenOrder } from '../src/orders/types.js';
import type { Position, Unit } from '../src/position/types.js';
import { seededRandom } from '../src/selfplay/random-player.js';
import { movementPosition, randomLegalOrders, region, shuffle } from './oracle/generate.js';
import {
  cutSupportViolations,
  dislodgementViolations,
  moveViolations,
  orderFreeSummary,
  resultDifferences,
  sharedProvinces,
  unitsNotConserved,
} from './oracle/invariants.js';

const map = standardMap();
const SEED = 1901;
const RUNS = 400;
const RESOLVERS: ResolverName[] = ['partial-information', 'guess'];

/** Provinces within two army steps of a home centre. */
const nearHome: number[] = (() => {
  const near = new Set<number>();
  for (const homes of map.homeCenters)
    for (const h of homes) {
      near.add(h);
      for (const q of armyNeighbours(map, h)) {
        near.add(q);
        for (const r of armyNeighbours(map, q)) near.add(r);
      }
    }
  return [...near];
})();

interface Scenario {
  position: Position;
  orders: GivenOrder[];
  /** For shuffles. */
  seed: number;
}

/** Where the units go: anywhere, near the home centres, or packed in a region of 8-24 provinces around a centre. */
const places: fc.Arbitrary<number[]> = fc.oneof(
  fc.constant(Array.from({ length: map.provinceCount }, (_, p) => p)),
  fc.constant(nearHome),
  fc
    .record({ centre: fc.nat({ max: map.provinceCount - 1 }), size: fc.integer({ min: 8, max: 24 }) })
    .map(({ centre, size }) => region(map, centre, size)),
);

/**
 * Units on distinct provinces of `places` (an army or a fleet as the province allows, a fleet on either coast of a
 * two-coast province), of random powers, at most 34, with random legal orders.
 */
const scenario: fc.Arbitrary<Scenario> = places.chain((candidates) =>
  fc
    .record({
      units: fc.uniqueArray(
        fc.record({
          at: fc.nat({ max: candidates.length - 1 }),
          power: fc.nat({ max: map.powers.length - 1 }),
          fleet: fc.boolean(),
          coast: fc.nat({ max: 1 }),
        }),
        { selector: (u) => u.at, minLength: 1, maxLength: Math.min(34, candidates.length), size: 'large' },
      ),
      seed: fc.integer(),
    })
    .map(({ units, seed }) => {
      const list: Unit[] = units.map(({ at, power, fleet, coast }) => {
        const where = candidates[at]!;
        const kind = map.provinceKind[where];
        const isFleet = kind === 'sea' || (kind === 'coast' && fleet);
        const coasts = map.provinceCoasts[where]!;
        const location = isFleet && coasts.length > 0 ? coasts[coast % coasts.length]! : where;
        return {
          power: map.powers[power]!,
          type: isFleet ? 'F' : 'A',
          location: map.locationCode[location]!,
        };
      });
      const position = movementPosition(list);
      return { position, orders: randomLegalOrders(map, position, seededRandom(seed)), seed };
    }),
);

function adjudicate(
  s: Scenario,
  resolver: ResolverName,
  position = s.position,
  orders = s.orders,
): MovementResult {
  const r = adjudicateMovement(map, position, orders, undefined, { resolver });
  assert.ok(r.value, JSON.stringify(r.issues));
  return r.value;
}

function property(name: string, check: (s: Scenario) => string[]): void {
  test(name, () => {
    fc.assert(
      fc.property(scenario, (s) => {
        const problems = check(s);
        assert.deepEqual(problems, []);
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });
}

property('identical results under any shuffle of units and orders', (s) => {
  const random = seededRandom(s.seed);
  const problems: string[] = [];
  for (const resolver of RESOLVERS) {
    const a = orderFreeSummary(map, adjudicate(s, resolver));
    const shuffled = { ...s.position, units: shuffle(random, s.position.units) };
    const b = orderFreeSummary(map, adjudicate(s, resolver, shuffled, shuffle(random, s.orders)));
    assert.deepEqual(b, a, resolver);
  }
  return problems;
});

property('determinism: the same input gives the same result', (s) =>
  RESOLVERS.flatMap((resolver) =>
    resultDifferences(adjudicate(s, resolver), adjudicate(s, resolver), resolver),
  ),
);

property('no two units end in one province', (s) =>
  RESOLVERS.flatMap((resolver) => sharedProvinces(map, adjudicate(s, resolver))),
);

property('every dislodged unit has exactly one successful attacker, from attackerFrom', (s) =>
  RESOLVERS.flatMap((resolver) => dislodgementViolations(map, adjudicate(s, resolver))),
);

property(
  'moves: the unit is where its move went, one mover per province, the unit it displaces is dislodged',
  (s) => RESOLVERS.flatMap((resolver) => moveViolations(map, adjudicate(s, resolver))),
);

property('units are conserved: after + dislodged = before', (s) =>
  RESOLVERS.flatMap((resolver) => unitsNotConserved(s.position, adjudicate(s, resolver))),
);

property('every cut support has an attacker of another power ordered into its province', (s) =>
  RESOLVERS.flatMap((resolver) => cutSupportViolations(map, adjudicate(s, resolver))),
);

property('both resolvers agree on every outcome', (s) =>
  resultDifferences(
    adjudicate(s, 'partial-information'),
    adjudicate(s, 'guess'),
    'partial-information and guess',
  ),
);

test('the generated positions reach dislodgements, cut supports, convoys and standoffs', () => {
  const seen = { units: 0, dislodged: 0, cut: 0, convoyed: 0, contested: 0 };
  for (const s of fc.sample(scenario, { seed: SEED, numRuns: RUNS })) {
    const r = adjudicate(s, 'partial-information');
    seen.units += s.position.units.length;
    seen.dislodged += r.dislodged.length;
    seen.cut += r.orders.filter((o) => o.resolution === 'cut').length;
    seen.convoyed += r.orders.filter((o) => o.resolution === 'available').length;
    seen.contested += r.contested.length;
  }
  assert.ok(
    seen.dislodged >= 20 && seen.cut >= 20 && seen.convoyed >= 5 && seen.contested >= 10,
    JSON.stringify(seen),
  );
});
