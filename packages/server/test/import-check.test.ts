/**
 * Imports are replayed (issue 26 point 5): a history whose phases do not follow one from another is refused with
 * 422 bad-game naming the phase, as `dipkit replay` refuses it; recorded dipcc/Cicero games are still imported.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { call, sharedServer } from './helpers.js';

const shared = sharedServer();

interface MilaPhase {
  name: string;
  state: { name: string };
}
interface MilaGame {
  phases: MilaPhase[];
}

function recorded(name: string): MilaGame {
  const file = new URL(`../../../../test/data/games/${name}`, import.meta.url);
  return JSON.parse(readFileSync(file, 'utf8')) as MilaGame;
}

/** A copy of `phase` under another name. */
function renamed(phase: MilaPhase, name: string): MilaPhase {
  return { ...phase, name, state: { ...phase.state, name } };
}

async function refused(game: MilaGame, naming: string): Promise<void> {
  const r = await call<{ code: string; detail: string }>(shared.base, 'POST', '/api/games/import', { game });
  assert.equal(r.status, 422, JSON.stringify(r.body));
  assert.match(r.type, /application\/problem\+json/);
  assert.equal(r.body.code, 'bad-game');
  assert.ok(r.body.detail.includes(naming), r.body.detail);
}

test('S1901M followed by W1902A is refused, naming W1902A', async () => {
  const real = recorded('dipcc-benchmark_game.json');
  const [s1901, f1901] = real.phases as [MilaPhase, MilaPhase];
  await refused({ ...real, phases: [s1901, renamed(f1901, 'W1902A')] }, 'W1902A');
});

test('a repeated phase name is refused', async () => {
  const real = recorded('dipcc-benchmark_game.json');
  const [s1901] = real.phases as [MilaPhase];
  await refused({ ...real, phases: [s1901, s1901] }, 'S1901M');
});

test('a later phase that does not follow is named (F1901M given the units of S1901M)', async () => {
  const real = recorded('dipcc-benchmark_game.json');
  const phases = real.phases.slice(0, 3);
  phases[1] = {
    ...(phases[0] as MilaPhase),
    name: 'F1901M',
    state: { ...(phases[0] as MilaPhase).state, name: 'F1901M' },
  };
  await refused({ ...real, phases }, 'F1901M');
});

test('recorded dipcc and Cicero games are imported (201)', async () => {
  for (const name of ['dipcc-benchmark_game.json', 'cicero-game_443777.json']) {
    const r = await call<{ id: string }>(shared.base, 'POST', '/api/games/import', { game: recorded(name) });
    assert.equal(r.status, 201, `${name}: ${JSON.stringify(r.body)}`);
    const view = await call<{ history: unknown[] }>(shared.base, 'GET', `/api/games/${r.body.id}`);
    assert.equal(view.status, 200);
    assert.ok(view.body.history.length > 10);
  }
});

// The import route's body is read in the worker, not by Fastify's JSON parser: the same problems as elsewhere.
test('a body that is not a good import: the same specific problems as on every route', async () => {
  const real = recorded('dipcc-benchmark_game.json');
  const cases: [string, string, Record<string, string>, number, string, RegExp?][] = [
    ['malformed JSON', '{"game": {"phases": [', {}, 400, 'malformed-json'],
    ['an empty body', '', {}, 400, 'empty-body'],
    ['prototype poisoning', '{"game": {}, "__proto__": {"admin": true}}', {}, 400, 'malformed-json'],
    ['not an object', '[1, 2]', {}, 400, 'invalid-request'],
    ['a game that is not an object', '{"game": "S1901M"}', {}, 400, 'invalid-request', /game/],
    [
      'an unknown field, named',
      JSON.stringify({ game: real, colour: 'red' }),
      {},
      400,
      'invalid-request',
      /colour/,
    ],
    [
      'text/plain',
      JSON.stringify({ game: real }),
      { 'content-type': 'text/plain' },
      415,
      'unsupported-media-type',
    ],
    [
      'over 4 MiB',
      JSON.stringify({ game: real, pad: 'x'.repeat(4 * 1024 * 1024) }),
      {},
      413,
      'body-too-large',
    ],
  ];
  for (const [name, body, headers, status, code, detail] of cases) {
    const r = await call<{ code: string; detail: string }>(
      shared.base,
      'POST',
      '/api/games/import',
      body,
      undefined,
      headers,
    );
    assert.equal(r.status, status, `${name}: ${JSON.stringify(r.body)}`);
    assert.match(r.type, /^application\/problem\+json/, name);
    assert.equal(r.body.code, code, name);
    if (detail) assert.match(r.body.detail, detail, name);
  }
  // Other routes still parse JSON as before.
  const created = await call(shared.base, 'POST', '/api/games', { map: 'standard' });
  assert.equal(created.status, 201);
});
