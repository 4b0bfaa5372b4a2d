/**
 * HTTP conventions (issue 26 point 7): 405 with Allow for a wrong method, problem+json 414 and 431 that do not
 * echo what was sent, 415 for a body that is not JSON (text/plain included), schema errors that name the field
 * and the values allowed, and a malformed game id answered as an unknown one (404).
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { connect } from 'node:net';
import { bundledMapIds } from 'dipkit';
import { call, sharedServer } from './helpers.js';

const shared = sharedServer();

function assertProblem(r: { status: number; type: string; body: unknown }, status: number, code: string) {
  assert.equal(r.status, status, JSON.stringify(r.body));
  assert.match(r.type, /^application\/problem\+json/);
  assert.equal((r.body as { code: string }).code, code);
  assert.equal((r.body as { status: number }).status, status);
}

/** Sends `request` as raw bytes and resolves with everything the server answers before it closes. */
function raw(request: string): Promise<string> {
  const { hostname, port } = new URL(shared.base);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname);
    let text = '';
    socket.setEncoding('utf8');
    socket.on('data', (d: string) => (text += d));
    socket.on('end', () => resolve(text));
    socket.on('error', (e) => (text !== '' ? resolve(text) : reject(e)));
    socket.end(request);
  });
}

describe('methods', () => {
  test('a wrong method on a known path: 405 with Allow', async () => {
    const g = await call<{ id: string }>(shared.base, 'POST', '/api/games', {});
    const cases: [string, string, string][] = [
      ['DELETE', `/api/games/${g.body.id}`, 'GET, HEAD'],
      ['POST', `/api/games/${g.body.id}/orders`, 'GET, HEAD, PUT'],
      ['GET', `/api/games/${g.body.id}/ready`, 'POST'],
      ['PUT', '/api/games', 'GET, HEAD, POST'],
      // GET /api/games/import reads the game "import" (none): 404; PATCH is nobody's.
      ['PATCH', '/api/games/import', 'GET, HEAD, POST'],
    ];
    for (const [method, path, allow] of cases) {
      const r = await fetch(shared.base + path, { method });
      assert.equal(r.status, 405, `${method} ${path}`);
      assert.equal(r.headers.get('allow'), allow, `${method} ${path}`);
      assert.match(r.headers.get('content-type') ?? '', /^application\/problem\+json/);
      const body = (await r.json()) as { code: string; detail: string };
      assert.equal(body.code, 'method-not-allowed');
      assert.match(body.detail, new RegExp(`not ${method}`));
    }
  });

  test('an unknown path is still 404 no-such-route', async () => {
    assertProblem(await call(shared.base, 'GET', '/api/nothing'), 404, 'no-such-route');
    assertProblem(await call(shared.base, 'DELETE', '/api/nothing/at/all'), 404, 'no-such-route');
  });
});

describe('sizes', () => {
  test('a 10 KB path segment: 414 problem+json that does not echo the path', async () => {
    const long = 'x'.repeat(10_000);
    const r = await fetch(`${shared.base}/api/games/${long}`);
    assert.equal(r.status, 414);
    assert.match(r.headers.get('content-type') ?? '', /^application\/problem\+json/);
    const text = await r.text();
    assert.equal((JSON.parse(text) as { code: string }).code, 'uri-too-long');
    assert.ok(!text.includes('xxxxxxxxxx'), text);
    assert.ok(text.length < 500);
  });

  test('a 10 KB unknown path: 404 quoting no more than its start', async () => {
    const r = await call(shared.base, 'GET', `/api/nothing${'/y'.repeat(5_000)}`);
    assertProblem(r, 404, 'no-such-route');
    assert.ok(JSON.stringify(r.body).length < 500);
  });

  test('headers over 16 KiB: 431 problem+json', async () => {
    const answer = await raw(
      `GET /api/games HTTP/1.1\r\nHost: x\r\nX-Big: ${'z'.repeat(20_000)}\r\nConnection: close\r\n\r\n`,
    );
    const [head = '', text = ''] = answer.split('\r\n\r\n');
    assert.match(head, /^HTTP\/1\.1 431 /);
    assert.match(head, /content-type: application\/problem\+json/i);
    const body = JSON.parse(text) as { code: string; status: number };
    assert.equal(body.code, 'headers-too-large');
    assert.equal(body.status, 431);
    assert.ok(!text.includes('zzzz'));
  });

  test('a request that is not HTTP: 400 problem+json', async () => {
    const answer = await raw('HELLO THERE\r\n\r\n');
    assert.match(answer, /^HTTP\/1\.1 400 /);
    assert.match(answer, /"code":"bad-http"/);
  });
});

describe('bodies', () => {
  test('content-type text/plain: 415 unsupported-media-type', async () => {
    const r = await call(shared.base, 'POST', '/api/games', '{"map": "standard"}', undefined, {
      'content-type': 'text/plain',
    });
    assertProblem(r, 415, 'unsupported-media-type');
    const none = await fetch(`${shared.base}/api/games`, {
      method: 'POST',
      body: new Uint8Array([123, 125]),
    });
    assert.equal(none.status, 415, 'no content type at all');
  });

  test('an unknown field is named, with the fields there are', async () => {
    const r = await call<{ detail: string }>(shared.base, 'POST', '/api/games', {
      map: 'standard',
      colour: 'red',
    });
    assertProblem(r, 400, 'invalid-request');
    assert.match(r.body.detail, /unknown field "colour"/);
    assert.match(r.body.detail, /map, rules, rule/);
    const nested = await call<{ detail: string }>(shared.base, 'POST', '/api/games', {
      deadlines: { movement: 60, build: 60 },
    });
    assertProblem(nested, 400, 'invalid-request');
    assert.match(
      nested.body.detail,
      /body\.deadlines: unknown field "build"; the fields are movement, retreat, adjustment/,
    );
  });

  test('an unknown map lists the maps', async () => {
    const r = await call<{ detail: string }>(shared.base, 'POST', '/api/games', { map: 'middle-earth' });
    assertProblem(r, 400, 'invalid-request');
    assert.match(r.body.detail, /"middle-earth" is not one of/);
    for (const id of ['standard', ...bundledMapIds()]) assert.ok(r.body.detail.includes(id), id);
  });

  test('a missing field is named', async () => {
    const g = await call<{ id: string }>(shared.base, 'POST', '/api/games', {});
    const j = await call<{ token: string }>(shared.base, 'POST', `/api/games/${g.body.id}/join`, {});
    const r = await call<{ detail: string }>(
      shared.base,
      'POST',
      `/api/games/${g.body.id}/ready`,
      {},
      j.body.token,
    );
    assertProblem(r, 400, 'invalid-request');
    assert.match(r.body.detail, /"ready" is missing/);
  });
});

describe('game ids', () => {
  test('a short or malformed id is 404 no-such-game, as an unknown one', async () => {
    for (const id of ['abc', 'a$b', 'x'.repeat(65), 'abcdefghijkl', '%C3%A9t%C3%A9-game']) {
      for (const path of [`/api/games/${id}`, `/api/games/${id}/events`, `/api/games/${id}/map.svg`]) {
        assertProblem(await call(shared.base, 'GET', path), 404, 'no-such-game');
      }
      assertProblem(await call(shared.base, 'POST', `/api/games/${id}/join`, {}), 404, 'no-such-game');
    }
  });
});
