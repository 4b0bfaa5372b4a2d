/**
 * The schema, as numbered migrations applied in order at start. A migration, once released, is never edited: a
 * change is a new migration. Several instances starting at once take turns on an advisory lock, so each
 * migration runs exactly once.
 *
 * games     one row per game: settings, the current phase and position, the deadline; its row lock orders
 *           everything that changes a game (processing takes it FOR UPDATE, order submission FOR SHARE)
 * players   one row per joined power: the hash of its token, whether it is ready
 * orders    each power's orders for the current phase (`seq` says which phase; older rows are stale)
 * phases    the history: one row per processed phase, written in the transaction that moves the game on
 * events    what server-sent events report, numbered per game; `readers`: the powers that may see it (null: all)
 * messages  press, numbered per game (games.message_seq); `recipients` null for a message to all
 * imports   the games whose imported history is being written, before their games row (insert-game.ts)
 *
 * A migration may end with `after`, a step in code for what SQL alone cannot compute (a map's number of powers).
 */
import { mapNamed } from 'dipkit';
import type { Db, Queryable } from './db.js';

export interface Migration {
  version: number;
  name: string;
  sql: string;
  after?: (tx: Queryable) => Promise<void>;
}

export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'games, players, orders, phases, events',
    sql: `
CREATE TABLE games (
  id          text PRIMARY KEY,
  map         text NOT NULL,
  options     jsonb NOT NULL,
  settings    jsonb NOT NULL,
  admin_hash  text NOT NULL,
  status      text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'won', 'draw')),
  winner      text,
  seq         integer NOT NULL DEFAULT 0,
  phase       text NOT NULL,
  position    jsonb NOT NULL,
  deadline    timestamptz,
  event_seq   integer NOT NULL DEFAULT 0,
  created_at  timestamptz NOT NULL DEFAULT now(),
  updated_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX games_due ON games (deadline) WHERE status = 'active' AND deadline IS NOT NULL;
CREATE INDEX games_created ON games (created_at);
CREATE TABLE players (
  game_id     text NOT NULL REFERENCES games (id) ON DELETE CASCADE,
  power       text NOT NULL,
  token_hash  text NOT NULL,
  ready       boolean NOT NULL DEFAULT false,
  joined_at   timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (game_id, power)
);
CREATE TABLE orders (
  game_id     text NOT NULL REFERENCES games (id) ON DELETE CASCADE,
  power       text NOT NULL,
  seq         integer NOT NULL,
  orders      jsonb NOT NULL,
  updated_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (game_id, power)
);
CREATE TABLE phases (
  game_id      text NOT NULL REFERENCES games (id) ON DELETE CASCADE,
  seq          integer NOT NULL,
  name         text NOT NULL,
  record       jsonb NOT NULL,
  processed_by text NOT NULL,
  processed_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (game_id, seq)
);
CREATE TABLE events (
  game_id     text NOT NULL REFERENCES games (id) ON DELETE CASCADE,
  seq         integer NOT NULL,
  kind        text NOT NULL,
  data        jsonb NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (game_id, seq)
);`,
  },
  {
    version: 2,
    name: 'games listed newest first by keyset, open games by their own index',
    // open_seats: the powers nobody has joined, kept by triggers on players (once per statement), so whatever
    // adds or removes a player (a join, a bot) keeps it right. The listing pages by (created_at, id), newest first (listing.ts).
    sql: `
ALTER TABLE games ADD COLUMN open_seats integer;
CREATE FUNCTION games_seats_taken() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE games g SET open_seats = g.open_seats - t.n
  FROM (SELECT game_id, count(*)::int AS n FROM taken GROUP BY game_id) t WHERE g.id = t.game_id;
  RETURN NULL;
END $$;
CREATE FUNCTION games_seats_freed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE games g SET open_seats = g.open_seats + t.n
  FROM (SELECT game_id, count(*)::int AS n FROM freed GROUP BY game_id) t WHERE g.id = t.game_id;
  RETURN NULL;
END $$;
CREATE TRIGGER players_taken AFTER INSERT ON players REFERENCING NEW TABLE AS taken
  FOR EACH STATEMENT EXECUTE FUNCTION games_seats_taken();
CREATE TRIGGER players_freed AFTER DELETE ON players REFERENCING OLD TABLE AS freed
  FOR EACH STATEMENT EXECUTE FUNCTION games_seats_freed();
DROP INDEX games_created;
CREATE INDEX games_newest ON games (created_at, id);
CREATE INDEX games_status_newest ON games (status, created_at, id);
CREATE INDEX games_open ON games (created_at, id) WHERE status = 'active' AND open_seats > 0;`,
    after: async (tx) => {
      // Games from before this migration: their map's powers less those joined (a map this dipkit lacks: none).
      const maps = await tx.query<{ map: string }>('SELECT DISTINCT map FROM games WHERE open_seats IS NULL');
      for (const { map } of maps.rows) {
        await tx.query(
          `UPDATE games g SET open_seats = $2 - (SELECT count(*)::int FROM players p WHERE p.game_id = g.id)
           WHERE g.map = $1 AND g.open_seats IS NULL`,
          [map, mapNamed(map)?.powers.length ?? 0],
        );
      }
    },
  },
  {
    version: 3,
    name: 'messages, event readers',
    sql: `
ALTER TABLE games ADD COLUMN message_seq integer NOT NULL DEFAULT 0;
ALTER TABLE events ADD COLUMN readers jsonb;
CREATE TABLE messages (
  game_id     text NOT NULL REFERENCES games (id) ON DELETE CASCADE,
  id          integer NOT NULL,
  phase       text NOT NULL,
  sender      text NOT NULL,
  recipients  jsonb,
  text        text NOT NULL,
  time_sent   bigint NOT NULL,
  imported    boolean NOT NULL DEFAULT false,
  PRIMARY KEY (game_id, id)
);
CREATE INDEX messages_sender_time ON messages (game_id, sender, time_sent);`,
  },
  {
    version: 4,
    name: 'imports written in steps, listed until their game row exists',
    // An imported history is written before its games row (insert-game.ts), so phases and messages no longer
    // reference games; a trigger deletes them with their game instead of ON DELETE CASCADE.
    sql: `
ALTER TABLE phases DROP CONSTRAINT phases_game_id_fkey;
ALTER TABLE messages DROP CONSTRAINT messages_game_id_fkey;
CREATE TABLE imports (
  game_id     text PRIMARY KEY,
  started_at  timestamptz NOT NULL DEFAULT now()
);
CREATE FUNCTION games_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM phases p USING gone g WHERE p.game_id = g.id;
  DELETE FROM messages m USING gone g WHERE m.game_id = g.id;
  RETURN NULL;
END $$;
CREATE TRIGGER games_deleted AFTER DELETE ON games REFERENCING OLD TABLE AS gone
  FOR EACH STATEMENT EXECUTE FUNCTION games_deleted();`,
  },
];

/** An arbitrary constant: the advisory lock that makes instances migrate one at a time. */
const MIGRATION_LOCK = 7_415_301;

/** Applies the migrations the database has not seen yet; returns the versions applied. */
export async function migrate(db: Db): Promise<number[]> {
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await tx.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
      version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())`);
    const done = await tx.query<{ version: number }>('SELECT version FROM schema_migrations');
    const seen = new Set(done.rows.map((r) => r.version));
    const newest = Math.max(0, ...seen);
    if (newest > MIGRATIONS.length) {
      throw new Error(
        `the database has schema version ${newest}, newer than this dipkit (${MIGRATIONS.length}); upgrade dipkit`,
      );
    }
    const applied: number[] = [];
    for (const m of MIGRATIONS) {
      if (seen.has(m.version)) continue;
      // Statement by statement: pg's extended protocol runs one statement per query. A statement ends with `;` at
      // the end of a line (a function body's inner statements are indented and end mid-block: `END $$;` ends it).
      for (const statement of splitStatements(m.sql)) await tx.query(statement);
      await m.after?.(tx);
      await tx.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [m.version, m.name]);
      applied.push(m.version);
    }
    return applied;
  });
}

/** The statements of a migration: split at each `;` that ends a line, except inside a `$$` function body. */
function splitStatements(sql: string): string[] {
  const out: string[] = [];
  let current = '';
  for (const line of sql.split('\n')) {
    current += `${line}\n`;
    const inBody = (current.match(/\$\$/g) ?? []).length % 2 === 1;
    if (!inBody && /;\s*$/.test(line)) {
      out.push(current.trim().replace(/;$/, ''));
      current = '';
    }
  }
  if (current.trim() !== '') out.push(current.trim());
  return out;
}
