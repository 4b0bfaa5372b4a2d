/**
 * The lean entry point `resolveMovement` gives the very position `adjudicateMovement` writes, and the solver's
 * bounded recursion (resolver.ts, MAX_DEPTH) settles chains of moves far longer than the stack would allow.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { standardMap } from '../src/map/compile.js';
import {
  adjudicateMovement,
  resolveMovement,
  type ResolverName,
} from '../src/adjudication/movement/adjudicate.js';
import { MAX_DEPTH } from '../src/adjudication/movement/resolver.js';
import { PRESETS } from '../src/adjudication/rules.js';
import { workloadOrders, workloadPosition } from '../src/formats/workload.js';
import { loadDatcCases, prepareMovementCase } from './datc-harness.js';
import { midgameWorkload } from '../bench/generate.js';
import { chainPosition, gridMap, scalingPosition } from '../bench/mapgen.js';

const map = standardMap();
const RESOLVERS: readonly ResolverName[] = ['partial-information', 'guess'];

void test('resolveMovement: the same position as adjudicateMovement on every DATC movement case', () => {
  let cases = 0;
  for (const c of loadDatcCases()) {
    if (c.phase !== 'movement') continue;
    const { position, orders } = prepareMovementCase(c);
    for (const resolver of RESOLVERS) {
      const full = adjudicateMovement(map, position, orders, undefined, { resolver });
      const lean = resolveMovement(map, position, orders, undefined, { resolver });
      assert.deepStrictEqual(lean.value, full.value?.position, c.id);
    }
    cases++;
  }
  assert.ok(cases > 150);
});

void test('resolveMovement: the same position on 200 random midgame positions, under several rule presets', () => {
  const rules = [undefined, ...Object.values(PRESETS).map((p) => p.rules)];
  for (const entry of midgameWorkload(7, 200).positions) {
    const position = workloadPosition(entry).value!;
    const orders = workloadOrders(map, entry).value!;
    for (const r of rules) {
      const full = adjudicateMovement(map, position, orders, r);
      assert.deepStrictEqual(resolveMovement(map, position, orders, r).value, full.value?.position);
    }
  }
});

void test('a chain of moves 40 times MAX_DEPTH long resolves with both solvers (no stack overflow)', () => {
  const grid = gridMap(MAX_DEPTH * 40, 1, 0);
  const entry = chainPosition(grid);
  const position = workloadPosition(entry).value!;
  const orders = workloadOrders(grid, entry).value!;
  assert.ok(position.units.length > MAX_DEPTH * 30);
  for (const resolver of RESOLVERS) {
    const after = resolveMovement(grid, position, orders, undefined, { resolver }).value!;
    // Every army moves one step along the path.
    assert.equal(after.units.length, position.units.length);
    assert.equal(after.dislodged.length, 0);
    const before = new Set(position.units.map((u) => u.location));
    const moved = after.units.filter((u) => !before.has(u.location));
    assert.equal(moved.length, 1, 'exactly one army enters the empty end of the path');
  }
});

void test('a generated map of 5,000 provinces: both solvers agree', () => {
  const grid = gridMap(5000);
  const entry = scalingPosition(grid, 3);
  const position = workloadPosition(entry).value!;
  const orders = workloadOrders(grid, entry).value!;
  const [a, b] = RESOLVERS.map((resolver) =>
    resolveMovement(grid, position, orders, undefined, { resolver }),
  );
  assert.deepStrictEqual(a, b);
});
