/**
 * Load bench of the game server: starts `dipkit serve` (PGlite in a temporary directory, or the PostgreSQL of
 * DATABASE_URL / --database) on 127.0.0.1, creates games with every power joined, then drives many concurrent
 * clients over keep-alive HTTP, first submitting orders (PUT /orders, random legal orders), then reading games
 * (GET /api/games/{id}). Prints requests per second, p50/p99 latency, and the server's CPU time per request for each. Bounded: --seconds per part
 * (at most 60) and --requests per part.
 *
 *   npm run bench:server -- [--clients 64] [--seconds 10] [--requests 50000] [--games 20]
 *   scripts/with-postgres.sh node packages/server/dist/bench/bench.js
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
    database: { type: 'string' },
    url: { type: 'string' },
  },
});
const clients = Math.max(1, Math.min(1000, Number(values.clients)));
const seconds = Math.max(1, Math.min(60, Number(values.seconds)));
const maxRequests = Math.max(1, Math.min(1_000_000, Number(values.requests)));
const gameCount = Math.max(1, Math.min(500, Number(values.games)));
const database = values.database ?? (process.env['DATABASE_URL'] || undefined);
// The bench loads a server hard: only one on this machine.
if (values.url !== undefined && !/^http:\/\/(127\.0\.0\.1|localhost|\[::1\])(:\d+)?\/?$/.test(values.url)) {
  process.stderr.write(
    `bench: --url must be a server on this machine (http://127.0.0.1:PORT), not ${values.url}\n`,
  );
  process.exit(2);
}

const agent = new Agent({ keepAlive: true, maxSockets: clients });

function send(
  base: string,
  method: string,
  path: string,
  body?: unknown,
  token?: string,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const data = body === undefined ? undefined : JSON.stringify(body);
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
    const child = spawn(process.execPath, [CLI, 'serve', '--port', '0', '--host', '127.0.0.1', ...args], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
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

/** CPU time (user + system, ms) the process `pid` has used so far, from /proc (Linux); undefined elsewhere. */
function cpuMs(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    // utime and stime, fields 14 and 15 of stat (11 and 12 after the command name), in clock ticks (100 per second).
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return undefined;
  }
}

/**
 * Runs `work` from `clients` concurrent loops until the time or the request budget is spent. Prints the count,
 * rate, p50 and p99 latency, errors, and the server's CPU time per request (a figure the machine's other load does
 * not change much).
 */
async function drive(
  name: string,
  work: (i: number) => Promise<number>,
  pid: number | undefined,
): Promise<void> {
  const cpuBefore = cpuMs(pid);
  const latencies: number[] = [];
  let errors = 0;
  let issued = 0;
  const start = performance.now();
  const end = start + seconds * 1000;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (issued < maxRequests && performance.now() < end) {
        const i = issued++;
        const t = performance.now();
        const status = await work(i);
        latencies.push(performance.now() - t);
        if (status !== 200) errors++;
      }
    }),
  );
  const elapsed = (performance.now() - start) / 1000;
  const cpuAfter = cpuMs(pid);
  const cpu =
    cpuBefore === undefined || cpuAfter === undefined
      ? '-'
      : ((cpuAfter - cpuBefore) / latencies.length).toFixed(2);
  latencies.sort((a, b) => a - b);
  const at = (q: number): string =>
    (latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0).toFixed(1);
  process.stdout.write(
    `${name.padEnd(18)} ${String(latencies.length).padStart(7)} ${(latencies.length / elapsed).toFixed(0).padStart(8)} ${at(0.5).padStart(7)} ${at(0.99).padStart(7)} ${String(errors).padStart(6)} ${cpu.padStart(7)}\n`,
  );
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'dipkit-bench-'));
  // --url: a server already running (the bench then neither starts nor stops one).
  const server =
    values.url !== undefined
      ? { url: values.url, child: undefined }
      : await startServer(database !== undefined ? ['--database', database] : ['--data', join(dir, 'data')]);
  try {
    const base = server.url;
    const seats: Seat[] = [];
    const gameIds: string[] = [];
    for (let g = 0; g < gameCount; g++) {
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
    process.stdout.write(
      `dipkit server bench: ${database !== undefined ? 'PostgreSQL' : 'PGlite'}, ${clients} clients, ${gameCount} games, ` +
        `at most ${seconds} s or ${maxRequests} requests per part, on 127.0.0.1\n\n` +
        `part                  count    req/s  p50 ms  p99 ms errors  cpu ms\n`,
    );
    await drive(
      'submit orders',
      async (i) => {
        const seat = seats[i % seats.length]!;
        return (await send(base, 'PUT', `/api/games/${seat.id}/orders`, { orders: seat.orders }, seat.token))
          .status;
      },
      server.child?.pid,
    );
    await drive(
      'read game',
      async (i) => (await send(base, 'GET', `/api/games/${gameIds[i % gameIds.length]}`)).status,
      server.child?.pid,
    );
  } finally {
    agent.destroy();
    const child = server.child;
    if (child) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
