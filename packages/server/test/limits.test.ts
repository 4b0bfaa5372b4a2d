/**
 * Limits (issue 26 point 6), first as a server has them with no setting: each request rate gives 429 rate-limited
 * with Retry-After one request after its documented default, and event streams per client are capped; then, with
 * small limits set, the caps in all, connections per client and in all, and the header and idle timeouts.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { connect, type Socket } from 'node:net';
import { DEFAULT_LIMITS, type Limits, type RunningServer } from '../src/index.js';
import { CLI, call, testServer } from './helpers.js';

function assertRateLimited(r: { status: number; type: string; body: unknown }, headers: Headers): void {
  assert.equal(r.status, 429, JSON.stringify(r.body));
  assert.match(r.type, /^application\/problem\+json/);
  assert.equal((r.body as { code: string }).code, 'rate-limited');
  const retry = Number(headers.get('retry-after'));
  assert.ok(
    Number.isInteger(retry) && retry >= 1 && retry <= 60,
    `Retry-After ${headers.get('retry-after')}`,
  );
}

/** `count` requests, eight at a time; asserts none was rate-limited. */
async function spend(count: number, send: () => Promise<Response>): Promise<void> {
  let sent = 0;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (sent < count) {
        sent++;
        const r = await send();
        assert.notEqual(r.status, 429, `a request of ${count}`);
        await r.body?.cancel();
      }
    }),
  );
}

async function problemOf(r: Response): Promise<{ status: number; type: string; body: unknown }> {
  return { status: r.status, type: r.headers.get('content-type') ?? '', body: await r.json() };
}

const json = { 'content-type': 'application/json' };

test('dipkit serve --help gives every default limit', () => {
  const help = execFileSync(process.execPath, [CLI, 'serve', '--help'], { encoding: 'utf8' });
  const flags: [string, keyof Limits][] = [
    ['--create-rate', 'createRate'],
    ['--import-rate', 'importRate'],
    ['--join-rate', 'joinRate'],
    ['--write-rate', 'writeRate'],
    ['--streams-per-client', 'streamsPerClient'],
    ['--max-streams', 'maxStreams'],
    ['--connections-per-client', 'connectionsPerClient'],
    ['--max-connections', 'maxConnections'],
    ['--headers-timeout', 'headersTimeout'],
    ['--request-timeout', 'requestTimeout'],
    ['--idle-timeout', 'idleTimeout'],
  ];
  for (const [flag, name] of flags) {
    assert.match(help, new RegExp(`${flag} [NS] .*\\(default ${String(DEFAULT_LIMITS[name])}\\)`), flag);
  }
  assert.match(help, /--trust-proxy/);
});

/** A raw connection to `base`. */
function socketTo(base: string): Promise<Socket> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const s = connect(Number(port), hostname, () => resolve(s));
    s.on('error', reject);
  });
}

/** What the server sends on `socket` until it closes it, and after how many milliseconds. */
function untilClosed(socket: Socket): Promise<{ text: string; ms: number }> {
  const start = performance.now();
  return new Promise((resolve) => {
    let text = '';
    socket.setEncoding('utf8');
    socket.on('data', (d: string) => (text += d));
    socket.on('error', () => undefined);
    socket.on('close', () => resolve({ text, ms: performance.now() - start }));
  });
}

describe('the default limits', () => {
  let server: RunningServer;
  let base: string;
  let game: string;
  before(async () => {
    server = await testServer({ limits: {} });
    base = server.url;
    const r = await call<{ id: string }>(base, 'POST', '/api/games', {});
    game = r.body.id;
  });
  after(() => server.close());

  test(`creating: ${DEFAULT_LIMITS.createRate} games a minute, then 429 rate-limited`, async () => {
    const create = () => fetch(`${base}/api/games`, { method: 'POST', headers: json, body: '{}' });
    await spend(DEFAULT_LIMITS.createRate - 1, create); // the game of `before` was the first
    const r = await create();
    assertRateLimited(await problemOf(r), r.headers);
    // Reading is not limited, and neither is another kind of request.
    assert.equal((await call(base, 'GET', `/api/games/${game}`)).status, 200);
    assert.equal((await call(base, 'POST', `/api/games/${game}/join`, { power: 'FRANCE' })).status, 200);
  });

  test(`joining: ${DEFAULT_LIMITS.joinRate} a minute, refused ones included`, async () => {
    const join = () =>
      fetch(`${base}/api/games/nosuchgame00/join`, { method: 'POST', headers: json, body: '{}' });
    await spend(DEFAULT_LIMITS.joinRate - 1, join); // one join in the test before
    const r = await join();
    assertRateLimited(await problemOf(r), r.headers);
  });

  test(`importing: ${DEFAULT_LIMITS.importRate} a minute`, async () => {
    const load = () => fetch(`${base}/api/games/import`, { method: 'POST', headers: json, body: '{}' });
    await spend(DEFAULT_LIMITS.importRate, load);
    const r = await load();
    assertRateLimited(await problemOf(r), r.headers);
  });

  test(`writing: ${DEFAULT_LIMITS.writeRate} a minute, orders, ready, process and admin controls counted together`, async () => {
    const path = `/api/games/${game}`;
    const third = Math.floor(DEFAULT_LIMITS.writeRate / 3);
    const put = () =>
      fetch(`${base}${path}/orders`, { method: 'PUT', headers: json, body: '{"orders": []}' });
    await spend(third, put);
    await spend(third, () => fetch(`${base}${path}/ready`, { method: 'POST', headers: json, body: '{}' }));
    await spend(DEFAULT_LIMITS.writeRate - 2 * third - 1, () =>
      fetch(`${base}${path}/process`, { method: 'POST', headers: json, body: '{}' }),
    );
    // A route added by another module (the admin controls) counts as a write too.
    await spend(1, () => fetch(`${base}${path}/pause`, { method: 'POST', headers: json, body: '{}' }));
    const r = await put();
    assertRateLimited(await problemOf(r), r.headers);
  });

  test(`event streams: ${DEFAULT_LIMITS.streamsPerClient} at once from one client`, async () => {
    const abort = new AbortController();
    const open = () => fetch(`${base}/api/games/${game}/events`, { signal: abort.signal });
    try {
      const streams = [];
      for (let i = 0; i < DEFAULT_LIMITS.streamsPerClient; i++) streams.push(await open());
      assert.ok(streams.every((s) => s.status === 200));
      const refused = await fetch(`${base}/api/games/${game}/events`);
      const problem = await problemOf(refused);
      assert.equal(problem.status, 429);
      assert.equal((problem.body as { code: string }).code, 'too-many-streams');
      assert.ok(Number(refused.headers.get('retry-after')) > 0);
    } finally {
      abort.abort();
    }
    // Closed streams give their places back.
    for (let i = 0; i < 50; i++) {
      const again = await fetch(`${base}/api/games/${game}/events`);
      await again.body?.cancel();
      if (again.status === 200) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    assert.fail('no stream after the others closed');
  });

  test(`connections: ${DEFAULT_LIMITS.connectionsPerClient} at once from one client, then 429 too-many-connections`, async () => {
    const held = await Promise.all(
      Array.from({ length: DEFAULT_LIMITS.connectionsPerClient }, () => socketTo(base)),
    );
    try {
      const over = await socketTo(base);
      const { text } = await untilClosed(over);
      assert.match(text, /^HTTP\/1\.1 429 /);
      assert.match(text, /"code":"too-many-connections"/);
    } finally {
      for (const s of held) s.destroy();
    }
  });
});

describe('limits set small', () => {
  let server: RunningServer;
  let base: string;
  before(async () => {
    server = await testServer({
      limits: {
        maxStreams: 2,
        maxConnections: 6,
        connectionsPerClient: 0,
        headersTimeout: 1,
        idleTimeout: 1,
      },
    });
    base = server.url;
  });
  after(() => server.close());

  test('event streams in all: 503 too-many-streams', async () => {
    const g = await call<{ id: string }>(base, 'POST', '/api/games', {});
    const abort = new AbortController();
    try {
      for (let i = 0; i < 2; i++) {
        const r = await fetch(`${base}/api/games/${g.body.id}/events`, { signal: abort.signal });
        assert.equal(r.status, 200);
      }
      const problem = await problemOf(await fetch(`${base}/api/games/${g.body.id}/events`));
      assert.equal(problem.status, 503);
      assert.equal((problem.body as { code: string }).code, 'too-many-streams');
    } finally {
      abort.abort();
    }
  });

  test('a client sending its headers slowly is closed after the headers timeout (408)', async () => {
    await new Promise((resolve) => setTimeout(resolve, 200));
    const slow = await socketTo(base);
    const closed = untilClosed(slow);
    slow.write('GET /api/games HTTP/1.1\r\nHost: x\r\n');
    const drip = setInterval(() => slow.write('X-Slow: 1\r\n'), 200);
    const { text, ms } = await closed;
    clearInterval(drip);
    assert.match(text, /^HTTP\/1\.1 408 /);
    assert.match(text, /"code":"request-timeout"/);
    assert.ok(ms < 4000, `closed after ${ms.toFixed(0)} ms`);
  });

  test('an idle kept-alive connection is closed after the idle timeout', async () => {
    const idle = await socketTo(base);
    const closed = untilClosed(idle);
    idle.write('GET /api/games?limit=1 HTTP/1.1\r\nHost: x\r\n\r\n');
    const { text, ms } = await closed;
    assert.match(text, /^HTTP\/1\.1 200 /);
    assert.ok(ms < 4000, `closed after ${ms.toFixed(0)} ms`);
  });

  test('connections in all: those over max-connections are closed unanswered', async () => {
    await new Promise((resolve) => setTimeout(resolve, 200)); // the connections of the tests before have closed
    const held = await Promise.all(Array.from({ length: 6 }, () => socketTo(base)));
    try {
      const over = await socketTo(base);
      const closed = untilClosed(over);
      over.write('GET /api/games HTTP/1.1\r\nHost: x\r\n\r\n');
      assert.equal((await closed).text, '');
    } finally {
      for (const s of held) s.destroy();
    }
  });
});
