/**
 * Test helpers: a server on the database the environment names (DATABASE_URL: PostgreSQL, otherwise PGlite in
 * memory), a JSON client, and a snapshot of everything the database holds about a game.
 */
import { after, before } from 'node:test';
import { fileURLToPath } from 'node:url';
import { startServer, type Limits, type RunningServer } from '../src/index.js';

export const DATABASE_URL = process.env['DATABASE_URL'] || undefined;
export const ON_POSTGRES = DATABASE_URL !== undefined;

/** The root CLI (dist/src/cli/main.js), from this file's place in packages/server/dist/test/. */
export const CLI = fileURLToPath(new URL('../../../../dist/src/cli/main.js', import.meta.url));

/**
 * The limits of a server the tests load: no request rates (one test file makes more games, joins and writes in a
 * few seconds, from one address, than the default rates allow). limits.test.ts tests the defaults.
 */
export const LOAD_LIMITS: Partial<Limits> = { createRate: 0, importRate: 0, joinRate: 0, writeRate: 0 };
/** The same as `dipkit serve` flags. */
export const LOAD_FLAGS = [
  '--create-rate',
  '0',
  '--import-rate',
  '0',
  '--join-rate',
  '0',
  '--write-rate',
  '0',
];

export async function testServer(
  options: { tick?: number; limits?: Partial<Limits> } = {},
): Promise<RunningServer> {
  return startServer({
    port: 0,
    host: '127.0.0.1',
    ...(DATABASE_URL !== undefined ? { database: DATABASE_URL } : { data: 'memory://' }),
    tick: options.tick ?? 100,
    limits: options.limits ?? LOAD_LIMITS,
  });
}

/**
 * One test server for a test file (or a describe block): started before its tests, closed after them.
 * `shared.server` and `shared.base` (its URL) are there once the tests run.
 */
export function sharedServer(options: Parameters<typeof testServer>[0] = {}): {
  readonly server: RunningServer;
  readonly base: string;
} {
  let server: RunningServer | undefined;
  before(async () => {
    server = await testServer(options);
  });
  after(async () => {
    await server?.close();
  });
  return {
    get server(): RunningServer {
      if (!server) throw new Error('the shared test server starts before the tests');
      return server;
    },
    get base(): string {
      return this.server.url;
    },
  };
}

export interface Reply<T = Record<string, unknown>> {
  status: number;
  type: string;
  body: T;
}

/** A request with a JSON body (a string is sent as it is), returning the status, content type and parsed body. */
export async function call<T = Record<string, unknown>>(
  base: string,
  method: string,
  path: string,
  body?: unknown,
  token?: string,
  headers: Record<string, string> = {},
): Promise<Reply<T>> {
  const h: Record<string, string> = { ...headers };
  if (body !== undefined && h['content-type'] === undefined) h['content-type'] = 'application/json';
  if (token !== undefined) h['authorization'] = `Bearer ${token}`;
  const init: RequestInit = { method, headers: h };
  if (body !== undefined) init.body = typeof body === 'string' ? body : JSON.stringify(body);
  const r = await fetch(base + path, init);
  const text = await r.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // not JSON: the text itself
  }
  return { status: r.status, type: r.headers.get('content-type') ?? '', body: parsed as T };
}

/** Everything the database holds about game `id`, as one string (equal strings: nothing changed). */
export async function snapshot(server: RunningServer, id: string): Promise<string> {
  const out: unknown[] = [];
  for (const [table, key] of [
    ['games', 'id'],
    ['players', 'game_id'],
    ['orders', 'game_id'],
    ['phases', 'game_id'],
    ['events', 'game_id'],
  ] as const) {
    const r = await server.db.query(`SELECT * FROM ${table} WHERE ${key} = $1 ORDER BY 1, 2`, [id]);
    out.push(table, r.rows);
  }
  return JSON.stringify(out);
}

export const POWERS = ['ENGLAND', 'FRANCE', 'GERMANY', 'ITALY', 'AUSTRIA', 'RUSSIA', 'TURKEY'];
