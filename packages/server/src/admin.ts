/**
 * The creator's controls, with the admin token: pause and resume, extend the deadline, end the game as a draw (and,
 * in processing.ts, process now); and who processing waits for: the powers that must order, less those in civil
 * disorder (nobody joined them, and the creator chose so at creation or a deadline has passed).
 *
 * Every control takes the game's row lock (lockActiveGame) like processing does, so a control and a phase being
 * processed never interleave; each adds an event, so every page sees it at once.
 */
import type { FastifyInstance } from 'fastify';
import type { Db, Queryable } from './db.js';
import { authenticate } from './access.js';
import { Problem } from './problems.js';
import { lockActiveGame, processLocked } from './processing.js';
import { addEvent, mapOf, phaseSeconds, powersToOrder, states, type GameRow, type Settings } from './rows.js';
import { GAME_ID, problem } from './schemas.js';
import { bearerToken } from './tokens.js';

/** What GET /api/games/{id} says of the controls. */
export function controlsView(settings: Settings): Record<string, unknown> {
  const view: Record<string, unknown> = {
    civilDisorder: settings.civilDisorder === true,
    paused: settings.paused !== undefined,
  };
  if (settings.preset !== undefined) view['preset'] = settings.preset;
  return view;
}

/**
 * The powers processing waits for before it runs early: those with something to order, less, under civil
 * disorder, the ones nobody joined.
 */
export async function powersAwaited(tx: Queryable, row: GameRow): Promise<string[]> {
  const must = [...powersToOrder(mapOf(row.map), row.position)];
  if (row.settings.civilDisorder !== true) return must;
  const joined = new Set(
    (await tx.query<{ power: string }>('SELECT power FROM players WHERE game_id = $1', [row.id])).rows.map(
      (r) => r.power,
    ),
  );
  return must.filter((p) => joined.has(p));
}

/**
 * Whether the phase of `row` (locked by the caller) is processed now that a power said it is ready: only when
 * processWhenReady, not paused, and every awaited power is ready. A phase nobody awaits (every power to order is
 * in civil disorder) waits for its deadline: otherwise a game no one joined would play itself to its end.
 */
export async function everyoneReady(tx: Queryable, row: GameRow): Promise<boolean> {
  if (!row.settings.processWhenReady || row.settings.paused !== undefined) return false;
  const awaited = await powersAwaited(tx, row);
  if (awaited.length === 0) return false;
  const ready = new Set(
    (
      await tx.query<{ power: string }>('SELECT power FROM players WHERE game_id = $1 AND ready', [row.id])
    ).rows.map((r) => r.power),
  );
  return awaited.every((p) => ready.has(p));
}

/** Once a deadline has passed, powers nobody joined never hold a game up again (called by the deadline loop). */
export async function deadlinePassed(tx: Queryable, row: GameRow): Promise<void> {
  if (row.settings.civilDisorder === true) return;
  row.settings = { ...row.settings, civilDisorder: true };
  await tx.query(`UPDATE games SET settings = settings || '{"civilDisorder": true}'::jsonb WHERE id = $1`, [
    row.id,
  ]);
}

function withoutPause(settings: Settings): Settings {
  const copy = { ...settings };
  delete copy.paused;
  return copy;
}

async function writeSettings(tx: Queryable, id: string, settings: Settings): Promise<void> {
  await tx.query('UPDATE games SET settings = $2::jsonb, updated_at = now() WHERE id = $1', [
    id,
    JSON.stringify(settings),
  ]);
}

export interface ControlState {
  status: string;
  phase: string;
  paused: boolean;
  deadline: string | null;
}

async function controlState(tx: Queryable, id: string): Promise<ControlState> {
  const r = await tx.query<{ status: string; phase: string; settings: Settings; deadline: Date | null }>(
    'SELECT status, phase, settings, deadline FROM games WHERE id = $1',
    [id],
  );
  const row = r.rows[0]!;
  return {
    status: row.status,
    phase: row.phase,
    paused: row.settings.paused !== undefined,
    deadline: row.deadline?.toISOString() ?? null,
  };
}

/** Pause: no deadline runs and nothing is processed until resumed; the time left is kept. */
export async function pauseGame(db: Db, id: string): Promise<ControlState> {
  return db.transaction(async (tx) => {
    const row = await lockActiveGame(tx, id, undefined);
    if (row.settings.paused !== undefined)
      throw new Problem(409, 'game-paused', 'the game is already paused');
    const remaining =
      row.deadline === null ? null : Math.max(1, Math.ceil((row.deadline.getTime() - Date.now()) / 1000));
    await writeSettings(tx, id, { ...row.settings, paused: { remaining } });
    await tx.query('UPDATE games SET deadline = NULL WHERE id = $1', [id]);
    await addEvent(tx, id, 'paused', { phase: row.phase });
    return controlState(tx, id);
  });
}

/** Resume: the deadline runs again with the time that was left; a phase everyone is ready for is processed. */
export async function resumeGame(db: Db, id: string, instance: string): Promise<ControlState> {
  return db.transaction(async (tx) => {
    const row = await lockActiveGame(tx, id, undefined);
    const paused = row.settings.paused;
    if (paused === undefined) throw new Problem(409, 'not-paused', 'the game is not paused');
    const settings = withoutPause(row.settings);
    await writeSettings(tx, id, settings);
    await tx.query(
      `UPDATE games SET deadline = CASE WHEN $2::int IS NULL THEN NULL ELSE now() + make_interval(secs => $2::int) END
       WHERE id = $1`,
      [id, paused.remaining],
    );
    await addEvent(tx, id, 'resumed', { phase: row.phase });
    row.settings = settings;
    if (await everyoneReady(tx, row)) await processLocked(tx, row, instance);
    return controlState(tx, id);
  });
}

/**
 * Extend the deadline by `seconds` (from now when the phase has none; of the time left when paused). A game
 * created without deadlines gets one this way for the current phase only.
 */
export async function extendDeadline(db: Db, id: string, seconds: number): Promise<ControlState> {
  return db.transaction(async (tx) => {
    const row = await lockActiveGame(tx, id, undefined);
    const paused = row.settings.paused;
    if (paused !== undefined) {
      const remaining = (paused.remaining ?? phaseSeconds(row.settings, row.position) ?? 0) + seconds;
      await writeSettings(tx, id, { ...row.settings, paused: { remaining } });
    } else {
      await tx.query(
        `UPDATE games SET deadline = greatest(coalesce(deadline, now()), now()) + make_interval(secs => $2::int),
           updated_at = now()
         WHERE id = $1`,
        [id, seconds],
      );
    }
    const state = await controlState(tx, id);
    await addEvent(tx, id, 'deadline', { phase: row.phase, deadline: state.deadline, extendedBy: seconds });
    return state;
  });
}

/** End the game now as a draw among the powers still standing; no order of the current phase is adjudicated. */
export async function endAsDraw(db: Db, id: string): Promise<ControlState> {
  const state = await db.transaction(async (tx) => {
    const row = await lockActiveGame(tx, id, undefined);
    await writeSettings(tx, id, withoutPause(row.settings));
    await tx.query(
      `UPDATE games SET status = 'draw', winner = NULL, deadline = NULL, updated_at = now() WHERE id = $1`,
      [id],
    );
    await tx.query('DELETE FROM orders WHERE game_id = $1', [id]);
    await addEvent(tx, id, 'gameover', { status: 'draw', by: 'admin' });
    return controlState(tx, id);
  });
  // This instance's view of the phase would still say active; submissions check the status in SQL anyway.
  states.delete(id);
  return state;
}

// ---------------------------------------------------------------------------------------------------------------
// Routes

type Params = { id: string };

async function requireAdmin(db: Db, id: string, authorization: string | undefined): Promise<void> {
  const caller = await authenticate(db, id, bearerToken(authorization));
  if (caller.power !== undefined) {
    throw new Problem(403, 'admin-only', "only the game's admin token may do this");
  }
}

const controlResponse = {
  200: {
    type: 'object',
    properties: {
      status: { type: 'string', enum: ['active', 'won', 'draw'] },
      phase: { type: 'string' },
      paused: { type: 'boolean' },
      deadline: { type: ['string', 'null'], description: 'ISO 8601 time (UTC), or null' },
    },
    required: ['status', 'phase', 'paused', 'deadline'],
    additionalProperties: false,
  },
  '4xx': problem,
  '5xx': problem,
};

function control(summary: string, body?: object): object {
  return {
    summary,
    tags: ['admin'],
    security: [{ bearer: [] }],
    params: { type: 'object', properties: { id: GAME_ID }, required: ['id'], additionalProperties: false },
    body: body ?? { type: ['object', 'null'], additionalProperties: false },
    response: controlResponse,
  };
}

/** POST /api/games/{id}/pause, /resume, /deadline, /draw: the admin token's controls. */
export function adminRoutes(app: FastifyInstance, db: Db, instance: string): void {
  app.post<{ Params: Params }>(
    '/api/games/:id/pause',
    { schema: control('Pause the game: no deadline runs, nothing is processed (admin token)') },
    async (request) => {
      await requireAdmin(db, request.params.id, request.headers.authorization);
      return pauseGame(db, request.params.id);
    },
  );
  app.post<{ Params: Params }>(
    '/api/games/:id/resume',
    { schema: control('Resume a paused game with the time that was left (admin token)') },
    async (request) => {
      await requireAdmin(db, request.params.id, request.headers.authorization);
      return resumeGame(db, request.params.id, instance);
    },
  );
  app.post<{ Params: Params }>(
    '/api/games/:id/deadline',
    {
      schema: control('Extend the current deadline (admin token)', {
        type: 'object',
        properties: {
          extend: {
            type: 'integer',
            minimum: 1,
            maximum: 31_536_000,
            description: 'seconds to add to the deadline (to now when the phase has none)',
          },
        },
        required: ['extend'],
        additionalProperties: false,
      }),
    },
    async (request) => {
      await requireAdmin(db, request.params.id, request.headers.authorization);
      return extendDeadline(db, request.params.id, (request.body as { extend: number }).extend);
    },
  );
  app.post<{ Params: Params }>(
    '/api/games/:id/draw',
    { schema: control('End the game now as a draw among the powers still standing (admin token)') },
    async (request) => {
      await requireAdmin(db, request.params.id, request.headers.authorization);
      return endAsDraw(db, request.params.id);
    },
  );
}
