/**
 * Bot seats: `POST /api/games/{id}/bots` (admin token) seats dipkit's bot at open powers; the game keeps them in its
 * settings (`bots`), each with a players row whose token nobody holds. The driver gives every bot seat its orders
 * as soon as a phase begins and marks it ready (a bot with nothing to order is marked ready too), and processes
 * the phase when that makes every power ready, so a game of bots runs at processing speed. It is woken after every
 * request that may have changed a game, and a sweep every second catches phases begun by a deadline, by another
 * instance, or before a restart. Orders are computed outside any transaction, then written under the game's row
 * lock only if the phase is still the one they were computed for.
 */
import { lookupPower } from 'dipkit';
import type { FastifyInstance } from 'fastify';
import { type Db } from './db.js';
import { Problem } from './problems.js';
import { hashToken, newToken } from './tokens.js';
import { addEvent, gameOf, gameRow, mapOf, powersToOrder, type GameRow } from './rows.js';
import { authenticate } from './access.js';
import { bearerToken } from './tokens.js';
import { lockActiveGame, processLocked } from './processing.js';
import { botOrders } from './bot-orders.js';
import { GAME_ID, idParams, problem } from './schemas.js';

const POWER_LIST = {
  type: 'array',
  minItems: 1,
  maxItems: 64,
  items: { type: 'string', minLength: 1, maxLength: 40 },
  description: 'powers for the bot to play: "FRANCE" (any spelling the map knows)',
};

export const addBotsSchema = {
  summary:
    "Seat dipkit's bot at open powers (admin token); it orders at once every phase and counts as ready",
  tags: ['players'],
  security: [{ bearer: [] }],
  params: idParams,
  body: {
    type: 'object',
    properties: { powers: POWER_LIST },
    required: ['powers'],
    additionalProperties: false,
  },
  response: {
    200: {
      type: 'object',
      properties: {
        id: GAME_ID,
        bots: {
          type: 'array',
          items: { type: 'string' },
          description: 'every power the bot plays in the game',
        },
      },
      required: ['id', 'bots'],
      additionalProperties: false,
    },
    '4xx': problem,
    '5xx': problem,
  },
};

/** Seats the bot at `wanted` (all or nothing); returns every bot power of the game. */
export async function addBots(db: Db, id: string, wanted: readonly string[]): Promise<string[]> {
  return db.transaction(async (tx) => {
    const row = await lockActiveGame(tx, id, undefined);
    const map = mapOf(row.map);
    const powers: string[] = [];
    for (const name of wanted) {
      const power = map.powers[lookupPower(map, name)];
      if (power === undefined)
        throw new Problem(422, 'unknown-power', `unknown power "${name}"; powers: ${map.powers.join(', ')}`);
      if (!powers.includes(power)) powers.push(power);
    }
    const bots = row.settings.bots ?? [];
    const joined = new Set(
      (await tx.query<{ power: string }>('SELECT power FROM players WHERE game_id = $1', [id])).rows.map(
        (r) => r.power,
      ),
    );
    const taken = powers.filter((p) => joined.has(p) && !bots.includes(p));
    if (taken.length > 0)
      throw new Problem(
        409,
        'power-taken',
        `${taken.join(', ')} ${taken.length === 1 ? 'has' : 'have'} already joined game "${id}"; the bot takes open powers only`,
      );
    const added = powers.filter((p) => !bots.includes(p));
    for (const power of added) {
      await tx.query('INSERT INTO players (game_id, power, token_hash) VALUES ($1, $2, $3)', [
        id,
        power,
        hashToken(newToken()), // a token nobody holds: the seat is the bot's
      ]);
      await addEvent(tx, id, 'joined', { power, bot: true });
    }
    const all = map.powers.filter((p) => bots.includes(p) || added.includes(p));
    await tx.query(`UPDATE games SET settings = jsonb_set(settings, '{bots}', $2::jsonb) WHERE id = $1`, [
      id,
      JSON.stringify(all),
    ]);
    return all;
  });
}

/** Gives the bot seats of games their orders; see the module header. */
export class BotDriver {
  readonly #db: Db;
  readonly #instance: string;
  /** Games being driven now, and whether another wake came meanwhile. */
  readonly #busy = new Map<string, boolean>();
  readonly #running = new Set<Promise<void>>();
  #timer: NodeJS.Timeout | undefined;
  #stopped = false;

  constructor(db: Db, instance: string) {
    this.#db = db;
    this.#instance = instance;
  }

  /** Starts the sweep; returns the driver. */
  started(everyMs = 1000): this {
    this.#timer = setInterval(() => void this.#sweep(), everyMs);
    this.#timer.unref();
    return this;
  }

  /** Stops the sweep and waits for the games being driven. */
  async stop(): Promise<void> {
    this.#stopped = true;
    clearInterval(this.#timer);
    await Promise.allSettled([...this.#running]);
  }

  /** Drives game `id` soon (once more if it is being driven now). */
  wake(id: string): void {
    if (this.#stopped) return;
    if (this.#busy.has(id)) {
      this.#busy.set(id, true);
      return;
    }
    this.#busy.set(id, false);
    const run = this.#drive(id)
      .catch((e: unknown) => {
        // The database is away, or a bug: logged; the sweep tries again.
        if (!this.#stopped)
          process.stderr.write(
            `dipkit serve: bots of game ${id}: ${e instanceof Error ? e.message : String(e)}\n`,
          );
      })
      .finally(() => {
        this.#running.delete(run);
        const again = this.#busy.get(id) === true;
        this.#busy.delete(id);
        if (again) this.wake(id);
      });
    this.#running.add(run);
  }

  /** Games where a bot seat is not ready yet. */
  async #sweep(): Promise<void> {
    try {
      const r = await this.#db.query<{ id: string }>(
        `SELECT DISTINCT g.id FROM games g JOIN players p ON p.game_id = g.id
         WHERE g.status = 'active' AND g.settings ? 'bots' AND g.settings->'bots' ? p.power AND NOT p.ready
         LIMIT 100`,
      );
      for (const { id } of r.rows) this.wake(id);
    } catch {
      // the database is away: the next sweep tries again
    }
  }

  /** Orders and readiness for the game's bots, phase after phase, while that moves the game on. */
  async #drive(id: string): Promise<void> {
    while (!this.#stopped) {
      const row = await gameRow(this.#db, id);
      const bots = row.settings.bots ?? [];
      if (row.status !== 'active' || bots.length === 0) return;
      const ready = new Set(
        (
          await this.#db.query<{ power: string }>('SELECT power FROM players WHERE game_id = $1 AND ready', [
            id,
          ])
        ).rows.map((r) => r.power),
      );
      const map = mapOf(row.map);
      const must = powersToOrder(map, row.position);
      const waiting = bots.filter((p) => !ready.has(p));
      if (waiting.length === 0) return;
      // Computed outside the transaction: the bot takes milliseconds, the row lock should not.
      const game = gameOf(row, [], []);
      const orders = new Map(waiting.filter((p) => must.has(p)).map((p) => [p, botOrders(map, game, p)]));
      const moved = await this.#db.transaction(async (tx) => {
        const now = await lockActiveGame(tx, id, undefined).catch(() => undefined);
        if (now === undefined) return false; // over meanwhile
        if (now.seq !== row.seq) return true; // another phase: compute again
        await this.#submit(tx, now, waiting, orders);
        return this.#processIfReady(tx, now, must);
      });
      if (!moved) return;
      await new Promise((resolve) => setImmediate(resolve)); // other requests between the phases
    }
  }

  async #submit(
    tx: Parameters<Parameters<Db['transaction']>[0]>[0],
    row: GameRow,
    powers: readonly string[],
    orders: ReadonlyMap<string, unknown>,
  ): Promise<void> {
    for (const power of powers) {
      const given = orders.get(power);
      if (given !== undefined) {
        await tx.query(
          `INSERT INTO orders (game_id, power, seq, orders, updated_at) VALUES ($1, $2, $3, $4::jsonb, now())
           ON CONFLICT (game_id, power) DO UPDATE
             SET seq = EXCLUDED.seq, orders = EXCLUDED.orders, updated_at = EXCLUDED.updated_at`,
          [row.id, power, row.seq, JSON.stringify(given)],
        );
      }
      await tx.query('UPDATE players SET ready = true WHERE game_id = $1 AND power = $2', [row.id, power]);
      if (given !== undefined) await addEvent(tx, row.id, 'ready', { power, ready: true, phase: row.phase });
    }
  }

  /** Processes the phase when every power with something to order is ready (and the game processes on ready). */
  async #processIfReady(
    tx: Parameters<Parameters<Db['transaction']>[0]>[0],
    row: GameRow,
    must: ReadonlySet<string>,
  ): Promise<boolean> {
    if (!row.settings.processWhenReady) return false;
    const ready = new Set(
      (
        await tx.query<{ power: string }>('SELECT power FROM players WHERE game_id = $1 AND ready', [row.id])
      ).rows.map((r) => r.power),
    );
    if (![...must].every((p) => ready.has(p))) return false;
    await processLocked(tx, row, this.#instance);
    return true;
  }
}

/** The bots route, and the driver woken after every request on a game. */
export function botRoutes(app: FastifyInstance, db: Db, driver: BotDriver): void {
  app.post<{ Params: { id: string } }>('/api/games/:id/bots', { schema: addBotsSchema }, async (request) => {
    const caller = await authenticate(db, request.params.id, bearerToken(request.headers.authorization));
    if (caller.power !== undefined)
      throw new Problem(403, 'admin-only', 'only the admin token may seat bots');
    const body = request.body as { powers: string[] };
    const bots = await addBots(db, request.params.id, body.powers);
    return { id: request.params.id, bots };
  });
  app.addHook('onResponse', (request, reply, done) => {
    const id = (request.params as { id?: unknown } | undefined)?.id;
    if (request.method !== 'GET' && typeof id === 'string' && reply.statusCode < 400) driver.wake(id);
    done();
  });
  app.addHook('onClose', async () => driver.stop());
}
