/**
 * The database behind the server, one interface over two drivers: PGlite (PostgreSQL compiled to WASM, embedded,
 * the default, kept in a directory) and node-postgres (`pg`) for a PostgreSQL server. Both speak PostgreSQL, so
 * every statement of the server is written once, with `$1` parameters, and runs on both.
 *
 * JSON goes in as text cast to jsonb (`$1::jsonb`): `pg` would turn a JavaScript array into a PostgreSQL array.
 * Counts come back as `::int` (a bigint is a string in `pg`).
 */
import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

export type Row = Record<string, unknown>;

/** Runs statements: the whole database, or one transaction. */
export interface Queryable {
  query<T = Row>(sql: string, params?: readonly unknown[]): Promise<{ rows: T[]; rowCount: number }>;
}

export interface Db extends Queryable {
  /** 'pglite' or 'postgres'. */
  readonly kind: 'pglite' | 'postgres';
  /** Runs `work` in one transaction: committed when it returns, rolled back when it throws. */
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  /**
   * Calls `onGame` with the payload of every `pg_notify('dipkit_events', payload)` committed by any instance;
   * `onResume` after the listening connection was lost and is back (notifications meanwhile were missed).
   */
  listen(onGame: (payload: string) => void, onResume?: () => void): Promise<void>;
  close(): Promise<void>;
  /** The PGlite instance in use (tests close it to see the server survive its loss). */
  readonly embedded?: PGlite;
}

export const EVENTS_CHANNEL = 'dipkit_events';

export interface DbOptions {
  /** A postgres:// URL: a PostgreSQL server through `pg`. */
  database?: string;
  /** The directory of the embedded database (PGlite); created when missing. */
  data?: string;
  /** Connections in the `pg` pool (default 10). */
  poolSize?: number;
}

/** Opens the database the options name: PostgreSQL for a URL, otherwise PGlite in `data` (default ./dipkit-data). */
export async function openDb(options: DbOptions): Promise<Db> {
  if (options.database !== undefined) return openPostgres(options.database, options.poolSize ?? 10);
  return openPglite(options.data ?? './dipkit-data');
}

/**
 * PGlite in `dir`. An instance that fails (closed under the server, a WASM abort) is replaced: queries meanwhile
 * get "unavailable" (503), and a new instance on the same directory is opened at most once a second, with the
 * event listeners registered again.
 */
async function openPglite(dir: string): Promise<Db> {
  if (dir !== 'memory://') mkdirSync(dir, { recursive: true });
  const create = async (): Promise<PGlite> => {
    const pglite = await PGlite.create(dir === 'memory://' ? undefined : dir);
    // A new WAL segment is not zero-filled first: filling 16 MiB inside the one session held every query back
    // for up to 100 ms, once per few MiB written (a large import). PostgreSQL checks each WAL record's CRC, so
    // an unfilled segment reads the same after a crash.
    await pglite.exec('SET wal_init_zero = off');
    return pglite;
  };
  let db = await create();
  let reopening: Promise<void> | undefined;
  let lastTry = 0;
  let closing = false;
  const listeners: ((payload: string) => void)[] = [];
  const broken = (): boolean => db.closed;
  /** The live instance, or throws "unavailable" (starting a reopen when the last try is a second old). */
  const live = (): PGlite => {
    if (!broken()) return db;
    if (!closing && !reopening && Date.now() - lastTry >= 1000) {
      lastTry = Date.now();
      reopening = (async () => {
        const next = await create();
        for (const onGame of listeners) await next.listen(EVENTS_CHANNEL, onGame);
        db = next;
      })()
        .catch(() => undefined)
        .finally(() => (reopening = undefined));
    }
    throw new Error('the embedded database is unavailable (reopening it)');
  };
  const run = async <T>(q: Pick<PGlite, 'query'>, sql: string, params?: readonly unknown[]) => {
    const r = await q.query<T>(sql, params as unknown[]);
    return { rows: r.rows, rowCount: r.affectedRows ?? r.rows.length };
  };
  return {
    kind: 'pglite',
    query: (sql, params) => run(live(), sql, params),
    // PGlite is one session: its transaction() holds every other query back until this one ends.
    transaction: (work) => live().transaction((tx) => work({ query: (sql, params) => run(tx, sql, params) })),
    listen: async (onGame) => {
      listeners.push(onGame);
      await live().listen(EVENTS_CHANNEL, onGame);
    },
    close: async () => {
      closing = true;
      await reopening;
      if (!db.closed) await db.close();
    },
    get embedded() {
      return db;
    },
  };
}

/**
 * A name for each statement with parameters, so that `pg` prepares it once per connection and then only binds
 * and executes it: PostgreSQL parses and plans the hot statements (an order submission's insert) once, not per
 * request. The server's statements are a few dozen fixed texts; past 500 the rest run unnamed.
 */
const statementNames = new Map<string, string>();
function statementName(sql: string): string | undefined {
  let name = statementNames.get(sql);
  if (name === undefined && statementNames.size < 500) {
    name = `dipkit_${statementNames.size + 1}`;
    statementNames.set(sql, name);
  }
  return name;
}

/**
 * PostgreSQL through a `pg` pool. A connection can be lost at any moment (pg_terminate_backend, a restart, a
 * failover): node-postgres then emits 'error' on its client, which would end the process if nothing listened.
 * Idle clients are the pool's ('error' on the pool: it drops them); a client checked out for a transaction gets
 * its own listener for as long as it is out, and is destroyed rather than returned when its connection failed.
 * The pool opens new connections as requests need them, so it reconnects by itself once the server is back.
 */
async function openPostgres(url: string, poolSize: number): Promise<Db> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize, connectionTimeoutMillis: 3000 });
  pool.on('error', () => undefined);
  // One LISTEN connection per listen() call (the event hub's, the DAIDE hub's): close() ends every one of them.
  const listeners = new Set<pg.Client>();
  let closed = false;
  const run = async <T>(q: pg.Pool | pg.PoolClient, sql: string, params?: readonly unknown[]) => {
    const name = params === undefined ? undefined : statementName(sql);
    const r = await q.query(
      name === undefined
        ? { text: sql, values: params as unknown[] }
        : { name, text: sql, values: params as unknown[] },
    );
    return { rows: r.rows as T[], rowCount: r.rowCount ?? r.rows.length };
  };
  /** The LISTEN connection: kept open, reopened every second while the server is away. */
  const connectListener = async (onGame: (payload: string) => void, onResume?: () => void): Promise<void> => {
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
    let lost = false;
    const reconnect = (): void => {
      if (lost) return;
      lost = true;
      listeners.delete(client);
      void client.end().catch(() => undefined);
      if (closed) return;
      const retry = (): void => {
        if (closed) return;
        connectListener(onGame, onResume).then(
          () => onResume?.(),
          () => setTimeout(retry, 1000).unref(),
        );
      };
      setTimeout(retry, 1000).unref();
    };
    client.on('notification', (n) => {
      if (n.payload !== undefined) onGame(n.payload);
    });
    client.on('error', reconnect);
    client.on('end', reconnect);
    // Tracked from the start, so that a close() while this connects (a retry after a restart) ends it too.
    listeners.add(client);
    try {
      await client.connect();
      await client.query(`LISTEN ${EVENTS_CHANNEL}`);
    } catch (e) {
      lost = true; // the caller retries (or reports, at start)
      listeners.delete(client);
      void client.end().catch(() => undefined);
      throw e;
    }
    if (closed) {
      lost = true;
      listeners.delete(client);
      await client.end().catch(() => undefined);
    }
  };
  /**
   * A client for a transaction, with its error listener. Attached in pool.connect's callback, which the pool calls
   * synchronously as it hands the client over: the FATAL message of a terminated backend may sit in the same
   * network read as the reply that freed the client, and would find no listener by the time an awaited promise
   * resumed.
   */
  const checkOut = (): Promise<{
    client: pg.PoolClient;
    onError: (e: Error) => void;
    failed: () => Error | undefined;
  }> =>
    new Promise((resolve, reject) => {
      pool.connect((err, client) => {
        if (err || !client) {
          reject(err ?? new Error('no client'));
          return;
        }
        let failure: Error | undefined;
        const onError = (e: Error): void => {
          failure = e;
        };
        client.on('error', onError);
        resolve({ client, onError, failed: () => failure });
      });
    });
  await pool.query('SELECT 1');
  return {
    kind: 'postgres',
    query: (sql, params) => run(pool, sql, params),
    transaction: async (work) => {
      const { client, onError, failed } = await checkOut();
      try {
        await client.query('BEGIN');
        const result = await work({ query: (sql, params) => run(client, sql, params) });
        await client.query('COMMIT');
        return result;
      } catch (e) {
        if (failed() === undefined) await client.query('ROLLBACK').catch(() => undefined);
        throw e;
      } finally {
        client.off('error', onError);
        // A client whose connection failed is destroyed, not handed to the next request.
        client.release(failed());
      }
    },
    listen: (onGame, onResume) => connectListener(onGame, onResume),
    close: async () => {
      closed = true;
      const open = [...listeners];
      listeners.clear();
      await Promise.all(open.map((client) => client.end().catch(() => undefined)));
      await pool.end();
    },
  };
}
