/**
 * Agreement at scale: random positions with random legal orders, each adjudicated by both resolvers, checked for
 * agreement on every outcome and for the properties of test/properties.test.ts (one unit per province, one
 * attacker per dislodgement, conservation, cut supports, determinism, the same outcome after a shuffle), and, for
 * every independent group of at most --oracle decisions, against the equation oracle.
 *
 *   node dist/bench/agreement.js --positions 1000000 [--seed 1] [--start 0] [--workers 2] [--oracle 8]
 *                                [--out agreement-failures.json]
 *
 * Position i is drawn from its own random stream (seed, i), so a failure is reproduced alone with
 * `--start i --positions 1`, whatever the number of workers. The positions mix small regions (3-8 units),
 * convoy scenes, and whole boards of 5-34 units (anywhere, or near the home centres). Failures are written to
 * --out as JSON (position, orders, problems); the last line is "N passed, N failed" (positions).
 */
import { writeFileSync } from 'node:fs';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { standardMap } from '../src/map/compile.js';
import { seededRandom } from '../src/selfplay/random-player.js';
import { checkMovement } from '../test/oracle/invariants.js';
import {
  randomBoardScenario,
  randomConvoyScenario,
  randomInt,
  randomRegionScenario,
  type Scenario,
} from '../test/oracle/generate.js';

interface Options {
  positions: number;
  seed: number;
  start: number;
  workers: number;
  oracle: number;
  out: string;
}

interface Failure {
  index: number;
  kind: string;
  position: Scenario['position'];
  orders: Scenario['orders'];
  problems: string[];
}

interface Totals {
  positions: number;
  units: number;
  orders: number;
  oracleGroups: number;
  /** Oracle groups with no solution and with several: each must have been settled by a backup rule. */
  oracleNone: number;
  oracleSeveral: number;
  failed: number;
  failures: Failure[];
}

const KEEP = 200;

function parseArgs(argv: string[]): Options {
  const options: Options = {
    positions: 100000,
    seed: 1,
    start: 0,
    workers: 1,
    oracle: 8,
    out: 'agreement-failures.json',
  };
  for (let i = 0; i < argv.length; i++) {
    const name = argv[i]!;
    const value = argv[i + 1];
    const number = Number(value);
    switch (name) {
      case '--positions':
      case '--seed':
      case '--start':
      case '--workers':
      case '--oracle':
        if (value === undefined || !Number.isInteger(number) || number < 0)
          throw new Error(`${name} needs a whole number`);
        options[name.slice(2) as 'positions' | 'seed' | 'start' | 'workers' | 'oracle'] = number;
        i++;
        break;
      case '--out':
        if (value === undefined) throw new Error('--out needs a file name');
        options.out = value;
        i++;
        break;
      default:
        throw new Error(`unknown option ${name}`);
    }
  }
  options.workers = Math.max(1, options.workers);
  return options;
}

/** The random stream of position i. */
function streamOf(seed: number, i: number): () => number {
  return seededRandom((Math.imul(seed, 0x9e3779b1) ^ Math.imul(i + 1, 0x85ebca6b)) >>> 0);
}

const map = standardMap();

/** Position i: 30% small regions, 20% convoy scenes, 25% whole boards anywhere, 25% near the home centres. */
export function scenarioOf(
  seed: number,
  i: number,
): { scenario: Scenario; kind: string; random: () => number } {
  const random = streamOf(seed, i);
  const r = random();
  if (r < 0.3) return { scenario: randomRegionScenario(map, random), kind: 'region', random };
  if (r < 0.5) return { scenario: randomConvoyScenario(map, random), kind: 'convoy', random };
  const near = r >= 0.75;
  return {
    scenario: randomBoardScenario(map, random, randomInt(random, 5, 34), near),
    kind: near ? 'near-home' : 'board',
    random,
  };
}

/** Checks positions start + k*step for k = 0, 1, ... below start + count. */
function run(options: Options, offset: number, step: number, progress?: (done: number) => void): Totals {
  const totals: Totals = {
    positions: 0,
    units: 0,
    orders: 0,
    oracleGroups: 0,
    oracleNone: 0,
    oracleSeveral: 0,
    failed: 0,
    failures: [],
  };
  const end = options.start + options.positions;
  for (let i = options.start + offset; i < end; i += step) {
    const { scenario, kind, random } = scenarioOf(options.seed, i);
    let problems: string[];
    let oracleGroups = 0;
    try {
      const check = checkMovement(map, scenario.position, scenario.orders, {
        random,
        oracleGroup: options.oracle,
      });
      problems = check.problems;
      oracleGroups = check.oracleGroups;
      totals.oracleNone += check.oracleCounts.none;
      totals.oracleSeveral += check.oracleCounts.several;
    } catch (e) {
      problems = [`threw: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`];
    }
    totals.positions++;
    totals.units += scenario.position.units.length;
    totals.orders += scenario.orders.length;
    totals.oracleGroups += oracleGroups;
    if (problems.length > 0) {
      totals.failed++;
      if (totals.failures.length < KEEP)
        totals.failures.push({
          index: i,
          kind,
          position: scenario.position,
          orders: scenario.orders,
          problems,
        });
    }
    if (progress && totals.positions % 10000 === 0) progress(totals.positions);
  }
  return totals;
}

function main(): number {
  let options: Options;
  try {
    options = parseArgs(process.argv.slice(2));
  } catch (e) {
    process.stderr.write(`agreement: ${e instanceof Error ? e.message : String(e)}\n`);
    return 2;
  }
  const started = Date.now();
  const log = (done: number): void => {
    const seconds = (Date.now() - started) / 1000;
    process.stdout.write(`  ${done} positions, ${seconds.toFixed(0)} s\n`);
  };
  process.stdout.write(
    `agreement: ${options.positions} positions from ${options.start}, seed ${options.seed}, ${options.workers} worker(s), oracle groups up to ${options.oracle} decisions\n`,
  );
  const finish = (parts: Totals[]): number => {
    const totals: Totals = {
      positions: 0,
      units: 0,
      orders: 0,
      oracleGroups: 0,
      oracleNone: 0,
      oracleSeveral: 0,
      failed: 0,
      failures: [],
    };
    for (const p of parts) {
      totals.positions += p.positions;
      totals.units += p.units;
      totals.orders += p.orders;
      totals.oracleGroups += p.oracleGroups;
      totals.oracleNone += p.oracleNone;
      totals.oracleSeveral += p.oracleSeveral;
      totals.failed += p.failed;
      totals.failures.push(...p.failures);
    }
    totals.failures.sort((a, b) => a.index - b.index);
    const seconds = (Date.now() - started) / 1000;
    process.stdout.write(
      `positions ${totals.positions}, units ${totals.units}, orders ${totals.orders}, oracle groups ${totals.oracleGroups} (${totals.oracleNone} without solution, ${totals.oracleSeveral} with several), failed ${totals.failed}, ${seconds.toFixed(1)} s\n`,
    );
    for (const f of totals.failures.slice(0, 10))
      process.stdout.write(`FAIL position ${f.index} (${f.kind}): ${f.problems.slice(0, 3).join(' | ')}\n`);
    if (totals.failures.length > 0) {
      writeFileSync(options.out, `${JSON.stringify(totals.failures, null, 1)}\n`);
      process.stdout.write(`failures written to ${options.out}\n`);
    }
    process.stdout.write(`${totals.positions - totals.failed} passed, ${totals.failed} failed\n`);
    return totals.failed > 0 ? 1 : 0;
  };

  if (options.workers === 1) return finish([run(options, 0, 1, log)]);

  let pending = options.workers;
  const parts: Totals[] = [];
  let done = 0;
  for (let w = 0; w < options.workers; w++) {
    const worker = new Worker(new URL(import.meta.url), {
      workerData: { options, offset: w, step: options.workers },
    });
    worker.on('message', (m: { progress: number } | { totals: Totals }) => {
      if ('progress' in m) {
        done += 10000;
        log(done);
        return;
      }
      parts.push(m.totals);
      if (--pending === 0) process.exitCode = finish(parts);
    });
    worker.on('error', (e) => {
      process.stderr.write(`agreement: worker ${w}: ${e.stack ?? e.message}\n`);
      process.exitCode = 2;
    });
  }
  return 0;
}

if (isMainThread) {
  process.exitCode = main();
} else {
  const { options, offset, step } = workerData as { options: Options; offset: number; step: number };
  const totals = run(options, offset, step, (n) => parentPort?.postMessage({ progress: n }));
  parentPort?.postMessage({ totals });
}
