/**
 * @dipkit/server: `dipkit serve`. Opens the database (PGlite in a directory, or PostgreSQL), applies the
 * migrations, serves the API, and processes phases whose deadline has passed.
 */
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { buildApp } from './app.js';
import { openDb, type Db, type DbOptions } from './db.js';
import { migrate } from './migrations.js';
import { processDue } from './processing.js';
import type { Limits } from './limits.js';

export { buildApp } from './app.js';
export { openDb, type Db } from './db.js';
export { migrate } from './migrations.js';
export { DEFAULT_LIMITS, type Limits } from './limits.js';

export interface ServeOptions extends DbOptions {
  port?: number;
  host?: string;
  /** How often deadlines are checked, in milliseconds (default 500). */
  tick?: number;
  bodyLimit?: number;
  /** Rates, caps and timeouts; what is not given has its default (DEFAULT_LIMITS, docs/server.md). */
  limits?: Partial<Limits>;
}

export interface RunningServer {
  url: string;
  db: Db;
  close(): Promise<void>;
}

/** Starts a server; resolves once it listens. */
export async function startServer(options: ServeOptions): Promise<RunningServer> {
  const db = await openDb(options);
  await migrate(db);
  const instance = `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  const { app, events } = await buildApp({
    db,
    instance,
    ...(options.bodyLimit === undefined ? {} : { bodyLimit: options.bodyLimit }),
    ...(options.limits === undefined ? {} : { limits: options.limits }),
  });
  await events.start();
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const tick = async (): Promise<void> => {
    try {
      await processDue(db, instance);
    } catch (e) {
      process.stderr.write(
        `dipkit serve: processing deadlines: ${e instanceof Error ? e.message : String(e)}\n`,
      );
    }
    if (!stopped) timer = setTimeout(() => void tick(), options.tick ?? 500);
  };
  const address = await app.listen({ port: options.port ?? 8080, host: options.host ?? '127.0.0.1' });
  void tick();
  return {
    url: address,
    db,
    close: async () => {
      stopped = true;
      clearTimeout(timer);
      events.stop();
      await app.close();
      await db.close();
    },
  };
}
