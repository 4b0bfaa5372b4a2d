/**
 * PostgreSQL restarted mid-game (`pg_ctl -m fast stop`, which drops every connection, then start), twice, with
 * players submitting and marking ready, a game moved on by its deadlines and an event stream open. The `dipkit
 * serve` process stays up: requests meanwhile get 503 database-unavailable, afterwards everything works without
 * restarting dipkit; the open stream and a stream resumed with Last-Event-ID get every event once, in order; the
 * deadline loop resumes; no acknowledged order is lost and no phase processed twice.
 *
 * It stops the database every other test uses, so it runs on its own: scripts/with-postgres.sh runs it after the
 * rest with DIPKIT_TEST_PG_RESTART naming the script that restarts its PostgreSQL.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { openDb } from '../src/index.js';
import { joinAll } from './client.js';
import {
  EventReader,
  FaultLoad,
  checkAcknowledged,
  checkMessages,
  faultCounts,
  type Game,
} from './fault-load.js';
import { DATABASE_URL, POWERS, call } from './helpers.js';
import { checkPhases, serve, stop } from './processes.js';

const RESTART = process.env['DIPKIT_TEST_PG_RESTART'];
const RESTARTS = 2;
const execFileAsync = promisify(execFile);

/** The numbers of game `id`'s events a stream without a token sees: all but the private messages. */
async function publicEvents(id: string): Promise<number[]> {
  const db = await openDb({ database: DATABASE_URL ?? '' });
  try {
    const r = await db.query<{ seq: number }>(
      'SELECT seq FROM events WHERE game_id = $1 AND readers IS NULL ORDER BY seq',
      [id],
    );
    return r.rows.map((e) => e.seq);
  } finally {
    await db.close();
  }
}

test(
  `PostgreSQL restarted ${RESTARTS} times mid-game: the server lives on, streams resume, nothing is lost`,
  {
    skip: RESTART === undefined ? 'needs DIPKIT_TEST_PG_RESTART (scripts/with-postgres.sh sets it)' : false,
    timeout: 180_000,
  },
  async () => {
    const server = await serve(['--database', DATABASE_URL ?? '']);
    const streams: EventReader[] = [];
    try {
      const base = server.url;
      const games: Game[] = [];
      for (let i = 0; i < 3; i++) {
        const r = await call<{ id: string }>(base, 'POST', '/api/games', { maxYear: 1915 });
        games.push({ id: r.body.id, seats: await joinAll(base, r.body.id, POWERS) });
      }
      // Moved on by deadlines only (nobody orders): the deadline loop must resume after each restart.
      const timed = await call<{ id: string }>(base, 'POST', '/api/games', {
        processWhenReady: false,
        deadlines: { movement: 1, retreat: 1, adjustment: 1 },
      });
      const watched = games[0]?.id ?? '';
      const stream = new EventReader(`${base}/api/games/${watched}/events?since=0`);
      streams.push(stream);
      const load = new FaultLoad(base);
      const running = load.run(games);
      let timedPhases = 0;
      for (let i = 0; i < RESTARTS; i++) {
        await new Promise((resolve) => setTimeout(resolve, 1500));
        // Asynchronously: the load (in this process) keeps sending requests while the database is away. A
        // synchronous restart held this process still for the whole outage, so only requests already in flight
        // could meet it; on a quiet machine the server often answered them all before the stop took effect,
        // and the test saw no 503 at all (it failed 1 run in 2 there).
        await execFileAsync(RESTART ?? '', ['1']);
        // Back: the deadline game moves on again without any request.
        const before = await phaseCount(base, timed.body.id);
        let after = before;
        for (let k = 0; k < 100 && after <= before; k++) {
          await new Promise((resolve) => setTimeout(resolve, 200));
          after = await phaseCount(base, timed.body.id);
        }
        assert.ok(after > before, `deadlines processed after restart ${i + 1}`);
        timedPhases = after;
      }
      await new Promise((resolve) => setTimeout(resolve, 1500));
      load.stop();
      await running;
      assert.equal(server.child.exitCode, null, `the server exited: ${server.stderr()}`);
      assert.equal(server.child.signalCode, null);
      assert.doesNotMatch(server.stderr(), /Unhandled|internal-error/);
      assert.ok(load.tally.unavailable > 0, 'requests during the restarts were answered 503');
      // The open stream catches up with every public event of its game, each once and in order.
      const expected = await publicEvents(watched);
      const last = expected[expected.length - 1] ?? 0;
      await stream.until(last, 10_000);
      assert.deepEqual(stream.ids, expected);
      // A client resuming with Last-Event-ID gets exactly what came after it.
      const half = expected[Math.floor(expected.length / 2)] ?? 0;
      const resumed = new EventReader(`${base}/api/games/${watched}/events`, half);
      streams.push(resumed);
      await resumed.until(last, 10_000);
      assert.deepEqual(
        resumed.ids,
        expected.filter((seq) => seq > half),
      );
      const db = await openDb({ database: DATABASE_URL ?? '' });
      try {
        const checked = await checkAcknowledged(db, games, load.acks);
        const messages = await checkMessages(db, load.sent);
        assert.ok(messages > 0, 'messages acknowledged');
        const phases = await checkPhases(db, [...games.map((g) => g.id), timed.body.id]);
        const processed = [...phases.values()].reduce((a, b) => a + b, 0);
        process.stdout.write(
          `# fault run: ${RESTARTS} PostgreSQL restarts, ${faultCounts(load, checked, messages, processed)} ` +
            `(${timedPhases} by deadline); ${expected.length} public events streamed in order, again after ` +
            `Last-Event-ID\n`,
        );
      } finally {
        await db.close();
      }
    } finally {
      for (const s of streams) s.close();
      await stop(server, 'SIGKILL');
    }
  },
);

async function phaseCount(base: string, id: string): Promise<number> {
  for (;;) {
    const r = await call<{ history: unknown[] }>(base, 'GET', `/api/games/${id}`);
    if (r.status === 200) return r.body.history.length;
    assert.equal(r.status, 503, JSON.stringify(r.body));
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
