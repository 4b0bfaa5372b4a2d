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
 */
import type { Db } from './db.js';

export const MIGRATIONS: readonly { version: number; name: string; sql: string }[] = [
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
      // Statement by statement: pg's extended protocol runs one statement per query.
      for (const statement of m.sql.split(/;\s*$/m).filter((s) => s.trim() !== '')) await tx.query(statement);
      await tx.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [m.version, m.name]);
      applied.push(m.version);
    }
    return applied;
  });
}
