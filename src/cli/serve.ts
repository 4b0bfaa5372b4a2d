/**
 * `dipkit serve`: the HTTP game server. The server is its own package (@dipkit/server, packages/server) with its
 * own dependencies (Fastify, PGlite, pg); it is loaded only here, when asked for, so the core keeps none.
 */
import { parseArgs } from 'node:util';

export const summary = 'serve games over HTTP (embedded PGlite database by default, or PostgreSQL)';

export const usage = `Usage: dipkit serve [--port 8080] [--host 127.0.0.1] [--data DIR] [--database URL] [--daide [--daide-ports FROM-TO]]

Serves the game API (JSON under /api, OpenAPI at /openapi.json) until stopped (Ctrl-C, SIGTERM).

Options:
  --port N         the port to listen on (default 8080; 0: any free port)
  --host HOST      the address to listen on (default 127.0.0.1; 0.0.0.0 for every interface)
  --data DIR       the embedded database's directory (PGlite; default ./dipkit-data)
  --database URL   a PostgreSQL server instead, postgres://user:password@host:5432/db (default: $DATABASE_URL, unless --data is given).
                   Several instances may share one database: each processes phases, none twice.
  --daide          run the DAIDE server too: a game created with "daide": true listens for DAIDE bots on its own
                   TCP port (daidePort in GET /api/games/ID), on --host; see docs/daide.md
  --daide-ports FROM-TO
                   the ports DAIDE games take (default 16713-16812)
  -h, --help       show this help

Limits (per client = per IP address; a rate of 0 means no limit; see docs/server.md):
  --create-rate N              games one client may create per minute (default 20)
  --import-rate N              games one client may import per minute (default 10)
  --join-rate N                joins one client may make per minute (default 60)
  --write-rate N               requests that change a game, per client per minute (default 600)
  --streams-per-client N       event streams one client may hold open (default 32)
  --max-streams N              event streams open in all (default 5000)
  --connections-per-client N   connections one client may hold open (default 256)
  --max-connections N          connections open in all (default 10000)
  --headers-timeout S          seconds a client has to send a request's headers (default 10)
  --request-timeout S          seconds a client has to send a whole request (default 60)
  --idle-timeout S             seconds a kept-alive connection may stay idle (default 10)
  --trust-proxy                take the client's address from X-Forwarded-For (behind a reverse proxy)


Start-up failures are one line, "dipkit serve: CODE  what to do", within 5 s, having changed nothing:
  port-in-use, port-forbidden, bad-host, data-locked (another dipkit serve holds --data DIR: its process id
  is named; the lock dies with that process, even killed), bad-data-directory, database-unreachable,
  database-refused, migration-failed.

Exit status: 0 stopped, 2 bad option or the server could not start.`;

/** The limit flags and the ServeOptions limits they set (each a whole number). */
const LIMIT_FLAGS = {
  'create-rate': 'createRate',
  'import-rate': 'importRate',
  'join-rate': 'joinRate',
  'write-rate': 'writeRate',
  'streams-per-client': 'streamsPerClient',
  'max-streams': 'maxStreams',
  'connections-per-client': 'connectionsPerClient',
  'max-connections': 'maxConnections',
  'headers-timeout': 'headersTimeout',
  'request-timeout': 'requestTimeout',
  'idle-timeout': 'idleTimeout',
} as const;
type LimitName = (typeof LIMIT_FLAGS)[keyof typeof LIMIT_FLAGS];
type Limits = Partial<Record<LimitName, number> & { trustProxy: boolean }>;

interface Running {
  url: string;
  close(): Promise<void>;
}

interface ServerModule {
  startServer(options: {
    port: number;
    host: string;
    data?: string;
    database?: string;
    daide?: { ports: [number, number] };
    limits?: Limits;
  }): Promise<Running>;
}

/** The server package, or undefined (with the reason printed) when it is not installed. */
async function loadServer(): Promise<ServerModule | undefined> {
  // A name in a variable: TypeScript does not resolve it, so the core builds without the server package.
  const name = '@dipkit/server';
  try {
    return (await import(name)) as ServerModule;
  } catch (e) {
    const code = (e as { code?: string }).code;
    if (code === 'ERR_MODULE_NOT_FOUND' && String((e as Error).message).includes(name)) {
      process.stderr.write(
        'dipkit serve: the server package @dipkit/server is not installed; in a checkout of dipkit run\n' +
          '  npm install && npm run build\n' +
          'which installs and builds it with the rest (packages/server).\n',
      );
    } else {
      process.stderr.write(`dipkit serve: cannot load @dipkit/server: ${(e as Error).message}\n`);
    }
    return undefined;
  }
}

/** Runs the command; resolves with the exit code once the server has stopped. */
export async function run(args: string[]): Promise<number> {
  let values;
  try {
    values = parseArgs({
      args,
      options: {
        port: { type: 'string' },
        host: { type: 'string' },
        data: { type: 'string' },
        database: { type: 'string' },
        daide: { type: 'boolean' },
        'daide-ports': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
        'trust-proxy': { type: 'boolean' },
        ...Object.fromEntries(Object.keys(LIMIT_FLAGS).map((flag) => [flag, { type: 'string' as const }])),
      },
      strict: true,
      allowPositionals: false,
    }).values;
  } catch (e) {
    process.stderr.write(`dipkit serve: ${(e as Error).message}\nRun "dipkit serve --help" for usage.\n`);
    return 2;
  }
  if (values.help === true) {
    process.stdout.write(`${usage}\n`);
    return 0;
  }
  const port = values.port === undefined ? 8080 : Number(values.port);
  if (!/^[0-9]{1,5}$/.test(values.port ?? '8080') || port > 65535) {
    process.stderr.write(`dipkit serve: --port must be a number from 0 to 65535, not "${values.port}"\n`);
    return 2;
  }
  // $DATABASE_URL is only a default: an explicit --data chooses the embedded database.
  const database =
    values.database ?? (values.data === undefined ? process.env['DATABASE_URL'] || undefined : undefined);
  if (values.database !== undefined && values.data !== undefined) {
    process.stderr.write(
      'dipkit serve: give --data (embedded database) or --database (PostgreSQL), not both\n',
    );
    return 2;
  }
  if (database !== undefined && !/^postgres(ql)?:\/\//.test(database)) {
    process.stderr.write(`dipkit serve: --database must be a postgres:// URL\n`);
    return 2;
  }
  const ports = /^([0-9]{1,5})-([0-9]{1,5})$/.exec(values['daide-ports'] ?? '16713-16812');
  const [from, to] = [Number(ports?.[1]), Number(ports?.[2])];
  if (!ports || from < 1 || to > 65535 || from > to) {
    process.stderr.write(
      `dipkit serve: --daide-ports must be FROM-TO, two port numbers from 1 to 65535, not "${values['daide-ports']}"\n`,
    );
    return 2;
  }
  if (values['daide-ports'] !== undefined && values.daide !== true) {
    process.stderr.write('dipkit serve: --daide-ports needs --daide\n');
    return 2;
  }
  const limits: Limits = {};
  for (const [flag, name] of Object.entries(LIMIT_FLAGS)) {
    const value = (values as Record<string, string | boolean | undefined>)[flag];
    if (typeof value !== 'string') continue;
    if (!/^[0-9]{1,9}$/.test(value)) {
      process.stderr.write(`dipkit serve: --${flag} must be a whole number, not "${value}"\n`);
      return 2;
    }
    limits[name] = Number(value);
  }
  if (values['trust-proxy'] === true) limits.trustProxy = true;
  for (const flag of ['headers-timeout', 'request-timeout', 'idle-timeout'] as const) {
    if (limits[LIMIT_FLAGS[flag]] === 0) {
      process.stderr.write(`dipkit serve: --${flag} must be at least 1 second\n`);
      return 2;
    }
  }
  const server = await loadServer();
  if (!server) return 2;
  const options: Parameters<ServerModule['startServer']>[0] = { port, host: values.host ?? '127.0.0.1' };
  if (Object.keys(limits).length > 0) options.limits = limits;
  if (database !== undefined) options.database = database;
  else options.data = values.data ?? './dipkit-data';
  if (values.daide === true) options.daide = { ports: [from, to] };
  let running: Running;
  try {
    running = await server.startServer(options);
  } catch (e) {
    // One line: the code (port-in-use, data-locked, database-unreachable, ...) and what to do.
    const code = (e as { code?: unknown }).code;
    const message = ((e as Error).message ?? String(e)).replace(/\s*\n\s*/g, ' ');
    process.stderr.write(`dipkit serve: ${typeof code === 'string' ? code : 'cannot-start'}  ${message}\n`);
    // Whatever a half-opened database left running must not keep the process alive.
    setTimeout(() => process.exit(2), 500).unref();
    return 2;
  }
  const where = database !== undefined ? 'PostgreSQL' : `embedded database in ${options.data}`;
  process.stdout.write(`dipkit serve: listening on ${running.url} (${where})\n`);
  if (values.daide === true) {
    process.stdout.write(`dipkit serve: DAIDE games listen on ${options.host} ports ${from}-${to}\n`);
  }
  return new Promise<number>((resolve) => {
    const stop = (): void => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      running.close().then(
        () => resolve(0),
        () => resolve(0),
      );
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
}
