/**
 * Order submissions written together (issue 26: PGlite at 1,000 submissions/s with 16 clients). PGlite is one
 * session that runs one statement at a time, each parsed, planned and committed on its own: with many clients,
 * submissions queue for it. So the submissions that arrive while a write is running go in the next write, as one
 * statement (and one commit) for all of them, instead of one each.
 *
 * Each submission keeps what orders.ts's single insert gave it: its row is written only while its game is still
 * in the phase its orders were checked against (the games row FOR SHARE, so processing, which takes it FOR UPDATE,
 * waits for the commit or comes first), and its answer comes only after the statement, and so its commit, ended.
 * Two submissions of one power never share a write (the later one waits for the next), so the later one wins, as
 * it would one at a time. On PostgreSQL, whose pool runs statements side by side, writes are not held back
 * (`inFlight` unbounded): a write starts without waiting for the one before, and only the submissions read in the
 * same turn of the event loop share a statement.
 */
import type { Db } from './db.js';

interface Submission {
  id: string;
  power: string;
  seq: number;
  /** The orders, as JSON. */
  orders: string;
  /** The power's readiness once written; undefined when the game was no longer in phase `seq`. */
  done: (ready: boolean | undefined) => void;
  failed: (e: unknown) => void;
}

/** Submissions per statement at most: a few hundred KiB of JSON. */
const MOST = 128;

class OrderWriter {
  readonly #db: Db;
  readonly #inFlight: number;
  #running = 0;
  #queue: Submission[] = [];
  #scheduled = false;

  constructor(db: Db, inFlight: number) {
    this.#db = db;
    this.#inFlight = inFlight;
  }

  write(id: string, power: string, seq: number, orders: string): Promise<boolean | undefined> {
    return new Promise((done, failed) => {
      this.#queue.push({ id, power, seq, orders, done, failed });
      this.#schedule();
    });
  }

  /**
   * Starts the next writes once the event loop has read every request that is in: PGlite runs a statement on
   * this thread, so a write started at once would run before the other requests of the same moment were read.
   */
  #schedule(): void {
    if (this.#scheduled) return;
    this.#scheduled = true;
    setImmediate(() => {
      this.#scheduled = false;
      this.#next();
    });
  }

  /** Starts writes while fewer than `inFlight` run, each with what has queued (one per power). */
  #next(): void {
    while (this.#running < this.#inFlight && this.#queue.length > 0) {
      const batch: Submission[] = [];
      const rest: Submission[] = [];
      const powers = new Set<string>();
      for (const s of this.#queue) {
        const key = `${s.id}\u0000${s.power}`;
        if (batch.length >= MOST || powers.has(key)) rest.push(s);
        else {
          powers.add(key);
          batch.push(s);
        }
      }
      this.#queue = rest;
      this.#running++;
      void this.#run(batch).finally(() => {
        this.#running--;
        this.#schedule();
      });
    }
  }

  async #run(batch: Submission[]): Promise<void> {
    const rows = batch.map(
      (s, i) =>
        `{"i":${i},"game_id":${JSON.stringify(s.id)},"power":${JSON.stringify(s.power)},"seq":${s.seq},"orders":${s.orders}}`,
    );
    try {
      // Rows in (game, power) order, so that two writes on PostgreSQL lock them in the same order.
      const r = await this.#db.query<{ i: number; ready: boolean }>(
        `WITH s AS (SELECT * FROM jsonb_to_recordset($1::jsonb)
                      AS s(i int, game_id text, power text, seq int, orders jsonb)),
         g AS (SELECT s.* FROM s JOIN games g ON g.id = s.game_id AND g.seq = s.seq AND g.status = 'active'
               ORDER BY s.game_id, s.power FOR SHARE OF g),
         o AS (INSERT INTO orders (game_id, power, seq, orders, updated_at)
               SELECT game_id, power, seq, orders, now() FROM g ORDER BY game_id, power
               ON CONFLICT (game_id, power) DO UPDATE
                 SET seq = EXCLUDED.seq, orders = EXCLUDED.orders, updated_at = EXCLUDED.updated_at
               RETURNING game_id, power)
         SELECT g.i, p.ready FROM g JOIN o USING (game_id, power)
           JOIN players p ON p.game_id = g.game_id AND p.power = g.power`,
        [`[${rows.join(',')}]`],
      );
      const ready = new Map(r.rows.map((row) => [row.i, row.ready]));
      for (const [i, s] of batch.entries()) s.done(ready.get(i));
    } catch (e) {
      for (const s of batch) s.failed(e);
    }
  }
}

const writers = new WeakMap<Db, OrderWriter>();

/**
 * Writes `orders` (JSON) as `power`'s orders for phase `seq` of game `id`, if the game is still in that phase:
 * the power's readiness, or undefined when the phase moved on (nothing written).
 */
export function writeOrders(
  db: Db,
  id: string,
  power: string,
  seq: number,
  orders: string,
): Promise<boolean | undefined> {
  let writer = writers.get(db);
  if (!writer) {
    writer = new OrderWriter(db, db.kind === 'pglite' ? 1 : Infinity);
    writers.set(db, writer);
  }
  return writer.write(id, power, seq, orders);
}
