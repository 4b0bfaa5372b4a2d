/**
 * The server outlives its database's faults. On PostgreSQL: its backends terminated again and again
 * (pg_terminate_backend, what a failover or an operator does) while seven players per game submit orders and
 * mark ready; the `dipkit serve` process stays up, answers 503 database-unavailable meanwhile, reconnects, and
 * loses no acknowledged order nor processes a phase twice. On PGlite: the embedded instance failing under the
 * server is answered 503 and replaced, with the data intact.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDb, startServer } from '../src/index.js';
import { joinAll } from './client.js';
import { FaultLoad, checkAcknowledged, checkMessages, faultCounts, type Game } from './fault-load.js';
import { DATABASE_URL, ON_POSTGRES, POWERS, call } from './helpers.js';
import { checkPhases, serve, stop } from './processes.js';

/** The server's connections are told apart from the test's own by their application_name. */
function withApplicationName(url: string, name: string): string {
  const u = new URL(url);
  u.searchParams.set('application_name', name);
  return u.toString();
}

async function newGames(base: string, count: number): Promise<Game[]> {
  const games: Game[] = [];
  for (let i = 0; i < count; i++) {
    const r = await call<{ id: string }>(base, 'POST', '/api/games', { maxYear: 1915 });
    games.push({ id: r.body.id, seats: await joinAll(base, r.body.id, POWERS) });
  }
  return games;
}

const TERMINATIONS = 8;

test(
  `PostgreSQL backends terminated ${TERMINATIONS} times under load: the server lives on, nothing acknowledged is lost`,
  {
    skip: ON_POSTGRES ? false : 'needs DATABASE_URL (scripts/with-postgres.sh runs it)',
    timeout: 120_000,
  },
  async () => {
    const name = `dipkit-faults-${process.pid}`;
    const server = await serve(['--database', withApplicationName(DATABASE_URL ?? '', name)]);
    const db = await openDb({ database: DATABASE_URL ?? '' });
    try {
      const games = await newGames(server.url, 4);
      const load = new FaultLoad(server.url);
      const running = load.run(games).catch((e: unknown) => {
        throw new Error(`${String(e)}; the server's stderr: ${server.stderr()}`);
      });
      let terminated = 0;
      for (let i = 0; i < TERMINATIONS; i++) {
        await new Promise((resolve) => setTimeout(resolve, 700));
        const r = await db.query<{ n: number }>(
          `SELECT count(pg_terminate_backend(pid))::int AS n FROM pg_stat_activity
           WHERE application_name = $1 AND backend_type = 'client backend'`,
          [name],
        );
        terminated += r.rows[0]?.n ?? 0;
      }
      await new Promise((resolve) => setTimeout(resolve, 500));
      load.stop();
      await running;
      assert.equal(server.child.exitCode, null, `the server exited: ${server.stderr()}`);
      assert.equal(server.child.signalCode, null);
      assert.doesNotMatch(server.stderr(), /Unhandled|internal-error/);
      // Answering again, without a restart.
      assert.equal((await call(server.url, 'GET', `/api/games/${games[0]?.id}`)).status, 200);
      const checked = await checkAcknowledged(db, games, load.acks);
      const messages = await checkMessages(db, load.sent);
      const phases = await checkPhases(
        db,
        games.map((g) => g.id),
      );
      const processed = [...phases.values()].reduce((a, b) => a + b, 0);
      assert.ok(terminated >= TERMINATIONS, `backends terminated: ${terminated}`);
      assert.ok(processed >= games.length, `phases processed: ${processed}`);
      assert.ok(messages > 0, 'messages acknowledged');
      process.stdout.write(
        `# fault run: ${TERMINATIONS} terminations (${terminated} backends), ` +
          `${faultCounts(load, checked, messages, processed)}\n`,
      );
    } finally {
      await stop(server, 'SIGKILL');
      await db.close();
    }
  },
);

test(
  'PGlite failing under the server: 503 database-unavailable meanwhile, then the same data again',
  { skip: ON_POSTGRES ? 'PGlite only' : false, timeout: 120_000 },
  async () => {
    const dir = mkdtempSync(join(tmpdir(), 'dipkit-pglite-fault-'));
    const server = await startServer({ port: 0, data: join(dir, 'data'), tick: 100 });
    try {
      const created = await call<{ id: string }>(server.url, 'POST', '/api/games', {});
      assert.equal(created.status, 201);
      // The instance fails (closed under the server, as a crash of its WASM module would leave it).
      await server.db.embedded?.close();
      const r = await fetch(`${server.url}/api/games/${created.body.id}`);
      assert.equal(r.status, 503);
      assert.match(r.headers.get('content-type') ?? '', /^application\/problem\+json/);
      assert.equal(r.headers.get('retry-after'), '2');
      assert.equal(((await r.json()) as { code: string }).code, 'database-unavailable');
      let status = 503;
      for (let i = 0; i < 100 && status === 503; i++) {
        await new Promise((resolve) => setTimeout(resolve, 200));
        status = (await call(server.url, 'GET', `/api/games/${created.body.id}`)).status;
      }
      assert.equal(status, 200, 'the game is back');
      const joined = await call(server.url, 'POST', `/api/games/${created.body.id}/join`, {
        power: 'FRANCE',
      });
      assert.equal(joined.status, 200, 'and writable');
    } finally {
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    }
  },
);
