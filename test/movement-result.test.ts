/**
 * What a movement result lists besides the words, judged by hand, mostly on one position: the retreat options of
 * each dislodged unit (sorted, also on a map that lists neighbours in another order), the provinces a standoff leaves
 * empty (and none from a phase before with more units), the order each unit carried out, the lean `resolveMovement`
 * taking the general way (powers written in lower case) to the same position, and the refusal of a position of
 * another phase. Part of the tests StrykerJS runs (mutation.test.ts).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { adjudicateMovement, resolveMovement } from '../src/adjudication/movement/adjudicate.js';
import { standardMap } from '../src/map/compile.js';
import { parseOrder } from '../src/orders/parse.js';
import type { GivenOrder } from '../src/orders/types.js';
import type { Position, Unit } from '../src/position/types.js';
import type { GameMap } from '../src/map/types.js';
import { resolveMovementCodes } from '../src/adjudication/movement/codes.js';
import { encodeOrders, encodeUnits } from '../src/orders/codes.js';
import { gridMap } from '../bench/mapgen.js';

const map = standardMap();

const unit = (power: string, text: string): Unit => {
  const [type, location] = text.split(' ') as ['A' | 'F', string];
  return { power, type, location };
};
const units: Unit[] = [
  // F North Sea convoys A London - Norway and is dislodged by F Skagerrak (2 against 1).
  unit('ENGLAND', 'F NTH'),
  unit('ENGLAND', 'A LON'),
  unit('GERMANY', 'F SKA'),
  unit('GERMANY', 'F HEL'),
  // A Picardy is dislodged by A Brest, convoyed through the English Channel with support from Belgium.
  unit('GERMANY', 'A PIC'),
  unit('FRANCE', 'A BRE'),
  unit('FRANCE', 'F ENG'),
  unit('FRANCE', 'A BEL'),
  // A Paris and A Marseilles stand each other off in Burgundy; A Munich has no order.
  unit('FRANCE', 'A PAR'),
  unit('ITALY', 'A MAR'),
  unit('GERMANY', 'A MUN'),
];
const position: Position = {
  phase: { season: 'spring', year: 1901, type: 'movement' },
  units,
  dislodged: [],
  contested: [],
  supplyCenters: {},
};
const texts: [string, string][] = [
  ['ENGLAND', 'F NTH C A LON - NWY'],
  ['ENGLAND', 'A LON - NWY'],
  ['GERMANY', 'F SKA - NTH'],
  ['GERMANY', 'F HEL S F SKA - NTH'],
  ['GERMANY', 'A PIC H'],
  ['FRANCE', 'A BRE - PIC VIA CONVOY'],
  ['FRANCE', 'F ENG C A BRE - PIC'],
  ['FRANCE', 'A BEL S A BRE - PIC'],
  ['FRANCE', 'A PAR - BUR'],
  ['ITALY', 'A MAR - BUR'],
];
const orders: GivenOrder[] = texts.map(([power, text]) => ({
  power,
  order: parseOrder(map, text).value!.order,
}));

void test('dislodged units list their retreat options sorted; a standoff province and the attacker origin are not among them', () => {
  const result = adjudicateMovement(map, position, orders).value!;
  assert.deepEqual(result.contested, ['BUR']);
  assert.deepEqual(
    result.dislodged.map((d) => [d.location, d.attackerFrom, d.byConvoy ?? false, d.retreats]),
    [
      // Not London (the convoyed army failed and stays), Belgium, the English Channel, Helgoland Bight (occupied),
      // Skagerrak (the attacker's).
      ['NTH', 'SKA', false, ['DEN', 'EDI', 'HOL', 'NWG', 'NWY', 'YOR']],
      // Brest, the attacker's origin, since the attack came by convoy (4.A.5, preferred: allowed); not Belgium or
      // Paris (occupied), not Burgundy (standoff), not the English Channel (a sea).
      ['PIC', 'BRE', true, ['BRE']],
    ],
  );
  const forbidden = adjudicateMovement(map, position, orders, { retreatToConvoyOrigin: 'forbidden' }).value!;
  assert.deepEqual(
    forbidden.dislodged.map((d) => d.retreats),
    [['DEN', 'EDI', 'HOL', 'NWG', 'NWY', 'YOR'], []],
  );
  // Only dislodged units' outcomes carry `dislodged`.
  assert.deepEqual(
    result.orders.filter((o) => Object.hasOwn(o, 'dislodged')).map((o) => o.unit),
    ['F NTH', 'A PIC'],
  );
  // A unit without an order holds.
  assert.deepEqual(
    result.units.filter((u) => u.unit.location === 'MUN').map((u) => u.order),
    [{ kind: 'hold', unit: { type: 'A', location: 'MUN' } }],
  );
});

void test('resolveMovement with powers written in lower case (the general way) gives the same position', () => {
  const lower = orders.map((o) => ({ ...o, power: o.power!.toLowerCase() }));
  const lean = resolveMovement(map, position, lower).value!;
  assert.deepEqual(lean.contested, ['BUR']);
  assert.deepEqual(lean.dislodged, [
    { power: 'ENGLAND', type: 'F', location: 'NTH', attackerFrom: 'SKA' },
    { power: 'GERMANY', type: 'A', location: 'PIC', attackerFrom: 'BRE', byConvoy: true },
  ]);
  assert.deepEqual(
    lean.units.map((u) => `${u.type} ${u.location}`),
    ['A LON', 'F NTH', 'F HEL', 'A PIC', 'F ENG', 'A BEL', 'A PAR', 'A MAR', 'A MUN'],
  );
  assert.deepEqual(lean.phase, { season: 'spring', year: 1901, type: 'retreat' });
  assert.deepEqual(lean, adjudicateMovement(map, position, lower).value!.position);
});

void test('a position of another phase is refused, by either entry point', () => {
  const retreat: Position = { ...position, phase: { ...position.phase, type: 'retreat' } };
  const expected = [
    { code: 'wrong-phase', message: 'the position is in a retreat phase, not a movement phase' },
  ];
  assert.deepEqual(adjudicateMovement(map, retreat, orders), { issues: expected });
  // Powers in lower case keep the orders off the integer way, so this is the general way's refusal.
  const lower = orders.map((o) => ({ ...o, power: o.power!.toLowerCase() }));
  assert.deepEqual(resolveMovement(map, retreat, lower), { issues: expected });
  assert.deepEqual(resolveMovement(map, position, lower).issues, []);
});

void test('an illegal order of a unit that is not dislodged carries no dislodgement', () => {
  const alone: Position = { ...position, units: [unit('FRANCE', 'A PAR')] };
  const result = adjudicateMovement(map, alone, [
    { power: 'FRANCE', order: parseOrder(map, 'A PAR - MUN').value!.order },
  ]).value!;
  assert.equal(result.orders[0]!.resolution, 'illegal');
  assert.equal(result.orders[0]!.unit, 'A PAR');
  assert.equal(Object.hasOwn(result.orders[0]!, 'dislodged'), false);
});

void test('a phase with fewer units than the one before knows nothing of the units it no longer has', () => {
  // The scratch space keeps the second army's move from the first phase; the second phase has one unit, holding.
  const bounce: Position = { ...position, units: [unit('FRANCE', 'A PAR'), unit('ITALY', 'A MAR')] };
  const first = adjudicateMovement(map, bounce, [
    { power: 'FRANCE', order: parseOrder(map, 'A PAR - BUR').value!.order },
    { power: 'ITALY', order: parseOrder(map, 'A MAR - BUR').value!.order },
  ]).value!;
  assert.deepEqual(first.contested, ['BUR']);
  const second = adjudicateMovement(map, { ...position, units: [unit('FRANCE', 'A PAR')] }, []).value!;
  assert.deepEqual(second.contested, []);
  assert.deepEqual(second.position.units, [{ power: 'FRANCE', type: 'A', location: 'PAR' }]);
});

void test('retreat options are sorted by location code on a map whose neighbours are listed in another order', () => {
  // A grid of 4 by 4 land provinces P0-P15: P5's neighbours are listed as P4, P6, P1, P9.
  const grid = gridMap(16, 1, 0);
  const gridPosition: Position = {
    ...position,
    units: [unit('POWER0', 'A P5'), unit('POWER1', 'A P6'), unit('POWER1', 'A P9')],
  };
  const result = adjudicateMovement(grid, gridPosition, [
    { power: 'POWER1', order: parseOrder(grid, 'A P6 - P5').value!.order },
    { power: 'POWER1', order: parseOrder(grid, 'A P9 S A P6 - P5').value!.order },
  ]).value!;
  // Not P6 (the attacker's, over land) nor P9 (occupied).
  assert.deepEqual(
    result.dislodged.map((d) => [d.location, d.retreats]),
    [['P5', ['P1', 'P4']]],
  );
});

void test('the last unit of a phase with exactly as many units as the scratch space holds keeps its support and convoy', () => {
  // A map object of its own has a scratch set of its own, made for 16 units: this phase has 16.
  const fresh: GameMap = { ...standardMap() };
  const fillers = ['A MOS', 'A WAR', 'A UKR', 'A LVN', 'A CON', 'A SMY', 'A ANK', 'A ARM', 'A ROM', 'A VEN'];
  const sixteen: Position = {
    ...position,
    units: [
      ...fillers.map((text) => unit('RUSSIA', text)),
      unit('ITALY', 'A NAP'),
      unit('ITALY', 'A TUS'),
      unit('ENGLAND', 'F NTH'),
      unit('ENGLAND', 'A BUR'),
      unit('FRANCE', 'A BEL'),
      unit('ENGLAND', 'A LON'),
    ],
  };
  const texts: string[] = ['F NTH C A LON - BEL', 'A BUR S A LON - BEL', 'A LON - BEL'];
  const result = adjudicateMovement(
    fresh,
    sixteen,
    texts.map((text) => ({ power: 'ENGLAND', order: parseOrder(fresh, text).value!.order })),
  ).value!;
  // Convoyed through the North Sea and supported from Burgundy, A London has 2 against the hold strength 1 of
  // A Belgium and dislodges it.
  assert.deepEqual(
    result.orders.map((o) => o.message),
    ['available', 'given', 'succeeds with attack strength 2'],
  );
  assert.deepEqual(
    result.dislodged.map((d) => [d.power, d.location, d.attackerFrom]),
    [['FRANCE', 'BEL', 'LON']],
  );
});

void test('the integer way does not count a support of a convoyed move that needs the supporter as its convoy (6.D.31)', () => {
  const d31: Position = { ...position, units: [unit('AUSTRIA', 'A RUM'), unit('TURKEY', 'F BLA')] };
  const given: GivenOrder[] = [
    { power: 'AUSTRIA', order: parseOrder(map, 'A RUM - ARM').value!.order },
    { power: 'TURKEY', order: parseOrder(map, 'F BLA S A RUM - ARM').value!.order },
  ];
  const rows = encodeOrders(map, d31.units, given).value!;
  const r = resolveMovementCodes(map, encodeUnits(map, d31.units).value!, rows).value!;
  // The move counts (it is invalid: no convoy is ordered); the support is illegal: the only route of fleets to
  // Armenia is the supporting fleet itself, which cannot convoy and support at once.
  assert.deepEqual([...r.counted.subarray(0, 2)], [1, 0]);
});
