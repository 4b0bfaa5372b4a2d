/**
 * What the server waits for before it processes a phase early: the powers with something to order. Western World
 * 901's neutral armies take no order, so a phase never waits for them.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { bundledMap, newGame } from 'dipkit';
import { powersToOrder } from '../src/rows.js';

test('the neutral units of Western World 901 are not a power to wait for', () => {
  const map = bundledMap('westernworld901');
  assert.ok(map);
  const position = newGame(map).position;
  assert.ok(position.units.some((u) => u.power === 'NEUTRAL'));
  assert.deepEqual([...powersToOrder(map, position)].sort(), [...map.powers].sort());
});
