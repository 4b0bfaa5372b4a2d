/**
 * Small pure functions over a compiled `GameMap`: adjacency tests and name lookups.
 *
 * The adjacency tests scan one CSR row and allocate nothing. The lookups accept the spellings found in order files
 * and adjudicator test data: any case, extra spaces, dots ("St. Petersburg"), and coasts written "spa/nc",
 * "spa(nc)", "Spain (north coast)", "spa nc", "Spain n.c." and so on.
 */
import type { GameMap } from './types.js';

/**
 * The key under which names are indexed: lower case, with everything but letters and digits removed, so that
 * "St. Petersburg", "st petersburg" and "StPetersburg" are one key, as are "Mid-Atlantic" and "Mid Atlantic".
 */
export function normalizeName(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]/g, '');
}

const COAST_WORDS: ReadonlyMap<string, string> = (() => {
  const words = new Map<string, string>();
  for (const [code, dir] of [
    ['NC', 'north'],
    ['SC', 'south'],
    ['EC', 'east'],
    ['WC', 'west'],
  ] as const) {
    const d = dir[0] ?? '';
    for (const w of [
      code.toLowerCase(),
      d,
      dir,
      `${dir}ern`,
      `${dir}coast`,
      `${dir}erncoast`,
      `${d}coast`,
      `${d}cst`,
    ]) {
      words.set(w, code);
    }
  }
  return words;
})();

/**
 * The canonical coast code ("NC", "SC", "EC", "WC") for a coast as written ("nc", "n.c.", "North Coast", "(n)"
 * without the brackets, "south"), or null if it is not a recognised coast word.
 */
export function normalizeCoast(text: string): string | null {
  return COAST_WORDS.get(normalizeName(text)) ?? null;
}

/** Province id for a province code, name or alias (no coast); -1 if unknown. */
function provinceByName(map: GameMap, text: string): number {
  const key = normalizeName(text);
  if (key === '') return -1;
  return map.provinceIndex.get(key) ?? -1;
}

/** A location as written, split: province id (-1 if unknown) and coast ("NC"; null when none is written). */
export interface SplitLocation {
  readonly province: number;
  readonly coast: string | null;
}

/**
 * The canonical codes of a map ("LON", "SPA/NC"), the spelling orders and positions mostly use, looked up without
 * any string normalisation: code to split location and to location id. One map's index is kept at hand (the map
 * of the last call), others in a WeakMap. Only the map's own codes are entries, so the index never grows.
 */
interface CodeIndex {
  readonly map: GameMap;
  readonly split: ReadonlyMap<string, SplitLocation>;
  readonly location: ReadonlyMap<string, number>;
}

const codeIndexes = new WeakMap<GameMap, CodeIndex>();
let lastCodeIndex: CodeIndex | undefined;

function codeIndex(map: GameMap): CodeIndex {
  if (lastCodeIndex?.map === map) return lastCodeIndex;
  let index = codeIndexes.get(map);
  if (index === undefined) {
    const split = new Map<string, SplitLocation>();
    const location = new Map<string, number>();
    for (let l = 0; l < map.locationCount; l++) {
      const code = map.locationCode[l]!;
      const coast = map.locationCoast[l]!;
      split.set(
        code,
        Object.freeze({ province: map.locationProvince[l]!, coast: coast === '' ? null : coast }),
      );
      location.set(code, l);
    }
    index = { map, split, location };
    codeIndexes.set(map, index);
  }
  lastCodeIndex = index;
  return index;
}

/**
 * Splits a location as written into its province and coast. The coast is normalised to "NC"/"SC"/"EC"/"WC"; a
 * coast word that is not recognised is returned upper-cased as written. `province` is -1 if the province part is
 * unknown. The coast is reported whether or not the province has such a coast: `lookupLocation` decides that.
 * (Canonical codes are answered from an index, with shared frozen objects.)
 */
export function splitCoast(map: GameMap, text: string): SplitLocation {
  const known = codeIndex(map).split.get(text);
  if (known !== undefined) return known;
  const t = text.trim();
  // "Spain(nc)", "Spain (north coast)", "spa (n)"
  const paren = /^(.*?)\s*\(([^()]*)\)\s*$/.exec(t);
  if (paren) return withCoast(map, paren[1] ?? '', paren[2] ?? '');
  // "spa/nc", "Spain/north coast"
  const slash = t.lastIndexOf('/');
  if (slash >= 0) return withCoast(map, t.slice(0, slash), t.slice(slash + 1));
  const whole = provinceByName(map, t);
  if (whole >= 0) return { province: whole, coast: null };
  // "spa nc", "Spain north coast", "Spain n. c.": only recognised coast words are split off.
  const words = t.split(/\s+/);
  for (let n = 1; n <= 2 && n < words.length; n++) {
    const coast = normalizeCoast(words.slice(words.length - n).join(''));
    if (coast === null) continue;
    const province = provinceByName(map, words.slice(0, words.length - n).join(' '));
    if (province >= 0) return { province, coast };
  }
  return { province: -1, coast: null };
}

function withCoast(map: GameMap, provinceText: string, coastText: string): SplitLocation {
  const raw = coastText.trim().replace(/\s+/g, ' ');
  const coast = raw === '' ? null : (normalizeCoast(raw) ?? raw.toUpperCase());
  return { province: provinceByName(map, provinceText), coast };
}

/** Province id named by `text` (a code, name or alias, with or without any coast); -1 if unknown. */
export function lookupProvince(map: GameMap, text: string): number {
  return splitCoast(map, text).province;
}

/**
 * Location id named by `text`: the province location when no coast is written, the coast location when a coast of
 * a multi-coast province is written. -1 if the province is unknown, if the coast is not one of the province's
 * coasts, or if any coast is written on a province without coasts ("Brest(ec)"). "Spain" without a coast gives
 * the province location of Spain; whether that is acceptable for a fleet is the caller's decision.
 */
export function lookupLocation(map: GameMap, text: string): number {
  const known = codeIndex(map).location.get(text);
  if (known !== undefined) return known;
  const { province, coast } = splitCoast(map, text);
  if (province < 0) return -1;
  return locationOf(map, province, coast);
}

/** Location id of a canonical location code ("LON", "SPA/NC", exactly as the map writes it); -1 for anything else. */
export function lookupCode(map: GameMap, code: string): number {
  return codeIndex(map).location.get(code) ?? -1;
}

/** Power index for a power name, adjective or alias, any case ("England", "ENGLAND", "English", "E"); -1 if unknown. */
export function lookupPower(map: GameMap, text: string): number {
  const key = normalizeName(text);
  if (key === '') return -1;
  return map.powerIndex.get(key) ?? -1;
}

/**
 * The location of `province` with `coast` ("NC"; null or "" for the province itself). -1 if the province has no
 * such coast, including any coast on a province without coasts.
 */
export function locationOf(map: GameMap, province: number, coast: string | null): number {
  if (province < 0 || province >= map.provinceCount) return -1;
  if (coast === null || coast === '') return province;
  const coasts = map.provinceCoasts[province];
  if (coasts === undefined) return -1;
  for (const loc of coasts) if (map.locationCoast[loc] === coast) return loc;
  return -1;
}

/** Province of a location (-1 for an invalid location id). */
export function provinceOf(map: GameMap, location: number): number {
  return map.locationProvince[location] ?? -1;
}

/** True if the province has more than one coast (Spain, St Petersburg, Bulgaria). */
export function hasCoasts(map: GameMap, province: number): boolean {
  return (map.provinceCoasts[province]?.length ?? 0) > 0;
}

/** Canonical code of a location ("LON", "SPA/NC"); "" for an invalid id. */
export function locationCode(map: GameMap, location: number): string {
  return map.locationCode[location] ?? '';
}

/** Whether an army may move from province `from` to province `to` (no convoy). */
export function armyAdjacent(map: GameMap, from: number, to: number): boolean {
  if (from < 0) return false;
  const end = map.armyStart[from + 1];
  if (end === undefined) return false;
  for (let i = map.armyStart[from] ?? end; i < end; i++) if (map.armyAdj[i] === to) return true;
  return false;
}

/** Whether a fleet may move from location `from` to exactly location `to` ("SPA/NC", not "SPA"). */
export function fleetAdjacent(map: GameMap, from: number, to: number): boolean {
  if (from < 0) return false;
  const end = map.fleetStart[from + 1];
  if (end === undefined) return false;
  for (let i = map.fleetStart[from] ?? end; i < end; i++) if (map.fleetAdj[i] === to) return true;
  return false;
}

/** Whether a fleet at location `from` can move to some location (any coast) of province `toProvince`. */
export function fleetCanReach(map: GameMap, from: number, toProvince: number): boolean {
  if (from < 0) return false;
  const end = map.fleetStart[from + 1];
  if (end === undefined) return false;
  for (let i = map.fleetStart[from] ?? end; i < end; i++) {
    if (map.locationProvince[map.fleetAdj[i] ?? -1] === toProvince) return true;
  }
  return false;
}

/** The locations of `toProvince` a fleet at location `from` can move to (in table order; empty if none). */
export function fleetCoastsReachable(map: GameMap, from: number, toProvince: number): number[] {
  const result: number[] = [];
  if (from < 0) return result;
  const end = map.fleetStart[from + 1];
  if (end === undefined) return result;
  for (let i = map.fleetStart[from] ?? end; i < end; i++) {
    const loc = map.fleetAdj[i] ?? -1;
    if (map.locationProvince[loc] === toProvince) result.push(loc);
  }
  return result;
}

/** Army neighbours of a province (a view into the table: do not modify). */
export function armyNeighbours(map: GameMap, province: number): Int32Array {
  return map.armyAdj.subarray(map.armyStart[province] ?? 0, map.armyStart[province + 1] ?? 0);
}

/** Fleet neighbours of a location, as locations (a view into the table: do not modify). */
export function fleetNeighbours(map: GameMap, location: number): Int32Array {
  return map.fleetAdj.subarray(map.fleetStart[location] ?? 0, map.fleetStart[location + 1] ?? 0);
}
