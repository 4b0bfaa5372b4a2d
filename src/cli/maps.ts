/**
 * `dipkit maps [NAME|FILE ...] [--json]`: the bundled maps (src/map/registry.ts), or the maps named, each with its
 * powers, supply centres, victory centres, start year and the rule switches that differ from the standard game.
 * A map file is compiled, so this is also how a map author checks a file: every problem is printed with its
 * JSON path.
 */
import { artKind } from '../render/standard.js';
import { parseCommandArgs, Report } from './io.js';
import { readMapArg } from './map-arg.js';
import { STANDARD_RULES } from '../map/compile.js';
import { mapIdOf } from '../map/id.js';
import { bundledMap, bundledMapIds } from '../map/registry.js';
import type { GameMap } from '../map/types.js';

export const summary = 'list the bundled maps (or check map files): powers, centres, start, rule switches';

export const usage = `Usage: dipkit maps [NAME|FILE ...] [--json]

Lists the maps dipkit bundles, or the maps named: a bundled map's id or name ("coldwar", "Cold War"), or a map
definition JSON file (a value with "/" or ending in .json, format in docs/map-format.md), which is compiled and
checked: every problem is printed as "FILE  code  message (JSON path)". For each map:

  coldwar  Cold War
    powers: 2 (USSR, NATO)
    supply centres: 27; victory: 17; first year: 1960
    rules: standard

"rules" names the switches that differ from the standard game (builds, convoys, calendar, lead victory,
neutral armies). Any id or name listed works as --map NAME for adjudicate, legal, render and game.

Options:
  --json       print { "maps": [{ "id", "name", "description", "powers", "supplyCenters", "victoryCenters",
               "startYear", "rules", "differences", "art" }], "issues": [...] }; "art" is "geographic"
               (drawn from real coastlines: bundled art, or the definition's own "art") or "schematic"
  -h, --help   show this help

Exit status: 0 ok, 2 an unknown map name or a map file that cannot be read or compiled.`;

/** The rule switches of `map` that differ from the standard game, in words. */
export function ruleDifferences(map: GameMap): string[] {
  const out: string[] = [];
  const { builds, convoys, calendar, leadVictory, neutralArmies } = map.rules;
  if (builds !== STANDARD_RULES.builds) {
    out.push(
      builds === 'owned'
        ? 'builds in any owned supply centre (builds: owned)'
        : 'builds in any owned home centre of any power (builds: owned-home)',
    );
  }
  if (convoys !== STANDARD_RULES.convoys) out.push('no convoys (convoys: false)');
  const standard = STANDARD_RULES.calendar;
  if (
    calendar.springToFall !== standard.springToFall ||
    calendar.fallToSpring !== standard.fallToSpring ||
    calendar.seasonName !== undefined
  ) {
    const named = calendar.seasonName === undefined ? '' : `, every season called "${calendar.seasonName}"`;
    out.push(
      `calendar: Fall ${calendar.springToFall} years after Spring, next Spring ${calendar.fallToSpring} after Fall${named}`,
    );
  }
  if (leadVictory !== undefined) {
    out.push(`lead victory: the leader wins by a lead of more than ${leadVictory.untilYear} minus the year`);
  }
  if (neutralArmies) {
    out.push(
      'neutral armies: a neutral army on every neutral centre, always holding, disbanded when dislodged, rebuilt while its centre stays neutral and empty (neutralArmies: true)',
    );
  }
  return out;
}

/** What `--json` says of a map. */
function mapJson(map: GameMap): Record<string, unknown> {
  return {
    id: mapIdOf(map.name),
    name: map.name,
    ...(map.definition.description === undefined ? {} : { description: map.definition.description }),
    powers: map.powers,
    supplyCenters: map.supplyCenterCount,
    victoryCenters: map.victoryCenters,
    startYear: map.startYear,
    rules: map.rules,
    differences: ruleDifferences(map),
    art: artKind(map),
  };
}

/** The text block of a map. */
function mapText(map: GameMap): string {
  const differences = ruleDifferences(map);
  const lines = [
    `${mapIdOf(map.name)}  ${map.name}`,
    ...(map.definition.description === undefined ? [] : [`  ${map.definition.description}`]),
    `  powers: ${map.powers.length} (${map.powers.join(', ')})`,
    `  supply centres: ${map.supplyCenterCount}; victory: ${map.victoryCenters}; first year: ${map.startYear}`,
    `  rules: ${differences.length === 0 ? 'standard' : differences.join('; ')}`,
    `  board: ${artKind(map) === 'geographic' ? 'geographic art' : 'schematic layout'}`,
  ];
  return `${lines.join('\n')}\n`;
}

/** Runs the command; returns the exit code. */
export function run(args: string[]): number {
  const report = new Report('maps', args.includes('--json'));
  const parsed = parseCommandArgs(report, args, { json: { type: 'boolean' } });
  if (!parsed) return report.fail();
  if (parsed.values.help === true) {
    process.stdout.write(`${usage}\n`);
    return 0;
  }
  const maps: GameMap[] = [];
  if (parsed.positionals.length === 0) {
    for (const id of bundledMapIds()) {
      const map = bundledMap(id);
      if (map) maps.push(map);
    }
  }
  for (const value of parsed.positionals) {
    const map = readMapArg(report, value);
    if (map) maps.push(map);
  }
  if (report.issues.length > 0) return report.fail();
  if (parsed.values.json === true) report.printJson({ maps: maps.map(mapJson) });
  else process.stdout.write(maps.map(mapText).join('\n'));
  return 0;
}
