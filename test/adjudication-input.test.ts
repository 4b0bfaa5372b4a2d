/**
 * Input that only a caller of the library can give, never a case line: positions in the wrong phase or with units
 * off the map, orders without a power or naming unknown places and powers. Each is refused with an issue or
 * judged as an order, never a crash. Part of the tests StrykerJS runs (mutation.test.ts).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { adjudicateAdjustments } from '../src/adjudication/adjustment.js';
import { adjudicateMovement } from '../src/adjudication/movement/adjudicate.js';
import { adjudicateRetreats } from '../src/adjudication/retreat.js';
import type { OrderOutcome } from '../src/adjudication/outcome.js';
import { compileMapOrThrow, standardMap } from '../src/map/compile.js';
import standardDefinition from '../src/map/standard.json' with { type: 'json' };
import { bundledMap } from '../src/map/registry.js';
import { readDataFile } from './datc-harness.js';
import { readDatcJson } from '../src/datc/cases.js';
import { caseDifferences, prepareCase, runCase } from '../src/datc/run.js';
import { testMap } from './test-maps.js';
import type { GivenOrder } from '../src/orders/types.js';
import type { GameMap, MapDefinition } from '../src/map/types.js';
import type { RuleOptions } from '../src/adjudication/rules.js';
import type { Position } from '../src/position/types.js';

const map = standardMap();
/** The small neutral-army map of the variant tests: RED in RRR and RRS, BLUE in BBB and BBS, neutral NEA and NEB. */
const neutralMap = compileMapOrThrow(JSON.parse(readDataFile('maps/neutral.json')));

function position(type: Position['phase']['type'], extra: Partial<Position> = {}): Position {
  return {
    phase: { season: type === 'adjustment' ? 'winter' : 'spring', year: 1901, type },
    units: [],
    dislodged: [],
    contested: [],
    supplyCenters: {},
    ...extra,
  };
}

/** What users read of each outcome: resolution, the illegal rule or reason code, the message and the unit. */
function summary(o: OrderOutcome): string {
  const why = o.reason.code === 'illegal' ? o.reason.rule : o.reason.code;
  return `${o.resolution} ${why} "${o.message}" ${o.unit ?? '(no unit)'}`;
}

// A retreat phase: the Italian fleet in the Adriatic Sea was dislodged from Trieste.
const retreatPhase = position('retreat', {
  units: [{ power: 'AUSTRIA', type: 'F', location: 'ADR' }],
  dislodged: [{ power: 'ITALY', type: 'F', location: 'ADR', attackerFrom: 'TRI' }],
});

void test('each phase refuses a position of another phase', () => {
  assert.deepEqual(adjudicateRetreats(map, position('movement'), []), {
    issues: [{ code: 'wrong-phase', message: 'the position is in a movement phase, not a retreat phase' }],
  });
  assert.deepEqual(adjudicateAdjustments(map, position('retreat'), []), {
    issues: [{ code: 'wrong-phase', message: 'the position is in a retreat phase, not an adjustment phase' }],
  });
});

void test('a unit off the map is refused, whether it stays, retreats or is counted for adjustments', () => {
  const off = { power: 'ITALY', type: 'A' as const, location: 'XYZ' };
  for (const result of [
    adjudicateRetreats(map, { ...retreatPhase, units: [off] }, []),
    adjudicateRetreats(map, { ...retreatPhase, dislodged: [{ ...off, attackerFrom: 'TRI' }] }, []),
    adjudicateAdjustments(map, position('adjustment', { units: [off] }), []),
  ]) {
    assert.equal(result.value, undefined);
    assert.ok(
      result.issues.some((i) => i.message.includes('XYZ')),
      JSON.stringify(result.issues),
    );
  }
});

void test('supply centres of an unknown power, or that are no supply centre, are refused', () => {
  const owned = (supplyCenters: Position['supplyCenters']) =>
    adjudicateAdjustments(map, position('adjustment', { supplyCenters }), []);
  assert.deepEqual(owned({ NARNIA: ['VIE'] }), {
    issues: [{ code: 'unknown-power', message: 'supply centres of unknown power "NARNIA"' }],
  });
  for (const code of ['BUR', 'XYZ'])
    assert.deepEqual(owned({ FRANCE: ['PAR', code] }), {
      issues: [
        { code: 'not-a-supply-center', message: `FRANCE owns "${code}", which is not a supply centre` },
      ],
    });
});

void test('a movement order without a power is judged for the unit it names; an unknown power is illegal', () => {
  const result = adjudicateMovement(
    map,
    position('movement', { units: [{ power: 'AUSTRIA', type: 'A', location: 'VIE' }] }),
    [
      { power: 'NARNIA', order: { kind: 'move', unit: { location: 'VIE' }, to: 'GAL' } },
      { order: { kind: 'move', unit: { location: 'VIE' }, to: 'BOH' } },
    ],
  );
  assert.deepEqual(result.issues, []);
  assert.deepEqual(result.value?.orders.map(summary), [
    'illegal unknown-power "illegal: unknown power NARNIA" A VIE',
    'succeeds moved "succeeds with attack strength 1" A VIE',
  ]);
});

void test('retreat orders without a power, to unknown places, by convoy, for a unit not there', () => {
  const orders: GivenOrder[] = [
    { order: { kind: 'move', unit: { location: 'XYZ' }, to: 'ION' } },
    { order: { kind: 'move', unit: { location: 'ADR' }, to: 'XYZ' } },
    { order: { kind: 'move', unit: { location: 'ADR' }, to: 'ION', viaConvoy: true } },
    { order: { kind: 'move', unit: { location: 'ADR' }, to: 'ION', path: ['APU'] } },
    { order: { kind: 'move', unit: { location: 'ADR' }, to: 'APU' } },
  ];
  const result = adjudicateRetreats(map, retreatPhase, orders);
  assert.deepEqual(result.issues, []);
  assert.deepEqual(result.value?.orders.map(summary), [
    'illegal not-dislodged "illegal: no dislodged unit in XYZ (6.H.4)" (no unit)',
    'illegal unknown-location "illegal: unknown location XYZ" F ADR',
    'illegal wrong-phase "illegal: no convoy in a retreat phase (6.H.3)" F ADR',
    'illegal wrong-phase "illegal: no convoy in a retreat phase (6.H.3)" F ADR',
    'succeeds retreated "retreats" F ADR',
  ]);
  assert.deepEqual(
    result.value?.orders.map((o) => o.given),
    orders,
  );
  assert.deepEqual(result.value?.retreated, [{ power: 'ITALY', type: 'F', location: 'APU' }]);
  assert.deepEqual(result.value?.disbanded, []);
});

void test('adjustment orders without a power, and at unknown places', () => {
  const result = adjudicateAdjustments(
    map,
    position('adjustment', {
      units: [
        { power: 'GERMANY', type: 'A', location: 'BER' },
        { power: 'GERMANY', type: 'A', location: 'MUN' },
      ],
      supplyCenters: { GERMANY: ['BER'], AUSTRIA: ['VIE', 'BUD'] },
    }),
    [
      { order: { kind: 'build', unit: { type: 'A', location: 'VIE' } } },
      { power: 'AUSTRIA', order: { kind: 'build', unit: { type: 'A', location: 'XYZ' } } },
      { order: { kind: 'disband', unit: { location: 'XYZ' } } },
      { order: { kind: 'disband', unit: { location: 'MUN' } } },
    ],
  );
  assert.deepEqual(result.issues, []);
  assert.deepEqual(result.value?.orders.map(summary), [
    'illegal unknown-power "illegal: a build order needs its power" (no unit)',
    'illegal unknown-location "illegal: unknown location XYZ" (no unit)',
    'illegal no-unit "illegal: there is no unit in XYZ (6.J.1)" (no unit)',
    'succeeds disbanded "disbanded" A MUN',
  ]);
  assert.deepEqual(result.value?.disbanded, [{ power: 'GERMANY', type: 'A', location: 'MUN' }]);
  assert.deepEqual(result.value?.civilDisorder, []);
});

void test('an implied move that is illegal is not the order the unit carries out', () => {
  // Case E.26 (4.E.3 a): the support would imply F MAO - SPA, which needs a coast; the fleet holds.
  const result = adjudicateMovement(
    map,
    position('movement', {
      units: [
        { power: 'ENGLAND', type: 'F', location: 'POR' },
        { power: 'ENGLAND', type: 'F', location: 'MAO' },
      ],
    }),
    [
      {
        power: 'ENGLAND',
        order: { kind: 'support', unit: { location: 'POR' }, supported: { location: 'MAO' }, to: 'SPA' },
      },
    ],
    { implicitOrders: 'allowed' },
  );
  assert.deepEqual(result.issues, []);
  assert.deepEqual(
    result.value?.units.map((u) => `${u.unit.type} ${u.unit.location}: ${u.order.kind}`),
    ['F POR: support', 'F MAO: hold'],
  );
});

/** What users read of each outcome of a movement phase on `on` with `units` on the board (no issue expected). */
function movementSummaries(
  on: GameMap,
  units: Position['units'],
  orders: GivenOrder[],
  rules?: Partial<RuleOptions>,
): string[] | undefined {
  const result = adjudicateMovement(on, position('movement', { units }), orders, rules);
  assert.deepEqual(result.issues, []);
  return result.value?.orders.map(summary);
}

void test('movement orders naming unknown places, or no unit, are illegal and say which place', () => {
  const units: Position['units'] = [
    { power: 'AUSTRIA', type: 'A', location: 'VIE' },
    { power: 'AUSTRIA', type: 'F', location: 'ADR' },
    { power: 'ITALY', type: 'A', location: 'APU' },
  ];
  const orders: GivenOrder[] = [
    { power: 'AUSTRIA', order: { kind: 'hold', unit: { location: 'XYZ' } } },
    { power: 'AUSTRIA', order: { kind: 'move', unit: { location: 'BOH' }, to: 'MUN' } },
    { power: 'AUSTRIA', order: { kind: 'move', unit: { location: 'VIE' }, to: 'XYZ' } },
    {
      power: 'AUSTRIA',
      order: { kind: 'support', unit: { location: 'VIE' }, supported: { location: 'XYZ' } },
    },
    {
      power: 'AUSTRIA',
      order: { kind: 'support', unit: { location: 'VIE' }, supported: { location: 'ADR' }, to: 'XYZ' },
    },
    {
      power: 'AUSTRIA',
      order: { kind: 'convoy', unit: { location: 'ADR' }, army: { location: 'XYZ' }, to: 'ALB' },
    },
    {
      power: 'AUSTRIA',
      order: { kind: 'convoy', unit: { location: 'ADR' }, army: { location: 'APU' }, to: 'XYZ' },
    },
    // An unknown province with a coast, for a fleet (whose coasts the quick check of a move would read).
    { power: 'AUSTRIA', order: { kind: 'move', unit: { location: 'ADR' }, to: 'XYZ/NC' } },
  ];
  const expected = [
    'illegal unknown-location "illegal: unknown location XYZ" (no unit)',
    'illegal no-unit "illegal: there is no unit in BOH" (no unit)',
    'illegal unknown-location "illegal: unknown location XYZ" A VIE',
    'illegal unknown-location "illegal: unknown location XYZ" A VIE',
    'illegal unknown-location "illegal: unknown location XYZ" A VIE',
    'illegal unknown-location "illegal: unknown location XYZ" F ADR',
    'illegal unknown-location "illegal: unknown location XYZ" F ADR',
    'illegal unknown-location "illegal: unknown location XYZ/NC" F ADR',
  ];
  // Under 4.E.1 b an impossible move is still a move, but only to a place of the map.
  for (const legalOrders of ['possible-now', 'valid-places'] as const) {
    assert.deepEqual(movementSummaries(map, units, orders, { legalOrders }), expected, legalOrders);
  }
});

void test('a move with an empty convoy path is a move over land', () => {
  const result = movementSummaries(
    map,
    [{ power: 'AUSTRIA', type: 'A', location: 'VIE' }],
    [{ power: 'AUSTRIA', order: { kind: 'move', unit: { location: 'VIE' }, to: 'BOH', path: [] } }],
    { convoyPath: 'allowed' },
  );
  assert.deepEqual(result, ['succeeds moved "succeeds with attack strength 1" A VIE']);
});

void test('on a map without convoys, convoy orders and moves via convoy are illegal', () => {
  const pure = bundledMap('pure')!;
  const result = movementSummaries(
    pure,
    [
      { power: 'GERMANY', type: 'A', location: 'BER' },
      { power: 'ENGLAND', type: 'A', location: 'LON' },
    ],
    [
      { power: 'GERMANY', order: { kind: 'move', unit: { location: 'BER' }, to: 'PAR', viaConvoy: true } },
      {
        power: 'ENGLAND',
        order: { kind: 'convoy', unit: { location: 'LON' }, army: { location: 'BER' }, to: 'PAR' },
      },
    ],
  );
  const why = '"illegal: this map has no convoys: no convoy orders and no moves via convoy"';
  assert.deepEqual(result, [`illegal no-convoys ${why} A BER`, `illegal no-convoys ${why} A LON`]);
});

void test('an order without a power needs no nationality (4.C.5 a), since no power gave it', () => {
  const result = movementSummaries(
    map,
    [{ power: 'AUSTRIA', type: 'A', location: 'VIE' }],
    [{ order: { kind: 'move', unit: { location: 'VIE' }, to: 'BOH' } }],
    { missingNationality: 'illegal' },
  );
  assert.deepEqual(result, ['succeeds moved "succeeds with attack strength 1" A VIE']);
});

// 4.D.9 a: a power that gave no orders is in civil disorder, and a hold support from another power for its units
// fails. Orders without a power name no power, so Germany here counts as giving none; but a German unit's own
// support is no support from another country (the issue speaks of "another country"), and it counts: A Munich
// holds with 2 against 2. A foreign hold support of a German unit that moves does not match (invalid), civil
// disorder or not.
void test('under 4.D.9 a, a support by a unit of the power itself counts, and one of a moving unit does not match', () => {
  const words = (units: Position['units'], orders: GivenOrder[]): string[] =>
    adjudicateMovement(map, position('movement', { units }), orders, {
      supportInCivilDisorder: 'fails',
    }).value!.orders.map(summary);
  const own = words(
    [
      { power: 'GERMANY', type: 'A', location: 'MUN' },
      { power: 'GERMANY', type: 'A', location: 'BER' },
      { power: 'FRANCE', type: 'A', location: 'BUR' },
      { power: 'FRANCE', type: 'A', location: 'RUH' },
    ],
    [
      { order: { kind: 'support', unit: { location: 'BER' }, supported: { location: 'MUN' } } },
      { power: 'FRANCE', order: { kind: 'move', unit: { location: 'BUR' }, to: 'MUN' } },
      {
        power: 'FRANCE',
        order: { kind: 'support', unit: { location: 'RUH' }, supported: { location: 'BUR' }, to: 'MUN' },
      },
    ],
  );
  assert.deepEqual(
    own.map((o) => o.split(' ')[0]),
    ['given', 'fails', 'given'],
  );
  const moving = words(
    [
      { power: 'GERMANY', type: 'A', location: 'KIE' },
      { power: 'ENGLAND', type: 'F', location: 'HEL' },
    ],
    [
      { order: { kind: 'move', unit: { location: 'KIE' }, to: 'HOL' } },
      {
        power: 'ENGLAND',
        order: { kind: 'support', unit: { location: 'HEL' }, supported: { location: 'KIE' } },
      },
    ],
  );
  // It does not match because the unit moves, whatever its power's state: that is the reason given.
  assert.deepEqual(moving, [
    'succeeds moved "succeeds with attack strength 1" A KIE',
    'invalid not-matching "invalid: the unit\'s order is A KIE - HOL" F HEL',
  ]);
});

void test('an army in a convoyable coastal province convoys nobody and is no part of a written path', () => {
  // Ancient Mediterranean: Baleares is an island, a coast that fleets may convoy through; armies leave it only by
  // convoy. The army there is no fleet, so Saguntum - Tarraco via convoy has no route; a written path may not
  // name the army's own province or its destination (4.A.6 b), whatever their kind.
  const ancient = bundledMap('ancientmediterranean')!;
  const units: Position['units'] = [
    { power: 'ROME', type: 'A', location: 'BAL' },
    { power: 'ROME', type: 'A', location: 'SAG' },
    { power: 'ROME', type: 'A', location: 'TAR' },
    { power: 'ROME', type: 'F', location: 'LIG' },
  ];
  const orders: GivenOrder[] = [
    { power: 'ROME', order: { kind: 'move', unit: { location: 'SAG' }, to: 'TAR', viaConvoy: true } },
    { power: 'ROME', order: { kind: 'move', unit: { location: 'BAL' }, to: 'TAR', path: ['BAL'] } },
    { power: 'ROME', order: { kind: 'move', unit: { location: 'TAR' }, to: 'BAL', path: ['BAL'] } },
  ];
  assert.deepEqual(movementSummaries(ancient, units, orders, { convoyPath: 'allowed' }), [
    'illegal no-convoy-route "illegal: no fleets on the board could convoy to TAR" A SAG',
    'illegal bad-convoy-path "illegal: BAL is an end of the convoy route" A BAL',
    'illegal bad-convoy-path "illegal: BAL is an end of the convoy route" A TAR',
  ]);
});

void test('on a map without convoys, two coasts that do not touch are just not adjacent', () => {
  // The standard map with the rule of maps like Pure: no convoys at all, so no convoy could carry the army.
  const noConvoys = compileMapOrThrow({ ...standardDefinition, rules: { convoys: false } });
  const result = movementSummaries(
    noConvoys,
    [{ power: 'FRANCE', type: 'A', location: 'BRE' }],
    [{ power: 'FRANCE', order: { kind: 'move', unit: { location: 'BRE' }, to: 'LON' } }],
  );
  assert.deepEqual(result, ['illegal not-adjacent "illegal: LON is not adjacent" A BRE']);
});

void test('a neutral unit takes no order, and supports of it name it neutral (4.C.5 a, 4.C.6 a)', () => {
  const units: Position['units'] = [
    { power: 'RED', type: 'A', location: 'RRR' },
    { power: 'RED', type: 'A', location: 'RRS' },
    { power: 'RED', type: 'A', location: 'MID' },
    { power: 'NEUTRAL', type: 'A', location: 'NEA' },
  ];
  const support = (power: string | undefined): GivenOrder => ({
    power: 'RED',
    order: {
      kind: 'support',
      unit: { location: power === undefined ? 'RRR' : power === 'NEUTRAL' ? 'MID' : 'RRS' },
      supported: power === undefined ? { location: 'NEA' } : { location: 'NEA', power },
    },
  });
  const orders: GivenOrder[] = [
    { power: 'RED', order: { kind: 'move', unit: { location: 'NEA' }, to: 'NEB' } },
    { order: { kind: 'hold', unit: { location: 'NEA' } } },
    support(undefined),
    support('BLUE'),
    support('NEUTRAL'),
  ];
  const rules = { missingNationality: 'illegal', wrongNationality: 'illegal' } as const;
  const result = movementSummaries(neutralMap, units, orders, rules);
  const neutral = '"illegal: the unit in NEA is neutral: it takes no order and always holds" A NEA';
  assert.deepEqual(result, [
    `illegal neutral-unit ${neutral}`,
    `illegal neutral-unit ${neutral}`,
    'illegal missing-nationality "illegal: the nationality of the neutral unit must be given (4.C.5 a)" A RRR',
    'illegal wrong-nationality "illegal: the unit is neutral (4.C.6 a)" A RRS',
    'given given "given" A MID',
  ]);
});

void test('a dislodged neutral unit takes no retreat order, with a power or without, and is disbanded', () => {
  // Red's army from Redholm dislodged the neutral army of Neutral Alpha; Midland and Neutral Beta are open.
  const phase = position('retreat', {
    units: [{ power: 'RED', type: 'A', location: 'NEA' }],
    dislodged: [{ power: 'NEUTRAL', type: 'A', location: 'NEA', attackerFrom: 'RRR' }],
  });
  const orders: GivenOrder[] = [
    { power: 'RED', order: { kind: 'move', unit: { location: 'NEA' }, to: 'MID' } },
    { order: { kind: 'move', unit: { location: 'NEA' }, to: 'NEB' } },
  ];
  const result = adjudicateRetreats(neutralMap, phase, orders);
  assert.deepEqual(result.issues, []);
  const neutral =
    'illegal neutral-unit "illegal: a dislodged neutral unit is disbanded: it takes no order" A NEA';
  assert.deepEqual(result.value?.orders.map(summary), [neutral, neutral]);
  assert.deepEqual(result.value?.retreated, []);
  assert.deepEqual(result.value?.disbanded, [{ power: 'NEUTRAL', type: 'A', location: 'NEA' }]);
});

void test('a position that cannot be is refused, each unit named with what is wrong with it', () => {
  const units: Position['units'] = [
    { power: 'NARNIA', type: 'A', location: 'VIE' },
    { power: 'AUSTRIA', type: 'X' as 'A', location: 'BUD' },
    { power: 'AUSTRIA', type: 'A', location: 'XYZ' },
    { power: 'AUSTRIA', type: 'A', location: 'ADR' },
    { power: 'AUSTRIA', type: 'F', location: 'BOH' },
    { power: 'RUSSIA', type: 'F', location: 'STP' },
    { power: 'AUSTRIA', type: 'A', location: 'TRI' },
    { power: 'ITALY', type: 'F', location: 'TRI' },
  ];
  const expected = [
    { code: 'unknown-power', message: 'unit 1 (A VIE): unknown power "NARNIA"' },
    { code: 'bad-unit-type', message: 'unit 2 (X BUD): unit type must be A or F' },
    { code: 'unknown-location', message: 'unit 3 (A XYZ): unknown location "XYZ"' },
    { code: 'army-at-sea', message: 'unit 4 (A ADR): an army cannot stand in a sea province' },
    { code: 'fleet-inland', message: 'unit 5 (F BOH): a fleet cannot stand in an inland province' },
    { code: 'coast-required', message: 'unit 6 (F STP): a fleet in STP needs its coast' },
    { code: 'two-units-in-province', message: 'unit 8 (F TRI): TRI already holds a unit' },
  ];
  assert.deepEqual(adjudicateMovement(map, position('movement', { units }), []), { issues: expected });
  assert.deepEqual(adjudicateAdjustments(map, position('adjustment', { units }), []), { issues: expected });
  // Each fault alone, after a good unit (the movement adjudicator reads good units on a fast path first).
  const alone = (...faulty: Position['units']) =>
    adjudicateMovement(
      map,
      position('movement', { units: [{ power: 'GERMANY', type: 'A', location: 'MUN' }, ...faulty] }),
      [],
    ).issues.map((x) => x.code);
  for (let i = 0; i < 6; i++)
    assert.deepEqual(alone(units[i]!), [expected[i]!.code], JSON.stringify(units[i]));
  assert.deepEqual(alone(units[6]!, units[7]!), ['two-units-in-province']);
  // A unit of no type in a coastal province (where a fleet could stand) is refused as well.
  assert.deepEqual(alone({ power: 'AUSTRIA', type: 'X' as 'A', location: 'TRI' }), ['bad-unit-type']);
  // The first unit of the list is unit 0: a second one in its province is refused too.
  const twoInTrieste = [
    { code: 'two-units-in-province', message: 'unit 2 (F TRI): TRI already holds a unit' },
  ];
  assert.deepEqual(adjudicateAdjustments(map, position('adjustment', { units: units.slice(6) }), []), {
    issues: twoInTrieste,
  });
  assert.deepEqual(adjudicateMovement(map, position('movement', { units: units.slice(6) }), []), {
    issues: twoInTrieste,
  });
});

void test('units written in other spellings are the units their canonical codes name', () => {
  // A French army written on a coast stands in the province; names of any case are read like codes.
  const orders: GivenOrder[] = [
    { power: 'FRANCE', order: { kind: 'move', unit: { location: 'SPA' }, to: 'GAS' } },
    { power: 'ENGLAND', order: { kind: 'move', unit: { location: 'NTH' }, to: 'HOL' } },
    { power: 'ENGLAND', order: { kind: 'move', unit: { location: 'STP' }, to: 'BOT' } },
  ];
  const expected = [
    'succeeds moved "succeeds with attack strength 1" A SPA',
    'succeeds moved "succeeds with attack strength 1" F NTH',
    'succeeds moved "succeeds with attack strength 1" F STP/SC',
  ];
  for (const [spa, nth, stp] of [
    ['SPA', 'NTH', 'STP/SC'],
    ['SPA/NC', 'nth', 'stp/sc'],
  ] as const) {
    const units: Position['units'] = [
      { power: 'FRANCE', type: 'A', location: spa },
      { power: 'ENGLAND', type: 'F', location: nth },
      { power: 'ENGLAND', type: 'F', location: stp },
    ];
    assert.deepEqual(movementSummaries(map, units, orders), expected, spa);
  }
});

void test('the 1982 paradox rule protects the support of a fleet only: an army on a convoyable coast is not protected', () => {
  // The archipelago test map with the Isle made reachable by armies from Westland and Eastland (it stays a
  // convoyable coast, whose fleet convoys like one at sea). Beta's fleet in the Isle convoys A Eastland to
  // Westland, whose army supports the attack on the Isle. The 1982 rule (4.A.2 b) keeps a convoyed army from
  // cutting the support of a FLEET supporting an action in a body of water (or convoyable coast) that holds a
  // convoying fleet; A Westland is an army, so the rule does not apply and the ordinary rules give two resolutions
  // (convoy holds: support cut, 1 against 1, the attack fails; convoy disrupted: support given, 2 against 1, the
  // fleet is dislodged): a paradox the 1982 rule leaves, settled by its fallback. Under the default fallback,
  // all-hold, every move of the paradox fails and the fleet stays; under Szykman the convoy alone fails, so the
  // support is given and F West Sea dislodges F Isle. (Were the army protected like a fleet, there would be no
  // paradox: the support stands and the fleet is dislodged under either fallback.)
  const { map: isle, issues } = testMap(
    'archipelago.json',
    {},
    {
      ISL: { army: ['WES', 'EAS'] },
      WES: { army: ['HIL', 'NOR', 'ISL'] },
      EAS: { army: ['HIL', 'NOR', 'ISL'] },
    },
  );
  assert.deepEqual(issues, []);
  const units: Position['units'] = [
    { power: 'ALPHA', type: 'A', location: 'WES' },
    { power: 'ALPHA', type: 'F', location: 'WSE' },
    { power: 'BETA', type: 'F', location: 'ISL' },
    { power: 'BETA', type: 'A', location: 'EAS' },
  ];
  const orders: GivenOrder[] = [
    {
      power: 'ALPHA',
      order: { kind: 'support', unit: { location: 'WES' }, supported: { location: 'WSE' }, to: 'ISL' },
    },
    { power: 'ALPHA', order: { kind: 'move', unit: { location: 'WSE' }, to: 'ISL' } },
    {
      power: 'BETA',
      order: { kind: 'convoy', unit: { location: 'ISL' }, army: { location: 'EAS' }, to: 'WES' },
    },
    { power: 'BETA', order: { kind: 'move', unit: { location: 'EAS' }, to: 'WES', viaConvoy: true } },
  ];
  const outcome = (paradoxFallback: RuleOptions['paradoxFallback']): string[] => {
    const result = adjudicateMovement(isle!, position('movement', { units }), orders, {
      convoyParadox: 'rule-1982',
      paradoxFallback,
    });
    assert.deepEqual(result.issues, []);
    const after = result.value!.position;
    return [
      ...result.value!.orders.map((o) => `${o.resolution} ${o.message}`),
      `dislodged: ${after.dislodged.map((u) => `${u.power} ${u.type} ${u.location}`).join(', ')}`,
    ];
  };
  assert.deepEqual(outcome('all-hold'), [
    'given given',
    'fails fails: convoy paradox, all-hold rule (the rule-1982 paradox rule gives no resolution)',
    'available available: convoy paradox, all-hold rule (the rule-1982 paradox rule gives no resolution)',
    'fails fails: convoy paradox, all-hold rule (the rule-1982 paradox rule gives no resolution)',
    'dislodged: ',
  ]);
  assert.deepEqual(outcome('szykman'), [
    'given given',
    'succeeds succeeds with attack strength 2',
    'disrupted disrupted: convoy paradox, Szykman rule (the rule-1982 paradox rule gives no resolution)',
    'fails fails: the convoy is disrupted',
    'dislodged: BETA F ISL',
  ]);
});

void test('no neutral army is rebuilt on a centre nobody owns where a unit stands, also in the first province', () => {
  // The neutral-army map (rules.neutralArmies): after a Fall, a neutral army is rebuilt on every supply centre no
  // power owns that no unit stands on. Red's home Red Capital (the map's first province) is owned by nobody here
  // but a Blue army stands in it, so nothing is rebuilt there; Neutral A is empty and unowned: rebuilt; Neutral B
  // holds a neutral army. Every power has as many centres as units, so nothing else changes.
  const units: Position['units'] = [
    { power: 'RED', type: 'A', location: 'RRS' },
    { power: 'BLUE', type: 'A', location: 'RRR' },
    { power: 'BLUE', type: 'A', location: 'BBB' },
    { power: 'NEUTRAL', type: 'A', location: 'NEB' },
  ];
  const supplyCenters = { RED: ['RRS'], BLUE: ['BBB', 'BBS'] };
  // Nobody disbands a neutral unit (it takes no order, 4.C.5 a).
  const orders: GivenOrder[] = [{ power: 'BLUE', order: { kind: 'disband', unit: { location: 'NEB' } } }];
  const result = adjudicateAdjustments(neutralMap, position('adjustment', { units, supplyCenters }), orders);
  assert.deepEqual(result.issues, []);
  assert.deepEqual(result.value!.orders.map(summary), [
    'illegal neutral-unit "illegal: the unit is neutral: no power disbands it" A NEB',
  ]);
  assert.deepEqual(result.value!.rebuilt, [{ power: 'NEUTRAL', type: 'A', location: 'NEA' }]);
  assert.deepEqual(result.value!.units, [...units, { power: 'NEUTRAL', type: 'A', location: 'NEA' }]);
});

void test('a supply centre in the map first province is owned and built on like any other', () => {
  // The neutral-army map: Red owns its two home centres, Red Capital (the first province) and Red South, and has
  // one army: one build, ordered in Red Capital, which is owned and empty (6.I: a build in an owned, empty home
  // centre succeeds). Neutral A and Neutral B are unowned and empty: neutral armies are rebuilt there.
  const units: Position['units'] = [{ power: 'RED', type: 'A', location: 'RRS' }];
  const supplyCenters = { RED: ['RRR', 'RRS'] };
  const orders: GivenOrder[] = [
    { power: 'RED', order: { kind: 'build', unit: { type: 'A', location: 'RRR' } } },
  ];
  const result = adjudicateAdjustments(neutralMap, position('adjustment', { units, supplyCenters }), orders);
  assert.deepEqual(result.issues, []);
  assert.deepEqual(result.value!.orders.map(summary), ['succeeds built "built" A RRR']);
  assert.deepEqual(result.value!.adjustments, [
    { power: 'RED', centers: 2, units: 1, change: 1 },
    { power: 'BLUE', centers: 0, units: 0, change: 0 },
  ]);
});

// Each map object has its own scratch space (scratch.ts), new and unmarked for its first adjudication: a route
// search that read a fleet past its army's own (another army's, next in the tables) would find a route there that
// later searches, seeing marks left behind, would not. Engine case E.244 has such a fleet; its words are the case's.
void test('engine case E.244 gives its words as the first adjudication on a new map object', () => {
  const fresh = compileMapOrThrow(standardDefinition);
  const text = readDataFile('engine-cases.json');
  const c = readDatcJson(text, 'engine-cases.json').value?.find((x) => x.id === 'E.244');
  assert.ok(c);
  const prepared = prepareCase(fresh, c);
  assert.deepEqual(caseDifferences(c, prepared, runCase(fresh, prepared)), []);
});

void test("a convoy route never passes through the army's own convoyable province, under any reading of 4.E.1", () => {
  // The archipelago test map: the Isle is a convoyable coast, touched by the West, East and South Seas; only the
  // West Sea touches Westland. Beta's army on the Isle goes to Westland through the West Sea. The East Sea touches
  // the Isle, but from it the only way on to Westland is the Isle itself, the army's own province, never a node
  // of its route: the East Sea is on no route from the Isle to Westland. Under 4.E.1 c, orders that could be valid
  // in some position are legal, but no position puts the East Sea on such a route, so its convoy order is illegal
  // under every reading that checks routes on the map (c and d).
  const isle = testMap('archipelago.json').map!;
  const units: Position['units'] = [
    { power: 'BETA', type: 'A', location: 'ISL' },
    { power: 'ALPHA', type: 'F', location: 'WSE' },
    { power: 'ALPHA', type: 'F', location: 'ESE' },
  ];
  const orders: GivenOrder[] = [
    { power: 'BETA', order: { kind: 'move', unit: { location: 'ISL' }, to: 'WES', viaConvoy: true } },
    {
      power: 'ALPHA',
      order: { kind: 'convoy', unit: { location: 'WSE' }, army: { location: 'ISL' }, to: 'WES' },
    },
    {
      power: 'ALPHA',
      order: { kind: 'convoy', unit: { location: 'ESE' }, army: { location: 'ISL' }, to: 'WES' },
    },
  ];
  for (const legalOrders of ['possible-on-map', 'possible-now'] as const) {
    assert.deepEqual(
      movementSummaries(isle, units, orders, { legalOrders }),
      [
        'succeeds moved "succeeds with attack strength 1" A ISL',
        'available available "available" F WSE',
        'illegal convoy-not-on-route "illegal: this fleet is not on any convoy route from ISL to WES (6.F.12, 6.G.19)" F ESE',
      ],
      legalOrders,
    );
  }
});

void test('a fleet on no convoy route stays illegal on a map whose chains of seas outnumber the search budget', () => {
  // A hostile map a library caller may compile: From touches the corner of a 9 by 9 grid of seas, all holding
  // fleets, and the Pond; To touches the opposite corner. The chains of seas from the corner are far more than the
  // proper-route search tries (100,000 steps; trying them all would take minutes), so it gives up on them; the
  // Pond touches From and nothing else, so its fleet is on no route from From to To whatever the search tries
  // (6.F.12): its convoy order is illegal. The fleet in the far corner touches To, and the chain along the grid's
  // edges (each sea touching only the one before it and the next) is a proper route through it: its convoy order
  // is legal and matches the army's move (which fails, as the other fleets of that route hold).
  const n = 9;
  const sea = (r: number, c: number): string => `S${r}${c}`;
  const provinces: MapDefinition['provinces'][number][] = [];
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) {
      const fleet = [
        [r - 1, c],
        [r + 1, c],
        [r, c - 1],
        [r, c + 1],
      ]
        .filter(([a, b]) => a! >= 0 && a! < n && b! >= 0 && b! < n)
        .map(([a, b]) => sea(a!, b!));
      if (r === 0 && c === 0) fleet.push('FRO');
      if (r === n - 1 && c === n - 1) fleet.push('TOO');
      provinces.push({ code: sea(r, c), name: `Sea ${r} ${c}`, kind: 'sea', fleet });
    }
  }
  provinces.push(
    { code: 'FRO', name: 'From', kind: 'coast', supplyCenter: true, home: 'RED', fleet: ['S00', 'PND'] },
    { code: 'TOO', name: 'To', kind: 'coast', supplyCenter: true, fleet: [sea(n - 1, n - 1)] },
    { code: 'PND', name: 'Pond', kind: 'sea', fleet: ['FRO'] },
  );
  const grid = compileMapOrThrow({
    name: 'Grid',
    description: 'seas in a grid',
    source: 'test',
    victoryCenters: 2,
    powers: [{ name: 'RED', adjective: 'Red' }],
    provinces,
    startingUnits: [],
  });
  const units: Position['units'] = [
    { power: 'RED', type: 'A', location: 'FRO' },
    { power: 'RED', type: 'F', location: 'PND' },
    ...provinces
      .filter((p) => p.kind === 'sea' && p.code !== 'PND')
      .map((p) => ({ power: 'RED', type: 'F' as const, location: p.code })),
  ];
  const convoy = (fleet: string): GivenOrder => ({
    power: 'RED',
    order: { kind: 'convoy', unit: { location: fleet }, army: { location: 'FRO' }, to: 'TOO' },
  });
  const move: GivenOrder = {
    power: 'RED',
    order: { kind: 'move', unit: { location: 'FRO' }, to: 'TOO', viaConvoy: true },
  };
  assert.deepEqual(
    movementSummaries(grid, units, [move, convoy('PND'), convoy(sea(n - 1, n - 1))])?.slice(1),
    [
      'illegal convoy-not-on-route "illegal: this fleet is not on any convoy route from FRO to TOO (6.F.12, 6.G.19)" F PND',
      'available available "available" F S88',
    ],
  );
});

/** Red's A From moving to To by convoy, and a fleet of Red in each of `seas` ordered to convoy it. */
function convoyedByEverySea(seas: readonly string[]): { units: Position['units']; orders: GivenOrder[] } {
  const units: Position['units'] = [
    { power: 'RED', type: 'A', location: 'FRO' },
    ...seas.map((code) => ({ power: 'RED', type: 'F' as const, location: code })),
  ];
  const orders: GivenOrder[] = [
    { power: 'RED', order: { kind: 'move', unit: { location: 'FRO' }, to: 'TOO', viaConvoy: true } },
    ...seas.map((code): GivenOrder => ({
      power: 'RED',
      order: { kind: 'convoy', unit: { location: code }, army: { location: 'FRO' }, to: 'TOO' },
    })),
  ];
  return { units, orders };
}

void test('an army convoyed across a 4 by 4 grid of convoying fleets arrives (each search marks the seas it has seen)', () => {
  // From touches the corner S00 of a 4 by 4 grid of seas, To the opposite corner S33; every sea holds a fleet of
  // Red ordered to convoy A From - To. Judged by hand: routes of convoying fleets join From and To (along an edge of
  // the grid, for one), nothing stands in To or opposes the move, so the army arrives (attack 1 against 0). The
  // breadth-first searches for a route (convoy-routes.ts for the move's legality, tables.ts for the route of convoy
  // orders) queue each fleet once: a search that queued fleets again would overflow its queue in the grid's many
  // cycles before reaching the far corner.
  const n = 4;
  const sea = (r: number, c: number): string => `S${r}${c}`;
  const provinces: MapDefinition['provinces'][number][] = [];
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) {
      const fleet = [
        [r - 1, c],
        [r + 1, c],
        [r, c - 1],
        [r, c + 1],
      ]
        .filter(([a, b]) => a! >= 0 && a! < n && b! >= 0 && b! < n)
        .map(([a, b]) => sea(a!, b!));
      if (r === 0 && c === 0) fleet.push('FRO');
      if (r === n - 1 && c === n - 1) fleet.push('TOO');
      provinces.push({ code: sea(r, c), name: `Sea ${r} ${c}`, kind: 'sea', fleet });
    }
  }
  provinces.push(
    { code: 'FRO', name: 'From', kind: 'coast', supplyCenter: true, home: 'RED', fleet: ['S00'] },
    { code: 'TOO', name: 'To', kind: 'coast', supplyCenter: true, fleet: [sea(n - 1, n - 1)] },
  );
  const grid = compileMapOrThrow({
    name: 'Small grid',
    description: 'seas in a grid',
    source: 'test',
    victoryCenters: 2,
    powers: [{ name: 'RED', adjective: 'Red' }],
    provinces,
    startingUnits: [],
  });
  const seas = provinces.filter((p) => p.kind === 'sea').map((p) => p.code);
  const { units, orders } = convoyedByEverySea(seas);
  // The marks of a search are bytes, cleared every 255 searches: 300 phases with the move alone (one search each,
  // for its legality) come first.
  for (let i = 0; i < 300; i++) adjudicateMovement(grid, position('movement', { units }), orders.slice(0, 1));
  for (const legalOrders of ['possible-on-map', 'possible-now'] as const) {
    const result = adjudicateMovement(grid, position('movement', { units }), orders, { legalOrders });
    assert.deepEqual(result.issues, []);
    assert.equal(result.value?.orders[0]?.resolution, 'succeeds', legalOrders);
    assert.ok(
      result.value?.position.units.some((u) => u.type === 'A' && u.location === 'TOO'),
      `${legalOrders}: the army stands in To`,
    );
  }
});

void test('an army convoyed by 37 fleets, 33 of them next to its province, arrives (the search marks every starting fleet)', () => {
  // From touches 33 seas B00-B32; each of them touches only From and the Hub; the Hub touches the B seas and D1,
  // and D1-D2-D3 lead to To. Every sea holds a fleet of Red ordered to convoy A From - To. Judged by hand: each B
  // fleet is on a proper route (B, Hub, D1, D2, D3: no fleet of it but the first touches From, none but the last
  // touches To, and no two fleets apart from neighbours on the route touch), so every convoy order is legal (6.G.19),
  // nothing stands in To or opposes the move, and the army arrives (attack 1 against 0). The breadth-first search
  // for a route of convoy orders (tables.ts) must mark each fleet next to From when it queues it: a search that left
  // one unmarked would queue it again from the Hub, and 32 fleets queued twice overflow the search's queue (room
  // for 64 fleets) before D1 is reached.
  const starts = Array.from({ length: 33 }, (_, k) => `B${String(k).padStart(2, '0')}`);
  const provinces: MapDefinition['provinces'][number][] = [
    { code: 'FRO', name: 'From', kind: 'coast', supplyCenter: true, home: 'RED', fleet: starts },
    ...starts.map((code, k) => ({ code, name: `Bay ${k}`, kind: 'sea' as const, fleet: ['FRO', 'HUB'] })),
    { code: 'HUB', name: 'Hub', kind: 'sea', fleet: [...starts, 'DD1'] },
    { code: 'DD1', name: 'Deep 1', kind: 'sea', fleet: ['HUB', 'DD2'] },
    { code: 'DD2', name: 'Deep 2', kind: 'sea', fleet: ['DD1', 'DD3'] },
    { code: 'DD3', name: 'Deep 3', kind: 'sea', fleet: ['DD2', 'TOO'] },
    { code: 'TOO', name: 'To', kind: 'coast', supplyCenter: true, fleet: ['DD3'] },
  ];
  const fan = compileMapOrThrow({
    name: 'Fan',
    description: 'many seas next to one coast',
    source: 'test',
    victoryCenters: 2,
    powers: [{ name: 'RED', adjective: 'Red' }],
    provinces,
    startingUnits: [],
  });
  const seas = [...starts, 'HUB', 'DD1', 'DD2', 'DD3'];
  const { units, orders } = convoyedByEverySea(seas);
  const result = adjudicateMovement(fan, position('movement', { units }), orders);
  assert.deepEqual(result.issues, []);
  assert.deepEqual(
    result.value?.orders.map((o) => o.resolution),
    ['succeeds', ...seas.map(() => 'available')],
  );
  assert.ok(result.value?.position.units.some((u) => u.type === 'A' && u.location === 'TOO'));
});

void test("a phase with fewer units than the one before reads nothing of the earlier phase's last units", () => {
  // The adjudicator keeps its tables per map between calls. Under Brannan's rule (4.A.4 b), first a phase of five
  // units whose fifth, A Yorkshire, is convoyed to Norway by F North Sea (it arrives: Norway is empty); then a
  // phase of four units: F Norway, supported by F Skagerrak, attacks F North Sea, which F Edinburgh supports in
  // holding: 2 against 2, the attack fails. The second phase has no convoy, so no Brannan battle: nothing of the
  // first phase's convoyed army may turn F Norway's attack into a head-to-head battle (in which it would meet the
  // defend strength of a unit that is not there instead of the supported hold).
  const rules: Partial<RuleOptions> = { convoyAttackOrigin: 'brannan' };
  const first: Position['units'] = [
    { power: 'ENGLAND', type: 'F', location: 'NTH' },
    { power: 'ENGLAND', type: 'F', location: 'LON' },
    { power: 'ENGLAND', type: 'F', location: 'EDI' },
    { power: 'ENGLAND', type: 'F', location: 'ENG' },
    { power: 'ENGLAND', type: 'A', location: 'YOR' },
  ];
  assert.deepEqual(
    movementSummaries(
      map,
      first,
      [
        {
          power: 'ENGLAND',
          order: { kind: 'convoy', unit: { location: 'NTH' }, army: { location: 'YOR' }, to: 'NWY' },
        },
        { power: 'ENGLAND', order: { kind: 'move', unit: { location: 'YOR' }, to: 'NWY', viaConvoy: true } },
      ],
      rules,
    ),
    ['available available "available" F NTH', 'succeeds moved "succeeds with attack strength 1" A YOR'],
  );
  const second: Position['units'] = [
    { power: 'ENGLAND', type: 'F', location: 'NTH' },
    { power: 'RUSSIA', type: 'F', location: 'NWY' },
    { power: 'RUSSIA', type: 'F', location: 'SKA' },
    { power: 'ENGLAND', type: 'F', location: 'EDI' },
  ];
  const result = adjudicateMovement(
    map,
    position('movement', { units: second }),
    [
      { power: 'RUSSIA', order: { kind: 'move', unit: { location: 'NWY' }, to: 'NTH' } },
      {
        power: 'RUSSIA',
        order: { kind: 'support', unit: { location: 'SKA' }, supported: { location: 'NWY' }, to: 'NTH' },
      },
      {
        power: 'ENGLAND',
        order: { kind: 'support', unit: { location: 'EDI' }, supported: { location: 'NTH' } },
      },
    ],
    rules,
  );
  assert.deepEqual(result.value?.orders.map(summary), [
    'fails bounced "fails: attack strength 2 against hold strength 2 of F NTH" F NWY',
    'given given "given" F SKA',
    'given given "given" F EDI',
  ]);
  assert.deepEqual(result.value?.position.dislodged, []);
});
