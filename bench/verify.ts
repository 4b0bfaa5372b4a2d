/**
 * Self-play verification: random players play whole games through every phase on the simulation (src/sim, the
 * fast path of self-play and search), with the invariants checked after each phase (test/oracle/selfplay.ts: positions, both resolvers, the movement invariants, shuffles, the
 * equation oracle on small groups, retreats, supply-centre ownership, adjustments).
 *
 *   npm run verify -- --games N [--seed S] [--max-year Y] [--victory C] [--oracle K] [--quiet]
 *
 * Game k is played with seed S + k, to 1915 by default; --victory C (default 18) ends a game when a power owns C
 * centres (a small C makes victories happen); --oracle K checks groups of up to K decisions (0: none). Prints one line per game (unless --quiet), the totals (games, phases, orders,
 * violations) and, last, "N passed, N failed" (games). Exit status 1 when a game failed, 2 on bad arguments.
 */
import { standardMap } from '../src/map/compile.js';
import { playAndCheck, type GameReport } from '../test/oracle/selfplay.js';

interface Options {
  games: number;
  seed: number;
  maxYear: number;
  oracle: number;
  victory: number;
  quiet: boolean;
}

function parseArgs(argv: string[]): Options {
  const options: Options = { games: 10, seed: 1, maxYear: 1915, oracle: 8, victory: 18, quiet: false };
  for (let i = 0; i < argv.length; i++) {
    const name = argv[i]!;
    if (name === '--quiet') {
      options.quiet = true;
      continue;
    }
    const value = argv[++i];
    const number = Number(value);
    if (value === undefined || !Number.isInteger(number) || number < 0)
      throw new Error(`${name}: a whole number is needed`);
    switch (name) {
      case '--games':
        options.games = number;
        break;
      case '--seed':
        options.seed = number;
        break;
      case '--max-year':
        options.maxYear = number;
        break;
      case '--oracle':
        options.oracle = number;
        break;
      case '--victory':
        options.victory = number;
        break;
      default:
        throw new Error(`unknown option ${name}`);
    }
  }
  return options;
}

function main(): number {
  let options: Options;
  try {
    options = parseArgs(process.argv.slice(2));
  } catch (e) {
    process.stderr.write(
      `verify: ${e instanceof Error ? e.message : String(e)}\nusage: verify --games N [--seed S] [--max-year Y] [--victory C] [--oracle K] [--quiet]\n`,
    );
    return 2;
  }
  const map = standardMap();
  const started = Date.now();
  const reports: GameReport[] = [];
  for (let k = 0; k < options.games; k++) {
    let report: GameReport;
    try {
      report = playAndCheck(map, options.seed + k, {
        maxYear: options.maxYear,
        oracleGroup: options.oracle,
        victoryCenters: options.victory,
      });
    } catch (e) {
      report = {
        seed: options.seed + k,
        phases: 0,
        phaseTypes: { movement: 0, retreat: 0, adjustment: 0 },
        orders: 0,
        oracleGroups: 0,
        status: 'active',
        finalPhase: '?',
        violations: [
          `game ${options.seed + k}: threw ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`,
        ],
      };
    }
    reports.push(report);
    if (!options.quiet || report.violations.length > 0) {
      const end = report.status === 'won' ? `won by ${report.winner ?? '?'}` : report.status;
      process.stdout.write(
        `${report.violations.length === 0 ? 'PASS' : 'FAIL'} game ${report.seed}: ${report.phases} phases, ${report.orders} orders, ${end} at ${report.finalPhase}\n`,
      );
      for (const v of report.violations) process.stdout.write(`  ${v}\n`);
    }
  }
  const sum = (f: (r: GameReport) => number): number => reports.reduce((a, r) => a + f(r), 0);
  const failed = reports.filter((r) => r.violations.length > 0).length;
  const seconds = (Date.now() - started) / 1000;
  process.stdout.write(
    `games ${reports.length}, phases ${sum((r) => r.phases)}, orders ${sum((r) => r.orders)}, oracle groups ${sum((r) => r.oracleGroups)}, violations ${sum((r) => r.violations.length)}, ${seconds.toFixed(1)} s\n`,
  );
  process.stdout.write(`${reports.length - failed} passed, ${failed} failed\n`);
  return failed > 0 ? 1 : 0;
}

process.exitCode = main();
