/**
 * The integer form against the object form: `resolveMovementCodes` must give the outcome `adjudicateMovement`
 * gives for the same orders (the rows decoded). Shared by test/codes.test.ts (many random positions) and
 * test/codes-cases.test.ts (a small fixed set, fast enough to run once per mutant).
 */
import assert from 'node:assert/strict';
import { adjudicateMovement, type ResolverName } from '../src/adjudication/movement/adjudicate.js';
import { resolveMovementCodes, type MovementCodesResult } from '../src/adjudication/movement/codes.js';
import type { RuleOptions } from '../src/adjudication/rules.js';
import * as oc from '../src/orders/codes.js';
import type { GameMap } from '../src/map/types.js';
import type { GivenOrder } from '../src/orders/types.js';
import type { Position } from '../src/position/types.js';

/**
 * Compares the integer outcome with the object one for the same orders (the rows decoded): where each unit ends,
 * who is dislodged from where and by convoy or not, the contested provinces, and which rows count.
 */
export function assertSame(
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
  assert.deepEqual(got.issues, [], what);
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
  // A row that is no well-formed order (an unknown power, kind, unit key or place) orders nothing.
  for (let i = 0; i < rows.length / oc.ORDER_STRIDE; i++)
    if (!rowOf.includes(i)) assert.equal(r.counted[i], 0, `${what}: row ${i} is no order`);
}

/**
 * One random row per unit of `position`, of every shape: mostly the unit's own power and exact key, sometimes
 * another power, a bad key or a stray kind, any other unit or a bad key as the unit supported or convoyed, any
 * destination; now and then a second order to the same unit (4.D.3).
 */
export function randomRows(m: GameMap, position: Position, next: () => number): Int32Array {
  const L = m.locationCount;
  const units = oc.encodeUnits(m, position.units).value!;
  const keys = Array.from({ length: units.length / 2 }, (_, u) => units[u * 2 + 1]!);
  const rows: number[] = [];
  for (let u = 0; u < keys.length; u++) {
    const power = next() < 0.9 ? units[u * 2]! : Math.floor(next() * 8) - 1;
    const self = next() < 0.95 ? keys[u]! : Math.floor(next() * 2 * L);
    const kind = Math.floor(next() * 10);
    const other = next() < 0.8 ? keys[Math.floor(next() * keys.length)]! : Math.floor(next() * 2 * L) - 1;
    const to = Math.floor(next() * L);
    rows.push(power, kind, self, other, to);
    if (next() < 0.03) rows.push(power, oc.HOLD, self, -1, -1);
  }
  return Int32Array.from(rows);
}
