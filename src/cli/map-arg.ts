/**
 * `--map NAME|FILE`, shared by every command that reads positions or starts games. NAME is a bundled map's id or
 * name in any case or spacing ("coldwar", "Cold War"; `dipkit maps` lists them, src/map/registry.ts holds them);
 * FILE is a map definition JSON file (a value that contains "/" or ends in ".json"), compiled by `compileMap`, whose
 * problems are printed one per line as `FILE  code  message (path)`.
 *
 * An input that names its own map (a game file's "map", a position file's "map:" line) is read on that map; with
 * `--map` as well, the two must be the same map (by id), so that a map file can stand in for a bundled map it is a
 * copy of, and a game of one map is never read on another.
 */
import { nearest, readTextFile, type Report } from './io.js';
import { parseJson } from '../formats/json-text.js';
import { positionTextMap } from '../formats/position-text.js';
import { issue } from '../issues.js';
import { compileMap, standardMap } from '../map/compile.js';
import { mapIdOf } from '../map/id.js';
import { bundledMapIds, mapByName } from '../map/registry.js';
import type { GameMap } from '../map/types.js';

export const mapFlag = { map: { type: 'string' } } as const;

const MAP_HELP = [
  'the map: a bundled map\'s id or name (standard, coldwar, "Cold War"; "dipkit maps"),',
  'or a map definition JSON file (a value with "/" or ending in .json); default: the',
  'map the input names, else standard',
];

/** The help lines of --map, their text starting at `column` (that of the command's other options). */
export function mapFlagHelp(column = 25): string {
  return MAP_HELP.map((line, i) => (i === 0 ? '  --map NAME|FILE ' : '').padEnd(column) + line).join('\n');
}

/** Whether a --map value is a file rather than a map's name. */
export function isMapFile(value: string): boolean {
  return value.includes('/') || value.toLowerCase().endsWith('.json');
}

/** "unknown map ...", with the nearest bundled id and the list of them. */
export function unknownMapMessage(name: string): string {
  const ids = bundledMapIds();
  const near = nearest(mapIdOf(name), ids);
  const hint = near === undefined ? '' : ` (did you mean "${near}"?)`;
  return `unknown map "${name}"${hint}; the bundled maps are ${ids.join(', ')} ("dipkit maps"), or give a map file`;
}

/** The map a --map value names; undefined after its problems are printed (into `report`). */
export function readMapArg(report: Report, value: string): GameMap | undefined {
  if (!isMapFile(value)) {
    const map = mapByName(value);
    if (!map) report.usageError('unknown-map', unknownMapMessage(value));
    return map;
  }
  const text = readTextFile(report, value);
  if (text === undefined) return undefined;
  const json = parseJson(text);
  if ('issue' in json) {
    report.add([json.issue], value);
    return undefined;
  }
  const compiled = compileMap(json.value);
  if (!compiled.value) report.add(compiled.issues, value);
  return compiled.value;
}

/** A map an input names, as written, and where (for a position file's "map:" line). */
export interface NamedMap {
  name: string;
  line?: number;
  column?: number;
}

/**
 * The map to read `file` on: the `--map` value (`flag`, undefined when not given) and the map the file names
 * (`named`, undefined when it names none) must agree; either one alone decides; neither: the standard map.
 * Undefined after the problem is printed.
 */
export function chooseMap(
  report: Report,
  flag: string | undefined,
  named: NamedMap | undefined,
  file: string,
): GameMap | undefined {
  const fromFlag = flag === undefined ? undefined : readMapArg(report, flag);
  if (flag !== undefined && !fromFlag) return undefined;
  if (named === undefined) return fromFlag ?? standardMap();
  if (fromFlag) {
    if (mapIdOf(named.name) === mapIdOf(fromFlag.name)) return fromFlag;
    const message = `the file is on the map "${named.name}" but --map gives the map "${fromFlag.name}"`;
    report.add([issue('wrong-map', message, named.line, named.column)], file);
    return undefined;
  }
  const map = mapByName(named.name);
  if (!map) report.add([issue('unknown-map', unknownMapMessage(named.name), named.line, named.column)], file);
  return map;
}

/** The map of a position file: its "map:" line and --map. */
export function positionFileMap(
  report: Report,
  flag: string | undefined,
  text: string,
  file: string,
): GameMap | undefined {
  return chooseMap(report, flag, positionTextMap(text), file);
}

/** A game file's JSON and its map (`gameFileMap`); undefined, with the issues reported, when either is bad. */
export function gameJsonAndMap(
  report: Report,
  flag: string | undefined,
  text: string,
  file: string,
): { json: unknown; map: GameMap } | undefined {
  const parsed = parseJson(text);
  if ('issue' in parsed) {
    report.add([parsed.issue], file);
    return undefined;
  }
  const map = gameFileMap(report, flag, parsed.value, file);
  return map ? { json: parsed.value, map } : undefined;
}

/** The map of a game in JSON (dipkit or MILA: its "map" field; MILA's default is standard) and --map. */
export function gameFileMap(
  report: Report,
  flag: string | undefined,
  json: unknown,
  file: string,
): GameMap | undefined {
  const named =
    typeof json === 'object' && json !== null ? (json as Record<string, unknown>)['map'] : undefined;
  return chooseMap(report, flag, typeof named === 'string' ? { name: named } : undefined, file);
}
