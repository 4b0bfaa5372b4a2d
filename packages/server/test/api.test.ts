/**
 * The API, route by route, on the database the environment names (PGlite in memory, or DATABASE_URL): what each
 * route answers, the problems it gives for bad input (each with its code, nothing changed in the database), and the
 * security rules (tokens per power, admin token, hashes only).
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readGameJson } from 'dipkit';
import { hashToken } from '../src/tokens.js';
import { call, snapshot, sharedServer } from './helpers.js';

const shared = sharedServer();

async function newGame(body: Record<string, unknown> = {}): Promise<{ id: string; adminToken: string }> {
  const r = await call<{ id: string; adminToken: string }>(shared.base, 'POST', '/api/games', {
    map: 'standard',
    ...body,
  });
  assert.equal(r.status, 201, JSON.stringify(r.body));
  return r.body;
}

async function join(id: string, power?: string): Promise<{ power: string; token: string }> {
  const r = await call<{ power: string; token: string }>(
    shared.base,
    'POST',
    `/api/games/${id}/join`,
    power === undefined ? {} : { power },
  );
  assert.equal(r.status, 200, JSON.stringify(r.body));
  return r.body;
}

/** Asserts a problem response: status, problem+json, and the code. */
function assertProblem(
  r: { status: number; type: string; body: unknown },
  status: number,
  code: string,
): void {
  assert.equal(r.status, status, JSON.stringify(r.body));
  assert.match(r.type, /^application\/problem\+json/);
  const body = r.body as { code: string; status: number; detail: string };
  assert.equal(body.code, code);
  assert.equal(body.status, status);
  assert.equal(typeof body.detail, 'string');
  assert.doesNotMatch(body.detail, /\n\s+at /, 'no stack trace');
}

describe('games', () => {
  test('create, read, list', async () => {
    const g = await newGame({
      rules: 'datc',
      processWhenReady: true,
      deadlines: { movement: 3600 },
      maxYear: 1910,
    });
    assert.match(g.id, /^[A-Za-z0-9_-]{6,64}$/);
    const r = await call<Record<string, unknown>>(shared.base, 'GET', `/api/games/${g.id}`);
    assert.equal(r.status, 200);
    assert.equal(r.body['phase'], 'S1901M');
    assert.equal(r.body['status'], 'active');
    assert.equal(r.body['maxYear'], 1910);
    assert.deepEqual(r.body['deadlines'], { movement: 3600 });
    const deadline = Date.parse(String(r.body['deadline']));
    assert.ok(
      Math.abs(deadline - Date.now() - 3600_000) < 120_000,
      `deadline about an hour ahead: ${String(r.body['deadline'])}`,
    );
    const position = r.body['position'] as { units: unknown[] };
    assert.equal(position.units.length, 22);
    assert.deepEqual(r.body['centers'], {
      ENGLAND: 3,
      FRANCE: 3,
      GERMANY: 3,
      ITALY: 3,
      AUSTRIA: 3,
      RUSSIA: 4,
      TURKEY: 3,
    });
    assert.deepEqual(r.body['history'], []);
    const list = await call<{ games: { id: string; openPowers: string[] }[] }>(
      shared.base,
      'GET',
      '/api/games?open=true&limit=500',
    );
    const mine = list.body.games.find((x) => x.id === g.id);
    assert.equal(mine?.openPowers.length, 7);
  });

  test('rule settings are checked and recorded', async () => {
    const g = await newGame({ rules: '1982', rule: ['4.A.2=all-hold'] });
    const r = await call<{ rules: string[] }>(shared.base, 'GET', `/api/games/${g.id}?history=false`);
    assert.ok(r.body.rules.includes('4.A.2=all-hold'), JSON.stringify(r.body.rules));
    assertProblem(await call(shared.base, 'POST', '/api/games', { rules: 'nosuch' }), 422, 'bad-rules');
    assertProblem(
      await call(shared.base, 'POST', '/api/games', { rule: ['4.A.2=nonsense'] }),
      422,
      'bad-rules',
    );
  });

  test('a game on a variant map: its start, powers and calendar; bounds checked against that map', async () => {
    const g = await newGame({ map: 'hundred' });
    const r = await call<{ map: string; phase: string; powers: { power: string }[] }>(
      shared.base,
      'GET',
      `/api/games/${g.id}?history=false`,
    );
    // Hundred (godip's definition): England, Burgundy and France from Spring 1425.
    assert.equal(r.body.map, 'hundred');
    assert.equal(r.body.phase, 'S1425M');
    assert.deepEqual(r.body.powers.map((p) => p.power).sort(), ['BURGUNDY', 'ENGLAND', 'FRANCE']);
    // No art for Hundred: the schematic drawing, with its provinces and the phase named in the legend.
    const svg = await (await fetch(`${shared.base}/api/games/${g.id}/map.svg`)).text();
    assert.match(svg, /^<svg/);
    assert.match(svg, /1425/);
    assert.match(svg, />DIJ</);
    assertProblem(await call(shared.base, 'POST', '/api/games', { map: 'nosuch' }), 400, 'invalid-request');
    assertProblem(
      await call(shared.base, 'POST', '/api/games', { map: 'hundred', maxYear: 1400 }),
      422,
      'bad-max-year',
    );
    assertProblem(
      await call(shared.base, 'POST', '/api/games', { map: 'pure', victoryCenters: 8 }),
      422,
      'bad-victory-centers',
    );
  });

  test('join: a chosen power, an assigned one, taken, unknown, full', async () => {
    const g = await newGame();
    const france = await join(g.id, 'France');
    assert.equal(france.power, 'FRANCE');
    assert.ok(france.token.length >= 22, 'at least 128 bits of base64url');
    assertProblem(
      await call(shared.base, 'POST', `/api/games/${g.id}/join`, { power: 'FRA' }),
      409,
      'power-taken',
    );
    assertProblem(
      await call(shared.base, 'POST', `/api/games/${g.id}/join`, { power: 'Narnia' }),
      422,
      'unknown-power',
    );
    const others = new Set<string>();
    for (let i = 0; i < 6; i++) others.add((await join(g.id)).power);
    assert.deepEqual([...others].sort(), ['AUSTRIA', 'ENGLAND', 'GERMANY', 'ITALY', 'RUSSIA', 'TURKEY']);
    assertProblem(await call(shared.base, 'POST', `/api/games/${g.id}/join`, {}), 409, 'game-full');
  });

  test('tokens are stored only as SHA-256 hashes', async () => {
    const g = await newGame();
    const p = await join(g.id, 'ITALY');
    const rows = await shared.server.db.query<{ token_hash: string }>(
      'SELECT token_hash FROM players WHERE game_id = $1',
      [g.id],
    );
    assert.deepEqual(rows.rows, [{ token_hash: hashToken(p.token) }]);
    const admin = await shared.server.db.query<{ admin_hash: string }>(
      'SELECT admin_hash FROM games WHERE id = $1',
      [g.id],
    );
    assert.equal(admin.rows[0]?.admin_hash, hashToken(g.adminToken));
    const all = await snapshot(shared.server, g.id);
    assert.ok(!all.includes(p.token) && !all.includes(g.adminToken));
  });
});

describe('orders', () => {
  test('the legal orders are those that can succeed, whatever the 4.E.1 choice; it decides what typed text is taken', async () => {
    // The 1971 rules take any move to a valid place (4.E.1 b); the list is still "possible now" (judged by hand:
    // Paris borders BRE, BUR, GAS, PIC; Marseilles' army can reach BUR and GAS, Munich's BUR, Brest's fleet GAS and
    // PIC).
    const g = await newGame({ rules: '1971' });
    const f = await join(g.id, 'FRANCE');
    const legal = await call<{ orders: Record<string, string[]> }>(
      shared.base,
      'GET',
      `/api/games/${g.id}/legal`,
      undefined,
      f.token,
    );
    assert.deepEqual([...(legal.body.orders['A PAR'] ?? [])].sort(), [
      'A PAR - BRE',
      'A PAR - BUR',
      'A PAR - GAS',
      'A PAR - PIC',
      'A PAR H',
      'A PAR S A MAR - BUR',
      'A PAR S A MAR - GAS',
      'A PAR S A MUN - BUR',
      'A PAR S F BRE',
      'A PAR S F BRE - GAS',
      'A PAR S F BRE - PIC',
    ]);
    const put = await call(
      shared.base,
      'PUT',
      `/api/games/${g.id}/orders`,
      { orders: ['A PAR - MOS'] },
      f.token,
    );
    assert.equal(put.status, 200, JSON.stringify(put.body));
  });

  test('legal orders, submit text and structured orders, read them back', async () => {
    const g = await newGame();
    const f = await join(g.id, 'FRANCE');
    const legal = await call<{ power: string; phase: string; orders: Record<string, string[]> }>(
      shared.base,
      'GET',
      `/api/games/${g.id}/legal`,
      undefined,
      f.token,
    );
    assert.equal(legal.status, 200);
    assert.equal(legal.body.phase, 'S1901M');
    assert.deepEqual(Object.keys(legal.body.orders).sort(), ['A MAR', 'A PAR', 'F BRE']);
    assert.ok(legal.body.orders['A PAR']?.includes('A PAR - BUR'));
    assert.ok(legal.body.orders['F BRE']?.includes('F BRE - MAO'));
    const put = await call(
      shared.base,
      'PUT',
      `/api/games/${g.id}/orders`,
      {
        orders: [
          'A Paris - Burgundy',
          { kind: 'move', unit: { type: 'F', location: 'BRE' }, to: 'MAO' },
          'a mar h',
        ],
      },
      f.token,
    );
    assert.equal(put.status, 200, JSON.stringify(put.body));
    assert.deepEqual(put.body, {
      power: 'FRANCE',
      phase: 'S1901M',
      orders: ['A Paris - Burgundy', 'F BRE - MAO', 'a mar h'],
      ready: false,
    });
    const read = await call(shared.base, 'GET', `/api/games/${g.id}/orders`, undefined, f.token);
    assert.deepEqual(read.body, put.body);
    // Replacing: the second list is all that stays.
    await call(shared.base, 'PUT', `/api/games/${g.id}/orders`, { orders: ['A PAR - PIC'] }, f.token);
    const again = await call<{ orders: string[] }>(
      shared.base,
      'GET',
      `/api/games/${g.id}/orders`,
      undefined,
      f.token,
    );
    assert.deepEqual(again.body.orders, ['A PAR - PIC']);
  });

  test('rejected orders: per-line issues as the CLI gives them, nothing changed', async () => {
    const g = await newGame();
    const f = await join(g.id, 'FRANCE');
    await join(g.id, 'GERMANY');
    await call(shared.base, 'PUT', `/api/games/${g.id}/orders`, { orders: ['A PAR - BUR'] }, f.token);
    const before = await snapshot(shared.server, g.id);
    const r = await call<{ issues: { code: string; line?: number; column?: number }[] }>(
      shared.base,
      'PUT',
      `/api/games/${g.id}/orders`,
      { orders: ['A PAR - BUR', 'A MUN - RUH', 'A LON - ', 'A PAR B', 'A SEV - ARM'] },
      f.token,
    );
    assertProblem(r, 422, 'orders-rejected');
    assert.equal(r.body.issues.length, 4);
    const codes = new Map(r.body.issues.map((i) => [i.line, i.code]));
    assert.equal(codes.get(2), 'not-your-unit');
    assert.equal(codes.get(3), 'missing-destination');
    assert.equal(codes.get(4), 'order-not-for-phase');
    assert.equal(codes.get(5), 'not-your-unit');
    assert.equal(codes.has(1), false);
    assert.equal(typeof r.body.issues.find((i) => i.line === 3)?.column, 'number');
    assert.equal(await snapshot(shared.server, g.id), before);
    const noUnit = await call(
      shared.base,
      'PUT',
      `/api/games/${g.id}/orders`,
      { orders: ['A BUR - PAR'] },
      f.token,
    );
    assertProblem(noUnit, 422, 'orders-rejected');
    assert.equal((noUnit.body as { issues: { code: string }[] }).issues[0]?.code, 'no-such-unit');
  });

  test("a power cannot read or change another power's orders; the admin token cannot order", async () => {
    const g = await newGame();
    const f = await join(g.id, 'FRANCE');
    const e = await join(g.id, 'ENGLAND');
    await call(shared.base, 'PUT', `/api/games/${g.id}/orders`, { orders: ['A PAR - BUR'] }, f.token);
    const seen = await call<{ power: string; orders: string[] }>(
      shared.base,
      'GET',
      `/api/games/${g.id}/orders`,
      undefined,
      e.token,
    );
    assert.deepEqual(seen.body, { power: 'ENGLAND', phase: 'S1901M', orders: [], ready: false });
    const before = await snapshot(shared.server, g.id);
    assertProblem(
      await call(shared.base, 'PUT', `/api/games/${g.id}/orders`, { orders: ['A PAR - GAS'] }, e.token),
      422,
      'orders-rejected',
    );
    assertProblem(
      await call(
        shared.base,
        'PUT',
        `/api/games/${g.id}/orders`,
        { orders: ['FRANCE: A PAR - GAS'] },
        e.token,
      ),
      422,
      'orders-rejected',
    );
    assertProblem(
      await call(shared.base, 'PUT', `/api/games/${g.id}/orders`, { orders: [] }, g.adminToken),
      403,
      'admin-cannot-order',
    );
    assertProblem(
      await call(shared.base, 'GET', `/api/games/${g.id}/orders`, undefined, g.adminToken),
      403,
      'admin-cannot-order',
    );
    assertProblem(
      await call(shared.base, 'POST', `/api/games/${g.id}/ready`, { ready: true }, g.adminToken),
      403,
      'admin-cannot-order',
    );
    assertProblem(
      await call(shared.base, 'POST', `/api/games/${g.id}/process`, {}, f.token),
      403,
      'admin-only',
    );
    // A token of another game is no token here.
    const other = await newGame();
    const o = await join(other.id, 'FRANCE');
    assertProblem(
      await call(shared.base, 'PUT', `/api/games/${g.id}/orders`, { orders: [] }, o.token),
      401,
      'bad-token',
    );
    assertProblem(
      await call(shared.base, 'GET', `/api/games/${g.id}/legal`, undefined, other.adminToken),
      401,
      'bad-token',
    );
    assert.equal(await snapshot(shared.server, g.id), before);
    // The game view shows who is ready, never what anyone ordered before adjudication.
    const view = await call(shared.base, 'GET', `/api/games/${g.id}`);
    assert.ok(!JSON.stringify(view.body).includes('BUR'), 'no current order in the public view');
    const exported = await call(shared.base, 'GET', `/api/games/${g.id}/export?format=dipkit`);
    assert.deepEqual((exported.body as { orders: unknown[] }).orders, []);
  });

  test('bad input: a specific problem each, nothing changed in the database', async () => {
    const g = await newGame();
    const f = await join(g.id, 'FRANCE');
    await call(shared.base, 'PUT', `/api/games/${g.id}/orders`, { orders: ['A PAR - BUR'] }, f.token);
    const before = await snapshot(shared.server, g.id);
    const orders = `/api/games/${g.id}/orders`;
    const cases: [string, Promise<{ status: number; type: string; body: unknown }>, number, string][] = [
      [
        'malformed JSON',
        call(shared.base, 'PUT', orders, '{"orders": ["A PAR - BUR"', f.token),
        400,
        'malformed-json',
      ],
      ['empty JSON body', call(shared.base, 'PUT', orders, '', f.token), 400, 'empty-body'],
      [
        'orders not an array',
        call(shared.base, 'PUT', orders, { orders: 'A PAR - BUR' }, f.token),
        400,
        'invalid-request',
      ],
      [
        'an order a number',
        call(shared.base, 'PUT', orders, { orders: [7] }, f.token),
        400,
        'invalid-request',
      ],
      [
        'an unknown field',
        call(shared.base, 'PUT', orders, { orders: [], extra: 1 }, f.token),
        400,
        'invalid-request',
      ],
      [
        'a newline in an order',
        call(shared.base, 'PUT', orders, { orders: ['A PAR - BUR\nA MAR - SPA'] }, f.token),
        400,
        'invalid-request',
      ],
      [
        'too many orders',
        call(shared.base, 'PUT', orders, { orders: Array(101).fill('A PAR H') }, f.token),
        400,
        'invalid-request',
      ],
      [
        'a bad phase name',
        call(shared.base, 'PUT', orders, { orders: [], phase: 'spring' }, f.token),
        400,
        'invalid-request',
      ],
      [
        'ready a string',
        call(shared.base, 'POST', `/api/games/${g.id}/ready`, { ready: 'yes' }, f.token),
        400,
        'invalid-request',
      ],
      [
        'huge body',
        call(shared.base, 'PUT', orders, { orders: ['A PAR H'], pad: 'x'.repeat(200_000) }, f.token),
        413,
        'body-too-large',
      ],
      [
        'not JSON',
        call(shared.base, 'PUT', orders, 'A PAR - BUR', f.token, { 'content-type': 'application/xml' }),
        415,
        'unsupported-media-type',
      ],
      [
        'unknown game',
        call(shared.base, 'PUT', '/api/games/nosuchgame0/orders', { orders: [] }, f.token),
        404,
        'no-such-game',
      ],
      ['unknown game read', call(shared.base, 'GET', '/api/games/nosuchgame0'), 404, 'no-such-game'],
      ['bad game id', call(shared.base, 'GET', '/api/games/a$b'), 404, 'no-such-game'],
      ['missing token', call(shared.base, 'PUT', orders, { orders: [] }), 401, 'missing-token'],
      ['wrong token', call(shared.base, 'PUT', orders, { orders: [] }, 'A'.repeat(32)), 401, 'bad-token'],
      [
        'another scheme',
        call(shared.base, 'PUT', orders, { orders: [] }, undefined, { authorization: `Basic ${f.token}` }),
        401,
        'bad-token',
      ],
      [
        'wrong phase',
        call(shared.base, 'PUT', orders, { orders: ['A PAR - BUR'], phase: 'F1901M' }, f.token),
        409,
        'wrong-phase',
      ],
      [
        'wrong phase ready',
        call(shared.base, 'POST', `/api/games/${g.id}/ready`, { ready: true, phase: 'F1901M' }, f.token),
        409,
        'wrong-phase',
      ],
      ['unknown route', call(shared.base, 'GET', '/api/nothing'), 404, 'no-such-route'],
      [
        'unknown format',
        call(shared.base, 'GET', `/api/games/${g.id}/export?format=pdf`),
        400,
        'invalid-request',
      ],
      [
        'import not a game',
        call(shared.base, 'POST', '/api/games/import', { game: { phases: 3 } }),
        422,
        'bad-game',
      ],
    ];
    for (const [what, reply, status, code] of cases) {
      const r = await reply;
      await test(what, () => assertProblem(r, status, code));
    }
    assert.equal(await snapshot(shared.server, g.id), before);
  });
});

describe('processing', () => {
  test('all ready: processed at once, exactly once; orders public afterwards; missing orders hold', async () => {
    const g = await newGame();
    const seats = [];
    for (const p of ['ENGLAND', 'FRANCE', 'GERMANY', 'ITALY', 'AUSTRIA', 'RUSSIA', 'TURKEY'])
      seats.push(await join(g.id, p));
    const france = seats[1]!;
    await call(
      shared.base,
      'PUT',
      `/api/games/${g.id}/orders`,
      { orders: ['A PAR - BUR', 'F BRE - MAO'] },
      france.token,
    );
    const germany = seats[2]!;
    await call(shared.base, 'PUT', `/api/games/${g.id}/orders`, { orders: ['A MUN - BUR'] }, germany.token);
    for (const s of seats.slice(0, 6)) {
      const r = await call<{ processed: boolean }>(
        shared.base,
        'POST',
        `/api/games/${g.id}/ready`,
        { ready: true },
        s.token,
      );
      assert.equal(r.body.processed, false);
    }
    const view = await call<{ powers: { power: string; ready: boolean }[] }>(
      shared.base,
      'GET',
      `/api/games/${g.id}?history=false`,
    );
    assert.deepEqual(
      view.body.powers.filter((p) => p.ready).map((p) => p.power),
      ['ENGLAND', 'FRANCE', 'GERMANY', 'ITALY', 'AUSTRIA', 'RUSSIA'],
    );
    const last = await call(
      shared.base,
      'POST',
      `/api/games/${g.id}/ready`,
      { ready: true },
      seats[6]!.token,
    );
    assert.deepEqual(last.body, {
      power: 'TURKEY',
      phase: 'S1901M',
      ready: true,
      processed: true,
      currentPhase: 'F1901M',
    });
    const after = await call<{
      phase: string;
      position: { units: { location: string }[] };
      history: {
        phase: string;
        orders: { text: string }[];
        outcomes: { resolution: string; reason: { code: string } }[];
      }[];
      powers: { ready: boolean }[];
    }>(shared.base, 'GET', `/api/games/${g.id}`);
    assert.equal(after.body.phase, 'F1901M');
    assert.equal(after.body.history.length, 1);
    const h = after.body.history[0]!;
    assert.equal(h.phase, 'S1901M');
    assert.deepEqual(
      h.orders.map((o) => o.text),
      ['A PAR - BUR', 'F BRE - MAO', 'A MUN - BUR'],
    );
    // PAR and MUN bounce in BUR (one against one); the fleet reaches the mid-Atlantic.
    assert.deepEqual(
      h.outcomes.map((o) => [o.resolution, o.reason.code]),
      [
        ['fails', 'bounced'],
        ['succeeds', 'moved'],
        ['fails', 'bounced'],
      ],
    );
    const locations = after.body.position.units.map((u) => u.location);
    assert.ok(
      locations.includes('PAR') &&
        locations.includes('MUN') &&
        locations.includes('MAO') &&
        !locations.includes('BRE'),
    );
    assert.ok(
      after.body.powers.every((p) => !p.ready),
      'readiness starts over in the new phase',
    );
    const count = await shared.server.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM phases WHERE game_id = $1',
      [g.id],
    );
    assert.equal(count.rows[0]?.n, 1);
    // The orders of the old phase are gone from the current phase.
    const mine = await call<{ orders: string[] }>(
      shared.base,
      'GET',
      `/api/games/${g.id}/orders`,
      undefined,
      france.token,
    );
    assert.deepEqual(mine.body.orders, []);
  });

  test('processWhenReady false waits for the deadline; deadlines are processed by the server', async () => {
    // 2 s: long enough for the order and ready calls to arrive first on a loaded machine, short for a test.
    const g = await newGame({
      processWhenReady: false,
      deadlines: { movement: 2, retreat: 2, adjustment: 2 },
    });
    const f = await join(g.id, 'FRANCE');
    await call(shared.base, 'PUT', `/api/games/${g.id}/orders`, { orders: ['A PAR - PIC'] }, f.token);
    const r = await call<{ processed: boolean }>(
      shared.base,
      'POST',
      `/api/games/${g.id}/ready`,
      { ready: true },
      f.token,
    );
    assert.equal(r.body.processed, false);
    let phase = 'S1901M';
    for (let i = 0; i < 100 && phase === 'S1901M'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      phase = (await call<{ phase: string }>(shared.base, 'GET', `/api/games/${g.id}?history=false`)).body
        .phase;
    }
    assert.equal(phase, 'F1901M');
    const h = await shared.server.db.query<{ record: { orders: { text: string }[] } }>(
      'SELECT record FROM phases WHERE game_id = $1',
      [g.id],
    );
    assert.deepEqual(
      h.rows[0]?.record.orders.map((o) => o.text),
      ['A PAR - PIC'],
    );
  });

  test('admin processes a phase; game over stops orders', async () => {
    const g = await newGame({ maxYear: 1901 });
    const f = await join(g.id, 'FRANCE');
    const p1 = await call(
      shared.base,
      'POST',
      `/api/games/${g.id}/process`,
      { phase: 'S1901M' },
      g.adminToken,
    );
    assert.deepEqual(p1.body, { processed: 'S1901M', phase: 'F1901M', status: 'active' });
    assertProblem(
      await call(shared.base, 'POST', `/api/games/${g.id}/process`, { phase: 'S1901M' }, g.adminToken),
      409,
      'wrong-phase',
    );
    const p2 = await call(shared.base, 'POST', `/api/games/${g.id}/process`, {}, g.adminToken);
    assert.equal((p2.body as { status: string }).status, 'draw');
    const before = await snapshot(shared.server, g.id);
    assertProblem(
      await call(shared.base, 'PUT', `/api/games/${g.id}/orders`, { orders: [] }, f.token),
      409,
      'game-over',
    );
    assertProblem(
      await call(shared.base, 'POST', `/api/games/${g.id}/process`, {}, g.adminToken),
      409,
      'game-over',
    );
    assert.equal(await snapshot(shared.server, g.id), before);
  });
});

describe('export, import, events, OpenAPI', () => {
  test('export as dipkit and MILA JSON, import both back', async () => {
    const g = await newGame();
    const f = await join(g.id, 'FRANCE');
    await call(shared.base, 'PUT', `/api/games/${g.id}/orders`, { orders: ['A PAR - BUR'] }, f.token);
    await call(shared.base, 'POST', `/api/games/${g.id}/process`, {}, g.adminToken);
    const dipkit = await call(shared.base, 'GET', `/api/games/${g.id}/export?format=dipkit`);
    assert.equal(dipkit.status, 200);
    const read = readGameJson(JSON.stringify(dipkit.body));
    assert.deepEqual(read.issues, []);
    assert.equal(read.value?.history.length, 1);
    assert.equal(read.value?.history[0]?.orders[0]?.text, 'A PAR - BUR');
    const mila = await call<{ phases: { name: string; orders: Record<string, string[]> }[] }>(
      shared.base,
      'GET',
      `/api/games/${g.id}/export`,
    );
    assert.deepEqual(
      mila.body.phases.map((p) => p.name),
      ['S1901M', 'F1901M'],
    );
    assert.deepEqual(mila.body.phases[0]?.orders['FRANCE'], ['A PAR - BUR']);
    for (const game of [dipkit.body, mila.body]) {
      const imported = await call<{ id: string; adminToken: string }>(
        shared.base,
        'POST',
        '/api/games/import',
        {
          game,
        },
      );
      assert.equal(imported.status, 201, JSON.stringify(imported.body));
      const view = await call<{ phase: string; history: unknown[]; position: unknown }>(
        shared.base,
        'GET',
        `/api/games/${imported.body.id}`,
      );
      const original = await call<{ phase: string; history: unknown[]; position: unknown }>(
        shared.base,
        'GET',
        `/api/games/${g.id}`,
      );
      assert.equal(view.body.phase, 'F1901M');
      assert.deepEqual(view.body.position, original.body.position);
      assert.equal(view.body.history.length, 1);
    }
  });

  test('server-sent events: joined, ready, phase, gameover; resumed after Last-Event-ID', async () => {
    const g = await newGame({ maxYear: 1901 });
    const controller = new AbortController();
    const res = await fetch(`${shared.base}/api/games/${g.id}/events`, { signal: controller.signal });
    assert.equal(res.status, 200);
    assert.match(res.headers.get('content-type') ?? '', /^text\/event-stream/);
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let text = '';
    const waitFor = async (what: RegExp): Promise<void> => {
      const until = Date.now() + 10_000;
      while (!what.test(text) && Date.now() < until) {
        const chunk = await reader.read();
        if (chunk.done) break;
        text += decoder.decode(chunk.value);
      }
      assert.match(text, what);
    };
    const e = await join(g.id, 'ENGLAND');
    await waitFor(/event: joined/);
    await call(shared.base, 'POST', `/api/games/${g.id}/ready`, { ready: true }, e.token);
    await waitFor(/event: ready/);
    await call(shared.base, 'POST', `/api/games/${g.id}/process`, {}, g.adminToken);
    await call(shared.base, 'POST', `/api/games/${g.id}/process`, {}, g.adminToken);
    await waitFor(/event: gameover/);
    controller.abort();
    const events = [...text.matchAll(/^id: (\d+)\nevent: (\w+)\ndata: (.*)$/gm)].map((m): unknown[] => [
      Number(m[1]),
      m[2],
      JSON.parse(m[3] ?? ''),
    ]);
    assert.deepEqual(events, [
      [1, 'joined', { power: 'ENGLAND' }],
      [2, 'ready', { power: 'ENGLAND', ready: true, phase: 'S1901M' }],
      [3, 'phase', { processed: 'S1901M', phase: 'F1901M', status: 'active' }],
      [4, 'phase', { processed: 'F1901M', phase: 'S1902M', status: 'draw' }],
      [5, 'gameover', { status: 'draw' }],
    ]);
    // Resuming after event 3 gives 4 and 5.
    const again = new AbortController();
    const res2 = await fetch(`${shared.base}/api/games/${g.id}/events`, {
      signal: again.signal,
      headers: { 'last-event-id': '3' },
    });
    const r2 = res2.body!.getReader();
    let t2 = '';
    while (!/event: gameover/.test(t2)) {
      const chunk = await r2.read();
      if (chunk.done) break;
      t2 += decoder.decode(chunk.value);
    }
    again.abort();
    assert.deepEqual(
      [...t2.matchAll(/^id: (\d+)$/gm)].map((m) => Number(m[1])),
      [4, 5],
    );
    assertProblem(await call(shared.base, 'GET', '/api/games/nosuchgame0/events'), 404, 'no-such-game');
  });

  test('the map of a phase as SVG: a processed phase with its orders, the current one without', async () => {
    const g = await newGame();
    const f = await join(g.id, 'FRANCE');
    await call(shared.base, 'PUT', `/api/games/${g.id}/orders`, { orders: ['A PAR - BUR'] }, f.token);
    const before = await fetch(`${shared.base}/api/games/${g.id}/map.svg`);
    assert.equal(before.status, 200);
    assert.match(before.headers.get('content-type') ?? '', /^image\/svg\+xml/);
    const current = await before.text();
    assert.match(current, /^<svg[^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    await call(shared.base, 'POST', `/api/games/${g.id}/process`, {}, g.adminToken);
    const played = await (await fetch(`${shared.base}/api/games/${g.id}/map.svg?phase=S1901M`)).text();
    const now = await (await fetch(`${shared.base}/api/games/${g.id}/map.svg`)).text();
    // The processed phase carries its order and outcome; the current phase's orders stay secret.
    assert.match(played, /Spring 1901 Movement/);
    assert.match(
      played,
      /<g class="order move succeeds" data-power="FRANCE" data-unit="PAR"><title>FRANCE: A PAR - BUR/,
    );
    assert.match(current, /Spring 1901 Movement/);
    assert.doesNotMatch(current, /class="order /);
    assert.match(now, /Fall 1901 Movement/);
    assert.doesNotMatch(now, /class="order /);
    assertProblem(
      await call(shared.base, 'GET', `/api/games/${g.id}/map.svg?phase=F1905M`),
      404,
      'no-such-phase',
    );
    assertProblem(
      await call(shared.base, 'GET', `/api/games/${g.id}/map.svg?phase=later`),
      400,
      'invalid-request',
    );
  });

  test('OpenAPI document lists every route with its schemas', async () => {
    const r = await call<{
      openapi: string;
      paths: Record<string, Record<string, { requestBody?: unknown; responses: Record<string, unknown> }>>;
    }>(shared.base, 'GET', '/openapi.json');
    assert.equal(r.status, 200);
    assert.match(r.body.openapi, /^3\./);
    const routes = Object.entries(r.body.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((m) => `${m.toUpperCase()} ${path}`),
    );
    for (const route of [
      'POST /api/games',
      'GET /api/games',
      'POST /api/games/import',
      'GET /api/games/{id}',
      'POST /api/games/{id}/join',
      'GET /api/games/{id}/legal',
      'GET /api/games/{id}/orders',
      'PUT /api/games/{id}/orders',
      'POST /api/games/{id}/ready',
      'POST /api/games/{id}/process',
      'GET /api/games/{id}/export',
      'GET /api/games/{id}/events',
      'GET /api/games/{id}/map.svg',
    ]) {
      assert.ok(routes.includes(route), `${route} in ${routes.join(', ')}`);
    }
    const put = r.body.paths['/api/games/{id}/orders']?.['put'];
    assert.ok(put?.requestBody !== undefined);
    assert.ok(put?.responses['200'] !== undefined && put.responses['4XX'] !== undefined);
  });
});
