/**
 * Moves far longer than the solver's recursion bound (resolver.ts, MAX_DEPTH), on generated maps of land
 * provinces: a chain of armies, each moving where the next one leaves, and a circle of them (circular movement,
 * DATC 6.C.1). Every army moves one step. The solver unwinds a chain at the bound and resumes from its deepest
 * decision; a circle longer than the bound is seen as a circle only once the bound is lifted. Part of the tests
 * StrykerJS runs (mutation.test.ts).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { adjudicateMovement, type ResolverName } from '../src/adjudication/movement/adjudicate.js';
import { MAX_DEPTH } from '../src/adjudication/movement/resolver.js';
import type { GameMap } from '../src/map/types.js';
import type { GivenOrder } from '../src/orders/types.js';
import type { Position } from '../src/position/types.js';
import { gridMap } from '../bench/mapgen.js';

/**
 * A square of land provinces P0, P1, ... row by row, of an even width, and a ring through all of them: along the
 * top row, in a snake over the other rows leaving out the first column, and back up the first column.
 */
function square(width: number): { map: GameMap; ring: string[] } {
  const at = (x: number, y: number): string => `P${y * width + x}`;
  const ring: string[] = [];
  for (let x = 0; x < width; x++) ring.push(at(x, 0));
  for (let y = 1; y < width; y++)
    for (let i = 1; i < width; i++) ring.push(at(y % 2 === 1 ? width - i : i, y));
  for (let y = width - 1; y > 0; y--) ring.push(at(0, y));
  assert.equal(new Set(ring).size, width * width);
  return { map: gridMap(width * width, 1, 0), ring };
}

/** Armies on `from[i]`, each ordered to `to[i]`; where they end and the outcome of each order. */
function moveAll(
  map: GameMap,
  from: string[],
  to: string[],
  resolver: ResolverName,
): { ends: string[]; outcomes: string[] } {
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
  const result = adjudicateMovement(map, position, orders, undefined, { resolver });
  assert.deepEqual(result.issues, []);
  return {
    ends: result.value!.position.units.map((u) => u.location),
    outcomes: result.value!.orders.map((o) => `${o.resolution} ${o.reason.code}`),
  };
}

// Both solvers bound their recursion the same way: the default one (DATC 5.E) and the guess algorithm (5.F).
for (const resolver of ['partial-information', 'guess'] as const) {
  // A chain this long would overflow the stack if the recursion were not bounded (or the bound lifted too soon).
  void test(`a chain of moves more than eight times MAX_DEPTH long: every army moves on (${resolver})`, () => {
    const { map, ring } = square(48);
    assert.ok(ring.length > 8 * MAX_DEPTH);
    const from = ring.slice(0, -1);
    const to = ring.slice(1);
    const { ends, outcomes } = moveAll(map, from, to, resolver);
    assert.deepEqual(ends, to);
    assert.deepEqual(new Set(outcomes), new Set(['succeeds moved']));
  });

  // Nothing of one adjudication may steer the next on the same map (the solver's scratch is reused): the long chain,
  // then the same chain with its units and orders renumbered so that the army that was 2048th comes first.
  void test(`two long chains one after the other on one map: every army moves on both times (${resolver})`, () => {
    const { map, ring } = square(48);
    const from = ring.slice(0, -1);
    const to = ring.slice(1);
    assert.deepEqual(moveAll(map, from, to, resolver).ends, to);
    const rotate = (list: string[]): string[] => [...list.slice(2048), ...list.slice(0, 2048)];
    const { ends, outcomes } = moveAll(map, rotate(from), rotate(to), resolver);
    assert.deepEqual(ends, rotate(to));
    assert.deepEqual(new Set(outcomes), new Set(['succeeds moved']));
  });

  // A circle is seen as one only with all of it on the stack: longer than MAX_DEPTH, but not so long as to overflow.
  void test(`a circle of moves more than twice MAX_DEPTH long: circular movement, every army moves on (${resolver})`, () => {
    const { map, ring } = square(24);
    assert.ok(ring.length > 2 * MAX_DEPTH);
    const to = [...ring.slice(1), ring[0]!];
    const { ends, outcomes } = moveAll(map, ring, to, resolver);
    assert.deepEqual(ends, to);
    assert.deepEqual(new Set(outcomes), new Set(['succeeds circular-movement']));
  });
}
