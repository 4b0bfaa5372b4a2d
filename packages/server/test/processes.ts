/**
 * Server processes for tests: `dipkit serve` started as a child process, stopped by a signal, and the check that
 * every game's phases were each processed exactly once.
 */
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import type { Db } from '../src/index.js';
import { CLI, LOAD_FLAGS } from './helpers.js';

export interface Instance {
  url: string;
  child: ChildProcess;
  /** What the process wrote to stderr so far. */
  stderr(): string;
}

/** Starts `dipkit serve` on a free port; resolves once it listens. */
export function serve(database: string[]): Promise<Instance> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, 'serve', '--port', '0', ...LOAD_FLAGS, ...database], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    // Generous: a loaded CI machine starting PGlite and running migrations can take a minute.
    const timer = setTimeout(() => reject(new Error(`no start in 120 s: ${out} ${err}`)), 120_000);
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /listening on (http:\/\/\S+)/.exec(out);
      if (m?.[1]) {
        clearTimeout(timer);
        resolve({ url: m[1], child, stderr: () => err });
      }
    });
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.on('exit', (code) => reject(new Error(`dipkit serve exited (${code}): ${err}`)));
  });
}

/** Runs `dipkit serve ARGS` expecting it not to start: its exit code, stderr and how long it took. */
export function serveFails(args: string[]): Promise<{ code: number | null; stderr: string; ms: number }> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, 'serve', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`dipkit serve ${args.join(' ')} still running after 30 s: ${out} ${err}`));
    }, 30_000);
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stderr: err, ms: Date.now() - started });
    });
  });
}

export async function stop(instance: Instance, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (instance.child.exitCode !== null || instance.child.signalCode !== null) return;
  const exited = new Promise((resolve) => instance.child.once('exit', resolve));
  instance.child.kill(signal);
  await exited;
}

/** Checks the stored phases of every game: numbered 0..n-1, each phase name once, one 'phase' event each. */
export async function checkPhases(db: Db, ids: readonly string[]): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  for (const id of ids) {
    const r = await db.query<{ n: number; names: number; top: number; seq: number; events: number }>(
      `SELECT count(*)::int AS n, count(DISTINCT p.name)::int AS names, coalesce(max(p.seq), -1)::int AS top,
              (SELECT seq FROM games WHERE id = $1) AS seq,
              (SELECT count(*)::int FROM events WHERE game_id = $1 AND kind = 'phase') AS events
       FROM phases p WHERE p.game_id = $1`,
      [id],
    );
    const row = r.rows[0]!;
    assert.equal(row.names, row.n, `${id}: a phase name twice`);
    assert.equal(row.top, row.n - 1, `${id}: phases numbered 0..n-1`);
    assert.equal(row.seq, row.n, `${id}: the game is at the phase after its last record`);
    assert.equal(row.events, row.n, `${id}: one 'phase' event per processed phase`);
    const stale = await db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM orders o JOIN games g ON g.id = o.game_id WHERE o.game_id = $1 AND o.seq <> g.seq',
      [id],
    );
    assert.equal(stale.rows[0]?.n, 0, `${id}: no orders left from a processed phase`);
    counts.set(id, row.n);
  }
  return counts;
}
