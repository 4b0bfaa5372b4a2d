/**
 * Processing a phase: in the transaction that holds the game's row lock, the core's processPhase, the phase
 * record, the new phase and its deadline, the events. Deadlines are processed by whichever instance locks the row
 * first (FOR UPDATE SKIP LOCKED).
 */
import { currentPhase, processPhase, type SubmittedOrder } from 'dipkit';
import { type Db, type Queryable } from './db.js';
import { Problem } from './problems.js';
import { civilDisorderOrders } from './bot-orders.js';
import { deadlinePassed } from './admin.js';
import { type GameRow, GAME_COLUMNS, mapOf, notFound, phaseSeconds, addEvent, gameOf } from './rows.js';

/** Locks game `id`'s row for the transaction; refuses a game that is over or past the `phase` the caller meant. */
export async function lockActiveGame(tx: Queryable, id: string, phase: string | undefined): Promise<GameRow> {
  const row = (await tx.query<GameRow>(`SELECT ${GAME_COLUMNS} FROM games WHERE id = $1 FOR UPDATE`, [id]))
    .rows[0];
  if (!row) throw notFound(id);
  if (row.status !== 'active') throw new Problem(409, 'game-over', `the game is over (${row.status})`);
  if (phase !== undefined && phase !== row.phase) {
    throw new Problem(
      409,
      'wrong-phase',
      `the request is for ${phase} but the current phase is ${row.phase}`,
    );
  }
  return row;
}

// ---------------------------------------------------------------------------------------------------------------
// Processing

/**
 * Adjudicates the current phase of `row`, whose lock the caller holds, and writes the record and the next phase
 * in the caller's transaction. Returns the new phase name.
 */
export async function processLocked(tx: Queryable, row: GameRow, instance: string): Promise<string> {
  const map = mapOf(row.map);
  const given = await tx.query<{ power: string; orders: SubmittedOrder[] }>(
    'SELECT power, orders FROM orders WHERE game_id = $1 AND seq = $2',
    [row.id, row.seq],
  );
  const byPower = new Map(given.rows.map((r) => [r.power, r.orders]));
  const orders = civilDisorderOrders(map, row, gameOf(row, [], []), byPower);
  const result = processPhase(map, gameOf(row, [], orders));
  if (!result.value)
    throw new Error(`game ${row.id} ${row.phase}: ${result.issues.map((i) => i.message).join('; ')}`);
  const next = result.value;
  const record = next.history[0];
  if (!record) throw new Error(`game ${row.id}: processing gave no record`);
  const seconds = next.status === 'active' ? phaseSeconds(row.settings, next.position) : null;
  await tx.query(
    'INSERT INTO phases (game_id, seq, name, record, processed_by) VALUES ($1, $2, $3, $4::jsonb, $5)',
    [row.id, row.seq, record.name, JSON.stringify(record), instance],
  );
  const phase = currentPhase(next);
  await tx.query(
    `UPDATE games SET seq = seq + 1, phase = $2, position = $3::jsonb, status = $4, winner = $5,
       deadline = CASE WHEN $6::int IS NULL THEN NULL ELSE now() + make_interval(secs => $6::int) END,
       updated_at = now()
     WHERE id = $1`,
    [row.id, phase, JSON.stringify(next.position), next.status, next.winner ?? null, seconds],
  );
  await tx.query('DELETE FROM orders WHERE game_id = $1', [row.id]);
  await tx.query('UPDATE players SET ready = false WHERE game_id = $1 AND ready', [row.id]);
  await addEvent(tx, row.id, 'phase', { processed: record.name, phase, status: next.status });
  if (next.status !== 'active') {
    await addEvent(tx, row.id, 'gameover', {
      status: next.status,
      ...(next.winner === undefined ? {} : { winner: next.winner }),
    });
  }
  return phase;
}

/** The admin's "process now": waits for the lock, then processes (unless the phase has moved past `phase`). */
export async function processNow(
  db: Db,
  id: string,
  phase: string | undefined,
  instance: string,
): Promise<{ processed: string; phase: string; status: string }> {
  return db.transaction(async (tx) => {
    const row = await lockActiveGame(tx, id, phase);
    if (row.settings.paused !== undefined) {
      throw new Problem(409, 'game-paused', 'the game is paused; resume it before processing');
    }
    const now = await processLocked(tx, row, instance);
    const status = (await tx.query<{ status: string }>('SELECT status FROM games WHERE id = $1', [id]))
      .rows[0]?.status;
    return { processed: row.phase, phase: now, status: status ?? 'active' };
  });
}

/**
 * Processes games whose deadline has passed, one transaction each, skipping games another instance (or a ready
 * request) holds: whoever locks the row first processes the phase, and the other finds the deadline moved on.
 * Returns how many phases were processed (at most `limit`).
 */
export async function processDue(db: Db, instance: string, limit = 50): Promise<number> {
  let count = 0;
  while (count < limit) {
    const done = await db.transaction(async (tx) => {
      const due = await tx.query<GameRow>(
        `SELECT ${GAME_COLUMNS} FROM games WHERE status = 'active' AND deadline <= now()
         ORDER BY deadline LIMIT 1 FOR UPDATE SKIP LOCKED`,
      );
      const row = due.rows[0];
      if (!row) return false;
      await deadlinePassed(tx, row);
      await processLocked(tx, row, instance);
      return true;
    });
    if (!done) break;
    count++;
  }
  return count;
}
