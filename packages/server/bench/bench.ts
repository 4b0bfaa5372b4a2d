/**
 * Load bench of the game server: starts `dipkit serve` (PGlite in a temporary directory, or the PostgreSQL of
 * DATABASE_URL / --database) on 127.0.0.1, creates games with every power joined, then drives many concurrent
 * clients over keep-alive HTTP, first submitting orders (PUT /orders, random legal orders), then reading games
 * (GET /api/games/{id}). Prints requests per second, p50/p99 latency, and the servers' CPU time per request for each.
 * Bounded: --seconds per part (at most 60) and --requests per part. With --instances 2 (PostgreSQL only) two
 * servers share the database and the clients take turns between them. The servers it starts have no request rate
 * limits (the bench is one client making thousands of requests a second).
 *
 * With --imports N, a last part: N imports of a game of almost 4 MiB (the largest body the import route takes), one
 * after another, while one client reads a game in a loop: how long a read waits while a large import is read and
 * checked (the import worker's job: issue 26 wants no read to wait over 50 ms).
 *
 *   npm run bench:server -- [--clients 64] [--seconds 10] [--requests 50000] [--games 20] [--instances 1]
 *                           [--imports 0]
 *   scripts/with-postgres.sh node packages/server/dist/bench/bench.js --instances 2
 *
 * --table runs the submission part for the whole load table (16 and 64 clients; PGlite, one instance; PostgreSQL,
 * one and two instances, when DATABASE_URL names one), then for each database the reads during 3 large imports,
 * and prints both tables in Markdown at the end:
 *
 *   npm run build && scripts/with-postgres.sh node packages/server/dist/bench/bench.js --table
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { Agent, request } from 'node:http';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const CLI = fileURLToPath(new URL('../../../../dist/src/cli/main.js', import.meta.url));
const POWERS = ['ENGLAND', 'FRANCE', 'GERMANY', 'ITALY', 'AUSTRIA', 'RUSSIA', 'TURKEY'];

const { values } = parseArgs({
  options: {
    clients: { type: 'string', default: '64' },
    seconds: { type: 'string', default: '10' },
    requests: { type: 'string', default: '50000' },
    games: { type: 'string', default: '20' },
    instances: { type: 'string', default: '1' },
    imports: { type: 'string', default: '0' },
    table: { type: 'boolean', default: false },
    database: { type: 'string' },
    url: { type: 'string' },
  },
});
const clientsGiven = Math.max(1, Math.min(1000, Number(values.clients)));
const seconds = Math.max(1, Math.min(60, Number(values.seconds)));
const maxRequests = Math.max(1, Math.min(1_000_000, Number(values.requests)));
const gameCount = Math.max(1, Math.min(500, Number(values.games)));
const database = values.database ?? (process.env['DATABASE_URL'] || undefined);
const instancesGiven = Math.max(1, Math.min(4, Number(values.instances)));
const importCount = Math.max(0, Math.min(20, Number(values.imports)));
/** The imports --table makes per database, one after another, while a client reads. */
const TABLE_IMPORTS = 3;
if (instancesGiven > 1 && database === undefined) {
  process.stderr.write('bench: --instances above 1 needs PostgreSQL (DATABASE_URL or --database)\n');
  process.exit(2);
}
/** The bench loads a server from one address: no request rates, no cap on its connections. */
const LOAD_FLAGS = [
  '--create-rate',
  '0',
  '--join-rate',
  '0',
  '--import-rate',
  '0',
  '--write-rate',
  '0',
  '--connections-per-client',
  '0',
];
// The bench loads a server hard: only one on this machine.
if (values.url !== undefined && !/^http:\/\/(127\.0\.0\.1|localhost|\[::1\])(:\d+)?\/?$/.test(values.url)) {
  process.stderr.write(
    `bench: --url must be a server on this machine (http://127.0.0.1:PORT), not ${values.url}\n`,
  );
  process.exit(2);
}

/** The keep-alive connections of the run in progress (as many as it has clients). */
let agent = new Agent({ keepAlive: true, maxSockets: clientsGiven });

function send(
  base: string,
  method: string,
  path: string,
  body?: unknown,
  token?: string,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    // A string is sent as it is (a JSON text already).
    const data = body === undefined || typeof body === 'string' ? body : JSON.stringify(body);
    const headers: Record<string, string> = {};
    if (data !== undefined) headers['content-type'] = 'application/json';
    if (token !== undefined) headers['authorization'] = `Bearer ${token}`;
    const req = request(`${base}${path}`, { method, headers, agent }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => (text += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    req.on('error', reject);
    req.end(data);
  });
}

function startServer(args: string[]): Promise<{ url: string; child: ChildProcess | undefined }> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [CLI, 'serve', '--port', '0', '--host', '127.0.0.1', ...LOAD_FLAGS, ...args],
      {
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    let out = '';
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /listening on (http:\/\/\S+)/.exec(out);
      if (m?.[1]) resolve({ url: m[1], child });
    });
    child.on('exit', (code) => reject(new Error(`dipkit serve exited (${code})`)));
  });
}

interface Seat {
  id: string;
  token: string;
  orders: string[];
}

/** CPU time (user + system, ms) the processes `pids` have used so far, from /proc (Linux); undefined elsewhere. */
function cpuMs(pids: readonly (number | undefined)[]): number | undefined {
  let sum = 0;
  for (const pid of pids) {
    if (pid === undefined) return undefined;
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
      // utime and stime, fields 14 and 15 of stat (11 and 12 after the command name), in clock ticks (100 a second).
      sum += (Number(fields[11]) + Number(fields[12])) * 10;
    } catch {
      return undefined;
    }
  }
  return sum;
}

/**
 * Runs `work` from `clients` concurrent loops until the time or the request budget is spent (`work(i, c)`: request
 * `i`, from loop `c`). Prints the count, rate, p50 and p99 latency, errors, and the servers' CPU time per request
 * (a figure the machine's other load does not change much).
 */
async function drive(
  name: string,
  clients: number,
  work: (i: number, c: number) => Promise<number>,
  pids: readonly (number | undefined)[],
): Promise<Figures> {
  const cpuBefore = cpuMs(pids);
  const latencies: number[] = [];
  let errors = 0;
  let issued = 0;
  const start = performance.now();
  const end = start + seconds * 1000;
  await Promise.all(
    Array.from({ length: clients }, async (_, c) => {
      while (issued < maxRequests && performance.now() < end) {
        const i = issued++;
        const t = performance.now();
        const status = await work(i, c);
        latencies.push(performance.now() - t);
        if (status !== 200) errors++;
      }
    }),
  );
  const elapsed = (performance.now() - start) / 1000;
  const cpuAfter = cpuMs(pids);
  const cpu =
    cpuBefore === undefined || cpuAfter === undefined
      ? '-'
      : ((cpuAfter - cpuBefore) / latencies.length).toFixed(2);
  latencies.sort((a, b) => a - b);
  const at = (q: number): string =>
    (latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0).toFixed(1);
  const rate = (latencies.length / elapsed).toFixed(0);
  process.stdout.write(
    `${name.padEnd(18)} ${String(latencies.length).padStart(7)} ${rate.padStart(8)} ${at(0.5).padStart(7)} ${at(0.99).padStart(7)} ${String(errors).padStart(6)} ${cpu.padStart(7)}\n`,
  );
  return { rate, p50: at(0.5), p99: at(0.99), errors };
}

interface Figures {
  rate: string;
  p50: string;
  p99: string;
  errors: number;
}

/**
 * A recorded full-press game (Cicero's game 433761, in the repository) with its press repeated until the file is
 * just under 4 MiB, the import route's limit: a long press game's size, still a history that replays.
 */
function largeImport(): string {
  const file = new URL('../../../../test/data/games/cicero-game_433761-with-press.json', import.meta.url);
  const game = JSON.parse(readFileSync(file, 'utf8')) as { phases: { messages?: unknown[] }[] };
  const limit = 4 * 1024 * 1024 - 16 * 1024;
  const text = (): string => JSON.stringify({ game, finished: true });
  const press = game.phases.map((p) => [...(p.messages ?? [])]);
  for (let round = 0; Buffer.byteLength(text()) < limit; round++) {
    const before = game.phases.map((p) => p.messages?.length ?? 0);
    for (const [i, p] of game.phases.entries()) {
      p.messages = [...(p.messages ?? []), ...(press[i] ?? [])];
    }
    if (Buffer.byteLength(text()) >= limit) {
      for (const [i, p] of game.phases.entries()) p.messages = (p.messages ?? []).slice(0, before[i]);
      break;
    }
  }
  return text();
}

interface ImportFigures {
  imports: number;
  mib: string;
  reads: number;
  p99: string;
  worst: string;
  failed: number;
}

/** Reads game `id` in a loop while `count` large imports go in one after another; prints the waits. */
async function readsDuringImports(base: string, id: string, count: number): Promise<ImportFigures> {
  const body = largeImport();
  const latencies: number[] = [];
  const importMs: number[] = [];
  let importing = true;
  let failed = 0;
  const reading = (async () => {
    while (importing) {
      const t = performance.now();
      const r = await send(base, 'GET', `/api/games/${id}?history=false`).catch(() => undefined);
      latencies.push(performance.now() - t);
      if (r?.status !== 200) failed++;
    }
  })();
  let refused = 0;
  for (let n = 0; n < count; n++) {
    const t = performance.now();
    const r = await send(base, 'POST', '/api/games/import', body);
    importMs.push(performance.now() - t);
    if (r.status !== 201) {
      refused++;
      process.stderr.write(`bench: import answered ${r.status}: ${r.body.slice(0, 300)}\n`);
    }
  }
  importing = false;
  await reading;
  latencies.sort((a, b) => a - b);
  const at = (q: number): string =>
    (latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0).toFixed(1);
  const mib = (Buffer.byteLength(body) / 1048576).toFixed(2);
  process.stdout.write(
    `\nreads during ${count} imports of ${mib} MiB ` +
      `(${refused} refused; each import took ${importMs.map((ms) => ms.toFixed(0)).join(', ')} ms): ` +
      `${latencies.length} reads (${failed} failed), p50 ${at(0.5)} ms, p99 ${at(0.99)} ms, worst ${at(1)} ms\n`,
  );
  return {
    imports: count,
    mib,
    reads: latencies.length,
    p99: at(0.99),
    worst: at(1),
    failed: failed + refused,
  };
}

/** One bench run: servers started, games made, the parts driven; the submission figures. */
async function run(
  clients: number,
  instances: number,
  database: string | undefined,
  parts: 'all' | 'submit',
): Promise<Figures>;
async function run(
  clients: number,
  instances: number,
  database: string | undefined,
  parts: 'imports',
): Promise<ImportFigures>;
async function run(
  clients: number,
  instances: number,
  database: string | undefined,
  parts: 'all' | 'submit' | 'imports',
): Promise<Figures | ImportFigures> {
  agent = new Agent({ keepAlive: true, maxSockets: clients });
  const dir = mkdtempSync(join(tmpdir(), 'dipkit-bench-'));
  // --url: a server already running (the bench then neither starts nor stops one).
  const servers: { url: string; child: ChildProcess | undefined }[] = [];
  try {
    if (values.url !== undefined) servers.push({ url: values.url, child: undefined });
    else {
      for (let n = 0; n < instances; n++) {
        servers.push(
          await startServer(
            database !== undefined ? ['--database', database] : ['--data', join(dir, 'data')],
          ),
        );
      }
    }
    const base = servers[0]!.url;
    const pids = servers.map((s) => s.child?.pid);
    /** The server of client loop `c`: the loops take turns between the instances. */
    const of = (c: number): string => servers[c % servers.length]!.url;
    const seats: Seat[] = [];
    const gameIds: string[] = [];
    for (let g = 0; g < (parts === 'imports' ? 1 : gameCount); g++) {
      const created = JSON.parse((await send(base, 'POST', '/api/games', { map: 'standard' })).body) as {
        id: string;
      };
      gameIds.push(created.id);
      for (const power of POWERS) {
        const joined = JSON.parse(
          (await send(base, 'POST', `/api/games/${created.id}/join`, { power })).body,
        ) as { token: string };
        const legal = JSON.parse(
          (await send(base, 'GET', `/api/games/${created.id}/legal`, undefined, joined.token)).body,
        ) as {
          orders: Record<string, string[]>;
        };
        const orders = Object.values(legal.orders).map(
          (list) => list[Math.floor(Math.random() * list.length)] ?? '',
        );
        seats.push({ id: created.id, token: joined.token, orders });
      }
    }
    if (parts === 'imports') return await readsDuringImports(base, gameIds[0] ?? '', TABLE_IMPORTS);
    process.stdout.write(
      `dipkit server bench: ${database !== undefined ? 'PostgreSQL' : 'PGlite'}, ${servers.length} instance${servers.length === 1 ? '' : 's'}, ${clients} clients, ${gameCount} games, ` +
        `at most ${seconds} s or ${maxRequests} requests per part, on 127.0.0.1\n\n` +
        `part                  count    req/s  p50 ms  p99 ms errors  cpu ms\n`,
    );
    const submitted = await drive(
      'submit orders',
      clients,
      async (i, c) => {
        const seat = seats[i % seats.length]!;
        return (await send(of(c), 'PUT', `/api/games/${seat.id}/orders`, { orders: seat.orders }, seat.token))
          .status;
      },
      pids,
    );
    if (parts === 'submit') return submitted;
    await drive(
      'read game',
      clients,
      async (i, c) => (await send(of(c), 'GET', `/api/games/${gameIds[i % gameIds.length]}`)).status,
      pids,
    );
    if (importCount > 0) await readsDuringImports(base, gameIds[0] ?? '', importCount);
    return submitted;
  } finally {
    agent.destroy();
    for (const { child } of servers) {
      if (!child || child.exitCode !== null) continue;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * --table: the load table of issue 26 (order submissions at 16 and 64 clients; PGlite with one instance,
 * PostgreSQL with one and two when DATABASE_URL names one), each run as above, then the table in Markdown.
 */
async function table(): Promise<void> {
  const rows: string[] = [];
  const importRows: string[] = [];
  const backends: [string, string | undefined, number[]][] = [['PGlite', undefined, [1]]];
  if (database !== undefined) backends.push(['PostgreSQL', database, [1, 2]]);
  else process.stderr.write('bench: no DATABASE_URL, so PGlite only (scripts/with-postgres.sh gives one)\n');
  for (const [name, db, counts] of backends) {
    for (const instances of counts) {
      for (const clients of [16, 64]) {
        const f = await run(clients, instances, db, 'submit');
        rows.push(`| ${name} | ${instances} | ${clients} | ${f.rate} | ${f.p50} | ${f.p99} | ${f.errors} |`);
        process.stdout.write('\n');
      }
    }
    process.stdout.write(`${name}, one instance:`);
    const f = await run(2, 1, db, 'imports'); // two sockets: the reader's and the imports'
    importRows.push(
      `| ${name} | ${f.imports} | ${f.mib} | ${f.reads} | ${f.p99} | ${f.worst} | ${f.failed} |`,
    );
    process.stdout.write('\n');
  }
  process.stdout.write(
    `| database | instances | clients | submissions/s | p50 ms | p99 ms | errors |\n` +
      `| --- | --- | --- | --- | --- | --- | --- |\n${rows.join('\n')}\n\n` +
      `| database | imports | MiB each | reads meanwhile | p99 ms | worst read ms | errors |\n` +
      `| --- | --- | --- | --- | --- | --- | --- |\n${importRows.join('\n')}\n`,
  );
}

if (values.table) await table();
else await run(clientsGiven, instancesGiven, database, 'all');
