/**
 * `dipkit legal INPUT [--power P] [--unit U] [--json] [--format mila|long|short]`: every legal order of a position
 * in its phase (src/legal/enumerate.ts). INPUT is a position file in dipkit's text form (its orders are ignored),
 * a dipkit game file or a MILA/dipcc game JSON (its current phase).
 */
import { parseCommandArgs, readTextFile, Report } from './io.js';
import { gameFromJson } from '../formats/game-json.js';
import { gameJsonAndMap, mapFlag, mapFlagHelp, positionFileMap } from './map-arg.js';
import { looksLikeMila, readMilaJson } from '../formats/mila-json.js';
import { phaseName, readPositionText } from '../formats/position-text.js';
import { issue, type Issue } from '../issues.js';
import { ruleFlags, ruleFlagsHelp, rulesFromFlags } from './rule-flags.js';
import {
  listLegalOrders,
  unitOptionProvince,
  type LegalOrder,
  type LegalOrderOptions,
} from '../legal/enumerate.js';
import { lookupPower } from '../map/query.js';
import type { GameMap } from '../map/types.js';
import { formatOrder, type OrderStyle } from '../orders/format.js';
import type { Position } from '../position/types.js';

export const summary = 'list every legal order of a position or game in its phase';

export const usage = `Usage: dipkit legal INPUT [--power P] [--unit U] [--json] [--format mila|long|short] [--map NAME|FILE]
                    [--rules PRESET] [--rule ISSUE=CHOICE]...

Lists every legal order of the phase of INPUT (DATC 4.E.1 by the rule options: by default, the orders that can
be valid in the current position):
  - a position file in dipkit's text form ("phase:", "units:", "centers:"; see "dipkit adjudicate --help"; its
    orders, if any, are ignored), or
  - a game: a dipkit game file or a MILA/dipcc game JSON (its current phase).

Movement: holds, moves (by convoy along the fleets on the board too), supports and convoys. Retreat: each retreat
and disband of the dislodged units. Adjustment: each build (type and coast), waive and disband that is due.
Orders are sorted by unit, then by text; one per line:
  A PAR - BUR    A LON - NWY VIA    F NTH C A LON - NWY    A MUN S A BUR - MAR    F BLA R SEV    F STP/SC B    WAIVE

Options:
  --power P                  only the orders of power P ("France", "FRA", "French")
  --unit U                   only the orders of the unit in province U ("PAR", "A PAR", "stp/sc"), or builds there
  --format mila|long|short   notation: MILA/dipcc (default), DATC long form, jDip short form
  --json                     print { "orders": [{ "power", "unit", "order", "text" }], "issues": [...] } (text in
                             the --format; issues: warnings and errors with code, message, line, column)
${mapFlagHelp(29)}
${ruleFlagsHelp.replace(/^( {2}--\S+ \S+) +/gm, (_m, flag: string) => flag.padEnd(29)).replace(/^ {25}(?=\S)/gm, ' '.repeat(29))}
  -h, --help                 show this help

Exit status: 0 ok (also when there is no legal order), 2 bad input (unknown option, unreadable file, a position
that is not possible: messages "FILE:line:col  code  message").`;

/** The position of INPUT: a game's current phase, or a position file. Prints the issues when there is none. */
function readInput(
  report: Report,
  file: string,
  text: string,
  mapFlagValue: string | undefined,
): { map: GameMap; position: Position } | undefined {
  if (text.trimStart().startsWith('{')) {
    const found = gameJsonAndMap(report, mapFlagValue, text, file);
    if (!found) return undefined;
    const { json, map } = found;
    const read = looksLikeMila(json) ? readMilaJson(text) : gameFromJson(json, map);
    if (!read.value) {
      report.add(read.issues, file);
      return undefined;
    }
    // Orders of the game that could not be read do not matter here: print them as warnings.
    report.add(read.issues, file, '(warning)');
    return { map, position: read.value.position };
  }
  const map = positionFileMap(report, mapFlagValue, text, file);
  if (!map) return undefined;
  const read = readPositionText(map, text, file);
  // The orders of a position file are ignored, and so are the issues of its order lines.
  const orderIssues = new Set<Issue>(read.value?.orderIssues ?? []);
  const errors = read.issues.filter((i) => !orderIssues.has(i));
  if (!read.value || errors.length > 0) {
    report.add(errors, file);
    return undefined;
  }
  if (read.value.position.units.length === 0 && read.value.position.dislodged.length === 0) {
    report.add([issue('empty-position', 'the file gives no units: there is nothing to list')], file);
    return undefined;
  }
  return { map, position: read.value.position };
}

/** The text of a listed order in a style: MILA as listed (retreats with R), else `formatOrder`'s. */
export function legalOrderText(map: GameMap, order: LegalOrder, style: OrderStyle): string {
  return style === 'mila' ? order.text : formatOrder(map, order.order, style);
}

/** Runs the command; returns the exit code. */
export function run(args: string[]): number {
  const report = new Report('legal', args.includes('--json'));
  const parsed = parseCommandArgs(report, args, {
    power: { type: 'string' },
    unit: { type: 'string' },
    format: { type: 'string' },
    json: { type: 'boolean' },
    ...mapFlag,
    ...ruleFlags,
  });
  if (!parsed) return report.fail();
  const values = parsed.values;
  if (values.help === true) {
    process.stdout.write(`${usage}\n`);
    return 0;
  }
  if (parsed.positionals.length !== 1) {
    report.usageError('bad-arguments', `expected exactly one INPUT, got ${parsed.positionals.length}`);
    return report.fail();
  }
  const style = values.format ?? 'mila';
  if (style !== 'mila' && style !== 'long' && style !== 'short') {
    report.usageError('bad-option-value', `--format must be mila, long or short, not "${style}"`);
    return report.fail();
  }
  const rules = rulesFromFlags('legal', values, report);
  if (!rules) return report.fail();
  const file = parsed.positionals[0] ?? '';
  const text = readTextFile(report, file);
  if (text === undefined) return report.fail();
  const input = readInput(report, file, text, values.map);
  if (!input) return report.fail();
  const { map, position } = input;

  const options: LegalOrderOptions = { rules };
  if (values.power !== undefined) options.power = values.power;
  if (values.unit !== undefined) options.unit = values.unit;
  if (options.power !== undefined && lookupPower(map, options.power) < 0) {
    report.usageError('unknown-power', `--power: unknown power "${options.power}"`);
    return report.fail();
  }
  if (options.unit !== undefined && unitOptionProvince(map, options.unit) < 0) {
    report.usageError('unknown-province', `--unit: unknown province "${options.unit}"`);
    return report.fail();
  }
  const listed = listLegalOrders(map, position, options);
  if (!listed.value) {
    report.add(listed.issues, file);
    return report.fail();
  }
  const orders = listed.value;
  if (values.json === true) {
    const json = orders.map((o) => ({
      power: o.power,
      unit: o.unit,
      order: o.order,
      text: legalOrderText(map, o, style),
    }));
    report.printJson({ orders: json });
    return 0;
  }
  let out = '';
  for (const o of orders) out += `${legalOrderText(map, o, style)}\n`;
  process.stdout.write(out);
  if (orders.length === 0) process.stderr.write(`${phaseName(position.phase)}: no legal orders\n`);
  return 0;
}
