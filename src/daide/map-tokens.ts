/**
 * A dipkit map's DAIDE tokens. The standard map uses the tokens of the Client-Server Protocol (its province
 * names, with dipkit's BOT, ENG and LYO written GOB, ECH and GOL, and its power names AUS ... TUR), announced by an
 * empty representation message. Any other map gets tokens made from its own codes (three characters A-Z0-9 that
 * are not a fixed token), which the server sends in its representation message, as the protocol allows.
 */
import type { GameMap } from '../map/types.js';
import { mapIdOf } from '../map/id.js';
import {
  FIRST_PROVINCE_CATEGORY,
  FIXED_TOKENS,
  POWERS,
  STANDARD_POWERS,
  representationBody,
  STANDARD_PROVINCES,
  standardTokenTable,
  tokenTable,
  type TokenTable,
} from './tokens.js';

/** dipkit's standard-map codes that DAIDE spells differently. */
const STANDARD_RENAMES: ReadonlyMap<string, string> = new Map([
  ['BOT', 'GOB'],
  ['ENG', 'ECH'],
  ['LYO', 'GOL'],
]);
const STANDARD_POWER_NAMES = ['AUSTRIA', 'ENGLAND', 'FRANCE', 'GERMANY', 'ITALY', 'RUSSIA', 'TURKEY'];

/** dipkit coast codes and the DAIDE coast tokens. */
const COASTS: ReadonlyMap<string, string> = new Map([
  ['NC', 'NCS'],
  ['NE', 'NEC'],
  ['EC', 'ECS'],
  ['SE', 'SEC'],
  ['SC', 'SCS'],
  ['SW', 'SWC'],
  ['WC', 'WCS'],
  ['NW', 'NWC'],
]);

/** The DAIDE tokens of one dipkit map, and the translation both ways. */
export interface MapTokens {
  readonly map: GameMap;
  readonly table: TokenTable;
  /** Whether the tokens are the standard ones: then the representation message is empty. */
  readonly standard: boolean;
  /** The body of the representation message: empty for the standard tokens. */
  readonly representation: Uint8Array;
  /** The name of the MAP message: 'standard', or the map's id (letters, digits and underscores). */
  readonly mapName: string;
  /** Power token of each of the map's powers (parallel to map.powers). */
  readonly powerTokens: readonly string[];
  /** Indices into map.powers in the order of their tokens (AUS, ENG, ... on the standard map). */
  readonly powerOrder: readonly number[];
  /** Province token of each province (parallel to the map's provinces); '' for impassable ones. */
  readonly provinceTokens: readonly string[];
  /** Power token to dipkit power name. */
  readonly powerOf: ReadonlyMap<string, string>;
  /** Province token to dipkit province code. */
  readonly provinceOf: ReadonlyMap<string, string>;
}

function provinceCategory(map: GameMap, p: number): number {
  const kind = map.provinceKind[p];
  const bits = kind === 'land' ? 0 : kind === 'sea' ? 1 : (map.provinceCoasts[p]?.length ?? 0) > 0 ? 3 : 2;
  return FIRST_PROVINCE_CATEGORY + bits * 2 + (map.supplyCenter[p] === 1 ? 1 : 0);
}

function isStandardBoard(map: GameMap): boolean {
  if (map.powers.length !== 7 || STANDARD_POWER_NAMES.some((p) => !map.powers.includes(p))) return false;
  const standard = new Map(STANDARD_PROVINCES.map(([category, name]) => [name, category]));
  if (map.provinceCount !== standard.size) return false;
  for (let p = 0; p < map.provinceCount; p++) {
    const code = map.locationCode[p] ?? '';
    const name = STANDARD_RENAMES.get(code) ?? code;
    if (standard.get(name) !== provinceCategory(map, p)) return false;
  }
  return true;
}

/** A three-character A-Z0-9 token name for `code` that is not in `used`: the code itself when it fits. */
function uniqueName(code: string, used: Set<string>): string {
  const letters = code.toUpperCase().replace(/[^A-Z0-9]/g, '');
  const candidates = [letters.slice(0, 3).padEnd(3, 'X')];
  for (let i = 3; i < letters.length; i++) candidates.push(letters.slice(0, 2) + letters.charAt(i));
  for (let i = 0; i < 36 * 36; i++) {
    candidates.push(letters.charAt(0).padEnd(1, 'X') + i.toString(36).toUpperCase().padStart(2, '0'));
  }
  const name = candidates.find((c) => !used.has(c) && !FIXED_TOKENS.has(c));
  if (name === undefined) throw new Error(`no DAIDE token left for "${code}"`);
  used.add(name);
  return name;
}

const cache = new WeakMap<GameMap, MapTokens>();

/** The DAIDE tokens of `map` (cached per map). Throws for a map of more than 256 playable provinces. */
export function mapTokens(map: GameMap): MapTokens {
  const known = cache.get(map);
  if (known) return known;
  const standard = isStandardBoard(map);
  let powerTokens: string[];
  const provinceTokens: string[] = [];
  let table: TokenTable;
  if (standard) {
    powerTokens = map.powers.map((p) => STANDARD_POWERS[STANDARD_POWER_NAMES.indexOf(p)] ?? '');
    for (let p = 0; p < map.provinceCount; p++) {
      const code = map.locationCode[p] ?? '';
      provinceTokens.push(STANDARD_RENAMES.get(code) ?? code);
    }
    table = standardTokenTable();
  } else {
    const used = new Set<string>();
    powerTokens = map.powers.map((p) => uniqueName(p, used));
    const extra: [string, number][] = powerTokens.map((t, i) => [t, (POWERS << 8) | i]);
    // Province numbers run from 0 across the categories, in category order (as the standard map's do).
    const order = [...Array(map.provinceCount).keys()]
      .filter((p) => map.provinceKind[p] !== 'impassable')
      .sort((a, b) => provinceCategory(map, a) - provinceCategory(map, b) || a - b);
    if (order.length > 256) throw new Error(`map ${map.name} has more provinces than DAIDE can number (256)`);
    for (let p = 0; p < map.provinceCount; p++) provinceTokens.push('');
    order.forEach((p, number) => {
      const name = uniqueName(map.locationCode[p] ?? '', used);
      provinceTokens[p] = name;
      extra.push([name, (provinceCategory(map, p) << 8) | number]);
    });
    table = tokenTable(extra);
  }
  const result: MapTokens = {
    map,
    table,
    standard,
    representation: standard ? new Uint8Array(0) : representationBody(table),
    mapName: standard ? 'standard' : mapIdOf(map.name).replace(/[^A-Za-z0-9_]/g, '_'),
    powerTokens,
    provinceTokens,
    powerOrder: [...powerTokens.keys()].sort(
      (a, b) => (table.byName.get(powerTokens[a] ?? '') ?? 0) - (table.byName.get(powerTokens[b] ?? '') ?? 0),
    ),
    powerOf: new Map(powerTokens.map((t, i) => [t, map.powers[i] ?? ''])),
    provinceOf: new Map(
      provinceTokens.flatMap((t, p): [string, string][] =>
        t === '' ? [] : [[t, map.locationCode[p] ?? '']],
      ),
    ),
  };
  cache.set(map, result);
  return result;
}

/** DAIDE coast token for a dipkit coast code ("NC" -> "NCS"). */
export function coastToken(coast: string): string | undefined {
  return COASTS.get(coast);
}

/** dipkit coast code for a DAIDE coast token ("NCS" -> "NC"). */
export function coastCode(token: string): string | undefined {
  for (const [code, t] of COASTS) if (t === token) return code;
  return undefined;
}
