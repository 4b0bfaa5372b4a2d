/**
 * The parser's fast path for machine-written MILA lines (src/orders/fast-path.ts, `fastOrder`) gives exactly what the
 * grammar gives: the same orders, with the fields in the same order. A line with a trailing space never takes the
 * fast path, so each line is compared with itself plus a space.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { standardMap } from '../src/map/compile.js';
import { parseOrder, parseOrders } from '../src/orders/parse.js';
import { legalOrders } from '../src/legal/enumerate.js';
import { playRandomGame } from '../src/selfplay/random-player.js';

const map = standardMap();

function same(line: string): void {
  const fast = parseOrder(map, line);
  const slow = parseOrder(map, `${line} `);
  assert.deepStrictEqual(fast, slow, line);
  assert.equal(JSON.stringify(fast), JSON.stringify(slow), line);
}

void test('fast path: every legal order of every phase of a random game reads as the grammar reads it', () => {
  const game = playRandomGame(map, { seed: 11, maxYear: 1912 });
  let lines = 0;
  for (const record of game.history) {
    for (const o of legalOrders(map, record.position)) {
      same(o.text);
      lines++;
    }
    for (const o of record.orders) same(o.text);
  }
  assert.ok(lines > 5000, `${lines} lines`);
});

void test('fast path: near misses go the general way and still read the same', () => {
  for (const line of [
    'WAIVE',
    'A PAR H',
    'A PAR - BUR',
    'A LON - NWY VIA',
    'F SPA/NC - MAO',
    'F MAO - SPA/SC',
    'A MUN S A BUR',
    'A MUN S A BUR H',
    'A MUN S A BUR - MAR',
    'F NTH C A LON - NWY',
    'F BLA R SEV',
    'A MUN D',
    'F STP/SC B',
    'a par - bur',
    'A PAR  - BUR',
    'A PAR - BUR VIA CONVOY',
    'A PAR - BUR - PIC',
    'A SPA/NC H',
    'F SPA/XC - MAO',
    'X PAR H',
    'A PAR Z',
    'A PAR S A BUR - ',
    'A PAR C A BUR',
    'ENGLAND: F LON - NTH',
  ])
    same(line);
  // Unknown codes fall through to the grammar, which reports them.
  assert.deepEqual(parseOrder(map, 'A XYZ - BUR').issues.length, 1);
  assert.deepEqual(parseOrders(map, 'ENGLAND:\nF LON - NTH').value, [
    { power: 'ENGLAND', order: { kind: 'move', unit: { location: 'LON', type: 'F' }, to: 'NTH' }, line: 2 },
  ]);
});
