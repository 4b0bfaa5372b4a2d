/**
 * Bot seats over HTTP: `POST /api/games/{id}/bots` with the admin token seats dipkit's bot (problem+json for every
 * refusal), the bots order and are ready as soon as each phase begins, so a human beside six bots only waits for
 * itself and a game of seven bots plays itself to its year limit; a game with `civilDisorderBot: true` has the bot
 * order for a power that gave no orders.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { RunningServer } from '../src/index.js';
import { POWERS, call, testServer } from './helpers.js';

let server: RunningServer;

before(async () => {
  server = await testServer();
});
after(async () => {
  await server.close();
});

interface View {
  phase: string;
  status: string;
  bots: string[];
  civilDisorderBot: boolean;
  powers: { power: string; joined: boolean; ready: boolean; bot?: boolean; playedBy?: string }[];
  history?: { phase: string; orders: { power: string; text: string }[] }[];
}

async function view(id: string, history = false): Promise<View> {
  return (await call<View>(server.url, 'GET', `/api/games/${id}?history=${history}`)).body;
}

/** Polls the game until `done` holds (or fails after `ms`). */
async function until(id: string, done: (v: View) => boolean, ms = 30_000): Promise<View> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await view(id);
    if (done(v)) return v;
    if (Date.now() > end)
      assert.fail(`game ${id} never got there: ${JSON.stringify(v.powers)} at ${v.phase}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

test('POST /bots: admin only, open powers only, every refusal a problem', async () => {
  const base = server.url;
  const created = await call<{ id: string; adminToken: string }>(base, 'POST', '/api/games', {});
  const { id, adminToken } = created.body;
  const england = await call<{ token: string }>(base, 'POST', `/api/games/${id}/join`, { power: 'ENGLAND' });
  const cases: [unknown, string | undefined, number, string][] = [
    [{ powers: ['FRANCE'] }, undefined, 401, 'missing-token'],
    [{ powers: ['FRANCE'] }, 'not-a-token', 401, 'bad-token'],
    [{ powers: ['FRANCE'] }, england.body.token, 403, 'admin-only'],
    [{ powers: ['NARNIA'] }, adminToken, 422, 'unknown-power'],
    [{ powers: ['FRANCE', 'eng'] }, adminToken, 409, 'power-taken'],
    [{ powers: [] }, adminToken, 400, 'invalid-request'],
    [{ power: 'FRANCE' }, adminToken, 400, 'invalid-request'],
  ];
  for (const [body, token, status, code] of cases) {
    const r = await call<{ code: string }>(base, 'POST', `/api/games/${id}/bots`, body, token);
    assert.equal(r.status, status, JSON.stringify(r.body));
    assert.equal(r.body.code, code);
    assert.match(r.type, /application\/problem\+json/);
  }
  const missing = await call<{ code: string }>(
    base,
    'POST',
    '/api/games/nosuchgame/bots',
    { powers: ['FRANCE'] },
    adminToken,
  );
  assert.equal(missing.status, 404);
  assert.equal(missing.body.code, 'no-such-game');
  // Nothing was seated by the refused requests (the second one named a taken power: all or nothing).
  assert.deepEqual((await view(id)).bots, []);
  const ok = await call<{ bots: string[] }>(
    base,
    'POST',
    `/api/games/${id}/bots`,
    { powers: ['fra', 'GERMANY'] },
    adminToken,
  );
  assert.equal(ok.status, 200, JSON.stringify(ok.body));
  assert.deepEqual(ok.body.bots, ['FRANCE', 'GERMANY']);
  const again = await call<{ bots: string[] }>(
    base,
    'POST',
    `/api/games/${id}/bots`,
    { powers: ['FRANCE', 'ITALY'] },
    adminToken,
  );
  assert.deepEqual(again.body.bots, ['FRANCE', 'GERMANY', 'ITALY'], 'a bot seat asked again is kept');
  const v = await until(id, (g) => g.powers.filter((p) => p.bot && p.ready).length === 3);
  assert.deepEqual(
    v.powers.filter((p) => p.bot).map((p) => p.power),
    ['FRANCE', 'GERMANY', 'ITALY'],
  );
  assert.ok(v.powers.filter((p) => p.bot).every((p) => p.joined));
  // Who has each seat: the bot, England's player, nobody.
  assert.deepEqual(Object.fromEntries(v.powers.map((p) => [p.power, p.playedBy])), {
    AUSTRIA: 'nobody',
    ENGLAND: 'player',
    FRANCE: 'bot',
    GERMANY: 'bot',
    ITALY: 'bot',
    RUSSIA: 'nobody',
    TURKEY: 'nobody',
  });
  assert.equal(v.phase, 'S1901M', 'the others are not ready: nothing processed');
  const listed = await call<{ games: { id: string; openPowers: string[] }[] }>(base, 'GET', '/api/games');
  const row = listed.body.games.find((g) => g.id === id);
  assert.deepEqual(row?.openPowers, ['AUSTRIA', 'RUSSIA', 'TURKEY'], 'bot seats are not open');
});

test('a human beside six bots: the bots order at once every phase; the game goes at the human pace', async () => {
  const base = server.url;
  const created = await call<{ id: string; adminToken: string }>(base, 'POST', '/api/games', {
    maxYear: 1902,
  });
  const { id, adminToken } = created.body;
  const me = await call<{ token: string }>(base, 'POST', `/api/games/${id}/join`, { power: 'ENGLAND' });
  const others = POWERS.filter((p) => p !== 'ENGLAND');
  const seated = await call(base, 'POST', `/api/games/${id}/bots`, { powers: others }, adminToken);
  assert.equal(seated.status, 200, JSON.stringify(seated.body));
  let v = await view(id);
  for (let i = 0; i < 20 && v.status === 'active'; i++) {
    const phase = v.phase;
    await until(id, (g) => g.phase !== phase || g.powers.filter((p) => p.bot && p.ready).length === 6);
    const ready = await call(base, 'POST', `/api/games/${id}/ready`, { ready: true, phase }, me.body.token);
    assert.ok(ready.status === 200 || ready.status === 409, JSON.stringify(ready.body));
    v = await until(id, (g) => g.phase !== phase || g.status !== 'active');
  }
  assert.equal(v.status, 'draw');
  const history = (await view(id, true)).history ?? [];
  const spring = history.find((h) => h.phase === 'S1901M');
  for (const power of others) {
    const mine = spring?.orders.filter((o) => o.power === power) ?? [];
    assert.ok(mine.length >= 3, `${power} ordered every unit in S1901M: ${JSON.stringify(mine)}`);
    assert.ok(
      mine.some((o) => / - /.test(o.text)),
      `${power} moved something: ${mine.map((o) => o.text).join('; ')}`,
    );
  }
  assert.ok(
    (spring?.orders ?? []).every((o) => o.power !== 'ENGLAND'),
    'the human gave no orders: England held',
  );
});

test('seven bots play a game to its year limit by themselves', async () => {
  const base = server.url;
  const created = await call<{ id: string; adminToken: string }>(base, 'POST', '/api/games', {
    maxYear: 1903,
  });
  const { id, adminToken } = created.body;
  const seated = await call(base, 'POST', `/api/games/${id}/bots`, { powers: POWERS }, adminToken);
  assert.equal(seated.status, 200);
  const v = await until(id, (g) => g.status !== 'active', 60_000);
  assert.ok(v.status === 'draw' || v.status === 'won', v.status);
  const history = (await view(id, true)).history ?? [];
  assert.ok(history.length >= 10, `${history.length} phases`);
  assert.equal(history[0]?.phase, 'S1901M');
});

test('civilDisorderBot: a power that gave no orders is played by the bot at processing', async () => {
  const base = server.url;
  for (const civilDisorderBot of [true, undefined]) {
    const body = civilDisorderBot === undefined ? {} : { civilDisorderBot };
    const created = await call<{ id: string; adminToken: string }>(base, 'POST', '/api/games', body);
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const { id, adminToken } = created.body;
    assert.equal((await view(id)).civilDisorderBot, civilDisorderBot === true);
    const processed = await call(base, 'POST', `/api/games/${id}/process`, {}, adminToken);
    assert.equal(processed.status, 200, JSON.stringify(processed.body));
    const orders = (await view(id, true)).history?.[0]?.orders ?? [];
    if (civilDisorderBot === true) {
      assert.deepEqual([...new Set(orders.map((o) => o.power))], POWERS, 'every power ordered by the bot');
      assert.equal(orders.length, 22);
    } else assert.deepEqual(orders, [], 'without the option, nobody ordered: every unit held');
  }
  const bad = await call<{ code: string }>(base, 'POST', '/api/games', { civilDisorderBot: 'yes' });
  assert.equal(bad.status, 400);
  assert.equal(bad.body.code, 'invalid-request');
});
