/**
 * The integer form (src/orders/codes.ts, src/adjudication/movement/codes.ts): `resolveMovementCodes` gives the
 * outcome `adjudicateMovement` gives for the same orders as objects — on every DATC movement case, on random
 * midgame positions under every rule preset, and on random rows of every shape (where the integer checks of the
 * common orders must agree with `checkMovementOrder`).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { standardMap } from '../src/map/compile.js';
import {
  adjudicateMovement,
  resolveMovement,
  type ResolverName,
} from '../src/adjudication/movement/adjudicate.js';
import {
  newMovementCodesResult,
  resolveByCodes,
  resolveMovementCodes,
  type MovementCodesResult,
} from '../src/adjudication/movement/codes.js';
import { PRESETS, type RuleOptions } from '../src/adjudication/rules.js';
import * as oc from '../src/orders/codes.js';
import { workloadOrders, workloadPosition } from '../src/formats/workload.js';
import type { GameMap } from '../src/map/types.js';
import type { GivenOrder } from '../src/orders/types.js';
import type { Position } from '../src/position/types.js';
import { loadDatcCases, prepareMovementCase } from './datc-harness.js';
import { midgameWorkload } from '../bench/generate.js';
import { seededRandom } from '../src/selfplay/random-player.js';

const map = standardMap();
const RULES: readonly (Partial<RuleOptions> | undefined)[] = [
  undefined,
  ...Object.values(PRESETS).map((p) => p.rules),
];

/**
 * Compares the integer outcome with the object one for the same orders (the rows decoded): where each unit ends,
 * who is dislodged from where and by convoy or not, the contested provinces, and which rows count.
 */
function assertSame(
  m: GameMap,
  position: Position,
  rows: Int32Array,
  rules: Partial<RuleOptions> | undefined,
  what: string,
  into?: MovementCodesResult,
  resolver?: ResolverName,
): void {
  const units = oc.encodeUnits(m, position.units).value!;
  const engine = resolver === undefined ? {} : { resolver };
  const got = resolveMovementCodes(m, units, rows, rules, into, engine);
  assert.ok(got.value, `${what}: ${got.issues.map((i) => i.message).join('; ')}`);
  const decoded: GivenOrder[] = [];
  const rowOf: number[] = [];
  for (let i = 0; i < rows.length / oc.ORDER_STRIDE; i++) {
    const g = oc.decodeOrder(m, rows, i);
    if (g === undefined) continue;
    decoded.push(g);
    rowOf.push(i);
  }
  const full = adjudicateMovement(m, position, decoded, rules, engine).value!;
  const r = got.value;
  assert.equal(r.unitCount, position.units.length, what);
  for (let u = 0; u < r.unitCount; u++) {
    const unit = full.units[u]!;
    assert.equal(m.locationCode[r.location[u]!], unit.location, `${what}: unit ${u} ends at`);
    const from = r.dislodgedFrom[u] === -1 ? undefined : m.locationCode[r.dislodgedFrom[u]!];
    assert.equal(from, unit.dislodged?.from, `${what}: unit ${u} dislodged from`);
    assert.equal(r.byConvoy[u] === 1, unit.dislodged?.byConvoy === true, `${what}: by convoy`);
  }
  const contested = [...r.contested].flatMap((c, p) => (c ? [m.locationCode[p]!] : []));
  assert.deepEqual(contested.sort(), [...full.position.contested].sort(), `${what}: contested`);
  full.orders.forEach((o, k) => {
    const counted = o.resolution !== 'illegal';
    assert.equal(r.counted[rowOf[k]!] === 1, counted, `${what}: row ${rowOf[k]} (${o.resolution})`);
  });
}

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
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)]!;
  const L = map.locationCount;
  const into = newMovementCodesResult();
  for (const entry of midgameWorkload(3, 60).positions) {
    const position = workloadPosition(entry).value!;
    const units = oc.encodeUnits(map, position.units).value!;
    const keys = Array.from({ length: units.length / 2 }, (_, u) => units[u * 2 + 1]!);
    for (let round = 0; round < 5; round++) {
      const rows: number[] = [];
      for (let u = 0; u < keys.length; u++) {
        // Mostly the unit's own power and exact key; sometimes another power, a bad key or a stray kind.
        const power = next() < 0.9 ? units[u * 2]! : Math.floor(next() * 8) - 1;
        const self = next() < 0.95 ? keys[u]! : Math.floor(next() * 2 * L);
        const kind = Math.floor(next() * 10);
        const other = next() < 0.8 ? pick(keys) : Math.floor(next() * 2 * L) - 1;
        const to = Math.floor(next() * L);
        rows.push(power, kind, self, other, to);
        if (next() < 0.03) rows.push(power, oc.HOLD, self, -1, -1); // a second order to the same unit (4.D.3)
      }
      const rules = round === 4 ? PRESETS['1982']!.rules : undefined;
      assertSame(map, position, Int32Array.from(rows), rules, `position ${entry.id} round ${round}`, into);
    }
  }
});

void test('resolveMovementCodes: an impossible position or malformed arrays give issues; bad rows only hold', () => {
  const L = map.locationCount;
  const par = map.locationCode.indexOf('PAR');
  const bur = map.locationCode.indexOf('BUR');
  const nth = map.locationCode.indexOf('NTH');
  const cases: [Int32Array, string][] = [
    [Int32Array.of(0, par, 1, par), 'two-units-in-province'],
    [Int32Array.of(0, nth), 'army-at-sea'],
    [Int32Array.of(0, L + par), 'fleet-inland'],
    [Int32Array.of(99, par), 'unknown-power'],
    [Int32Array.of(0, 5 * L), 'unknown-location'],
    [Int32Array.of(0), 'bad-codes'],
  ];
  for (const [units, code] of cases) {
    const r = resolveMovementCodes(map, units, new Int32Array(0));
    assert.equal(r.value, undefined);
    assert.equal(r.issues[0]?.code, code);
  }
  const ok = resolveMovementCodes(
    map,
    Int32Array.of(0, par),
    Int32Array.of(0, oc.MOVE, par, -1, 9999, 0, 42, par, 7, 7),
  );
  assert.equal(ok.value?.location[0], par);
  assert.deepEqual([...ok.value.counted.subarray(0, 2)], [0, 0]);
  const moves = resolveMovementCodes(map, Int32Array.of(0, par), Int32Array.of(0, oc.MOVE, par, -1, bur));
  assert.equal(moves.value?.location[0], bur);
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
