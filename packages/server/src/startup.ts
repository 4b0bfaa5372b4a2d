/**
 * Why a server could not start, as one line with a stable code (`dipkit serve` prints it and exits 2): the port
 * (`port-in-use`, `port-forbidden`, `bad-host`), the data directory (`data-locked`, `bad-data-directory`), the
 * database (`database-unreachable`, `database-refused`), the migrations (`migration-failed`).
 *
 * The port is tried before anything else is opened, so a taken port changes nothing.
 */
import { createServer } from 'node:net';

export class StartupError extends Error {
  readonly code: string;
  constructor(code: string, message: string) {
    super(message.replace(/\s*\n\s*/g, ' '));
    this.code = code;
  }
}

/** Resolves once `host:port` could be listened on (and is free again); throws StartupError otherwise. */
export function probePort(port: number, host: string): Promise<void> {
  if (port === 0) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', (e: NodeJS.ErrnoException) => reject(listenError(e, port, host)));
    probe.listen({ port, host, exclusive: true }, () => probe.close(() => resolve()));
  });
}

/** A failed listen as a StartupError. */
export function listenError(e: NodeJS.ErrnoException, port: number, host: string): StartupError {
  switch (e.code ?? '') {
    case 'EADDRINUSE':
      return new StartupError(
        'port-in-use',
        `port ${port} on ${host} is in use by another program; give another --port`,
      );
    case 'EACCES':
      return new StartupError(
        'port-forbidden',
        `port ${port} on ${host} may not be opened by this user (ports below 1024 need privileges); give another --port`,
      );
    case 'EADDRNOTAVAIL':
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return new StartupError('bad-host', `cannot listen on ${host}: no such address on this machine`);
    default:
      return new StartupError('cannot-listen', `cannot listen on ${host}:${port}: ${e.message}`);
  }
}

/** PostgreSQL's SQLSTATE classes that mean "this database will not have us" rather than "it is not there". */
const REFUSED: Record<string, string> = {
  '28P01': 'the password was refused',
  '28000': 'the user may not connect',
  '3D000': 'the database does not exist',
  '42501': 'the user lacks a privilege the server needs',
};

/** An error opening the database as a StartupError (`where`: the URL without its password, or the directory). */
export function databaseError(e: unknown, where: string, embedded: boolean): StartupError {
  if (e instanceof StartupError) return e;
  const err = e as NodeJS.ErrnoException & { code?: string };
  const message = err instanceof Error ? err.message : String(e);
  if (embedded) {
    return new StartupError(
      'bad-data-directory',
      `cannot open the embedded database in ${where}: ${message}`,
    );
  }
  const refused = err.code === undefined ? undefined : REFUSED[err.code];
  if (refused !== undefined) {
    return new StartupError('database-refused', `${where}: ${refused} (${message})`);
  }
  return new StartupError('database-unreachable', `cannot connect to ${where}: ${message || err.code}`);
}

/** The URL with its password hidden, for messages. */
export function safeUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password !== '') u.password = '***';
    return u.toString();
  } catch {
    return 'the database URL (unreadable)';
  }
}
