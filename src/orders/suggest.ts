/**
 * "Did you mean" for order text: the provinces and powers of a map nearest to a name the reader does not know
 * (`Burgandy` -> Burgundy, `English Chanel` -> English Channel, `Englnd:` -> England), ranked, for the issue's
 * `suggestions`.
 */
import type { GameMap } from '../map/types.js';
import { displayName } from '../map/display-name.js';
import { nearestRanked } from '../nearest.js';

type Known = { name: string; keys: string[] }[];
const provinceNames = new WeakMap<GameMap, Known>();

/** Every province by its full name, known by that name, its code and its aliases. */
function provincesOf(map: GameMap): Known {
  let known = provinceNames.get(map);
  if (known) return known;
  const aliases = new Map(map.definition.provinces.map((p) => [p.code.toUpperCase(), p.aliases ?? []]));
  known = [];
  for (let p = 0; p < map.provinceCount; p++) {
    const code = map.locationCode[p] ?? '';
    const name = map.provinceName[p] ?? code;
    known.push({ name, keys: [name, code, ...(aliases.get(code.toUpperCase()) ?? [])] });
  }
  provinceNames.set(map, known);
  return known;
}

/**
 * The provinces nearest to `written`, an unknown name of one or more words: each leading run of its words is
 * tried (the reader takes up to four words, so "Burgandy Holds" reaches here whole), the nearest counting.
 */
export function provinceSuggestions(map: GameMap, written: string): string[] {
  let seen = recent.get(map);
  if (!seen) recent.set(map, (seen = new Map<string, string[]>()));
  const cached = seen.get(written);
  if (cached) return [...cached];
  const words = written.trim().split(/\s+/).slice(0, 4);
  const known = provincesOf(map);
  let found: string[] = [];
  for (let n = words.length; n >= 1 && found.length === 0; n--) {
    found = nearestRanked(words.slice(0, n).join(' '), known);
  }
  // A file of the same slip on many lines (or a hostile one) computes it once.
  if (seen.size >= 1000) seen.clear();
  seen.set(written, found);
  return [...found];
}

const recent = new WeakMap<GameMap, Map<string, string[]>>();

export function powerSuggestions(map: GameMap, written: string): string[] {
  const known = map.powers.map((p) => ({ name: displayName(p), keys: [p] }));
  return nearestRanked(written.trim(), known);
}
