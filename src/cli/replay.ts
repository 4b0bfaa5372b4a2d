/**
 * `dipkit replay FILE [--format auto|dipkit|mila|godip] [--map NAME|FILE] [--json]`: replays a recorded game (MILA/
 * dipcc JSON, a dipkit game file, or a godip game file) phase by phase and compares each result with the next
 * recorded phase (src/game/replay.ts).
 */
import {
  anyRuleFlag,
  flowFlags,
  flowFlagsHelp,
  gameRulesFromFlags,
  ruleFlags,
  ruleFlagsHelp,
  rulesLabel,
} from './rule-flags.js';
import { movementAdjudicator, resolverFlag, resolverFlagHelp, resolverFromFlag } from './resolver-flag.js';
import { DEFAULT_FLOW } from '../adjudication/rules.js';
import { nearest, parseCommandArgs, readTextFile, Report } from './io.js';
import { issue } from '../issues.js';
import type { GameMap } from '../map/types.js';
import { gameFromJson } from '../formats/game-json.js';
import { gameJsonAndMap, mapFlag, readMapArg } from './map-arg.js';
import { GODIP_WARNINGS, looksLikeGodip, readGodipGame } from '../formats/godip-game.js';
import { looksLikeMila, recordedFromMila } from '../formats/mila-json.js';
import { type RecordedGame, recordedFromGame } from '../game/history.js';
import { formatReplay, replay } from '../game/replay.js';

export const summary =
  'replay a recorded game (MILA/dipcc JSON, dipkit game file or godip game file) and check every phase';

export const usage = `Usage: dipkit replay FILE [--format FORMAT] [--map NAME|FILE] [--json] [--rules PRESET]
                     [--rule ISSUE=CHOICE]... [--resolver NAME]

Reads a recorded game, MILA/dipcc JSON (phases S1901M ... with "state" and "orders"), a dipkit game file or a
godip game file (blocks "PHASE 1901 Spring Movement", POSITIONS, ORDERS, as godip and Diplicity write them), and
for each phase applies its recorded orders to its recorded position and compares the result with the next
recorded phase: the next phase's name (empty retreat and adjustment phases are skipped), the units, the
dislodged units and their retreat options, and the supply centres (which change only after the Fall).
A game recorded by dipcc or MILA replays with the rules of its engine: --rules dipcc, --rules mila; a godip
game file replays with the rules godip plays (--rules godip) unless rule options are given.
A dislodged unit that cannot retreat is gone before the next movement phase whichever way a game is played;
a recording that disbands it at once where we keep it for a retreat phase (or the other way round) agrees.

Prints the rules used, one line per phase, then the totals:
  rules: dipcc (unretreatable=retreat-phase)
  PASS S1901M
  PASS S1902M (illegal: FRANCE A PAR - MOS)      orders illegal in the position are ignored (DATC 4.E.1)
  FAIL F1902M: units: recorded but not found FRANCE A BUR; found but not recorded FRANCE A PAR
  12 passed, 1 failed

Options:
  --format F   auto (default: a file that starts with PHASE is godip's, JSON is MILA/dipcc or dipkit), dipkit,
               mila, godip
  --map M      the map of a godip game file: a bundled map's name or id, or a map JSON file (a value with "/"
               or ending in .json); default standard (godip's Classical). A JSON game file names its own map:
               --map must name the same one (a game on a map file needs --map FILE).
  --json       print the report as JSON: { "phases": [{ "phase", "pass", "differences", "illegal" }], ... }
${ruleFlagsHelp}
${flowFlagsHelp}
               (these replace the rules the game file records; without them a MILA/dipcc file is replayed
               with the DATC preferences)
${resolverFlagHelp}
  -h, --help   show this help

Exit status: 0 every phase passed, 1 some phase failed, 2 the file cannot be read, is not a game or records
fewer than two phases (nothing to compare).`;

const FORMATS = ['auto', 'dipkit', 'mila', 'godip'] as const;
type Format = (typeof FORMATS)[number];

/** The recorded game in a JSON file: MILA/dipcc or dipkit, as `format` says or (auto) as it looks. */
function readJsonGame(
  report: Report,
  file: string,
  text: string,
  format: Format,
  mapFlagValue: string | undefined,
): { recorded: RecordedGame; mila: boolean; map: GameMap } | undefined {
  // The file names its map (MILA: standard unless it says); --map must name the same one.
  const found = gameJsonAndMap(report, mapFlagValue, text, file);
  if (!found) return undefined;
  const { json, map } = found;
  const mila = format === 'mila' || (format === 'auto' && looksLikeMila(json));
  if (mila) {
    const read = recordedFromMila(json);
    if (!read.value) {
      report.add(read.issues, file);
      return undefined;
    }
    report.add(read.issues, file, '(warning)');
    return { recorded: read.value.recorded, mila, map };
  }
  const read = gameFromJson(json, map);
  if (!read.value) {
    report.add(read.issues, file);
    return undefined;
  }
  return { recorded: recordedFromGame(read.value), mila, map };
}

/** Runs the command; returns the exit code. */
export function run(args: string[]): number {
  const report = new Report('replay', args.includes('--json'));
  const parsed = parseCommandArgs(report, args, {
    json: { type: 'boolean' },
    format: { type: 'string' },
    ...mapFlag,
    ...ruleFlags,
    ...flowFlags,
    ...resolverFlag,
  });
  if (!parsed) return report.fail();
  if (parsed.values.help === true) {
    process.stdout.write(`${usage}\n`);
    return 0;
  }
  if (parsed.positionals.length !== 1) {
    report.usageError('bad-arguments', `expected exactly one game FILE, got ${parsed.positionals.length}`);
    return report.fail();
  }
  const formatText = parsed.values.format ?? 'auto';
  if (!(FORMATS as readonly string[]).includes(formatText)) {
    const near = nearest(formatText, FORMATS);
    const hint = near === undefined ? '' : ` (did you mean "${near}"?)`;
    report.usageError('bad-option-value', `unknown format "${formatText}": ${FORMATS.join(', ')}${hint}`);
    return report.fail();
  }
  const format = formatText as Format;
  const resolver = resolverFromFlag('replay', parsed.values.resolver, report);
  if (!resolver) return report.fail();
  const file = parsed.positionals[0] ?? '';
  const text = readTextFile(report, file);
  if (text === undefined) return report.fail();
  let recorded: RecordedGame;
  let mila = false;
  let map: GameMap | undefined;
  const godip = format === 'godip' || (format === 'auto' && looksLikeGodip(text));
  if (godip) {
    map = readMapArg(report, parsed.values.map ?? 'standard');
    if (!map) return report.fail();
    const read = readGodipGame(map, text);
    const errors = read.issues.filter((i) => !GODIP_WARNINGS.has(i.code));
    if (!read.value || errors.length > 0) {
      report.add(errors, file);
      if (parsed.values.map === undefined) {
        const hint =
          "the file was read on the standard map (godip's Classical): a variant's game needs --map NAME";
        report.add([issue('no-map', hint)], file);
      }
      return report.fail();
    }
    report.add(read.issues, file, '(warning)');
    recorded = read.value;
  } else {
    const read = readJsonGame(report, file, text, format, parsed.values.map);
    if (!read) return report.fail();
    ({ recorded, mila, map } = read);
  }
  // Rule flags replace the rules the game recorded.
  let label: string;
  if (anyRuleFlag(parsed.values)) {
    const choice = gameRulesFromFlags('replay', parsed.values, report);
    if (!choice) return report.fail();
    recorded = { ...recorded, options: { ...recorded.options, ...choice } };
    label = rulesLabel(parsed.values.rules ?? 'datc', parsed.values.rule ?? [], choice.unretreatable);
  } else {
    const { rules = [], unretreatable = DEFAULT_FLOW.unretreatable } = recorded.options;
    label = `${rulesLabel('datc', rules, unretreatable)}, as the file records`;
    if (godip) label = `${rulesLabel('godip', [], unretreatable)}, as godip plays`;
    if (mila) label += '; a game recorded by dipcc or MILA: --rules dipcc or --rules mila';
  }
  // A game of one phase has no result to compare with: a run that checks nothing is not a success.
  if (recorded.phases.length < 2) {
    const n = recorded.phases.length;
    const message = `the game records ${n} phase${n === 1 ? '' : 's'}: nothing to replay (a replay compares each phase's result with the next recorded phase)`;
    report.add([issue('too-short', message)], file);
    return report.fail();
  }
  const result = replay(map, recorded, movementAdjudicator(resolver));
  if (parsed.values.json === true) report.printJson({ rules: label, ...result });
  else {
    process.stdout.write(`rules: ${label}\n`);
    for (const line of formatReplay(result)) process.stdout.write(`${line}\n`);
  }
  return result.failed === 0 ? 0 : 1;
}
