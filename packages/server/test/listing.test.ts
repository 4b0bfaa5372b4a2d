/**
 * The list of games (issue 26 point 4): open games are found however many newer full games there are (600 here),
 * and `before=` pages through every game once, newest first.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { migrate, openDb } from '../src/index.js';
import { MIGRATIONS } from '../src/migrations.js';
import { call, POWERS, sharedServer } from './helpers.js';
import { joinAll } from './client.js';

const shared = sharedServer();

interface Listing {
  games: { id: string; openPowers: string[]; createdAt: string; status: string }[];
  next?: string;
}

async function create(): Promise<string> {
  const r = await call<{ id: string }>(shared.base, 'POST', '/api/games', { map: 'standard' });
  assert.equal(r.status, 201);
  return r.body.id;
}

/** Every page of `query`, following `next`; at most `pages` pages. */
async function allPages(query: string, pages = 50): Promise<Listing['games']> {
  const out: Listing['games'] = [];
  let before: string | undefined;
  for (let i = 0; i < pages; i++) {
    const r = await call<Listing>(
      shared.base,
      'GET',
      `/api/games?${query}${before ? `&before=${before}` : ''}`,
    );
    assert.equal(r.status, 200, JSON.stringify(r.body));
    out.push(...r.body.games);
    if (r.body.next === undefined) return out;
    assert.equal(r.body.next, r.body.games.at(-1)?.id);
    before = r.body.next;
  }
  return out;
}

test('an open game is listed under 600 newer full games, and before= pages through all of them', async () => {
  const open = await create();
  await call(shared.base, 'POST', `/api/games/${open}/join`, { power: 'FRANCE' });
  const full = await create();
  await joinAll(shared.base, full, POWERS);
  // 600 more games, newer, every power joined: copies of a new empty game, then seven players each (in SQL, as
  // 4,800 requests would take long); the players' trigger fills their seats as a join does.
  const empty = await create();
  const clones = await shared.server.db.query<{ id: string }>(
    `INSERT INTO games (id, map, options, settings, admin_hash, status, seq, phase, position, open_seats, created_at)
     SELECT 'full-' || n || '-' || substr(md5(random()::text), 1, 8), map, options, settings, admin_hash, status,
            seq, phase, position, open_seats, created_at + n * interval '1 millisecond'
     FROM games, generate_series(1, 600) AS n WHERE id = $1
     RETURNING id`,
    [empty],
  );
  await shared.server.db.query('DELETE FROM games WHERE id = $1', [empty]);
  const ids = clones.rows.map((r) => r.id);
  await shared.server.db.query(
    `INSERT INTO players (game_id, power, token_hash)
     SELECT g, p, md5(g || p) FROM unnest($1::text[]) AS g, unnest($2::text[]) AS p`,
    [ids, POWERS],
  );

  const listed = await call<Listing>(shared.base, 'GET', '/api/games?open=true');
  assert.equal(listed.status, 200);
  const mine = listed.body.games.find((g) => g.id === open);
  assert.ok(mine, 'the open game is on the first page');
  assert.deepEqual(
    mine.openPowers,
    POWERS.filter((p) => p !== 'FRANCE'),
  );
  for (const g of listed.body.games) {
    assert.ok(g.openPowers.length > 0 && g.status === 'active', `${g.id} is open`);
    assert.ok(g.id !== full && !g.id.startsWith('full-'), `${g.id} is full`);
  }
  const active = await call<Listing>(shared.base, 'GET', '/api/games?open=true&status=active&limit=1');
  assert.equal(active.body.games.length, 1);

  // Every game once, newest first: the 600 copies, the full game and the open one among them.
  const every = await allPages('limit=100');
  const seen = every.map((g) => g.id);
  assert.equal(new Set(seen).size, seen.length, 'no game twice');
  for (const id of [...ids, full, open]) assert.ok(seen.includes(id), id);
  for (let i = 1; i < every.length; i++) {
    assert.ok(every[i - 1]!.createdAt >= every[i]!.createdAt, 'newest first');
  }
  assert.ok(seen.indexOf(ids[599]!) < seen.indexOf(ids[0]!));
  assert.ok(seen.indexOf(full) > seen.indexOf(ids[0]!) && seen.indexOf(open) > seen.indexOf(full));
  // The open-games listing pages too; the full games are never in it.
  const openOnes = await allPages('open=true&limit=2');
  assert.ok(openOnes.some((g) => g.id === open));
  assert.ok(openOnes.every((g) => g.openPowers.length > 0));
});

test('before= names a game: an unknown one is 400 bad-cursor', async () => {
  const r = await call<{ code: string }>(shared.base, 'GET', '/api/games?before=nosuchgame00');
  assert.equal(r.status, 400);
  assert.equal(r.body.code, 'bad-cursor');
  const bad = await call<{ code: string }>(shared.base, 'GET', '/api/games?before=a$b');
  assert.equal(bad.status, 400);
  assert.equal(bad.body.code, 'invalid-request');
});

test('migration 2 counts the open seats of the games already there', async () => {
  const db = await openDb({ data: 'memory://' });
  try {
    await db.query(`CREATE TABLE schema_migrations (version integer PRIMARY KEY, name text NOT NULL,
                    applied_at timestamptz NOT NULL DEFAULT now())`);
    for (const statement of MIGRATIONS[0]!.sql.split(/;\s*$/m).filter((s) => s.trim() !== '')) {
      await db.query(statement);
    }
    await db.query(`INSERT INTO schema_migrations VALUES (1, 'first')`);
    await db.query(`INSERT INTO games (id, map, options, settings, admin_hash, phase, position)
                    VALUES ('g1', 'standard', '{}', '{}', 'h', 'S1901M', '{}'),
                           ('g2', 'nosuchmap', '{}', '{}', 'h', 'S1901M', '{}')`);
    await db.query(
      `INSERT INTO players (game_id, power, token_hash) VALUES ('g1', 'FRANCE', 'a'), ('g1', 'ITALY', 'b')`,
    );
    assert.deepEqual(
      await migrate(db),
      MIGRATIONS.slice(1).map((m) => m.version),
    );
    const seats = async () => (await db.query('SELECT id, open_seats FROM games ORDER BY id')).rows;
    assert.deepEqual(await seats(), [
      { id: 'g1', open_seats: 5 },
      { id: 'g2', open_seats: 0 },
    ]);
    await db.query(`DELETE FROM players WHERE power = 'ITALY'`);
    assert.deepEqual((await seats())[0], { id: 'g1', open_seats: 6 });
  } finally {
    await db.close();
  }
});
