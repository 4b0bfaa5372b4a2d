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
  /** Calls `onGame` with the payload of every `pg_notify('dipkit_events', payload)` committed by any instance. */
  listen(onGame: (payload: string) => void): Promise<void>;
  close(): Promise<void>;
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

async function openPglite(dir: string): Promise<Db> {
  if (dir !== 'memory://') mkdirSync(dir, { recursive: true });
  const db = await PGlite.create(dir === 'memory://' ? undefined : dir);
  const run = async <T>(q: Pick<PGlite, 'query'>, sql: string, params?: readonly unknown[]) => {
    const r = await q.query<T>(sql, params as unknown[]);
    return { rows: r.rows, rowCount: r.affectedRows ?? r.rows.length };
  };
  return {
    kind: 'pglite',
    query: (sql, params) => run(db, sql, params),
    // PGlite is one session: its transaction() holds every other query back until this one ends.
    transaction: (work) => db.transaction((tx) => work({ query: (sql, params) => run(tx, sql, params) })),
    listen: async (onGame) => {
      await db.listen(EVENTS_CHANNEL, onGame);
    },
    close: () => db.close(),
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

async function openPostgres(url: string, poolSize: number): Promise<Db> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // An idle client losing its connection (a server restart) is reported here; the pool replaces it.
  pool.on('error', () => undefined);
  let listener: pg.Client | undefined;
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
  const connectListener = async (onGame: (payload: string) => void): Promise<void> => {
    const client = new pg.Client({ connectionString: url });
    client.on('notification', (n) => {
      if (n.payload !== undefined) onGame(n.payload);
    });
    client.on('error', () => {
      // Reconnect after a lost connection; readers catch up from the events table meanwhile.
      listener = undefined;
      void client.end().catch(() => undefined);
      if (!closed) setTimeout(() => void connectListener(onGame).catch(() => undefined), 1000).unref();
    });
    await client.connect();
    await client.query(`LISTEN ${EVENTS_CHANNEL}`);
    listener = client;
  };
  await pool.query('SELECT 1');
  return {
    kind: 'postgres',
    query: (sql, params) => run(pool, sql, params),
    transaction: async (work) => {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await work({ query: (sql, params) => run(client, sql, params) });
        await client.query('COMMIT');
        return result;
      } catch (e) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw e;
      } finally {
        client.release();
      }
    },
    listen: (onGame) => connectListener(onGame),
    close: async () => {
      closed = true;
      await listener?.end().catch(() => undefined);
      await pool.end();
    },
  };
}
