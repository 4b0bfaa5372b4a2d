/**
 * GET /api/maps/{map}/art.json, what a web page fetches to draw a variant: each bundled map with art gets the
 * committed geometry file itself (read here from src/map, not from the server's code), cacheable; Pure, drawn by
 * the schematic layout, and an unknown map are 404 problems.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
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

const artFile = (id: string): URL =>
  new URL(`../../../../src/map/${id === 'standard' ? '' : 'variants/'}${id}.geometry.json`, import.meta.url);

for (const id of bundledMapIds().filter((m) => existsSync(artFile(m)))) {
  test(`${id}: its art, over HTTP, is the committed file`, async () => {
    const r = await fetch(`${server.url}/api/maps/${id}/art.json`);
    assert.equal(r.status, 200);
    assert.match(r.headers.get('content-type') ?? '', /^application\/json/);
    assert.match(r.headers.get('cache-control') ?? '', /max-age=\d+/);
    assert.deepEqual(await r.json(), JSON.parse(readFileSync(artFile(id), 'utf8')));
  });
}

test('Pure has no art (a 404 no-art problem); an unknown map is a 404 unknown-map problem', async () => {
  const pure = await call<{ code: string }>(server.url, 'GET', '/api/maps/pure/art.json');
  assert.equal(pure.status, 404);
  assert.match(pure.type, /problem\+json/);
  assert.equal(pure.body.code, 'no-art');
  const unknown = await call<{ code: string; detail: string }>(
    server.url,
    'GET',
    '/api/maps/atlantis/art.json',
  );
  assert.equal(unknown.status, 404);
  assert.equal(unknown.body.code, 'unknown-map');
  assert.match(unknown.body.detail, /standard/);
});
