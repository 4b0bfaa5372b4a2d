/**
 * Several processes changing one game file at once, as seven bots do: every `dipkit game orders` that
 * reports success has its orders in the file afterwards, and none is lost; `game process` running among them
 * takes exactly the orders that were accepted before it.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { dipkit, dipkitAsync, tempDir } from './cli-run.js';

/** Each power's opening, as the README's examples/opening.txt gives it (one move per unit). */
const OPENINGS: Readonly<Record<string, readonly string[]>> = {
  ENGLAND: ['F LON - ENG', 'F EDI - NTH', 'A LVP - YOR'],
  FRANCE: ['A PAR - BUR', 'F BRE - MAO', 'A MAR H'],
  GERMANY: ['A BER - KIE', 'F KIE - DEN', 'A MUN - RUH'],
  ITALY: ['A VEN H', 'A ROM - APU', 'F NAP - ION'],
  AUSTRIA: ['A VIE - GAL', 'A BUD - SER', 'F TRI - ALB'],
  RUSSIA: ['A MOS - UKR', 'F SEV - BLA', 'A WAR H', 'F STP/SC - BOT'],
  TURKEY: ['F ANK - BLA', 'A CON - BUL', 'A SMY H'],
};

interface GameFile {
  phase: string;
  orders: { power: string; text: string }[];
  history: { phase: string; orders: { power: string; text: string }[] }[];
}

const ordersOf = (list: readonly { power: string; text: string }[], power: string): string[] =>
  list
    .filter((o) => o.power === power)
    .map((o) => o.text)
    .sort();

void test('seven parallel "game orders", 20 times: every power\'s orders are in the file every time', async (t) => {
  const dir = tempDir(t);
  for (let round = 0; round < 20; round++) {
    const file = join(dir, `g${round}.json`);
    assert.equal(dipkit('game', 'new', file).status, 0);
    const runs = await Promise.all(
      Object.entries(OPENINGS).map(([power, orders]) =>
        dipkitAsync(['game', 'orders', file, power, ...orders, '--phase', 'S1901M']),
      ),
    );
    for (const r of runs) assert.equal(r.status, 0, r.stderr);
    const game = JSON.parse(readFileSync(file, 'utf8')) as GameFile;
    for (const [power, orders] of Object.entries(OPENINGS)) {
      assert.deepEqual(ordersOf(game.orders, power), [...orders].sort(), `round ${round}, ${power}`);
    }
  }
});

void test('"game process" among parallel "game orders": it plays exactly the orders accepted before it', async (t) => {
  const dir = tempDir(t);
  for (let round = 0; round < 5; round++) {
    const file = join(dir, `p${round}.json`);
    assert.equal(dipkit('game', 'new', file).status, 0);
    const powers = Object.keys(OPENINGS);
    const runs = await Promise.all([
      ...powers.map((power) =>
        dipkitAsync(['game', 'orders', file, power, ...(OPENINGS[power] ?? []), '--phase', 'S1901M']),
      ),
      dipkitAsync(['game', 'process', file, '--phase', 'S1901M']),
    ]);
    const processed = runs[powers.length];
    assert.equal(processed?.status, 0, processed?.stderr);
    const game = JSON.parse(readFileSync(file, 'utf8')) as GameFile;
    assert.equal(game.history[0]?.phase, 'S1901M');
    const played = game.history[0]?.orders ?? [];
    powers.forEach((power, k) => {
      const r = runs[k];
      const accepted = r?.status === 0;
      // Accepted: in the phase played (or still waiting in the current phase); refused (the phase moved on):
      // nowhere, and the refusal says so.
      if (accepted) assert.deepEqual(ordersOf(played, power), [...(OPENINGS[power] ?? [])].sort(), power);
      else {
        assert.match(r?.stderr ?? '', /wrong-phase/, power);
        assert.deepEqual(ordersOf(played, power), [], power);
      }
      assert.deepEqual(ordersOf(game.orders, power), [], power);
    });
  }
});
