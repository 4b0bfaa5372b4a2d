/**
 * Writing a new game (created or imported) so that nothing half-written is ever seen and no other request waits
 * long behind it (issue 26: a read during a 4 MiB import waits no more than 50 ms).
 *
 * A game exists for every route and the listing once its `games` row exists: every route starts from that row.
 * An imported history (its phase records and messages, up to 4 MiB) is written first, in small transactions
 * (on PGlite one batch of about 16 KiB of JSON each, game-rows.ts), yielding to other requests between them:
 * PGlite is one session, so one long transaction would hold every other query back until it ended. The `games` row (with the orders of the
 * current phase) is written last, in one transaction, which makes the whole game visible at once.
 *
 * The rows written before the `games` row are listed in `imports` (migration 4) until that transaction deletes
 * the entry. A server killed meanwhile leaves rows no route reaches (no `games` row); they are deleted at the next
 * start (`dropAbandonedImports`). The final transaction deletes the game's `imports` entry and refuses to go on
 * when it is gone, so a clean-up by another instance and the game's completion cannot both happen.
 */
import type { Db, Queryable } from './db.js';
import type { GameRows } from './game-rows.js';
import { Problem } from './problems.js';
import { hashToken, newGameId, newToken } from './tokens.js';
import { mapOf, phaseSeconds, type Settings } from './rows.js';

/** Lets the event loop answer what is waiting (and queue its queries) before the next batch. */
const yieldToOthers = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/**
 * Inserts one batch of `id`'s history while its import is still listed; false once it is not (cleaned up by a
 * start-up meanwhile: the import stops there).
 */
async function insertBatch(
  db: Queryable,
  id: string,
  batch: string,
  into: 'phases' | 'messages',
): Promise<boolean> {
  const listed = 'WHERE EXISTS (SELECT 1 FROM imports WHERE game_id = $1)';
  const r = await db.query(
    into === 'phases'
      ? `INSERT INTO phases (game_id, seq, name, record, processed_by)
         SELECT $1, r.seq, r.name, r.record, 'import'
         FROM jsonb_to_recordset($2::jsonb) AS r(seq int, name text, record jsonb) ${listed}`
      : `INSERT INTO messages (game_id, id, phase, sender, recipients, text, time_sent, imported)
         SELECT $1, m.id, m.phase, m.sender, m.recipients, m.text, m.time, true
         FROM jsonb_to_recordset($2::jsonb)
           AS m(id int, phase text, sender text, recipients jsonb, text text, time bigint) ${listed}`,
    [id, batch],
  );
  return r.rowCount > 0;
}

const interrupted = (): Problem =>
  new Problem(503, 'import-interrupted', 'the import was cut off before it ended; send it again');

/**
 * Batches per transaction. PGlite is one session, which a transaction holds: one batch each, so that other
 * requests' queries go in between. PostgreSQL answers them meanwhile on other connections, and a commit there
 * waits for its WAL to reach the disk: a few hundred KiB per commit.
 */
const BATCHES_PER_COMMIT = { pglite: 1, postgres: 16 };

/** The history of game `id`, batch by batch, listed in `imports` first; no `games` row yet. */
async function writeHistory(db: Db, id: string, game: GameRows): Promise<void> {
  await db.query('INSERT INTO imports (game_id) VALUES ($1)', [id]);
  const batches = [
    ...game.phaseBatches.map((b) => [b, 'phases'] as const),
    ...game.messageBatches.map((b) => [b, 'messages'] as const),
  ];
  const step = BATCHES_PER_COMMIT[db.kind];
  for (let at = 0; at < batches.length; at += step) {
    await yieldToOthers();
    await db.transaction(async (tx) => {
      for (const [batch, into] of batches.slice(at, at + step)) {
        if (!(await insertBatch(tx, id, batch, into))) throw interrupted();
      }
    });
  }
}

/** The rows of import `id`, which failed: unless its games row was committed after all (its answer lost). */
async function discardImport(db: Queryable, id: string): Promise<void> {
  await db.query(
    `WITH listed AS (DELETE FROM imports WHERE game_id = $1),
     p AS (DELETE FROM phases WHERE game_id = $1 AND NOT EXISTS (SELECT 1 FROM games WHERE id = $1)),
     m AS (DELETE FROM messages WHERE game_id = $1 AND NOT EXISTS (SELECT 1 FROM games WHERE id = $1))
     SELECT 1`,
    [id],
  );
}

/**
 * On PostgreSQL, where other instances import too, an import listed this long is taken as cut off at start (a
 * 4 MiB import takes seconds; one that is still going finds its entry gone and fails without showing anything).
 */
export const ABANDONED_IMPORT_SECONDS = 600;

/** Deletes the rows of the imports listed for at least `seconds` (all of them: 0); how many imports. */
export async function dropAbandonedImports(db: Queryable, seconds: number): Promise<number> {
  // One statement: the entry and its rows go together (a crash in between would leave rows nothing lists).
  const r = await db.query<{ n: number }>(
    `WITH gone AS (DELETE FROM imports
                   WHERE started_at <= now() - make_interval(secs => $1::int) RETURNING game_id),
     p AS (DELETE FROM phases WHERE game_id IN (SELECT game_id FROM gone)),
     m AS (DELETE FROM messages WHERE game_id IN (SELECT game_id FROM gone))
     SELECT count(*)::int AS n FROM gone`,
    [seconds],
  );
  return r.rows[0]?.n ?? 0;
}

/** Stores a new game: its history first when it has one, then its `games` row; the id and the admin token. */
export async function insertGame(
  db: Db,
  game: GameRows,
  settings: Settings,
): Promise<{ id: string; adminToken: string }> {
  const id = newGameId();
  const adminToken = newToken();
  const seconds = game.status === 'active' ? phaseSeconds(settings, { phase: game.positionPhase }) : null;
  const staged = game.phaseBatches.length + game.messageBatches.length > 0;
  try {
    if (staged) await writeHistory(db, id, game);
    await db.transaction(async (tx) => {
      if (staged) {
        const listed = await tx.query('DELETE FROM imports WHERE game_id = $1', [id]);
        if (listed.rowCount !== 1) throw interrupted();
      }
      await tx.query(
        `INSERT INTO games (id, map, options, settings, admin_hash, status, winner, seq, phase, position, deadline,
                            open_seats, message_seq)
         VALUES ($1, $2, $3::jsonb, $4::jsonb, $5, $6, $7, $8, $9, $10::jsonb,
                 CASE WHEN $11::int IS NULL THEN NULL ELSE now() + make_interval(secs => $11::int) END, $12, $13)`,
        [
          id,
          game.map,
          game.options,
          JSON.stringify(settings),
          hashToken(adminToken),
          game.status,
          game.winner,
          game.phaseCount,
          game.phase,
          game.position,
          seconds,
          mapOf(game.map).powers.length,
          game.messageCount,
        ],
      );
      if (game.status !== 'active') return;
      for (const { power, json } of game.orders) {
        await tx.query('INSERT INTO orders (game_id, power, seq, orders) VALUES ($1, $2, $3, $4::jsonb)', [
          id,
          power,
          game.phaseCount,
          json,
        ]);
      }
    });
  } catch (e) {
    // What was written goes now if the database lets it, else at the next start; it is never seen either way.
    if (staged) await discardImport(db, id).catch(() => undefined);
    throw e;
  }
  return { id, adminToken };
}
