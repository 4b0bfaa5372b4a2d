/**
 * The integer form (src/orders/codes.ts, src/adjudication/movement/codes.ts): `resolveMovementCodes` gives the
 * outcome `adjudicateMovement` gives for the same orders as objects — on every DATC movement case, on random
 * midgame positions under every rule preset, and on random rows of every shape (where the integer checks of the
 * common orders must agree with `checkMovementOrder`).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { standardMap } from '../src/map/compile.js';
import { adjudicateMovement, resolveMovement } from '../src/adjudication/movement/adjudicate.js';
import { newMovementCodesResult, resolveByCodes } from '../src/adjudication/movement/codes.js';
import { PRESETS, type RuleOptions } from '../src/adjudication/rules.js';
import * as oc from '../src/orders/codes.js';
import { workloadOrders, workloadPosition } from '../src/formats/workload.js';
import type { GivenOrder } from '../src/orders/types.js';
import type { Position } from '../src/position/types.js';
import { loadDatcCases, prepareMovementCase } from './datc-harness.js';
import { midgameWorkload } from '../bench/generate.js';
import { seededRandom } from '../src/selfplay/random-player.js';
import { assertSame, randomRows } from './codes-compare.js';

const map = standardMap();
const RULES: readonly (Partial<RuleOptions> | undefined)[] = [
  undefined,
  ...Object.values(PRESETS).map((p) => p.rules),
];

void test('resolveMovementCodes: the outcome of adjudicateMovement on every DATC movement case that has a code form', () => {
  let cases = 0;
  const into = newMovementCodesResult();
  for (const c of loadDatcCases()) {
    if (c.phase !== 'movement') continue;
    const { position, orders } = prepareMovementCase(c);
    const rows = oc.encodeOrders(map, position.units, orders);
    if (rows.issues.length > 0) continue; // written convoy paths (4.A.6) have no code form
    for (const resolver of ['partial-information', 'guess'] as const)
      assertSame(map, position, rows.value!, undefined, c.id, into, resolver);
    cases++;
  }
  assert.ok(cases > 150, `${cases} cases`);
});

void test('resolveMovementCodes: the same outcome on 200 random midgame positions under every rule preset', () => {
  const into = newMovementCodesResult();
  for (const entry of midgameWorkload(7, 200).positions) {
    const position = workloadPosition(entry).value!;
    const orders = workloadOrders(map, entry).value!;
    const rows = oc.encodeOrders(map, position.units, orders);
    assert.deepEqual(rows.issues, []);
    for (const rules of RULES) assertSame(map, position, rows.value!, rules, `position ${entry.id}`, into);
  }
});

void test('resolveMovementCodes: random rows of every shape agree with the object adjudicator', () => {
  const next = seededRandom(11);
  const into = newMovementCodesResult();
  for (const entry of midgameWorkload(3, 60).positions) {
    const position = workloadPosition(entry).value!;
    for (let round = 0; round < 5; round++) {
      const rows = randomRows(map, position, next);
      const rules = round === 4 ? PRESETS['1982']!.rules : undefined;
      assertSame(map, position, rows, rules, `position ${entry.id} round ${round}`, into);
    }
  }
});

void test('encodeOrders: orders without a code form are named; decodeOrder and orderCodeText read rows back', () => {
  const units = [{ power: 'ENGLAND', type: 'F' as const, location: 'NTH' }];
  const r = oc.encodeOrders(map, units, [
    { power: 'ENGLAND', order: { kind: 'move', unit: { location: 'NTH' }, to: 'NWY' }, line: 1 },
    { power: 'ENGLAND', order: { kind: 'move', unit: { location: 'NTH' }, to: 'XYZ' }, line: 2 },
  ]);
  assert.equal(r.value?.length, oc.ORDER_STRIDE);
  assert.match(r.issues[0]?.message ?? '', /line 2/);
  assert.equal(oc.orderCodeText(map, r.value, 0), 'F NTH - NWY');
  assert.equal(oc.decodeOrder(map, r.value, 1), undefined);
  assert.equal(oc.orderCodeText(map, Int32Array.of(0, 42, 0, 0, 0), 0), '');
});

void test('resolveMovement takes the integer way for canonically written orders, the general way for the rest', () => {
  let fast = 0;
  for (const entry of midgameWorkload(7, 50).positions) {
    const position = workloadPosition(entry).value!;
    const orders = workloadOrders(map, entry).value!;
    if (resolveByCodes(map, position, orders, undefined, {}) !== undefined) fast++;
  }
  assert.equal(fast, 50);
  const position: Position = {
    phase: { season: 'spring', year: 1901, type: 'movement' },
    units: [{ power: 'FRANCE', type: 'A', location: 'PAR' }],
    dislodged: [],
    contested: [],
    supplyCenters: {},
  };
  const move = (o: Partial<GivenOrder>): GivenOrder => ({
    power: 'FRANCE',
    order: { kind: 'move', unit: { type: 'A', location: 'PAR' }, to: 'BUR' },
    ...o,
  });
  assert.ok(resolveByCodes(map, position, [move({})], undefined, {}));
  const general: GivenOrder[] = [
    { order: move({}).order },
    move({ order: { kind: 'move', unit: { type: 'A', location: 'PAR', power: 'FRANCE' }, to: 'BUR' } }),
    move({ order: { kind: 'move', unit: { type: 'A', location: 'PAR' }, to: 'Burgundy' } }),
    move({ order: { kind: 'disband', unit: { type: 'A', location: 'PAR' } } }),
  ];
  for (const g of general) {
    assert.equal(resolveByCodes(map, position, [g], undefined, {}), undefined, JSON.stringify(g));
    // Both ways give the same position.
    assert.deepEqual(
      adjudicateMovement(map, position, [g]).value?.position,
      resolveMovement(map, position, [g]).value,
    );
  }
});
