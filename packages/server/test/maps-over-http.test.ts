/**
 * Every bundled map over HTTP alone: a game on each is created, every power joins, and two years (two turns of
 * the map's calendar) are played with random legal orders read from the API, submitted and marked ready with the
 * phase named: North Sea Wars' S0M, Ancient Mediterranean's S1M, Western World 901's S901M, Hundred's five-year
 * turns. The movement phases expected come from the map's data (its start year and calendar), not from the engine.
 * On PostgreSQL (scripts/with-postgres.sh) only the maps whose years are not four digits are played again.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { bundledMapIds, mapNamed, seededRandom } from 'dipkit';
import type { RunningServer } from '../src/index.js';
import { allReady, joinAll, playPhase } from './client.js';
import { ON_POSTGRES, call, testServer } from './helpers.js';

let server: RunningServer;

before(async () => {
  server = await testServer();
});
after(async () => {
  await server.close();
});

/** The movement phases of the first two turns of a map starting in `start`, then the third turn's Spring. */
function expectedMovements(
  start: number,
  calendar: { springToFall: number; fallToSpring: number },
): string[] {
  const names: string[] = [];
  let spring = start;
  for (let turn = 0; turn < 2; turn++) {
    const fall = spring + calendar.springToFall;
    names.push(`S${spring}M`, `F${fall}M`);
    spring = fall + calendar.fallToSpring;
  }
  names.push(`S${spring}M`);
  return names;
}

const EARLY_YEARS = (id: string): boolean => (mapNamed(id)?.startYear ?? 0) < 1000;

for (const mapId of bundledMapIds().filter((id) => !ON_POSTGRES || EARLY_YEARS(id))) {
  test(`${mapId}: two years played over HTTP, every route taking its phase names`, async () => {
    const map = mapNamed(mapId);
    assert.ok(map);
    const base = server.url;
    const expected = expectedMovements(map.startYear, map.rules.calendar);
    const created = await call<{ id: string; adminToken: string }>(base, 'POST', '/api/games', {
      map: mapId,
    });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const id = created.body.id;
    const seats = await joinAll(base, id, map.powers);
    const random = seededRandom(26);
    const last = expected[expected.length - 1];
    const played: string[] = [];
    let phase = '';
    for (let i = 0; i < 20; i++) {
      phase = (await call<{ phase: string }>(base, 'GET', `/api/games/${id}?history=false`)).body.phase;
      if (phase === last) break;
      const { phase: now } = await playPhase(base, id, seats, random);
      played.push(now);
      const replies = await allReady(base, id, seats, now);
      for (const r of replies) assert.ok(r.status === 200 || r.status === 409, JSON.stringify(r.body));
      assert.equal(replies.filter((r) => r.status === 200 && r.body.processed).length, 1, `${now} processed`);
    }
    assert.equal(phase, last, `reached ${last}`);
    assert.deepEqual(
      played.filter((p) => p.endsWith('M')),
      expected.slice(0, -1),
    );
    // The history, the map of a past phase and the admin's wrong-phase check take the same names.
    const view = await call<{ history: { phase: string }[] }>(base, 'GET', `/api/games/${id}`);
    assert.deepEqual(
      view.body.history.map((h) => h.phase),
      played,
    );
    const svg = await call(base, 'GET', `/api/games/${id}/map.svg?phase=${expected[0]}`);
    assert.equal(svg.status, 200, JSON.stringify(svg.body));
    assert.match(svg.type, /svg/);
    const stale = await call<{ code: string }>(
      base,
      'POST',
      `/api/games/${id}/process`,
      { phase: expected[0] },
      created.body.adminToken,
    );
    assert.equal(stale.status, 409);
    assert.equal(stale.body.code, 'wrong-phase');
  });
}
