/**
 * `dipkit game ...`: runs a game kept in a dipkit game file (src/formats/game-json.ts). Every command reads the
 * file, and the commands that change the game write it back only when everything succeeded: a rejected order or a
 * bad file leaves the file exactly as it was.
 */
import { anyRuleFlag, flowFlags, gameRulesFromFlags, ruleFlags } from './rule-flags.js';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { formatIssue, type Issue } from '../issues.js';
import { standardMap } from '../map/compile.js';
import { lookupPower } from '../map/query.js';
import type { GameMap } from '../map/types.js';
import { gameFromJson, gameToJson, mapNamed, parseJson, writeGameJson } from '../formats/game-json.js';
import { looksLikeMila, readMilaJson, writeMilaJson } from '../formats/mila-json.js';
import { adjustmentsDue, centerCounts, retreatOptions } from '../game/centers.js';
import {
  currentPhase,
  type Game,
  type GameOptions,
  newGame,
  processPhase,
  submitOrders,
} from '../game/game.js';
import { describePhase, describePosition } from '../game/history.js';
import { playRandomGame, type SelfPlayOptions } from '../selfplay/random-player.js';

export const summary = 'run a game: new, orders, process, show, history, export, import, selfplay';

export const usage = `Usage: dipkit game <command> FILE [options]

  dipkit game new FILE [--victory N] [--max-year YEAR] [--rules PRESET] [--rule ISSUE=CHOICE]...
                       [--unretreatable disband|retreat-phase] [--force]
      start a standard game in FILE (Spring 1901). --victory: centres for a solo win (default 18);
      --max-year: the game is a draw once that year is played; --rules/--rule: the DATC rule choices the
      game is played with, recorded in the file ('dipkit rules'); --unretreatable: a dislodged unit with no
      retreat is disbanded at once (disband, the default) or kept for the retreat phase (retreat-phase);
      a preset may set it; --force: overwrite FILE.
  dipkit game orders FILE POWER [ORDER ...] [--file ORDERS.txt] [--phase S1901M] [--add]
      submit POWER's orders for the current phase, one per argument or one per line of ORDERS.txt (any
      notation: "A PAR - BUR", "F North Sea - Picardy", "A PAR B", "F BLA R SEV", "WAIVE"). They replace the
      power's earlier orders for the phase; with --add they are added (replacing earlier orders for the same
      units). --phase: refuse unless the current phase is this one. No order at all clears the power's orders.
  dipkit game process FILE [--phase S1901M]
      adjudicate the current phase with the orders given (units without orders hold; dislodged units without
      orders are disbanded; missing disbands by civil disorder; missing builds are waived) and move on.
  dipkit game show FILE [--json]
      the current phase, units, dislodged units and their retreats, centres, who must build or disband.
  dipkit game history FILE [--json]
      every phase played: orders with results and reasons, dislodged and disbanded units.
  dipkit game export FILE [--format mila|dipkit]
      print the game as MILA/dipcc JSON (default) or as a dipkit game file.
  dipkit game import IN.json FILE [--rules PRESET] [--rule ISSUE=CHOICE]... [--unretreatable WHAT] [--force]
      read a MILA/dipcc game (or a dipkit game file) and save it as a dipkit game file; --rules etc.: the
      rules it was played with (a file recorded by dipcc: --rules dipcc), recorded in FILE.
  dipkit game selfplay FILE [--seed N] [--victory N] [--max-year YEAR] [--rules PRESET] [--rule ISSUE=CHOICE]...
                       [--unretreatable WHAT] [--force]
      play a whole game with random legal orders for every power (seeded: the same seed gives the same game),
      to a victory or the end of --max-year (default 1920), and save it in FILE.

Exit status: 0 ok, 2 bad input (unknown command or option, unreadable or malformed file, rejected orders:
messages "FILE:line:col  code  message"; nothing is written then).`;

const usageHint = 'Run "dipkit game --help" for usage.\n';

function errorMessage(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

function printIssues(issues: readonly Issue[], source: string): void {
  for (const i of issues) process.stderr.write(`${formatIssue({ ...i, source: i.source ?? source })}\n`);
}

/** Reads and checks a dipkit game file; prints the issues and returns undefined when it cannot. */
function loadGame(file: string): { game: Game; map: GameMap } | undefined {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    process.stderr.write(`${file}  read-error  ${errorMessage(e)}\n`);
    return undefined;
  }
  const json = parseJson(text);
  if ('issue' in json) {
    printIssues([json.issue], file);
    return undefined;
  }
  if (looksLikeMila(json.value)) {
    process.stderr.write(
      `${file}  bad-format  this is a MILA/dipcc game; run "dipkit game import ${file} GAME.json" first\n`,
    );
    return undefined;
  }
  const read = gameFromJson(json.value);
  if (!read.value) {
    printIssues(read.issues, file);
    return undefined;
  }
  const map = mapNamed(read.value.map);
  if (!map) {
    process.stderr.write(`${file}  unknown-map  unknown map "${read.value.map}"\n`);
    return undefined;
  }
  return { game: read.value, map };
}

/** Writes the game file through a temporary file, so that a failed write never leaves half a file. */
function saveGame(file: string, game: Game): boolean {
  const temp = `${file}.tmp-${process.pid}`;
  try {
    writeFileSync(temp, writeGameJson(game));
    renameSync(temp, file);
    return true;
  } catch (e) {
    process.stderr.write(`${file}  write-error  ${errorMessage(e)}\n`);
    return false;
  }
}

type Values = Record<string, string | boolean | undefined>;

function parse(
  args: string[],
  options: Record<string, { type: 'string' | 'boolean'; short?: string }>,
): { values: Values; positionals: string[] } | undefined {
  try {
    const parsed = parseArgs({
      args,
      options: { ...options, help: { type: 'boolean', short: 'h' } },
      allowPositionals: true,
      strict: true,
    });
    return { values: parsed.values, positionals: parsed.positionals };
  } catch (e) {
    process.stderr.write(`dipkit game: ${errorMessage(e)}\n${usageHint}`);
    return undefined;
  }
}

function wantPositionals(command: string, positionals: string[], min: number, max: number): boolean {
  if (positionals.length >= min && positionals.length <= max) return true;
  const want = min === max ? `${min}` : `${min} to ${max === Infinity ? 'any number of' : max}`;
  process.stderr.write(
    `dipkit game ${command}: expected ${want} argument${max === 1 ? '' : 's'}, got ${positionals.length}\n${usageHint}`,
  );
  return false;
}

/** The number given for --name: undefined when not given, null (after a message) when bad. */
function whole(
  value: string | boolean | undefined,
  name: string,
  min: number,
  max: number,
): number | undefined | null {
  if (value === undefined) return undefined;
  const n = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : NaN;
  if (!Number.isInteger(n) || n < min || n > max) {
    process.stderr.write(`dipkit game: --${name} must be a whole number from ${min} to ${max}\n`);
    return null;
  }
  return n;
}

function cmdNew(args: string[]): number {
  const p = parse(args, {
    victory: { type: 'string' },
    'max-year': { type: 'string' },
    force: { type: 'boolean' },
    ...ruleFlags,
    ...flowFlags,
  });
  if (!p || !wantPositionals('new', p.positionals, 1, 1)) return 2;
  const file = p.positionals[0] ?? '';
  const map = standardMap();
  const victory = whole(p.values['victory'], 'victory', 1, map.supplyCenterCount);
  const maxYear = whole(p.values['max-year'], 'max-year', 1901, 99999);
  if (victory === null || maxYear === null) return 2;
  if (existsSync(file) && p.values['force'] !== true) {
    process.stderr.write(`${file}  file-exists  the file exists; use --force to overwrite it\n`);
    return 2;
  }
  const choice = gameRulesFromFlags('game new', p.values);
  if (!choice) return 2;
  const options: Partial<GameOptions> = { ...choice };
  if (victory !== undefined) options.victoryCenters = victory;
  if (maxYear !== undefined) options.maxYear = maxYear;
  const game = newGame(map, options);
  if (!saveGame(file, game)) return 2;
  process.stdout.write(
    `${file}: new ${game.map} game, ${currentPhase(game)}; victory at ${game.options.victoryCenters} centres` +
      `${game.options.maxYear === undefined ? '' : `, draw after ${game.options.maxYear}`}\n`,
  );
  return 0;
}

function cmdOrders(args: string[]): number {
  const p = parse(args, { file: { type: 'string' }, phase: { type: 'string' }, add: { type: 'boolean' } });
  if (!p || !wantPositionals('orders', p.positionals, 2, Infinity)) return 2;
  const [file = '', powerName = '', ...orderArgs] = p.positionals;
  const ordersFile = p.values['file'];
  if (typeof ordersFile === 'string' && orderArgs.length > 0) {
    process.stderr.write(
      `dipkit game orders: give orders as arguments or with --file, not both\n${usageHint}`,
    );
    return 2;
  }
  const loaded = loadGame(file);
  if (!loaded) return 2;
  const { game, map } = loaded;
  let text = orderArgs.join('\n');
  let source = 'orders';
  if (typeof ordersFile === 'string') {
    try {
      text = readFileSync(ordersFile, 'utf8');
      source = ordersFile;
    } catch (e) {
      process.stderr.write(`${ordersFile}  read-error  ${errorMessage(e)}\n`);
      return 2;
    }
  }
  const options: { phase?: string; add?: boolean } = {};
  if (typeof p.values['phase'] === 'string') options.phase = p.values['phase'];
  if (p.values['add'] === true) options.add = true;
  const result = submitOrders(map, game, powerName, text, options);
  if (!result.value) {
    // Orders are numbered by argument (or line of the file); the other issues concern the game file.
    printIssues(
      result.issues.map((i) => (i.line === undefined ? { ...i, source: file } : { ...i, source })),
      source,
    );
    process.stderr.write(`${file}: nothing changed\n`);
    return 2;
  }
  if (!saveGame(file, result.value)) return 2;
  const power = map.powers[lookupPower(map, powerName)] ?? powerName;
  const mine = result.value.orders.filter((o) => o.power === power);
  process.stdout.write(
    `${power} ${currentPhase(game)}: ${mine.length} order${mine.length === 1 ? '' : 's'}\n`,
  );
  for (const o of mine) process.stdout.write(`  ${o.text}\n`);
  return 0;
}

function cmdProcess(args: string[]): number {
  const p = parse(args, { phase: { type: 'string' } });
  if (!p || !wantPositionals('process', p.positionals, 1, 1)) return 2;
  const file = p.positionals[0] ?? '';
  const loaded = loadGame(file);
  if (!loaded) return 2;
  const { game, map } = loaded;
  const phase = p.values['phase'];
  if (typeof phase === 'string' && phase.trim().toUpperCase() !== currentPhase(game)) {
    process.stderr.write(`${file}  wrong-phase  the current phase is ${currentPhase(game)}, not ${phase}\n`);
    return 2;
  }
  const result = processPhase(map, game);
  if (!result.value) {
    printIssues(result.issues, file);
    return 2;
  }
  if (!saveGame(file, result.value)) return 2;
  const next = result.value;
  const record = next.history[next.history.length - 1];
  if (record) for (const line of describePhase(record)) process.stdout.write(`${line}\n`);
  if (next.status === 'won') {
    const n = centerCounts(map, next.position.supplyCenters)[next.winner ?? ''] ?? 0;
    process.stdout.write(`game over: ${next.winner ?? '?'} wins with ${n} centres\n`);
  } else if (next.status === 'draw') {
    process.stdout.write(`game over: draw, the year limit ${next.options.maxYear ?? ''} is reached\n`);
  } else {
    process.stdout.write(`next phase: ${currentPhase(next)}\n`);
  }
  return 0;
}

function cmdShow(args: string[]): number {
  const p = parse(args, { json: { type: 'boolean' } });
  if (!p || !wantPositionals('show', p.positionals, 1, 1)) return 2;
  const loaded = loadGame(p.positionals[0] ?? '');
  if (!loaded) return 2;
  const { game, map } = loaded;
  if (p.values['json'] === true) {
    const json = gameToJson(game);
    const out: Record<string, unknown> = {
      phase: json['phase'],
      status: game.status,
      position: json['position'],
      orders: json['orders'],
      centers: centerCounts(map, game.position.supplyCenters),
    };
    if (game.winner !== undefined) out['winner'] = game.winner;
    if (game.position.phase.type === 'retreat') out['retreats'] = retreatOptions(map, game.position);
    if (game.position.phase.type === 'adjustment') out['adjustments'] = adjustmentsDue(map, game.position);
    process.stdout.write(`${JSON.stringify(out, null, 2)}\n`);
    return 0;
  }
  for (const line of describePosition(map, game)) process.stdout.write(`${line}\n`);
  return 0;
}

function cmdHistory(args: string[]): number {
  const p = parse(args, { json: { type: 'boolean' } });
  if (!p || !wantPositionals('history', p.positionals, 1, 1)) return 2;
  const loaded = loadGame(p.positionals[0] ?? '');
  if (!loaded) return 2;
  const { game } = loaded;
  if (p.values['json'] === true) {
    process.stdout.write(`${JSON.stringify(gameToJson(game)['history'], null, 2)}\n`);
    return 0;
  }
  if (game.history.length === 0) process.stdout.write('no phase played yet\n');
  for (const record of game.history)
    for (const line of describePhase(record)) process.stdout.write(`${line}\n`);
  return 0;
}

function cmdExport(args: string[]): number {
  const p = parse(args, { format: { type: 'string' } });
  if (!p || !wantPositionals('export', p.positionals, 1, 1)) return 2;
  const format = p.values['format'] ?? 'mila';
  if (format !== 'mila' && format !== 'dipkit') {
    process.stderr.write(`dipkit game export: --format must be "mila" or "dipkit"\n`);
    return 2;
  }
  const loaded = loadGame(p.positionals[0] ?? '');
  if (!loaded) return 2;
  const { game, map } = loaded;
  process.stdout.write(format === 'mila' ? writeMilaJson(map, game) : writeGameJson(game));
  return 0;
}

function cmdImport(args: string[]): number {
  const p = parse(args, { force: { type: 'boolean' }, ...ruleFlags, ...flowFlags });
  if (!p || !wantPositionals('import', p.positionals, 2, 2)) return 2;
  const choice = anyRuleFlag(p.values) ? gameRulesFromFlags('game import', p.values) : {};
  if (!choice) return 2;
  const [input = '', file = ''] = p.positionals;
  let text: string;
  try {
    text = readFileSync(input, 'utf8');
  } catch (e) {
    process.stderr.write(`${input}  read-error  ${errorMessage(e)}\n`);
    return 2;
  }
  const json = parseJson(text);
  if ('issue' in json) {
    printIssues([json.issue], input);
    return 2;
  }
  const read = looksLikeMila(json.value) ? readMilaJson(text, choice) : gameFromJson(json.value);
  if (!read.value) {
    printIssues(read.issues, input);
    return 2;
  }
  // A dipkit game file keeps its history; the rules given apply from now on.
  read.value.options = { ...read.value.options, ...choice };
  // Warnings (orders that cannot be read are left out).
  printIssues(read.issues, input);
  if (existsSync(file) && p.values['force'] !== true) {
    process.stderr.write(`${file}  file-exists  the file exists; use --force to overwrite it\n`);
    return 2;
  }
  if (!saveGame(file, read.value)) return 2;
  const game = read.value;
  const where = game.status === 'active' ? `at ${currentPhase(game)}` : `over (${game.status})`;
  process.stdout.write(
    `${file}: imported ${game.history.length} phases from ${input}; the game is ${where}\n`,
  );
  return 0;
}

function cmdSelfplay(args: string[]): number {
  const p = parse(args, {
    seed: { type: 'string' },
    victory: { type: 'string' },
    'max-year': { type: 'string' },
    force: { type: 'boolean' },
    ...ruleFlags,
    ...flowFlags,
  });
  if (!p || !wantPositionals('selfplay', p.positionals, 1, 1)) return 2;
  const file = p.positionals[0] ?? '';
  const map = standardMap();
  const seed = whole(p.values['seed'], 'seed', 0, 2 ** 32 - 1);
  const victory = whole(p.values['victory'], 'victory', 1, map.supplyCenterCount);
  const maxYear = whole(p.values['max-year'], 'max-year', 1901, 3000);
  if (seed === null || victory === null || maxYear === null) return 2;
  if (existsSync(file) && p.values['force'] !== true) {
    process.stderr.write(`${file}  file-exists  the file exists; use --force to overwrite it\n`);
    return 2;
  }
  const choice = gameRulesFromFlags('game selfplay', p.values);
  if (!choice) return 2;
  const options: SelfPlayOptions = { seed: seed ?? 1, ...choice };
  if (victory !== undefined) options.victoryCenters = victory;
  if (maxYear !== undefined) options.maxYear = maxYear;
  const game = playRandomGame(map, options);
  if (!saveGame(file, game)) return 2;
  const result = game.status === 'won' ? `${game.winner ?? '?'} wins` : 'draw';
  process.stdout.write(`${file}: ${game.history.length} phases played, ${result}\n`);
  return 0;
}

const COMMANDS: ReadonlyMap<string, (args: string[]) => number> = new Map([
  ['new', cmdNew],
  ['orders', cmdOrders],
  ['process', cmdProcess],
  ['show', cmdShow],
  ['history', cmdHistory],
  ['export', cmdExport],
  ['import', cmdImport],
  ['selfplay', cmdSelfplay],
]);

/** Runs `dipkit game ARGS`; returns the exit code. */
export function run(args: string[]): number {
  const [name, ...rest] = args;
  if (name === '--help' || name === '-h' || name === 'help') {
    process.stdout.write(`${usage}\n`);
    return 0;
  }
  const command = name === undefined ? undefined : COMMANDS.get(name);
  if (command === undefined) {
    process.stderr.write(
      `dipkit game: ${name === undefined ? 'missing command' : `unknown command "${name}"`}\n${usageHint}`,
    );
    return 2;
  }
  if (rest.includes('--help') || rest.includes('-h')) {
    process.stdout.write(`${usage}\n`);
    return 0;
  }
  return command(rest);
}
