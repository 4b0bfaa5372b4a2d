/**
 * A whole game over HTTP only: seven clients join, each plays random legal orders read from the API, every phase
 * is processed when the last power marks ready, until the year limit. The exported game (MILA/dipcc JSON and
 * dipkit JSON) must replay with `dipkit replay` without a failure, and every order a client had accepted must be
 * in the history of its phase.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { seededRandom } from 'dipkit';
import type { RunningServer } from '../src/index.js';
import { allReady, joinAll, playPhase } from './client.js';
import { CLI, POWERS, call, testServer } from './helpers.js';

let server: RunningServer;
let dir: string;

before(async () => {
  server = await testServer();
  dir = mkdtempSync(join(tmpdir(), 'dipkit-game-'));
});
after(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

test('seven HTTP clients play to the year limit; the export replays', async () => {
  const base = server.url;
  const created = await call<{ id: string }>(base, 'POST', '/api/games', { map: 'standard', maxYear: 1905 });
  const id = created.body.id;
  const seats = await joinAll(base, id, POWERS);
  const random = seededRandom(12);
  const accepted = new Map<string, Map<string, string[]>>();
  let status = 'active';
  for (let i = 0; i < 100 && status === 'active'; i++) {
    const played = await playPhase(base, id, seats, random);
    accepted.set(played.phase, played.accepted);
    const replies = await allReady(base, id, seats, played.phase);
    // Powers with nothing to order may find the phase already processed by the others' readiness.
    for (const r of replies) assert.ok(r.status === 200 || r.status === 409, JSON.stringify(r.body));
    assert.equal(replies.filter((r) => r.status === 200 && r.body.processed).length, 1, 'processed once');
    status = (await call<{ status: string }>(base, 'GET', `/api/games/${id}?history=false`)).body.status;
  }
  assert.equal(status, 'draw');
  const view = await call<{
    phase: string;
    history: { phase: string; orders: { power: string; text: string }[] }[];
  }>(base, 'GET', `/api/games/${id}`);
  assert.equal(view.body.phase, 'S1906M');
  assert.deepEqual(
    view.body.history.map((h) => h.phase),
    [...accepted.keys()],
  );
  for (const h of view.body.history) {
    for (const power of POWERS) {
      assert.deepEqual(
        h.orders.filter((o) => o.power === power).map((o) => o.text),
        accepted.get(h.phase)?.get(power) ?? [],
        `${h.phase} ${power}`,
      );
    }
  }
  const count = await server.db.query<{ n: number; names: number }>(
    'SELECT count(*)::int AS n, count(DISTINCT name)::int AS names FROM phases WHERE game_id = $1',
    [id],
  );
  assert.deepEqual(count.rows[0], { n: accepted.size, names: accepted.size });
  for (const format of ['mila', 'dipkit']) {
    const exported = await call(base, 'GET', `/api/games/${id}/export?format=${format}`);
    const file = join(dir, `game-${format}.json`);
    writeFileSync(file, JSON.stringify(exported.body));
    const out = execFileSync(process.execPath, [CLI, 'replay', file], { encoding: 'utf8' });
    assert.match(out, new RegExp(`^${accepted.size} passed, 0 failed$`, 'm'), out);
  }
});
