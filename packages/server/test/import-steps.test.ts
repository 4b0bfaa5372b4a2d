/**
 * An import is written in steps (insert-game.ts): its history first, in small statements, then its games row, so
 * that other requests are answered meanwhile. Until that last step the game is on no route and in no listing; an
 * import cut off (a crash, a clean-up) leaves nothing visible, and its rows go at the next start.
 *
 * The tests hold an import between two of its transactions (a gate in the server's db.transaction) and look at
 * it from outside meanwhile.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { startServer, type RunningServer } from '../src/index.js';
import { ABANDONED_IMPORT_SECONDS, dropAbandonedImports } from '../src/insert-game.js';
import { checkImport } from '../src/import-check.js';
import type { Queryable } from '../src/db.js';
import { LOAD_LIMITS, ON_POSTGRES, call, sharedServer } from './helpers.js';

const shared = sharedServer();

/** A recorded press game (Cicero's game 433761), whose phases and messages take several batches each. */
const RECORDED = readFileSync(
  new URL('../../../../test/data/games/cicero-game_433761-with-press.json', import.meta.url),
  'utf8',
);
const recorded = JSON.parse(RECORDED) as { phases: { name: string; messages?: unknown[] }[] };
const PHASES = recorded.phases.length - 1; // the last recorded phase is the current one
const MESSAGES = recorded.phases.reduce((n, p) => n + (p.messages?.length ?? 0), 0);

/** How many batches (statements) the import of RECORDED writes before its games row. */
const check = checkImport(JSON.parse(RECORDED));
const BATCHES = check.ok ? check.game.phaseBatches.length + check.game.messageBatches.length : 0;

/**
 * Holds server `server`'s import once the transaction that writes its `batches`th batch has committed (all of
 * them: just before its games row is written): `reached` resolves with the game's id once the import waits there,
 * `release()` lets it go on. No transaction is open meanwhile.
 *
 * Only the import's own batches count: the game it writes is the one its `imports` row names. The server also
 * processes other games meanwhile (on PostgreSQL, every due game other test files left in the shared database),
 * and their phases are inserted through the same transactions.
 */
function holdImport(
  server: RunningServer,
  batches: number,
): { reached: Promise<string>; release: () => void } {
  const db = server.db;
  const transaction = db.transaction.bind(db);
  const query = db.query.bind(db);
  let release = (): void => undefined;
  const gate = new Promise<void>((resolve) => (release = resolve));
  let reach: (id: string) => void = () => undefined;
  const reached = new Promise<string>((resolve) => (reach = resolve));
  let written = 0;
  let id: string | undefined;
  db.query = (sql, params) => {
    if (id === undefined && /^\s*INSERT INTO imports/.test(sql)) id = String(params?.[0]);
    return query(sql, params);
  };
  db.transaction = (async (work: (tx: Queryable) => Promise<unknown>) => {
    const before = written;
    const result = await transaction((tx) =>
      work({
        query: (sql, params) => {
          if (
            id !== undefined &&
            /^\s*INSERT INTO (phases|messages)/.test(sql) &&
            String(params?.[0]) === id
          ) {
            written++;
          }
          return tx.query(sql, params);
        },
      }),
    );
    if (id !== undefined && before < batches && written >= batches) {
      db.transaction = transaction;
      db.query = query;
      reach(id);
      await gate;
    }
    return result;
  }) as typeof db.transaction;
  return { reached, release };
}

const importBody = `{"game":${RECORDED},"finished":true}`;

async function count(server: RunningServer, sql: string, params: unknown[]): Promise<number> {
  return (await server.db.query<{ n: number }>(sql, params)).rows[0]?.n ?? -1;
}

async function rowsOf(server: RunningServer, id: string): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const table of ['games', 'phases', 'messages'] as const) {
    const key = table === 'games' ? 'id' : 'game_id';
    out[table] = await count(server, `SELECT count(*)::int AS n FROM ${table} WHERE ${key} = $1`, [id]);
  }
  out['imports'] = await count(server, 'SELECT count(*)::int AS n FROM imports WHERE game_id = $1', [id]);
  return out;
}

test('an import being written is on no route and in no listing; other reads are answered meanwhile', async () => {
  const other = await call<{ id: string }>(shared.base, 'POST', '/api/games', {});
  const hold = holdImport(shared.server, BATCHES);
  const importing = call<{ id: string }>(shared.base, 'POST', '/api/games/import', importBody);
  const id = await hold.reached;
  try {
    const rows = await rowsOf(shared.server, id);
    assert.ok(
      rows['phases']! > 0 && rows['messages']! > 0,
      `history partly written: ${JSON.stringify(rows)}`,
    );
    assert.equal(rows['games'], 0);
    for (const path of ['', '/export', '/map.svg', '/messages', '/events']) {
      const r = await call(shared.base, 'GET', `/api/games/${id}${path}`);
      assert.equal(r.status, 404, `GET /api/games/${id}${path} during the import`);
    }
    for (const query of ['', '?status=draw', '?open=true']) {
      const list = await call<{ games: { id: string }[] }>(shared.base, 'GET', `/api/games${query}`);
      assert.ok(!list.body.games.some((g) => g.id === id), `listed during the import: /api/games${query}`);
    }
    // The database is not held by the import: another game is read and changed while it waits.
    assert.equal((await call(shared.base, 'GET', `/api/games/${other.body.id}`)).status, 200);
    assert.equal((await call(shared.base, 'POST', `/api/games/${other.body.id}/join`, {})).status, 200);
  } finally {
    hold.release();
  }
  const done = await importing;
  assert.equal(done.status, 201);
  assert.equal(done.body.id, id);
  const game = await call<{ history: unknown[]; status: string }>(shared.base, 'GET', `/api/games/${id}`);
  assert.equal(game.body.history.length, PHASES);
  assert.equal(game.body.status, 'draw');
  const press = await call<{ messages: unknown[] }>(shared.base, 'GET', `/api/games/${id}/messages`);
  assert.equal(press.body.messages.length, MESSAGES);
  assert.deepEqual(await rowsOf(shared.server, id), {
    games: 1,
    phases: PHASES,
    messages: MESSAGES,
    imports: 0,
  });
});

test('an import whose rows were cleaned up before it ended fails and shows nothing', async () => {
  const hold = holdImport(shared.server, 1);
  const importing = call(shared.base, 'POST', '/api/games/import', importBody);
  const id = await hold.reached;
  // What an instance starting now does with an import listed for an hour: takes it for abandoned.
  await shared.server.db.query(
    `UPDATE imports SET started_at = now() - interval '1 hour' WHERE game_id = $1`,
    [id],
  );
  assert.equal(await dropAbandonedImports(shared.server.db, ABANDONED_IMPORT_SECONDS), 1);
  hold.release();
  const r = await importing;
  assert.equal(r.status, 503);
  assert.equal(r.body['code'], 'import-interrupted');
  assert.equal((await call(shared.base, 'GET', `/api/games/${id}`)).status, 404);
  assert.deepEqual(await rowsOf(shared.server, id), { games: 0, phases: 0, messages: 0, imports: 0 });
});

test(
  'PGlite: an import cut off by the database going leaves no visible game; its rows go at the next start',
  { skip: ON_POSTGRES && 'an embedded database directory' },
  async () => {
    const dir = mkdtempSync(join(tmpdir(), 'dipkit-import-'));
    const data = join(dir, 'data');
    const options = { port: 0, host: '127.0.0.1', data, limits: LOAD_LIMITS };
    try {
      const first = await startServer(options);
      const hold = holdImport(first, BATCHES);
      const importing = call(first.url, 'POST', '/api/games/import', importBody);
      await hold.reached;
      // The database as a crash leaves it: what was committed so far, nothing after.
      await first.db.close();
      hold.release();
      assert.equal((await importing).status, 503);
      await first.close();
      const left = await PGlite.create(data);
      const partial = await left.query<{ games: number; imports: number; phases: number }>(
        `SELECT (SELECT count(*)::int FROM games) AS games, (SELECT count(*)::int FROM imports) AS imports,
                (SELECT count(*)::int FROM phases) AS phases`,
      );
      await left.close();
      assert.equal(partial.rows[0]?.games, 0);
      assert.equal(partial.rows[0]?.imports, 1);
      assert.ok((partial.rows[0]?.phases ?? 0) > 0);

      const second = await startServer(options);
      try {
        const list = await call<{ games: unknown[] }>(second.url, 'GET', '/api/games');
        assert.deepEqual(list.body.games, []);
        for (const table of ['imports', 'phases', 'messages']) {
          assert.equal(await count(second, `SELECT count(*)::int AS n FROM ${table}`, []), 0, table);
        }
      } finally {
        await second.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  },
);
