/**
 * Fuzzing at a fixed seed: the order parser, the position text reader, the jDip reader and the game JSON and MILA
 * JSON readers (test/oracle/fuzz.ts) are fed random, mutated and hostile texts in a worker thread, each input
 * time-boxed by a watchdog that ends the worker when an input takes too long; none may throw, and every answer
 * must be a value or specific issues (codes, messages, no stack traces). Then the CLI is run a few dozen times on
 * hostile files and arguments: it must exit 0, 1 or 2 within its time box, never with an internal error or a stack
 * trace, and say something on stderr when it exits 2.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { seededRandom } from '../src/selfplay/random-player.js';
import { cliSeeds, mutateJson, mutateText, randomText, TARGETS } from './oracle/fuzz.js';

const SEED = 6006;
const INPUTS_PER_TARGET = 300;
/** Longest time one input may take before the watchdog calls it a hang. */
const INPUT_TIME_BOX_MS = 5000;
/** Longest time a worker may take to load the modules and report its first input (a loaded host is slow at this). */
const WORKER_START_BOX_MS = 60000;
const CLI_RUNS = 36;
const CLI_TIME_BOX_MS = 20000;

interface Failure {
  index: number;
  input: string;
  problems: string[];
}

type WorkerMessage = { started: number } | { done: true; failures: Failure[]; count: number };

function preview(text: string): string {
  const shown = text.length > 300 ? `${text.slice(0, 300)}... (${text.length} characters)` : text;
  return JSON.stringify(shown);
}

if (!isMainThread) {
  // The worker: run one target over its inputs, saying which input it starts before each.
  const { name, seed, count } = workerData as { name: string; seed: number; count: number };
  const target = TARGETS.find((t) => t.name === name)!;
  const inputs = target.inputs(seededRandom(seed), count);
  const failures: Failure[] = [];
  inputs.forEach((input, index) => {
    parentPort!.postMessage({ started: index } satisfies WorkerMessage);
    let problems: string[];
    const started = performance.now();
    try {
      problems = target.run(input);
    } catch (e) {
      problems = [`threw: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`];
    }
    const ms = performance.now() - started;
    if (ms > INPUT_TIME_BOX_MS / 2) problems.push(`took ${ms.toFixed(0)} ms`);
    if (problems.length > 0 && failures.length < 10)
      failures.push({ index, input: preview(input), problems });
  });
  parentPort!.postMessage({ done: true, failures, count: inputs.length } satisfies WorkerMessage);
} else {
  // Two at a time: the readers run in workers and the CLI in child processes, so they can share the cores.
  describe('fuzzing', { concurrency: 2 }, () => {
    for (const [k, target] of TARGETS.entries()) {
      test(`fuzz ${target.name}: ${INPUTS_PER_TARGET} random and hostile inputs, no throw, no hang, specific issues`, async () => {
        const outcome = await new Promise<{ failures: Failure[]; count: number }>((resolve, reject) => {
          const worker = new Worker(new URL(import.meta.url), {
            workerData: { name: target.name, seed: SEED + k, count: INPUTS_PER_TARGET },
          });
          let current = -1;
          let timer: NodeJS.Timeout | undefined;
          const arm = (box = INPUT_TIME_BOX_MS): void => {
            clearTimeout(timer);
            timer = setTimeout(() => {
              void worker.terminate();
              resolve({
                failures: [
                  {
                    index: current,
                    input: '(see the index)',
                    problems: [current < 0 ? `did not start in ${box} ms` : `hung for ${box} ms`],
                  },
                ],
                count: current + 1,
              });
            }, box);
          };
          arm(WORKER_START_BOX_MS);
          worker.on('message', (m: WorkerMessage) => {
            if ('started' in m) {
              current = m.started;
              arm();
              return;
            }
            clearTimeout(timer);
            void worker.terminate();
            resolve(m);
          });
          worker.on('error', (e) => {
            clearTimeout(timer);
            reject(e);
          });
        });
        assert.deepEqual(outcome.failures, []);
        assert.ok(outcome.count >= INPUTS_PER_TARGET, `${outcome.count} inputs`);
      });
    }

    test(`fuzz the CLI: ${CLI_RUNS} runs on hostile files and arguments, exit 0/1/2, no internal error, no stack trace`, async (t) => {
      const cli = fileURLToPath(new URL('../src/cli/main.js', import.meta.url));
      const dir = mkdtempSync(join(tmpdir(), 'dipkit-fuzz-'));
      t.after(() => rmSync(dir, { recursive: true, force: true }));
      const random = seededRandom(SEED);
      const seeds = cliSeeds();
      const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
      const FLAGS = [
        '--json',
        '--rules',
        'datc',
        '2000',
        'nonsense',
        '--rule',
        '4.A.2=all-hold',
        '4.Z.9=q',
        '=',
        '--resolver',
        'guess',
        'haplomacy',
        'bogus',
        '--power',
        'France',
        'Atlantis',
        '--unit',
        'PAR',
        'zzz',
        '--format',
        'short',
        'xml',
        '--phase',
        'S1901M',
        'X0M',
        '--add',
        '--force',
        '--seed',
        '-1',
        '1e99',
        '--max-year',
        '1901',
        '--victory',
        '0',
        '--deviations',
        '--games',
        '',
        '-',
        '--',
        '--help',
        '-h',
        '\u00e9\u{1d538}',
        'x'.repeat(5000),
      ];
      const flags = (): string[] => Array.from({ length: Math.floor(random() * 4) }, () => pick(FLAGS));
      let n = 0;
      const file = (content: string | Buffer): string => {
        const path = join(dir, `input-${n++}`);
        writeFileSync(path, content);
        return path;
      };
      const json = (text: string): string =>
        random() < 0.6
          ? JSON.stringify(mutateJson(random, JSON.parse(text) as never))
          : mutateText(random, text);
      const binary = (): Buffer =>
        Buffer.from(Array.from({ length: 2000 }, () => Math.floor(random() * 256)));
      mkdirSync(join(dir, 'a-directory'));

      const scenarios: (() => string[])[] = [
        () => ['adjudicate', file(mutateText(random, seeds.position)), ...flags()],
        () => ['adjudicate', file(random() < 0.5 ? binary() : randomText(random, 200)), ...flags()],
        () => [
          'legal',
          file(random() < 0.5 ? mutateText(random, seeds.position) : json(seeds.game)),
          ...flags(),
        ],
        () => ['replay', file(json(random() < 0.5 ? seeds.mila : seeds.game)), ...flags()],
        () => ['datc', file(mutateText(random, seeds.jdip)), ...flags()],
        () => ['game', pick(['show', 'history', 'export']), file(json(seeds.game)), ...flags()],
        () => ['game', 'process', file(json(seeds.game)), ...flags()],
        () => [
          'game',
          'orders',
          file(seeds.game),
          pick(['FRANCE', 'england', 'Nobody', '']),
          randomText(random, 12),
          ...flags(),
        ],
        () => ['game', 'import', file(json(seeds.mila)), join(dir, `out-${n++}.json`), ...flags()],
        () => [
          pick(['adjudicate', 'legal', 'replay', 'datc', 'game', 'rules']),
          pick([join(dir, 'a-directory'), join(dir, 'missing'), '/dev/null', '']),
          ...flags(),
        ],
        () =>
          Array.from({ length: Math.floor(random() * 5) }, () =>
            random() < 0.5 ? pick(FLAGS) : randomText(random, 3),
          ),
        () => ['rules', ...flags()],
      ];
      const runs = Array.from({ length: CLI_RUNS }, (_, i) => scenarios[i % scenarios.length]!());

      const run = (
        args: string[],
      ): Promise<{
        args: string[];
        status: number | null;
        signal: string | null;
        stderr: string;
        stdout: string;
      }> =>
        new Promise((resolve) => {
          const child = spawn(process.execPath, [cli, ...args.map((a) => a.replaceAll('\0', ''))], {
            stdio: ['ignore', 'pipe', 'pipe'],
            timeout: CLI_TIME_BOX_MS,
          });
          let stdout = '';
          let stderr = '';
          child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
          child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
          child.on('close', (status, signal) => resolve({ args, status, signal, stderr, stdout }));
        });
      const results = [];
      for (let i = 0; i < runs.length; i += 4)
        results.push(...(await Promise.all(runs.slice(i, i + 4).map(run))));

      const failures: string[] = [];
      for (const r of results) {
        const what = `dipkit ${r.args.map((a) => (a.length > 40 ? `${a.slice(0, 40)}...` : a)).join(' ')}`;
        if (r.signal !== null)
          failures.push(`${what}: killed by ${r.signal} (time box ${CLI_TIME_BOX_MS} ms)`);
        else if (r.status === null || ![0, 1, 2].includes(r.status))
          failures.push(`${what}: exit ${r.status}`);
        if (/^\s+at /m.test(r.stderr) || /^\s+at /m.test(r.stdout)) failures.push(`${what}: stack trace`);
        if (/internal error/.test(r.stderr)) failures.push(`${what}: ${r.stderr.trim().slice(0, 300)}`);
        if (r.status === 2 && r.stderr.trim() === '') failures.push(`${what}: exit 2 without a message`);
      }
      assert.deepEqual(failures, []);
    });
  });
}
