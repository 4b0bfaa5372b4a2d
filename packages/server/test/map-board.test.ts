/**
 * GET /api/maps/{map}/board.svg, the lobby's thumbnail: every bundled map's board at the start, with each of its
 * provinces and its starting units (counted from the map's definition, neutral armies included), cacheable; an unknown map is a 404
 * problem naming the maps there are.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { bundledMapIds } from 'dipkit';
import type { RunningServer } from '../src/index.js';
import { call, testServer } from './helpers.js';

let server: RunningServer;
before(async () => {
  server = await testServer();
});
after(async () => {
  await server.close();
});

/**
 * The definition's own counts: its provinces and its starting units, with the neutral army on every neutral centre
 * of a map whose rules say so (Western World 901's `neutralArmies`).
 */
function definitionCounts(id: string): { provinces: number; units: number } {
  const dir = id === 'standard' ? '' : 'variants/';
  const url = new URL(`../../../../src/map/${dir}${id}.json`, import.meta.url);
  const def = JSON.parse(readFileSync(url, 'utf8')) as {
    provinces: { supplyCenter?: boolean; home?: string }[];
    startingUnits: unknown[];
    rules?: { neutralArmies?: boolean };
  };
  const neutral = def.provinces.filter((p) => p.supplyCenter === true && p.home === undefined).length;
  const units = def.startingUnits.length + (def.rules?.neutralArmies === true ? neutral : 0);
  return { provinces: def.provinces.length, units };
}

for (const id of bundledMapIds()) {
  test(`${id}: the board at the start, over HTTP`, async () => {
    const r = await fetch(`${server.url}/api/maps/${id}/board.svg`);
    assert.equal(r.status, 200);
    assert.match(r.headers.get('content-type') ?? '', /^image\/svg\+xml/);
    assert.match(r.headers.get('cache-control') ?? '', /max-age=\d+/);
    const svg = await r.text();
    const expected = definitionCounts(id);
    const provinces = new Set(
      [...svg.matchAll(/class="province[^"]*" data-province="([^"]+)"/g)].map((m) => m[1]),
    );
    assert.equal(provinces.size, expected.provinces);
    assert.equal([...svg.matchAll(/<g class="unit (?:army|fleet)"/g)].length, expected.units);
  });
}

test('an unknown map is a 404 problem naming the maps', async () => {
  const r = await call<{ code: string; detail: string }>(server.url, 'GET', '/api/maps/atlantis/board.svg');
  assert.equal(r.status, 404);
  assert.match(r.type, /problem\+json/);
  assert.equal(r.body.code, 'unknown-map');
  assert.match(r.body.detail, /standard/);
});
