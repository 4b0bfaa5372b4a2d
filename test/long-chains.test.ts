/**
 * Moves far longer than the solver's recursion bound (resolver.ts, MAX_DEPTH), on a generated map of land
 * provinces: a chain of armies, each moving where the next one leaves, and a circle of them (circular movement,
 * DATC 6.C.1). Every army moves one step. The solver unwinds a chain at the bound and resumes from its deepest
 * decision; a circle longer than the bound is seen as a circle only once the bound is lifted. Part of the tests
 * StrykerJS runs (mutation.test.ts).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { adjudicateMovement } from '../src/adjudication/movement/adjudicate.js';
import { MAX_DEPTH } from '../src/adjudication/movement/resolver.js';
import type { GivenOrder } from '../src/orders/types.js';
import type { Position } from '../src/position/types.js';
import { gridMap } from '../bench/mapgen.js';

// A square of land provinces P0, P1, ... row by row, of an even width and more than 2 * MAX_DEPTH provinces,
// and a ring through all of them: along the top row, in a snake over the other rows leaving out the first column,
// and back up the first column.
const width = 2 * Math.ceil(Math.sqrt(2 * MAX_DEPTH + 1) / 2);
const map = gridMap(width * width, 1, 0);
const at = (x: number, y: number): string => `P${y * width + x}`;
const ring: string[] = [];
for (let x = 0; x < width; x++) ring.push(at(x, 0));
for (let y = 1; y < width; y++) for (let i = 1; i < width; i++) ring.push(at(y % 2 === 1 ? width - i : i, y));
for (let y = width - 1; y > 0; y--) ring.push(at(0, y));

/** Armies on `from[i]`, each ordered to `to[i]`; where they end and the outcome of each order. */
function moveAll(from: string[], to: string[]): { ends: string[]; outcomes: string[] } {
  const position: Position = {
    phase: { season: 'spring', year: 1901, type: 'movement' },
    units: from.map((location) => ({ power: 'POWER0', type: 'A', location })),
    dislodged: [],
    contested: [],
    supplyCenters: {},
  };
  const orders: GivenOrder[] = from.map((location, i) => ({
    power: 'POWER0',
    order: { kind: 'move', unit: { location }, to: to[i]! },
  }));
  const result = adjudicateMovement(map, position, orders);
  assert.deepEqual(result.issues, []);
  return {
    ends: result.value!.position.units.map((u) => u.location),
    outcomes: result.value!.orders.map((o) => `${o.resolution} ${o.reason.code}`),
  };
}

void test('a chain of moves more than twice MAX_DEPTH long: every army moves on', () => {
  assert.equal(new Set(ring).size, width * width);
  assert.ok(ring.length > 2 * MAX_DEPTH);
  const from = ring.slice(0, -1);
  const to = ring.slice(1);
  const { ends, outcomes } = moveAll(from, to);
  assert.deepEqual(ends, to);
  assert.deepEqual(new Set(outcomes), new Set(['succeeds moved']));
});

void test('a circle of moves longer than MAX_DEPTH: circular movement, every army moves on', () => {
  const to = [...ring.slice(1), ring[0]!];
  const { ends, outcomes } = moveAll(ring, to);
  assert.deepEqual(ends, to);
  assert.deepEqual(new Set(outcomes), new Set(['succeeds circular-movement']));
});
