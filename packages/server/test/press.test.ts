/**
 * Press over HTTP, on the database the environment names (PGlite in memory, or DATABASE_URL): every token that
 * may not read a private message (every other power's, the admin's, none, another game's) tried on every route
 * that shows messages and on the event stream; the press settings (full, public, none; closed in retreats and
 * adjustments) and their 403; the text limits and the per-power rate; the two Cicero games with press through
 * import and export, message for message; a server killed with SIGKILL while messages are sent.
 *
 * Who may read what is written out here by hand per message (not computed by the server's own rule).
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer } from '../src/index.js';
import { joinAll, type Seat } from './client.js';
import { DATABASE_URL, ON_POSTGRES, POWERS, call, sharedServer, type Reply } from './helpers.js';
import { serve, stop as stopServer } from './processes.js';

const shared = sharedServer();

interface Message {
  id: number;
  phase: string;
  from: string;
  to: string | string[];
  text: string;
  time: string;
}

async function newGame(body: Record<string, unknown> = {}): Promise<{ id: string; adminToken: string }> {
  const r = await call<{ id: string; adminToken: string }>(shared.base, 'POST', '/api/games', body);
  assert.equal(r.status, 201, JSON.stringify(r.body));
  return r.body;
}

function send(id: string, token: string | undefined, to: unknown, text: string): Promise<Reply<Message>> {
  return call<Message>(shared.base, 'POST', `/api/games/${id}/messages`, { to, text }, token);
}

function assertProblem(r: Reply<unknown>, status: number, code: string): void {
  assert.equal(r.status, status, JSON.stringify(r.body));
  assert.match(r.type, /^application\/problem\+json/);
  assert.equal((r.body as { code: string }).code, code, JSON.stringify(r.body));
}

/** The texts of a message list, in order. */
const texts = (messages: readonly { text: string }[]): string[] => messages.map((m) => m.text);

/** An open event stream: what it has received so far, and a way to wait for a text. */
async function openStream(
  url: string,
  headers: Record<string, string> = {},
): Promise<{
  status: number;
  text: () => string;
  waitFor: (what: RegExp) => Promise<void>;
  close: () => void;
}> {
  const controller = new AbortController();
  const res = await fetch(url, { signal: controller.signal, headers });
  let text = '';
  const reader = res.status === 200 ? res.body!.getReader() : undefined;
  const decoder = new TextDecoder();
  let pending: Promise<void> | undefined;
  const pump = (): Promise<void> =>
    (pending ??= (async () => {
      const chunk = await reader!.read().catch(() => ({ done: true, value: undefined }));
      if (!chunk.done && chunk.value) text += decoder.decode(chunk.value);
      pending = undefined;
    })());
  if (res.status !== 200) await res.text();
  return {
    status: res.status,
    text: () => text,
    waitFor: async (what) => {
      const until = Date.now() + 10_000;
      while (!what.test(text) && Date.now() < until) {
        await Promise.race([pump(), new Promise((r) => setTimeout(r, 200))]);
      }
      assert.match(text, what);
    },
    close: () => controller.abort(),
  };
}

/** The message events of a stream's text. */
function messageEvents(text: string): Message[] {
  return [...text.matchAll(/^id: \d+\nevent: message\ndata: (.*)$/gm)].map(
    (m) => JSON.parse(m[1] ?? '') as Message,
  );
}

describe('privacy: every token on every route and the event stream', () => {
  let game: { id: string; adminToken: string };
  let seats: Seat[];
  let other: { id: string; adminToken: string; seats: Seat[] };
  const token = (power: string): string => seats.find((s) => s.power === power)!.token;
  // Three messages and who may read each, by hand: FRANCE -> ENGLAND, FRANCE -> ENGLAND + GERMANY, GERMANY -> ALL.
  const SENT = [
    { from: 'FRANCE', to: 'ENGLAND', text: 'Channel DMZ? <img src=x onerror=alert(1)>' },
    { from: 'FRANCE', to: ['GERMANY', 'ENGLAND'], text: 'the three of us against Russia' },
    { from: 'GERMANY', to: 'ALL', text: 'Peace in our time.' },
  ];
  const READERS: Record<string, string[]> = {
    ENGLAND: [SENT[0]!.text, SENT[1]!.text, SENT[2]!.text],
    FRANCE: [SENT[0]!.text, SENT[1]!.text, SENT[2]!.text],
    GERMANY: [SENT[1]!.text, SENT[2]!.text],
    ITALY: [SENT[2]!.text],
    AUSTRIA: [SENT[2]!.text],
    RUSSIA: [SENT[2]!.text],
    TURKEY: [SENT[2]!.text],
  };
  const PUBLIC = [SENT[2]!.text];
  const streams: { who: string; stream: Awaited<ReturnType<typeof openStream>> }[] = [];

  before(async () => {
    game = await newGame();
    seats = await joinAll(shared.base, game.id, POWERS);
    const o = await newGame();
    other = { ...o, seats: await joinAll(shared.base, o.id, POWERS) };
    const events = `${shared.base}/api/games/${game.id}/events`;
    // Streams opened before the messages: each power by header and by ?token=, the admin, no token.
    for (const power of POWERS) {
      streams.push({
        who: power,
        stream: await openStream(events, { authorization: `Bearer ${token(power)}` }),
      });
      streams.push({ who: power, stream: await openStream(`${events}?token=${token(power)}`) });
    }
    streams.push({
      who: 'admin',
      stream: await openStream(events, { authorization: `Bearer ${game.adminToken}` }),
    });
    streams.push({ who: 'none', stream: await openStream(events) });
    for (const m of SENT) {
      const r = await send(game.id, token(m.from), m.to, m.text);
      assert.equal(r.status, 201, JSON.stringify(r.body));
    }
    // A last public message: once a stream has it, it has had every event before it.
    assert.equal((await send(game.id, token('ITALY'), 'ALL', 'the end')).status, 201);
    for (const s of streams) await s.stream.waitFor(/the end/);
  });
  after(() => {
    for (const s of streams) s.stream.close();
  });

  test('POST answers 201 with the message as stored; to is normalised (a list in map order)', async () => {
    const r = await call<{ messages: Message[] }>(
      shared.base,
      'GET',
      `/api/games/${game.id}/messages`,
      undefined,
      token('FRANCE'),
    );
    const [first, second] = r.body.messages;
    assert.deepEqual(
      { ...first, time: undefined },
      { id: 1, phase: 'S1901M', from: 'FRANCE', to: 'ENGLAND', text: SENT[0]!.text, time: undefined },
    );
    assert.ok(Math.abs(Date.parse(first!.time) - Date.now()) < 120_000, first!.time);
    assert.deepEqual(second?.to, ['ENGLAND', 'GERMANY']);
  });

  test('GET /messages: each power reads exactly its own, the admin token and no token only the public', async () => {
    for (const power of POWERS) {
      const r = await call<{ messages: Message[] }>(
        shared.base,
        'GET',
        `/api/games/${game.id}/messages`,
        undefined,
        token(power),
      );
      assert.equal(r.status, 200);
      assert.deepEqual(texts(r.body.messages), [...READERS[power]!, 'the end'], power);
      const q = await call<{ messages: Message[] }>(
        shared.base,
        'GET',
        `/api/games/${game.id}/messages?token=${token(power)}`,
      );
      assert.deepEqual(texts(q.body.messages), [...READERS[power]!, 'the end'], `${power} ?token=`);
    }
    for (const [who, t] of [
      ['admin', game.adminToken],
      ['none', undefined],
    ] as const) {
      const r = await call<{ messages: Message[] }>(
        shared.base,
        'GET',
        `/api/games/${game.id}/messages`,
        undefined,
        t,
      );
      assert.deepEqual(texts(r.body.messages), [...PUBLIC, 'the end'], who);
    }
  });

  test("another game's tokens, and made-up ones, are refused (401), never read as no token", async () => {
    const tries = [
      other.adminToken,
      ...other.seats.map((s) => s.token),
      'not-a-token',
      token('FRANCE') + 'x',
    ];
    for (const t of tries) {
      for (const path of ['/messages', '/messages?counterpart=ENGLAND', '/export', '/export?format=dipkit']) {
        assertProblem(
          await call(shared.base, 'GET', `/api/games/${game.id}${path}`, undefined, t),
          401,
          'bad-token',
        );
      }
      assertProblem(
        await call(shared.base, 'GET', `/api/games/${game.id}/messages?token=${encodeURIComponent(t)}`),
        401,
        'bad-token',
      );
      assertProblem(
        await call(shared.base, 'GET', `/api/games/${game.id}/events?token=${encodeURIComponent(t)}`),
        401,
        'bad-token',
      );
      assertProblem(await send(game.id, t, 'ALL', 'hi'), 401, 'bad-token');
    }
    // And the other game's streams and lists hold none of this game's messages.
    const r = await call<{ messages: Message[] }>(
      shared.base,
      'GET',
      `/api/games/${other.id}/messages`,
      undefined,
      other.seats[0]!.token,
    );
    assert.deepEqual(r.body.messages, []);
  });

  test('?counterpart: one conversation, for every pair of powers; ALL is the public channel', async () => {
    for (const power of POWERS) {
      for (const counterpart of [...POWERS.filter((p) => p !== power), 'ALL']) {
        const r = await call<{ messages: Message[] }>(
          shared.base,
          'GET',
          `/api/games/${game.id}/messages?counterpart=${counterpart}`,
          undefined,
          token(power),
        );
        assert.equal(r.status, 200);
        const pair = new Set([power, counterpart]);
        let expected: string[];
        if (counterpart === 'ALL') expected = [...PUBLIC, 'the end'];
        else if (pair.has('FRANCE') && pair.has('ENGLAND')) expected = [SENT[0]!.text, SENT[1]!.text];
        else if (pair.has('FRANCE') && pair.has('GERMANY')) expected = [SENT[1]!.text];
        else if (pair.has('ENGLAND') && pair.has('GERMANY')) expected = [SENT[1]!.text];
        else expected = [];
        assert.deepEqual(texts(r.body.messages), expected, `${power} with ${counterpart}`);
      }
    }
    // Without a power: only what the public may read, of that power.
    for (const t of [game.adminToken, undefined]) {
      const r = await call<{ messages: Message[] }>(
        shared.base,
        'GET',
        `/api/games/${game.id}/messages?counterpart=GERMANY`,
        undefined,
        t,
      );
      assert.deepEqual(texts(r.body.messages), PUBLIC);
    }
    assertProblem(
      await call(
        shared.base,
        'GET',
        `/api/games/${game.id}/messages?counterpart=MARS`,
        undefined,
        token('FRANCE'),
      ),
      422,
      'unknown-power',
    );
  });

  test('?since=ID: only the later messages', async () => {
    const r = await call<{ messages: Message[] }>(
      shared.base,
      'GET',
      `/api/games/${game.id}/messages?since=2`,
      undefined,
      token('ENGLAND'),
    );
    assert.deepEqual(texts(r.body.messages), [SENT[2]!.text, 'the end']);
    assert.deepEqual(
      r.body.messages.map((m) => m.id),
      [3, 4],
    );
  });

  test('export (MILA and dipkit) holds the messages the token may read, and no more', async () => {
    for (const [who, t] of [
      ...POWERS.map((p) => [p, token(p)]),
      ['admin', game.adminToken],
      ['none', undefined],
    ] as const) {
      const mila = await call<{ phases: { messages: { message: string }[] }[] }>(
        shared.base,
        'GET',
        `/api/games/${game.id}/export`,
        undefined,
        t,
      );
      assert.equal(mila.status, 200);
      const milaTexts = [...new Set(mila.body.phases.flatMap((p) => p.messages.map((m) => m.message)))];
      const allowed = READERS[who] ?? PUBLIC;
      assert.deepEqual(milaTexts, [...allowed, 'the end'], `${who} MILA`);
      const dipkit = await call<{ messages?: { text: string }[] }>(
        shared.base,
        'GET',
        `/api/games/${game.id}/export?format=dipkit`,
        undefined,
        t,
      );
      assert.deepEqual(texts(dipkit.body.messages ?? []), [...allowed, 'the end'], `${who} dipkit`);
    }
  });

  test('the event stream: each message reaches exactly the streams allowed to read it', () => {
    for (const { who, stream } of streams) {
      const got = texts(messageEvents(stream.text()));
      assert.deepEqual(got, [...(READERS[who] ?? PUBLIC), 'the end'], who);
      // Not even a trace of a private text in a stream that may not read it.
      for (const m of SENT.slice(0, 2)) {
        if (!(READERS[who] ?? PUBLIC).includes(m.text))
          assert.ok(!stream.text().includes(m.text.slice(0, 12)), who);
      }
    }
  });

  test('nothing else shows a message: the game view, the history, the lobby list', async () => {
    for (const path of [`/api/games/${game.id}`, '/api/games', `/api/games/${game.id}/map.svg`]) {
      const r = await call(shared.base, 'GET', path);
      for (const m of SENT) assert.ok(!JSON.stringify(r.body).includes(m.text.slice(0, 12)), path);
    }
  });
});

describe('press settings', () => {
  test('defaults: full press in every phase, reported by GET /api/games/{id}', async () => {
    const g = await newGame();
    const view = await call<Record<string, unknown>>(shared.base, 'GET', `/api/games/${g.id}`);
    assert.equal(view.body['press'], 'full');
    assert.equal(view.body['pressInRetreatsAndAdjustments'], true);
  });

  test('public press: messages to all only; private ones 403 press-not-allowed', async () => {
    const g = await newGame({ press: 'public' });
    const view = await call<Record<string, unknown>>(shared.base, 'GET', `/api/games/${g.id}`);
    assert.equal(view.body['press'], 'public');
    const [f] = await joinAll(shared.base, g.id, ['FRANCE']);
    assertProblem(await send(g.id, f!.token, 'ENGLAND', 'psst'), 403, 'press-not-allowed');
    assertProblem(await send(g.id, f!.token, ['ENGLAND', 'ITALY'], 'psst'), 403, 'press-not-allowed');
    assert.equal((await send(g.id, f!.token, 'ALL', 'hello all')).status, 201);
  });

  test('gunboat (none): every message 403 press-not-allowed, nothing stored', async () => {
    const g = await newGame({ press: 'none' });
    const [f] = await joinAll(shared.base, g.id, ['FRANCE']);
    for (const to of ['ALL', 'ENGLAND'])
      assertProblem(await send(g.id, f!.token, to, 'hi'), 403, 'press-not-allowed');
    const r = await call<{ messages: Message[] }>(
      shared.base,
      'GET',
      `/api/games/${g.id}/messages`,
      undefined,
      f!.token,
    );
    assert.deepEqual(r.body.messages, []);
  });

  test('press closed in retreat and adjustment phases when the game says so; open by default', async () => {
    // A recorded game cut after W1901A: its current phase is an adjustment phase.
    const cicero = JSON.parse(
      readFileSync(
        new URL('../../../../test/data/games/cicero-game_433761-with-press.json', import.meta.url),
        'utf8',
      ),
    ) as {
      phases: { name: string }[];
    };
    const upTo = cicero.phases.findIndex((p) => p.name === 'W1901A');
    const cut = { ...cicero, phases: cicero.phases.slice(0, upTo + 1) };
    for (const open of [false, true]) {
      const r = await call<{ id: string }>(shared.base, 'POST', '/api/games/import', {
        game: cut,
        pressInRetreatsAndAdjustments: open,
      });
      assert.equal(r.status, 201, JSON.stringify(r.body));
      const view = await call<Record<string, unknown>>(shared.base, 'GET', `/api/games/${r.body.id}`);
      assert.equal(view.body['phase'], 'W1901A');
      assert.equal(view.body['pressInRetreatsAndAdjustments'], open);
      const [e] = await joinAll(shared.base, r.body.id, ['ENGLAND']);
      const sent = await send(r.body.id, e!.token, 'ALL', 'builds?');
      if (open) assert.equal(sent.status, 201);
      else assertProblem(sent, 403, 'press-not-allowed');
    }
  });

  test('a bad press setting is refused (400)', async () => {
    assertProblem(await call(shared.base, 'POST', '/api/games', { press: 'some' }), 400, 'invalid-request');
    assertProblem(
      await call(shared.base, 'POST', '/api/games', { pressInRetreatsAndAdjustments: 'no' }),
      400,
      'invalid-request',
    );
  });
});

describe('what a message may be', () => {
  test('text up to 10,000 characters without control characters; recipients checked; tokens checked', async () => {
    const g = await newGame();
    const [f] = await joinAll(shared.base, g.id, ['FRANCE']);
    const t = f!.token;
    assert.equal((await send(g.id, t, 'England', 'x'.repeat(10_000))).status, 201);
    assert.equal((await send(g.id, t, 'ALL', 'line one\nline two\ttabbed 🙂')).status, 201);
    assertProblem(await send(g.id, t, 'ENGLAND', 'x'.repeat(10_001)), 422, 'bad-message');
    assertProblem(await send(g.id, t, 'ENGLAND', ''), 422, 'bad-message');
    assertProblem(await send(g.id, t, 'ENGLAND', 'bell\u0007'), 422, 'bad-message');
    assertProblem(await send(g.id, t, 'ENGLAND', 'cr\r\n'), 422, 'bad-message');
    assertProblem(await send(g.id, t, 'MARS', 'hi'), 422, 'bad-recipient');
    assertProblem(await send(g.id, t, 'FRANCE', 'hi'), 422, 'bad-recipient');
    assertProblem(await send(g.id, t, [], 'hi'), 400, 'invalid-request');
    assertProblem(await send(g.id, t, 5, 'hi'), 400, 'invalid-request');
    assertProblem(
      await call(shared.base, 'POST', `/api/games/${g.id}/messages`, { to: 'ALL', text: 'hi', extra: 1 }, t),
      400,
      'invalid-request',
    );
    assertProblem(await send(g.id, undefined, 'ALL', 'hi'), 401, 'missing-token');
    assertProblem(await send(g.id, g.adminToken, 'ALL', 'hi'), 403, 'admin-cannot-send');
    assertProblem(await send('nosuchgame0', t, 'ALL', 'hi'), 404, 'no-such-game');
    assertProblem(await call(shared.base, 'GET', '/api/games/nosuchgame0/messages'), 404, 'no-such-game');
    const r = await call<{ messages: Message[] }>(
      shared.base,
      'GET',
      `/api/games/${g.id}/messages`,
      undefined,
      t,
    );
    assert.equal(r.body.messages.length, 2);
  });

  test('a finished game takes no more messages (409 game-over)', async () => {
    const g = await newGame({ maxYear: 1901 });
    const [f] = await joinAll(shared.base, g.id, ['FRANCE']);
    for (let i = 0; i < 2; i++)
      await call(shared.base, 'POST', `/api/games/${g.id}/process`, {}, g.adminToken);
    assertProblem(await send(g.id, f!.token, 'ALL', 'gg'), 409, 'game-over');
  });
});

test('the rate per power: 30 a minute, then 429 rate-limited with Retry-After; other powers unaffected', async () => {
  const g = await newGame();
  const [f, e] = await joinAll(shared.base, g.id, ['FRANCE', 'ENGLAND']);
  const sent = await Promise.all(
    Array.from({ length: 30 }, (_, i) => send(g.id, f!.token, 'ALL', `spam ${i}`)),
  );
  assert.deepEqual(
    sent.map((r) => r.status),
    Array(30).fill(201),
  );
  const refused = await fetch(`${shared.base}/api/games/${g.id}/messages`, {
    method: 'POST',
    headers: { authorization: `Bearer ${f!.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ to: 'ALL', text: 'one more' }),
  });
  assert.equal(refused.status, 429);
  assert.equal(((await refused.json()) as { code: string }).code, 'rate-limited');
  const wait = Number(refused.headers.get('retry-after'));
  assert.ok(wait >= 1 && wait <= 60, String(wait));
  assert.equal((await send(g.id, e!.token, 'ALL', 'my turn')).status, 201);
  const r = await call<{ messages: Message[] }>(shared.base, 'GET', `/api/games/${g.id}/messages`);
  assert.equal(r.body.messages.length, 31);
});

describe('recorded games with press: import and export', () => {
  const FILES: [string, number, number][] = [
    // file, messages, of which to all (counted in the files by hand: see test/data/games/README.md)
    ['cicero-game_433761-with-press.json', 170, 52],
    ['cicero-game_443777-with-press.json', 115, 41],
  ];
  type Mila = { phases: { name: string; messages: Record<string, unknown>[] }[] };
  const read = (file: string): Mila =>
    JSON.parse(readFileSync(new URL(`../../../../test/data/games/${file}`, import.meta.url), 'utf8')) as Mila;
  // Phase by phase; a finished game's last phase is written COMPLETED, whatever the file called it.
  const byPhase = (g: Mila): [string, unknown[]][] =>
    g.phases.map((p, i) => [i === g.phases.length - 1 ? 'last' : p.name, p.messages]);

  for (const [file, count, publicCount] of FILES) {
    test(`${file}: imported finished, every one of its ${count} messages exported identical, and public`, async () => {
      const original = read(file);
      const r = await call<{ id: string }>(shared.base, 'POST', '/api/games/import', {
        game: original,
        finished: true,
      });
      assert.equal(r.status, 201, JSON.stringify(r.body));
      const view = await call<{ status: string; history: unknown[] }>(
        shared.base,
        'GET',
        `/api/games/${r.body.id}`,
      );
      assert.equal(view.body.status, 'draw');
      const exported = await call<Mila>(shared.base, 'GET', `/api/games/${r.body.id}/export`);
      assert.deepEqual(byPhase(exported.body), byPhase(original));
      // Through dipkit's own format and a second import: still identical.
      const dipkit = await call(shared.base, 'GET', `/api/games/${r.body.id}/export?format=dipkit`);
      const again = await call<{ id: string }>(shared.base, 'POST', '/api/games/import', {
        game: dipkit.body,
      });
      const twice = await call<Mila>(shared.base, 'GET', `/api/games/${again.body.id}/export`);
      assert.deepEqual(byPhase(twice.body), byPhase(original));
      const list = await call<{ messages: Message[] }>(
        shared.base,
        'GET',
        `/api/games/${r.body.id}/messages`,
      );
      assert.equal(list.body.messages.length, count);
      assert.deepEqual(
        list.body.messages.map((m) => m.id),
        Array.from({ length: count }, (_, i) => i + 1),
      );
    });

    test(`${file}: imported as a game in play, its private messages stay private (${publicCount} public)`, async () => {
      const original = read(file);
      const r = await call<{ id: string; adminToken: string }>(shared.base, 'POST', '/api/games/import', {
        game: original,
      });
      const none = await call<{ messages: Message[] }>(
        shared.base,
        'GET',
        `/api/games/${r.body.id}/messages`,
      );
      assert.equal(none.body.messages.length, publicCount);
      const admin = await call<{ messages: Message[] }>(
        shared.base,
        'GET',
        `/api/games/${r.body.id}/messages`,
        undefined,
        r.body.adminToken,
      );
      assert.equal(admin.body.messages.length, publicCount);
      const [e] = await joinAll(shared.base, r.body.id, ['ENGLAND']);
      const mine = await call<{ messages: Message[] }>(
        shared.base,
        'GET',
        `/api/games/${r.body.id}/messages`,
        undefined,
        e!.token,
      );
      const all = original.phases.flatMap((p) => p.messages);
      const england = all.filter(
        (m) => m['recipient'] === 'ALL' || m['sender'] === 'ENGLAND' || m['recipient'] === 'ENGLAND',
      );
      assert.deepEqual(
        texts(mine.body.messages),
        england.map((m) => m['message']),
      );
    });
  }
});

test(
  'SIGKILL while messages are sent: every message answered 201 is kept, in order, after the restart',
  { timeout: 300_000 },
  async () => {
    const dir = mkdtempSync(join(tmpdir(), 'dipkit-press-kill-'));
    const database = ON_POSTGRES ? ['--database', DATABASE_URL ?? ''] : ['--data', join(dir, 'data')];
    let instance = await serve(database);
    try {
      const g = await call<{ id: string }>(instance.url, 'POST', '/api/games', {});
      const seats = await joinAll(instance.url, g.body.id, POWERS);
      const acknowledged = new Map<string, Message[]>();
      let stop = false;
      // Each power writes to the next as fast as it can, 29 at most: the rate limit lets 30 a minute through each,
      // and the 30th is the message after the restart.
      const writers = seats.map(async (s, i) => {
        const to = POWERS[(i + 1) % POWERS.length]!;
        for (let n = 0; !stop && n < 29; n++) {
          try {
            const r = await call<Message>(
              instance.url,
              'POST',
              `/api/games/${g.body.id}/messages`,
              { to, text: `${s.power} ${n}` },
              s.token,
            );
            if (r.status === 201) acknowledged.set(s.power, [...(acknowledged.get(s.power) ?? []), r.body]);
            else if (r.status === 429) await new Promise((res) => setTimeout(res, 50));
          } catch {
            return; // the server is gone
          }
        }
      });
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await stopServer(instance, 'SIGKILL');
      stop = true;
      await Promise.all(writers);
      const total = [...acknowledged.values()].reduce((n, l) => n + l.length, 0);
      assert.ok(total > 7, `messages were acknowledged before the kill (${total})`);
      instance = await serve(database);
      for (const s of seats) {
        const r = await call<{ messages: Message[] }>(
          instance.url,
          'GET',
          `/api/games/${g.body.id}/messages`,
          undefined,
          s.token,
        );
        assert.equal(r.status, 200);
        const kept = new Map(r.body.messages.map((m) => [m.id, m]));
        for (const m of acknowledged.get(s.power) ?? [])
          assert.deepEqual(kept.get(m.id), m, `${s.power} kept ${m.text}`);
        // Numbered in order, without holes (a message cut off by the kill took no number).
        const ids = r.body.messages.map((m) => m.id);
        assert.deepEqual(
          ids,
          [...ids].sort((a, b) => a - b),
        );
      }
      const all = await call<{ messages: Message[] }>(
        instance.url,
        'GET',
        `/api/games/${g.body.id}/messages`,
        undefined,
        seats[0]!.token,
      );
      assert.equal(all.status, 200);
      // And the game goes on: a message after the restart is taken.
      const after = await call(
        instance.url,
        'POST',
        `/api/games/${g.body.id}/messages`,
        { to: 'ALL', text: 'still here' },
        seats[0]!.token,
      );
      assert.equal(after.status, 201);
    } finally {
      await stopServer(instance, 'SIGKILL');
      rmSync(dir, { recursive: true, force: true });
    }
  },
);

test(
  'two instances on one PostgreSQL: a message sent through one reaches the allowed streams of the other (LISTEN/NOTIFY)',
  {
    skip: ON_POSTGRES
      ? false
      : "needs DATABASE_URL: PGlite is one process's database (scripts/with-postgres.sh runs it)",
  },
  async () => {
    const second = await startServer({ port: 0, database: DATABASE_URL ?? '' });
    try {
      const g = await newGame();
      const seats = await joinAll(shared.base, g.id, ['FRANCE', 'ENGLAND', 'ITALY']);
      const events = `${second.url}/api/games/${g.id}/events`;
      const england = await openStream(`${events}?token=${seats[1]!.token}`);
      const italy = await openStream(`${events}?token=${seats[2]!.token}`);
      assert.equal((await send(g.id, seats[0]!.token, 'ENGLAND', 'between us')).status, 201);
      assert.equal((await send(g.id, seats[0]!.token, 'ALL', 'to all')).status, 201);
      await england.waitFor(/to all/);
      await italy.waitFor(/to all/);
      assert.deepEqual(texts(messageEvents(england.text())), ['between us', 'to all']);
      assert.deepEqual(texts(messageEvents(italy.text())), ['to all']);
      england.close();
      italy.close();
    } finally {
      await second.close();
    }
  },
);
