/**
 * Self-play at a fixed seed: random players play three whole games (to 1920) and one to a victory at 10 centres through the game API, with every
 * invariant of test/oracle/selfplay.ts checked after every phase. `npm run verify -- --games N` plays more.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { standardMap } from '../src/map/compile.js';
import { playAndCheck } from './oracle/selfplay.js';

const map = standardMap();

for (const seed of [11, 12, 13]) {
  test(`self-play game ${seed}: every phase keeps the invariants`, () => {
    const report = playAndCheck(map, seed, { maxYear: 1920, oracleGroup: 8 });
    assert.deepEqual(report.violations, []);
    assert.ok(report.phases >= 20, `only ${report.phases} phases`);
    assert.ok(report.orders > 200, `only ${report.orders} orders`);
    assert.ok(report.oracleGroups > 50, `only ${report.oracleGroups} oracle groups`);
  });
}

test('self-play game 14, won at 10 centres: every phase keeps the invariants, the winner owns 10 centres', () => {
  const report = playAndCheck(map, 14, { maxYear: 1930, victoryCenters: 10 });
  assert.deepEqual(report.violations, []);
  assert.equal(report.status, 'won');
});
