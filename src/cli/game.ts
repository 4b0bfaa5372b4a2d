/**
 * `dipkit game ...`: runs a game kept in a dipkit game file (src/formats/game-json.ts). Every command reads the
 * file, and the commands that change the game write it back only when everything succeeded: a rejected order or a
 * bad file leaves the file exactly as it was. Changes hold the file's lock (`FILE.lock`) from reading to writing,
 * so that processes submitting orders at once (one bot per power) never lose each other's orders, and are written
 * through a temporary file renamed over the old one.
 */
import { anyRuleFlag, flowFlags, gameRulesFromFlags, ruleFlags } from './rule-flags.js';
import { existsSync } from 'node:fs';
import { withFileLock, writeFileAtomic } from './file-lock.js';
import { fileProblem, nearest, parseCommandArgs, readTextFile, Report } from './io.js';
import { issue } from '../issues.js';
import { standardMap } from '../map/compile.js';
import { lookupPower } from '../map/query.js';
import type { GameMap } from '../map/types.js';
import { gameFromJson, gameToJson, parseJson, writeGameJson } from '../formats/game-json.js';
import { gameFileMap, mapFlag, readMapArg } from './map-arg.js';
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
import { describeMessages, mayRead } from '../game/messages.js';
import { type SelfPlayOptions } from '../selfplay/random-player.js';
import { PLAYER_KINDS, playGameWith, playersOfPowers, type PlayerKind } from '../selfplay/players.js';

export const summary = 'run a game: new, orders, process, show, history, export, import, selfplay';

export const usage = `Usage: dipkit game <command> FILE [options]

  dipkit game new FILE [--map NAME|FILE] [--victory N] [--max-year YEAR] [--rules PRESET]
                       [--rule ISSUE=CHOICE]... [--unretreatable disband|retreat-phase] [--force]
      start a game in FILE at the map's first Spring (Spring 1901 on the standard map). --map: a bundled map
      by id or name ("dipkit maps"; default standard) or a map definition JSON file (a value with "/" or
      ending in .json; the game file records the map's id, so later commands on it need the same --map FILE);
      --victory: centres for a solo win (default: the map's, 18 on the standard map);
      --max-year: the game is a draw once that year is played; --rules/--rule: the DATC rule choices the
      game is played with, recorded in the file ('dipkit rules'); --unretreatable: a dislodged unit with no
      retreat is disbanded at once (disband, the default) or kept for the retreat phase (retreat-phase);
      a preset may set it; --force: overwrite FILE.
  dipkit game orders FILE POWER [ORDER ...] [--file ORDERS.txt] [--phase S1901M] [--add] [--json]
      submit POWER's orders for the current phase, one per argument or one per line of ORDERS.txt (any
      notation: "A PAR - BUR", "F North Sea - Picardy", "A PAR B", "F BLA R SEV", "WAIVE"). They replace the
      power's earlier orders for the phase; with --add they are added (replacing earlier orders for the same
      units). --phase: refuse unless the current phase is this one. No order at all clears the power's orders.
      --json: print { "phase", "power", "orders", "issues" }.
  dipkit game process FILE [--phase S1901M] [--json]
      adjudicate the current phase with the orders given (units without orders hold; dislodged units without
      orders are disbanded; missing disbands by civil disorder; missing builds are waived) and move on.
      --json: print { "played" (the phase as the history records it), "phase", "status", "issues" }.
  dipkit game show FILE [--json]
      the current phase, units, dislodged units and their retreats, centres, who must build or disband.
  dipkit game show FILE --messages [--phase S1901M|all] [--power POWER] [--json]
      the press of a phase (default: the current one; all: every phase), oldest first, "SENDER -> TO: text";
      --power: only what POWER wrote or was sent (and the messages to all).
  dipkit game history FILE [--json]
      every phase played: orders with results and reasons, dislodged and disbanded units.
      --json: print { "history" (every phase as the game file records it), "issues" }.
  dipkit game export FILE [--format mila|dipkit]
      print the game as MILA/dipcc JSON (default) or as a dipkit game file.
  dipkit game import IN.json FILE [--rules PRESET] [--rule ISSUE=CHOICE]... [--unretreatable WHAT] [--force]
      read a MILA/dipcc game (or a dipkit game file) and save it as a dipkit game file; --rules etc.: the
      rules it was played with (a file recorded by dipcc: --rules dipcc), recorded in FILE.
  dipkit game selfplay FILE [--map NAME|FILE] [--players LIST] [--seed N] [--victory N] [--max-year YEAR]
                       [--rules PRESET] [--rule ISSUE=CHOICE]... [--unretreatable WHAT] [--force]
      play a whole game (seeded: the same seed gives the same game), to a victory or the end of --max-year
      (default: the map's twentieth Fall, 1920 on the standard map), and save it in FILE. --players: who plays
      each power, in the map's order of powers ("dipkit maps NAME"), comma-separated, the last one repeated:
      bot (dipkit's bot), random (random legal orders; the default), hold (holds, nothing else):
      "--players bot,random" puts the bot on the first power against six random players.

Several processes may change one game at once (one bot per power): each change holds FILE.lock while it reads
and writes FILE, and waits up to 10 s (DIPKIT_LOCK_WAIT_MS) for another; past that it fails with "locked".
A game file names its map; on the commands that read one, --map NAME|FILE must name the same map (a game on a
map read from a file needs that file: --map FILE).
With --json, errors and warnings are also in the JSON, as "issues": [{ "code", "message", "line", "column" }].

Exit status: 0 ok, 2 bad input (unknown command or option, unreadable or malformed file, rejected orders, a
locked file: messages "FILE:line:col  code  message"; nothing is written then).`;

/** Reads and checks a dipkit game file; reports the issues and returns undefined when it cannot. */
function loadGame(
  report: Report,
  file: string,
  values: Values = {},
): { game: Game; map: GameMap } | undefined {
  const text = readTextFile(report, file);
  if (text === undefined) return undefined;
  const json = parseJson(text);
  if ('issue' in json) {
    report.add([json.issue], file);
    return undefined;
  }
  if (looksLikeMila(json.value)) {
    const message = `this is a MILA/dipcc game; run "dipkit game import ${file} GAME.json" first`;
    report.add([issue('bad-format', message)], file);
    return undefined;
  }
  // The file names its map; --map must name the same one (or give it as a file).
  const map = gameFileMap(report, mapValue(values), json.value, file);
  if (!map) return undefined;
  const read = gameFromJson(json.value, map);
  if (!read.value) {
    report.add(read.issues, file);
    return undefined;
  }
  return { game: read.value, map };
}

/** Writes the game file through a temporary file, so that a failed write never leaves half a file. */
function saveGame(report: Report, file: string, game: Game): boolean {
  try {
    writeFileAtomic(file, writeGameJson(game));
    return true;
  } catch (e) {
    report.add([issue('write-error', `cannot write the file: ${fileProblem(e)}`)], file);
    return false;
  }
}

/**
 * Changes the game in `file` under its lock: `change` gets the game read under the lock and returns the exit
 * code. A lock held by another process past the wait is a `locked` issue (exit 2, nothing changed).
 */
function changeGame(report: Report, file: string, change: () => number): number {
  try {
    const r = withFileLock(file, change);
    if (r.ok) return r.value;
    report.add(
      [
        issue(
          'locked',
          `another dipkit (${r.holder}) is changing the file and did not finish in time; nothing changed: try again, or delete ${file}.lock if no dipkit is running`,
        ),
      ],
      file,
    );
  } catch (e) {
    report.add([issue('write-error', `cannot lock the file: ${fileProblem(e)}`)], file);
  }
  return report.fail();
}

type Values = Record<string, string | boolean | (string | boolean)[] | undefined>;

/** The --map value, when given. */
function mapValue(values: Values): string | undefined {
  const v = values['map'];
  return typeof v === 'string' ? v : undefined;
}

/** The map of a new game: --map, or the standard map; undefined after the problem is printed. */
function newGameMap(report: Report, values: Values): GameMap | undefined {
  const value = mapValue(values);
  return value === undefined ? standardMap() : readMapArg(report, value);
}

function parse(
  report: Report,
  args: string[],
  options: Record<string, { type: 'string' | 'boolean'; short?: string; multiple?: boolean }>,
): { values: Values; positionals: string[] } | undefined {
  return parseCommandArgs(report, args, options);
}

function wantPositionals(report: Report, positionals: string[], min: number, max: number): boolean {
  if (positionals.length >= min && positionals.length <= max) return true;
  const want = min === max ? `${min}` : `${min} to ${max === Infinity ? 'any number of' : max}`;
  report.usageError(
    'bad-arguments',
    `expected ${want} argument${max === 1 ? '' : 's'}, got ${positionals.length}`,
  );
  return false;
}

/** The number given for --name: undefined when not given, null (after a message) when bad. */
function whole(
  report: Report,
  value: Values[string],
  name: string,
  min: number,
  max: number,
): number | undefined | null {
  if (value === undefined) return undefined;
  const n = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : NaN;
  if (!Number.isInteger(n) || n < min || n > max) {
    report.usageError('bad-option-value', `--${name} must be a whole number from ${min} to ${max}`);
    return null;
  }
  return n;
}

/** Refuses to overwrite an existing FILE without --force. */
function mayWrite(report: Report, file: string, values: Values): boolean {
  if (!existsSync(file) || values['force'] === true) return true;
  report.add([issue('file-exists', 'the file exists; use --force to overwrite it')], file);
  return false;
}

function cmdNew(report: Report, args: string[]): number {
  const p = parse(report, args, {
    victory: { type: 'string' },
    'max-year': { type: 'string' },
    force: { type: 'boolean' },
    ...mapFlag,
    ...ruleFlags,
    ...flowFlags,
  });
  if (!p || !wantPositionals(report, p.positionals, 1, 1)) return report.fail();
  const file = p.positionals[0] ?? '';
  const map = newGameMap(report, p.values);
  if (!map) return report.fail();
  const victory = whole(report, p.values['victory'], 'victory', 1, map.supplyCenterCount);
  const maxYear = whole(report, p.values['max-year'], 'max-year', map.startYear, 99999);
  if (victory === null || maxYear === null) return report.fail();
  const choice = gameRulesFromFlags('game new', p.values, report);
  if (!choice) return report.fail();
  const options: Partial<GameOptions> = { ...choice };
  if (victory !== undefined) options.victoryCenters = victory;
  if (maxYear !== undefined) options.maxYear = maxYear;
  const game = newGame(map, options);
  return changeGame(report, file, () => {
    if (!mayWrite(report, file, p.values) || !saveGame(report, file, game)) return report.fail();
    process.stdout.write(
      `${file}: new ${game.map} game, ${currentPhase(game)}; victory at ${game.options.victoryCenters} centres` +
        `${game.options.maxYear === undefined ? '' : `, draw after ${game.options.maxYear}`}\n`,
    );
    return 0;
  });
}

function cmdOrders(report: Report, args: string[]): number {
  const p = parse(report, args, {
    file: { type: 'string' },
    phase: { type: 'string' },
    add: { type: 'boolean' },
    json: { type: 'boolean' },
    ...mapFlag,
  });
  if (!p || !wantPositionals(report, p.positionals, 2, Infinity)) return report.fail();
  const [file = '', powerName = '', ...orderArgs] = p.positionals;
  const ordersFile = p.values['file'];
  if (typeof ordersFile === 'string' && orderArgs.length > 0) {
    report.usageError('bad-arguments', 'give orders as arguments or with --file, not both');
    return report.fail();
  }
  let text = orderArgs.join('\n');
  let source = 'orders';
  if (typeof ordersFile === 'string') {
    const read = readTextFile(report, ordersFile);
    if (read === undefined) return report.fail();
    text = read;
    source = ordersFile;
  }
  const options: { phase?: string; add?: boolean } = {};
  if (typeof p.values['phase'] === 'string') options.phase = p.values['phase'];
  if (p.values['add'] === true) options.add = true;
  return changeGame(report, file, () => {
    const loaded = loadGame(report, file, p.values);
    if (!loaded) return report.fail();
    const { game, map } = loaded;
    const result = submitOrders(map, game, powerName, text, options);
    if (!result.value) {
      // Orders are numbered by argument (or line of the file); the other issues concern the game file.
      report.add(result.issues.map((i) => ({ ...i, source: i.line === undefined ? file : source })));
      process.stderr.write(`${file}: nothing changed\n`);
      return report.fail();
    }
    if (!saveGame(report, file, result.value)) return report.fail();
    const power = map.powers[lookupPower(map, powerName)] ?? powerName;
    const mine = result.value.orders.filter((o) => o.power === power);
    if (p.values['json'] === true) {
      report.printJson({ phase: currentPhase(game), power, orders: mine });
      return 0;
    }
    process.stdout.write(
      `${power} ${currentPhase(game)}: ${mine.length} order${mine.length === 1 ? '' : 's'}\n`,
    );
    for (const o of mine) process.stdout.write(`  ${o.text}\n`);
    return 0;
  });
}

function cmdProcess(report: Report, args: string[]): number {
  const p = parse(report, args, { phase: { type: 'string' }, json: { type: 'boolean' }, ...mapFlag });
  if (!p || !wantPositionals(report, p.positionals, 1, 1)) return report.fail();
  const file = p.positionals[0] ?? '';
  return changeGame(report, file, () => {
    const loaded = loadGame(report, file, p.values);
    if (!loaded) return report.fail();
    const { game, map } = loaded;
    const phase = p.values['phase'];
    if (typeof phase === 'string' && phase.trim().toUpperCase() !== currentPhase(game)) {
      const message = `the current phase is ${currentPhase(game)}, not ${phase}`;
      report.add([issue('wrong-phase', message)], file);
      return report.fail();
    }
    const result = processPhase(map, game);
    if (!result.value) {
      report.add(result.issues, file);
      return report.fail();
    }
    if (!saveGame(report, file, result.value)) return report.fail();
    const next = result.value;
    const record = next.history[next.history.length - 1];
    if (p.values['json'] === true) {
      const played = gameToJson(next)['history'] as unknown[];
      const json: Record<string, unknown> = {
        played: played[played.length - 1],
        status: next.status,
        phase: currentPhase(next),
      };
      if (next.winner !== undefined) json['winner'] = next.winner;
      report.printJson(json);
      return 0;
    }
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
  });
}

function cmdShow(report: Report, args: string[]): number {
  const p = parse(report, args, {
    json: { type: 'boolean' },
    messages: { type: 'boolean' },
    phase: { type: 'string' },
    power: { type: 'string' },
    ...mapFlag,
  });
  if (!p || !wantPositionals(report, p.positionals, 1, 1)) return report.fail();
  if (p.values['messages'] !== true && (p.values['phase'] !== undefined || p.values['power'] !== undefined)) {
    report.usageError('bad-arguments', '--phase and --power go with --messages');
    return report.fail();
  }
  const loaded = loadGame(report, p.positionals[0] ?? '', p.values);
  if (!loaded) return report.fail();
  const { game, map } = loaded;
  if (p.values['messages'] === true) return showMessages(report, map, game, p.values);
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
    report.printJson(out);
    return 0;
  }
  for (const line of describePosition(map, game)) process.stdout.write(`${line}\n`);
  return 0;
}

/**
 * `game show FILE --messages`: one phase's conversation (the current phase, or --phase NAME; --phase all: every
 * phase), optionally only what --power sent or was sent (messages to all included).
 */
function showMessages(report: Report, map: GameMap, game: Game, values: Values): number {
  const all = game.messages ?? [];
  const phaseValue = values['phase'];
  const wanted = typeof phaseValue === 'string' ? phaseValue.trim().toUpperCase() : currentPhase(game);
  const phases = [...new Set(all.map((m) => m.phase))];
  const known = new Set([...game.history.map((r) => r.name), currentPhase(game), ...phases]);
  if (wanted !== 'ALL' && !known.has(wanted)) {
    report.add([issue('no-such-phase', `the game has no phase ${wanted}; give a phase it played or "all"`)]);
    return report.fail();
  }
  let power: string | undefined;
  if (typeof values['power'] === 'string') {
    power = map.powers[lookupPower(map, values['power'])];
    if (power === undefined) {
      report.usageError(
        'unknown-power',
        `unknown power "${values['power']}"; powers: ${map.powers.join(', ')}`,
      );
      return report.fail();
    }
  }
  const shown = all.filter(
    (m) => (wanted === 'ALL' || m.phase === wanted) && (power === undefined || mayRead(m, power)),
  );
  if (values['json'] === true) {
    report.printJson({ phase: wanted === 'ALL' ? 'all' : wanted, messages: shown });
    return 0;
  }
  if (shown.length === 0) {
    const counts = phases.map((ph) => `${ph} (${all.filter((m) => m.phase === ph).length})`);
    const where = wanted === 'ALL' ? 'in the game' : `in ${wanted}`;
    const hint =
      counts.length === 0 ? 'the game has no messages' : `phases with messages: ${counts.join(', ')}`;
    process.stdout.write(`no messages ${where}${power === undefined ? '' : ` for ${power}`}; ${hint}\n`);
    return 0;
  }
  for (const line of describeMessages(shown)) process.stdout.write(`${line}\n`);
  return 0;
}

function cmdHistory(report: Report, args: string[]): number {
  const p = parse(report, args, { json: { type: 'boolean' }, ...mapFlag });
  if (!p || !wantPositionals(report, p.positionals, 1, 1)) return report.fail();
  const loaded = loadGame(report, p.positionals[0] ?? '', p.values);
  if (!loaded) return report.fail();
  const { game } = loaded;
  if (p.values['json'] === true) {
    report.printJson({ history: gameToJson(game)['history'] });
    return 0;
  }
  if (game.history.length === 0) process.stdout.write('no phase played yet\n');
  for (const record of game.history)
    for (const line of describePhase(record)) process.stdout.write(`${line}\n`);
  return 0;
}

function cmdExport(report: Report, args: string[]): number {
  const p = parse(report, args, { format: { type: 'string' }, ...mapFlag });
  if (!p || !wantPositionals(report, p.positionals, 1, 1)) return report.fail();
  const format = p.values['format'] ?? 'mila';
  if (format !== 'mila' && format !== 'dipkit') {
    report.usageError('bad-option-value', '--format must be "mila" or "dipkit"');
    return report.fail();
  }
  const loaded = loadGame(report, p.positionals[0] ?? '', p.values);
  if (!loaded) return report.fail();
  const { game, map } = loaded;
  process.stdout.write(format === 'mila' ? writeMilaJson(map, game) : writeGameJson(game));
  return 0;
}

function cmdImport(report: Report, args: string[]): number {
  const p = parse(report, args, { force: { type: 'boolean' }, ...ruleFlags, ...flowFlags });
  if (!p || !wantPositionals(report, p.positionals, 2, 2)) return report.fail();
  const choice = anyRuleFlag(p.values) ? gameRulesFromFlags('game import', p.values, report) : {};
  if (!choice) return report.fail();
  const [input = '', file = ''] = p.positionals;
  const text = readTextFile(report, input);
  if (text === undefined) return report.fail();
  const json = parseJson(text);
  if ('issue' in json) {
    report.add([json.issue], input);
    return report.fail();
  }
  const read = looksLikeMila(json.value) ? readMilaJson(text, choice) : gameFromJson(json.value);
  if (!read.value) {
    report.add(read.issues, input);
    return report.fail();
  }
  // A dipkit game file keeps its history; the rules given apply from now on.
  read.value.options = { ...read.value.options, ...choice };
  // Warnings (orders that cannot be read are left out).
  report.add(read.issues, input, '(warning)');
  const game = read.value;
  return changeGame(report, file, () => {
    if (!mayWrite(report, file, p.values) || !saveGame(report, file, game)) return report.fail();
    const where = game.status === 'active' ? `at ${currentPhase(game)}` : `over (${game.status})`;
    process.stdout.write(
      `${file}: imported ${game.history.length} phases from ${input}; the game is ${where}\n`,
    );
    return 0;
  });
}

/** The --players list ("bot,random,hold"); null (reported) when a name is not a player. */
function playersFlag(report: Report, value: unknown): PlayerKind[] | null {
  if (typeof value !== 'string') return ['random'];
  const names = value.split(',').map((n) => n.trim().toLowerCase());
  for (const name of names) {
    if (!(PLAYER_KINDS as readonly string[]).includes(name)) {
      const near = nearest(name, PLAYER_KINDS);
      const hint = near === undefined ? '' : ` (did you mean "${near}"?)`;
      report.usageError(
        'bad-players',
        `--players: unknown player "${name}"${hint}; players: ${PLAYER_KINDS.join(', ')}`,
      );
      return null;
    }
  }
  return names as PlayerKind[];
}

function cmdSelfplay(report: Report, args: string[]): number {
  const p = parse(report, args, {
    seed: { type: 'string' },
    victory: { type: 'string' },
    'max-year': { type: 'string' },
    players: { type: 'string' },
    force: { type: 'boolean' },
    ...mapFlag,
    ...ruleFlags,
    ...flowFlags,
  });
  if (!p || !wantPositionals(report, p.positionals, 1, 1)) return report.fail();
  const file = p.positionals[0] ?? '';
  const map = newGameMap(report, p.values);
  if (!map) return report.fail();
  const players = playersFlag(report, p.values['players']);
  if (players === null) return report.fail();
  const seed = whole(report, p.values['seed'], 'seed', 0, 2 ** 32 - 1);
  const victory = whole(report, p.values['victory'], 'victory', 1, map.supplyCenterCount);
  const maxYear = whole(report, p.values['max-year'], 'max-year', map.startYear, 3000);
  if (seed === null || victory === null || maxYear === null) return report.fail();
  if (!mayWrite(report, file, p.values)) return report.fail();
  const choice = gameRulesFromFlags('game selfplay', p.values, report);
  if (!choice) return report.fail();
  const options: SelfPlayOptions = { seed: seed ?? 1, ...choice };
  if (victory !== undefined) options.victoryCenters = victory;
  if (maxYear !== undefined) options.maxYear = maxYear;
  const game = playGameWith(map, { ...options, players });
  return changeGame(report, file, () => {
    if (!mayWrite(report, file, p.values) || !saveGame(report, file, game)) return report.fail();
    const result = game.status === 'won' ? `${game.winner ?? '?'} wins` : 'draw';
    process.stdout.write(`${file}: ${game.history.length} phases played, ${result}\n`);
    const kinds = playersOfPowers(map, players);
    if (kinds.some((k) => k !== 'random')) {
      const counts = centerCounts(map, game.position.supplyCenters);
      const lines = map.powers.map(
        (power, i) =>
          `  ${power.padEnd(10)} ${kinds[i]!.padEnd(7)} ${counts[power] ?? 0} centre${counts[power] === 1 ? '' : 's'}`,
      );
      process.stdout.write(`${lines.join('\n')}\n`);
    }
    return 0;
  });
}

const COMMANDS: ReadonlyMap<string, (report: Report, args: string[]) => number> = new Map([
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
    const report = new Report('game', args.includes('--json'));
    const near = name === undefined ? undefined : nearest(name, [...COMMANDS.keys()]);
    report.usageError(
      name === undefined ? 'missing-command' : 'unknown-command',
      name === undefined
        ? 'missing command'
        : `unknown command "${name}"${near === undefined ? '' : ` (did you mean "${near}"?)`}`,
    );
    return report.fail();
  }
  if (rest.includes('--help') || rest.includes('-h')) {
    process.stdout.write(`${usage}\n`);
    return 0;
  }
  return command(new Report(`game ${name}`, rest.includes('--json')), rest);
}
