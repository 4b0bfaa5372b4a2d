/**
 * Server processes, started as `dipkit serve`: two instances on one PostgreSQL processing the same games at once
 * (every phase exactly once, no order lost), and an instance killed with SIGKILL while it processes phases, then
 * restarted on the same database (every game consistent, replaying from its export, and continuing).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { seededRandom } from 'dipkit';
import { openDb } from '../src/index.js';
import { allReady, joinAll, playPhase, type Seat } from './client.js';
import { CLI, DATABASE_URL, ON_POSTGRES, POWERS, call } from './helpers.js';
import { checkPhases, serve, stop } from './processes.js';

async function createGames(
  base: string,
  count: number,
  body: object,
): Promise<{ id: string; seats: Seat[] }[]> {
  const games = [];
  for (let i = 0; i < count; i++) {
    const r = await call<{ id: string }>(base, 'POST', '/api/games', { map: 'standard', ...body });
    games.push({ id: r.body.id, seats: await joinAll(base, r.body.id, POWERS) });
  }
  return games;
}

test(
  'two server processes on one PostgreSQL: 50 games, all ready at once, every phase processed exactly once',
  {
    skip: ON_POSTGRES
      ? false
      : "needs DATABASE_URL: PGlite is one process's database (scripts/with-postgres.sh runs it)",
    timeout: 300_000,
  },
  async () => {
    const url = DATABASE_URL ?? '';
    const servers = [await serve(['--database', url]), await serve(['--database', url])];
    const db = await openDb({ database: url });
    try {
      const at = (i: number): string => servers[i % 2]!.url;
      const games = await createGames(at(0), 50, { maxYear: 1910 });
      // Ten more games processed only by deadline: the two instances' deadline loops compete for them.
      const timed = await createGames(at(1), 10, { processWhenReady: false, deadlines: { movement: 1 } });
      const random = seededRandom(5);
      const accepted = new Map<string, Map<string, Map<string, string[]>>>();
      const rounds = 3;
      for (let round = 0; round < rounds; round++) {
        await Promise.all(
          games.map(async (g, i) => {
            const played = await playPhase(at(i + round), g.id, g.seats, random);
            let byPhase = accepted.get(g.id);
            if (!byPhase) accepted.set(g.id, (byPhase = new Map<string, Map<string, string[]>>()));
            byPhase.set(played.phase, played.accepted);
          }),
        );
        const phases = new Map(games.map((g) => [g.id, [...(accepted.get(g.id)?.keys() ?? [])].pop() ?? '']));
        // Every power of every game marks ready at once, through both instances.
        const replies = await Promise.all(
          games.map((g) =>
            Promise.all(
              g.seats.map((s, k) =>
                call<{ processed: boolean }>(
                  at(k),
                  'POST',
                  `/api/games/${g.id}/ready`,
                  { ready: true, phase: phases.get(g.id) },
                  s.token,
                ),
              ),
            ),
          ),
        );
        for (const [i, game] of replies.entries()) {
          for (const r of game) assert.ok(r.status === 200 || r.status === 409, JSON.stringify(r.body));
          assert.equal(
            game.filter((r) => r.status === 200 && r.body.processed).length,
            1,
            `game ${i} processed once`,
          );
        }
      }
      await new Promise((resolve) => setTimeout(resolve, 2500));
      await Promise.all(servers.map((s) => stop(s)));
      const counts = await checkPhases(
        db,
        games.map((g) => g.id),
      );
      for (const n of counts.values()) assert.equal(n, rounds);
      const timedCounts = await checkPhases(
        db,
        timed.map((g) => g.id),
      );
      for (const n of timedCounts.values()) assert.ok(n >= 1, 'deadline games processed');
      // No lost order: the record of each phase holds exactly the orders each client had accepted.
      for (const g of games) {
        const records = await db.query<{
          name: string;
          record: { orders: { power: string; text: string }[] };
        }>('SELECT name, record FROM phases WHERE game_id = $1 ORDER BY seq', [g.id]);
        for (const { name, record } of records.rows) {
          for (const power of POWERS) {
            assert.deepEqual(
              record.orders.filter((o) => o.power === power).map((o) => o.text),
              accepted.get(g.id)?.get(name)?.get(power) ?? [],
              `${g.id} ${name} ${power}`,
            );
          }
        }
      }
      const by = await db.query<{ processed_by: string; n: number }>(
        `SELECT processed_by, count(*)::int AS n FROM phases WHERE game_id = ANY($1) GROUP BY processed_by`,
        [[...games, ...timed].map((g) => g.id)],
      );
      assert.equal(by.rows.length, 2, `both instances processed phases: ${JSON.stringify(by.rows)}`);
    } finally {
      await Promise.all(servers.map((s) => stop(s, 'SIGKILL')));
      await db.close();
    }
  },
);

test(
  'SIGKILL while processing, restart: every game consistent and continuing',
  { timeout: 300_000 },
  async () => {
    const dir = mkdtempSync(join(tmpdir(), 'dipkit-fault-'));
    const database = ON_POSTGRES ? ['--database', DATABASE_URL ?? ''] : ['--data', join(dir, 'data')];
    let server = await serve(database);
    try {
      const games = await createGames(server.url, 12, {
        deadlines: { movement: 1, retreat: 1, adjustment: 1 },
      });
      const random = seededRandom(9);
      // Clients play as fast as they can while the deadlines fire too; the kill comes in the middle of it.
      let killed = false;
      const drive = Promise.all(
        games.map(async (g) => {
          while (!killed) {
            try {
              const played = await playPhase(server.url, g.id, g.seats, random);
              await allReady(server.url, g.id, g.seats, played.phase);
            } catch {
              return; // the server is gone
            }
          }
        }),
      );
      await new Promise((resolve) => setTimeout(resolve, 3000));
      killed = true;
      await stop(server, 'SIGKILL');
      await drive;
      server = await serve(database);
      for (const g of games) {
        const view = await call<{ phase: string; status: string; history: { phase: string }[] }>(
          server.url,
          'GET',
          `/api/games/${g.id}`,
        );
        assert.equal(view.status, 200);
        assert.ok(view.body.history.length >= 1, 'phases were processed before the kill');
        const exported = await call(server.url, 'GET', `/api/games/${g.id}/export`);
        const file = join(dir, `${g.id}.json`);
        writeFileSync(file, JSON.stringify(exported.body));
        const out = execFileSync(process.execPath, [CLI, 'replay', file], { encoding: 'utf8' });
        // The deadlines keep firing between the two reads, so the export may hold more phases than the view did.
        const summary = /^(\d+) passed, 0 failed$/m.exec(out);
        assert.ok(summary, out);
        assert.ok(Number(summary[1]) >= view.body.history.length, out);
        // Continuing: the deadlines survived the restart, and clients can play on (a phase may move on by its
        // deadline between reading it and submitting: a wrong-phase then is the game continuing).
        try {
          const played = await playPhase(server.url, g.id, g.seats, random);
          await allReady(server.url, g.id, g.seats, played.phase);
        } catch (e) {
          assert.match(String(e), /wrong-phase/);
        }
        let length = 0;
        for (let i = 0; i < 100 && length <= view.body.history.length; i++) {
          const now = await call<{ history: unknown[] }>(server.url, 'GET', `/api/games/${g.id}`);
          length = now.body.history.length;
          if (length <= view.body.history.length) await new Promise((resolve) => setTimeout(resolve, 100));
        }
        assert.ok(length > view.body.history.length, `${g.id} continues`);
      }
      if (ON_POSTGRES) {
        await stop(server);
        const db = await openDb({ database: DATABASE_URL ?? '' });
        try {
          await checkPhases(
            db,
            games.map((g) => g.id),
          );
        } finally {
          await db.close();
        }
      }
    } finally {
      await stop(server, 'SIGKILL');
      rmSync(dir, { recursive: true, force: true });
    }
  },
);
