/**
 * @dipkit/server: `dipkit serve`. Opens the database (PGlite in a directory, or PostgreSQL), applies the
 * migrations, serves the API, and processes phases whose deadline has passed.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { hostname } from 'node:os';
import { buildApp } from './app.js';
import { openDb, type Db, type DbOptions } from './db.js';
import { migrate } from './migrations.js';
import { ABANDONED_IMPORT_SECONDS, dropAbandonedImports } from './insert-game.js';
import { DaideHub, type DaideOptions } from './daide/hub.js';
import { startDeadlineLoop } from './deadline-loop.js';
import { lockDataDir, type DataLock } from './data-lock.js';
import { StartupError, databaseError, listenError, probePort, safeUrl } from './startup.js';
import type { Limits } from './limits.js';

export { buildApp } from './app.js';
export { openDb, type Db } from './db.js';
export { migrate } from './migrations.js';
export { DaideHub, DEFAULT_DAIDE_PORTS, type DaideOptions } from './daide/hub.js';
export { StartupError } from './startup.js';
export { DEFAULT_LIMITS, type Limits } from './limits.js';

export interface ServeOptions extends DbOptions {
  port?: number;
  host?: string;
  /** How often deadlines are checked, in milliseconds (default 500). */
  tick?: number;
  bodyLimit?: number;
  /** Runs the DAIDE server (serve --daide); its ports listen on `host` unless the options say otherwise. */
  daide?: DaideOptions;
  /** Messages a power may send per window (default 30 per 60 s). */
  messageRate?: { count: number; seconds: number };
  /** Rates, caps and timeouts; what is not given has its default (DEFAULT_LIMITS, docs/server.md). */
  limits?: Partial<Limits>;
}

export interface RunningServer {
  url: string;
  db: Db;
  close(): Promise<void>;
}

/** Starts a server; resolves once it listens. Throws a StartupError (one line, a code) having changed nothing. */
export async function startServer(options: ServeOptions): Promise<RunningServer> {
  const port = options.port ?? 8080;
  const host = options.host ?? '127.0.0.1';
  // What was opened or created so far, undone in reverse order when a later step fails.
  const undo: (() => unknown)[] = [];
  const rollBack = async (): Promise<void> => {
    for (const step of undo.reverse()) {
      try {
        await step();
      } catch {
        // undoing as much as can be undone
      }
    }
  };
  try {
    await probePort(port, host);
    const embedded = options.database === undefined;
    const where = embedded ? (options.data ?? './dipkit-data') : safeUrl(options.database ?? '');
    let lock: DataLock | undefined;
    if (embedded && where !== 'memory://') {
      lock = holdDataDir(where, undo);
      undo.push(() => lock?.release());
    }
    const db = await openDb(options).catch((e: unknown) => {
      throw databaseError(e, where, embedded);
    });
    undo.push(() => db.close());
    await migrate(db).catch((e: unknown) => {
      throw new StartupError('migration-failed', `migrating ${where}: ${(e as Error).message}`);
    });
    // The rows of imports cut off by a crash (never visible: insert-game.ts). PGlite has one server (the data
    // directory's lock), so every import listed is over; on PostgreSQL another instance may be importing now.
    await dropAbandonedImports(db, embedded ? 0 : ABANDONED_IMPORT_SECONDS).catch((e: unknown) => {
      throw databaseError(e, where, embedded);
    });
    const instance = `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
    const daide =
      options.daide === undefined ? undefined : new DaideHub(db, instance, { host, ...options.daide });
    const { app, events } = await buildApp({
      db,
      instance,
      ...(daide === undefined ? {} : { daide }),
      ...(options.bodyLimit === undefined ? {} : { bodyLimit: options.bodyLimit }),
      ...(options.limits === undefined ? {} : { limits: options.limits }),
      ...(options.messageRate === undefined ? {} : { messageRate: options.messageRate }),
    });
    undo.push(() => app.close());
    await events.start().catch((e: unknown) => {
      throw databaseError(e, where, embedded);
    });
    undo.push(() => events.stop());
    if (daide !== undefined) {
      await daide.start();
      undo.push(() => daide.close());
    }
    const address = await app.listen({ port, host }).catch((e: NodeJS.ErrnoException) => {
      throw listenError(e, port, host);
    });
    const deadlines = startDeadlineLoop(db, instance, options.tick ?? 500);
    return {
      url: address,
      db,
      close: async () => {
        deadlines.stop();
        events.stop();
        await daide?.close();
        await app.close();
        await db.close();
        // The data directory's lock last: no other server may open the database before this one closed it.
        lock?.release();
      },
    };
  } catch (e) {
    await rollBack();
    throw e;
  }
}

/**
 * Creates the data directory when missing (its removal added to `undo`) and locks it.
 */
function holdDataDir(dir: string, undo: (() => unknown)[]): DataLock {
  const created = !existsSync(dir);
  try {
    mkdirSync(dir, { recursive: true });
  } catch (e) {
    throw new StartupError(
      'bad-data-directory',
      `cannot create the data directory ${dir}: ${(e as Error).message}`,
    );
  }
  if (created) undo.push(() => rmSync(dir, { recursive: true, force: true }));
  try {
    return lockDataDir(dir);
  } catch (e) {
    if (e instanceof StartupError) throw e;
    throw new StartupError(
      'bad-data-directory',
      `cannot lock the data directory ${dir}: ${(e as Error).message}`,
    );
  }
}
