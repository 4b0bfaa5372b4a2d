/**
 * The database being away (PostgreSQL restarting, its connections terminated, a failover, the embedded PGlite
 * failing) is not a fault of the request: the client gets 503 `database-unavailable` with `Retry-After`, and
 * nothing was half-written (every change is one transaction, rolled back when its connection goes). The pool
 * reconnects by itself (db.ts), so the next try after the pause succeeds once the database is back.
 */
import { Problem } from './problems.js';

/** Seconds a client is asked to wait before trying again. */
export const RETRY_AFTER_SECONDS = 2;

/** Socket errors: the connection could not be made or was cut. */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * PostgreSQL's SQLSTATEs of a server going or gone: admin_shutdown (pg_terminate_backend, a fast stop),
 * crash_shutdown, cannot_connect_now (starting up or shutting down), too_many_connections; and class 08,
 * connection exceptions.
 */
const SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300']);

/** What node-postgres and PGlite say when a connection is gone or cannot be had. */
const MESSAGES = [
  /^Connection terminated/,
  /connection error and is not queryable/,
  /timeout exceeded when trying to connect/,
  /^Client was closed and is not queryable/,
  /PGlite is closed/,
  /^the embedded database is unavailable/,
];

/** Whether `e` says the database is unreachable (as opposed to a statement it refused). */
export function isDatabaseUnavailable(e: unknown): boolean {
  if (typeof e !== 'object' || e === null) return false;
  const { code, message } = e as { code?: unknown; message?: unknown };
  if (typeof code === 'string' && (SOCKET_CODES.has(code) || SQLSTATES.has(code) || /^08/.test(code)))
    return true;
  return typeof message === 'string' && MESSAGES.some((m) => m.test(message));
}

/** The 503 a request gets while the database is away. */
export function databaseUnavailable(): Problem {
  return new Problem(
    503,
    'database-unavailable',
    `the database is unavailable, so the request was not applied (or, if the connection was lost as it was committed, its outcome is unknown): try again in ${RETRY_AFTER_SECONDS} s`,
  );
}
