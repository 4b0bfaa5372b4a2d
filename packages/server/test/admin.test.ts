/**
 * Defaults that finish games and the creator's controls: a game created with nothing said gets the DATC rules,
 * deadlines per phase type and a year limit; the admin token pauses, resumes, extends the deadline and ends the
 * game as a draw; powers nobody joined hold the game up only until a deadline passes (or never, when the creator
 * chose civil disorder at creation). Also the API's "did you mean" for a mistyped province.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { call, snapshot, sharedServer, type Reply } from './helpers.js';

const shared = sharedServer();

type Created = { id: string; adminToken: string };
type Control = { status: string; phase: string; paused: boolean; deadline: string | null };

async function newGame(body: Record<string, unknown> = {}): Promise<Created> {
  const r = await call<Created>(shared.base, 'POST', '/api/games', body);
  assert.equal(r.status, 201, JSON.stringify(r.body));
  return r.body;
}

async function join(id: string, power: string): Promise<string> {
  const r = await call<{ token: string }>(shared.base, 'POST', `/api/games/${id}/join`, { power });
  assert.equal(r.status, 200, JSON.stringify(r.body));
  return r.body.token;
}

/** A power says it is ready; whether the phase was processed, and the phase now. */
async function ready(
  id: string,
  token: string,
): Promise<Reply<{ processed: boolean; currentPhase: string }>> {
  return call(shared.base, 'POST', `/api/games/${id}/ready`, { ready: true }, token);
}

async function view(id: string): Promise<Record<string, unknown>> {
  return (await call(shared.base, 'GET', `/api/games/${id}?history=false`)).body;
}

function assertProblem(r: Reply<unknown>, status: number, code: string): void {
  assert.equal(r.status, status, JSON.stringify(r.body));
  assert.match(r.type, /^application\/problem\+json/);
  assert.equal((r.body as { code: string }).code, code);
}

/** Seconds from now to an ISO time. */
function secondsUntil(iso: unknown): number {
  return (Date.parse(String(iso)) - Date.now()) / 1000;
}

async function waitForPhase(id: string, phase: string): Promise<void> {
  for (let i = 0; i < 80; i++) {
    if ((await view(id))['phase'] === phase) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  assert.fail(`game ${id} never reached ${phase}`);
}

describe('defaults', () => {
  test('a game created with nothing said: DATC rules, 24 h / 12 h deadlines, year limit 1920', async () => {
    const g = await newGame();
    const v = await view(g.id);
    assert.equal(v['preset'], 'datc');
    assert.deepEqual(v['rules'], []);
    assert.deepEqual(v['deadlines'], { movement: 86_400, retreat: 43_200, adjustment: 43_200 });
    assert.equal(v['maxYear'], 1920);
    assert.equal(v['victoryCenters'], 18);
    assert.equal(v['civilDisorder'], false);
    assert.equal(v['paused'], false);
    assert.ok(Math.abs(secondsUntil(v['deadline']) - 86_400) < 120, String(v['deadline']));
    const listed = await call<{ games: Record<string, unknown>[] }>(shared.base, 'GET', '/api/games');
    const row = listed.body.games.find((x) => x['id'] === g.id)!;
    assert.equal(row['preset'], 'datc');
    assert.equal(row['maxYear'], 1920);
    assert.equal(row['victoryCenters'], 18);
    assert.deepEqual(row['deadlines'], { movement: 86_400, retreat: 43_200, adjustment: 43_200 });
  });

  test("the year limit counts twenty years by the map's calendar; null deadlines mean none", async () => {
    // Hundred plays S1425M, F1430M, S1435M, ...: its twentieth Fall is 1620.
    const hundred = await newGame({ map: 'hundred', deadlines: null });
    const v = await view(hundred.id);
    assert.equal(v['maxYear'], 1620);
    assert.equal(v['deadlines'], null);
    assert.equal(v['deadline'], null);
    const chosen = await newGame({ rules: '1982', maxYear: 1905 });
    assert.equal((await view(chosen.id))['preset'], '1982');
    assert.equal((await view(chosen.id))['maxYear'], 1905);
  });

  test('a game left to run ends at its default year limit, drawn, after the 1920 phases', async () => {
    const g = await newGame();
    let last = '';
    for (let i = 0; i < 200; i++) {
      const r = await call<{ processed: string; status: string }>(
        shared.base,
        'POST',
        `/api/games/${g.id}/process`,
        {},
        g.adminToken,
      );
      assert.equal(r.status, 200, JSON.stringify(r.body));
      last = r.body.processed;
      if (r.body.status !== 'active') {
        assert.equal(r.body.status, 'draw');
        break;
      }
    }
    // Nobody orders, nobody changes a centre: no adjustment phase, so the last phase is the Fall of 1920.
    assert.equal(last, 'F1920M');
    assert.equal((await view(g.id))['status'], 'draw');
  });
});

describe('civil disorder', () => {
  test('unjoined powers hold a game up until a deadline passes, and never after', async () => {
    const g = await newGame({ deadlines: { movement: 1, retreat: 1, adjustment: 1 } });
    const france = await join(g.id, 'FRANCE');
    const first = await ready(g.id, france);
    assert.equal(first.body.processed, false, 'six powers nobody joined are still awaited');
    await waitForPhase(g.id, 'F1901M');
    const v = await view(g.id);
    assert.equal(v['civilDisorder'], true);
    const powers = v['powers'] as { power: string; civilDisorder: boolean }[];
    assert.deepEqual(
      powers
        .filter((p) => p.civilDisorder)
        .map((p) => p.power)
        .sort(),
      ['AUSTRIA', 'ENGLAND', 'GERMANY', 'ITALY', 'RUSSIA', 'TURKEY'],
    );
    const second = await ready(g.id, france);
    assert.equal(second.body.processed, true, 'after a deadline, France alone is awaited');
  });

  test('civilDisorder at creation: the joined powers alone are awaited from the start', async () => {
    const g = await newGame({ civilDisorder: true });
    assert.equal((await view(g.id))['civilDisorder'], true);
    const france = await join(g.id, 'FRANCE');
    const england = await join(g.id, 'ENGLAND');
    const r1 = await ready(g.id, france);
    assert.equal(r1.body.processed, false, 'England has joined and is not ready');
    const r2 = await ready(g.id, england);
    assert.equal(r2.body.processed, true);
    assert.equal(r2.body.currentPhase, 'F1901M');
  });

  test('a game nobody joined does not play itself: with no power awaited, it waits for its deadline', async () => {
    const g = await newGame({ civilDisorder: true });
    await new Promise((resolve) => setTimeout(resolve, 300));
    assert.equal((await view(g.id))['phase'], 'S1901M');
  });
});

describe('admin controls', () => {
  test('pause keeps the time left, nothing is processed while paused, resume restarts the clock', async () => {
    const g = await newGame({ civilDisorder: true });
    const france = await join(g.id, 'FRANCE');
    const paused = await call<Control>(shared.base, 'POST', `/api/games/${g.id}/pause`, {}, g.adminToken);
    assert.equal(paused.status, 200, JSON.stringify(paused.body));
    assert.deepEqual(
      { ...paused.body, deadline: paused.body.deadline },
      { status: 'active', phase: 'S1901M', paused: true, deadline: null },
    );
    assert.equal((await view(g.id))['paused'], true);
    assertProblem(
      await call(shared.base, 'POST', `/api/games/${g.id}/pause`, {}, g.adminToken),
      409,
      'game-paused',
    );
    assertProblem(
      await call(shared.base, 'POST', `/api/games/${g.id}/process`, {}, g.adminToken),
      409,
      'game-paused',
    );
    const readied = await ready(g.id, france);
    assert.equal(readied.body.processed, false, 'France is all that is awaited, but the game is paused');
    // Resuming processes the phase everyone awaited is ready for.
    const resumed = await call<Control>(shared.base, 'POST', `/api/games/${g.id}/resume`, null, g.adminToken);
    assert.equal(resumed.status, 200, JSON.stringify(resumed.body));
    assert.equal(resumed.body.paused, false);
    assert.equal(resumed.body.phase, 'F1901M');
    assert.ok(Math.abs(secondsUntil(resumed.body.deadline) - 86_400) < 120, String(resumed.body.deadline));
    assertProblem(
      await call(shared.base, 'POST', `/api/games/${g.id}/resume`, {}, g.adminToken),
      409,
      'not-paused',
    );
  });

  test('resume gives back the time that was left', async () => {
    const g = await newGame({ deadlines: { movement: 600 } });
    await call(shared.base, 'POST', `/api/games/${g.id}/pause`, {}, g.adminToken);
    const resumed = await call<Control>(shared.base, 'POST', `/api/games/${g.id}/resume`, {}, g.adminToken);
    const left = secondsUntil(resumed.body.deadline);
    assert.ok(left > 590 && left <= 601, `${left} s left`);
  });

  test('extend the deadline: by the seconds asked, from now when there was none, of the time left when paused', async () => {
    const g = await newGame({ deadlines: { movement: 3600 } });
    const before = Date.parse(String((await view(g.id))['deadline']));
    const r = await call<Control>(
      shared.base,
      'POST',
      `/api/games/${g.id}/deadline`,
      { extend: 7200 },
      g.adminToken,
    );
    assert.equal(r.status, 200, JSON.stringify(r.body));
    assert.equal(Date.parse(String(r.body.deadline)) - before, 7_200_000);
    const none = await newGame({ deadlines: null });
    const n = await call<Control>(
      shared.base,
      'POST',
      `/api/games/${none.id}/deadline`,
      { extend: 60 },
      none.adminToken,
    );
    assert.ok(Math.abs(secondsUntil(n.body.deadline) - 60) < 5, String(n.body.deadline));
    await call(shared.base, 'POST', `/api/games/${g.id}/pause`, {}, g.adminToken);
    const p = await call<Control>(
      shared.base,
      'POST',
      `/api/games/${g.id}/deadline`,
      { extend: 100 },
      g.adminToken,
    );
    assert.equal(p.body.deadline, null);
    const resumed = await call<Control>(shared.base, 'POST', `/api/games/${g.id}/resume`, {}, g.adminToken);
    const left = secondsUntil(resumed.body.deadline);
    assert.ok(left > 10_880 && left <= 10_901, `${left} s left`);
    for (const bad of [{}, { extend: 0 }, { extend: 'soon' }, { extend: 60, more: 1 }]) {
      assertProblem(
        await call(shared.base, 'POST', `/api/games/${g.id}/deadline`, bad, g.adminToken),
        400,
        'invalid-request',
      );
    }
  });

  test('end as a draw: the game is over, its orders are not adjudicated, nobody joins', async () => {
    const g = await newGame();
    const france = await join(g.id, 'FRANCE');
    await call(shared.base, 'PUT', `/api/games/${g.id}/orders`, { orders: ['A PAR - BUR'] }, france);
    const r = await call<Control>(shared.base, 'POST', `/api/games/${g.id}/draw`, {}, g.adminToken);
    assert.deepEqual(r.body, { status: 'draw', phase: 'S1901M', paused: false, deadline: null });
    const v = await call<{ status: string; history: unknown[] }>(shared.base, 'GET', `/api/games/${g.id}`);
    assert.equal(v.body.status, 'draw');
    assert.deepEqual(v.body.history, []);
    assertProblem(
      await call(shared.base, 'POST', `/api/games/${g.id}/join`, { power: 'ENGLAND' }),
      409,
      'game-over',
    );
    assertProblem(
      await call(shared.base, 'POST', `/api/games/${g.id}/draw`, {}, g.adminToken),
      409,
      'game-over',
    );
    assertProblem(
      await call(shared.base, 'PUT', `/api/games/${g.id}/orders`, { orders: ['A PAR - PIC'] }, france),
      409,
      'game-over',
    );
    const events = await fetch(`${shared.base}/api/games/${g.id}/events?since=0`);
    const reader = events.body!.getReader();
    let text = '';
    while (!text.includes('gameover')) text += new TextDecoder().decode((await reader.read()).value);
    await reader.cancel();
    assert.match(text, /event: gameover\n.*"status":"draw"/);
  });

  test('only the admin token controls; every refusal is problem+json and changes nothing', async () => {
    const g = await newGame();
    const france = await join(g.id, 'FRANCE');
    const state = await snapshot(shared.server, g.id);
    for (const route of ['pause', 'resume', 'draw']) {
      assertProblem(
        await call(shared.base, 'POST', `/api/games/${g.id}/${route}`, {}, france),
        403,
        'admin-only',
      );
      assertProblem(await call(shared.base, 'POST', `/api/games/${g.id}/${route}`, {}), 401, 'missing-token');
      assertProblem(
        await call(shared.base, 'POST', `/api/games/${g.id}/${route}`, {}, 'x'.repeat(32)),
        401,
        'bad-token',
      );
      assertProblem(
        await call(shared.base, 'POST', `/api/games/nosuchgame/${route}`, {}, g.adminToken),
        404,
        'no-such-game',
      );
    }
    assertProblem(
      await call(shared.base, 'POST', `/api/games/${g.id}/deadline`, { extend: 60 }, france),
      403,
      'admin-only',
    );
    assert.equal(await snapshot(shared.server, g.id), state);
  });
});

describe('did you mean', () => {
  test('a mistyped province in submitted orders comes back with the nearest names', async () => {
    const g = await newGame();
    const france = await join(g.id, 'FRANCE');
    const r = await call<{
      code: string;
      issues: { code: string; suggestions?: string[]; message: string }[];
    }>(
      shared.base,
      'PUT',
      `/api/games/${g.id}/orders`,
      { orders: ['A PAR - BUR', 'A Marseilles - Burgandy'] },
      france,
    );
    assertProblem(r, 422, 'orders-rejected');
    assert.equal(r.body.issues.length, 1);
    assert.equal(r.body.issues[0]?.code, 'unknown-province');
    assert.deepEqual(r.body.issues[0]?.suggestions, ['Burgundy']);
    assert.match(r.body.issues[0]?.message ?? '', /did you mean "Burgundy"\?/);
  });
});
