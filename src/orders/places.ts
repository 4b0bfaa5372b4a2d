/**
 * Places in order text: province names over the token stream (longest match, so the hyphen in "Mid-Atlantic Ocean"
 * is part of the name, not an arrow), coasts (`Spain(nc)`, `spa/nc`, `SPA NC`, `Spain (north coast)`) and the
 * notes people write after a destination (`via convoy`, `(via convoy)`, `by convoy`, `(by convoy)`).
 *
 * A name is resolved here, once, to a province and a location id. A coast word the map does not know (`/xx`,
 * `(cut)`) is an issue, never a coast; a known coast word that the province lacks (`Gascony(nc)`, `Spain(ec)`) is
 * kept as written (`GAS/NC`) for the adjudicator, which applies DATC 4.B.5/4.B.6 to it.
 */
import type { GameMap } from '../map/types.js';
import { lookupProvince, normalizeCoast } from '../map/query.js';
import { BARE_COASTS, type Cursor, Fail, quote, RESERVED } from './notation.js';
import { tokenize, type Token } from './tokenize.js';
import { didYouMean } from '../nearest.js';
import { provinceSuggestions } from './suggest.js';

// ---------------------------------------------------------------------------------------------------------------
// Name index: every province code, name and alias as a token-key sequence ("mid - atlantic ocean"), per map.

export interface NameIndex {
  /** Token keys joined by one space, to province id. */
  provinces: Map<string, number>;
  /** Longest name, in tokens. */
  maxTokens: number;
  /** The coast codes of the map ("NC", "SC", ...): with the usual coast words, what a coast may be. */
  coasts: Set<string>;
}

const indexes = new WeakMap<GameMap, NameIndex>();

export function nameIndex(map: GameMap): NameIndex {
  let index = indexes.get(map);
  if (index) return index;
  const provinces = new Map<string, number>();
  let maxTokens = 1;
  const add = (text: string, province: number): void => {
    const tokens = tokenize(text);
    // Names with a coast in them ("STP/NC") are left to the coast reader; plain names are indexed, brackets
    // included ("Grain (Trade)" in North Sea Wars).
    if (tokens.length === 0 || tokens.some((t, k) => !nameToken(t, k))) return;
    const key = tokens.map((t) => t.key).join(' ');
    if (!provinces.has(key)) provinces.set(key, province);
    maxTokens = Math.max(maxTokens, tokens.length);
  };
  const byCode = new Map(map.definition.provinces.map((p) => [p.code.toUpperCase(), p]));
  for (let p = 0; p < map.provinceCount; p++) {
    const code = map.locationCode[p] ?? '';
    add(code, p);
    add(map.provinceName[p] ?? '', p);
  }
  for (let p = 0; p < map.provinceCount; p++) {
    for (const alias of byCode.get((map.locationCode[p] ?? '').toUpperCase())?.aliases ?? []) add(alias, p);
  }
  const coasts = new Set<string>();
  for (let l = 0; l < map.locationCount; l++) if (map.locationCoast[l]) coasts.add(map.locationCoast[l]!);
  index = { provinces, maxTokens, coasts };
  indexes.set(map, index);
  return index;
}

/** Can token `t` be the `k`th of a province name? Words and dashes, and after the first word brackets. */
function nameToken(t: Token, k: number): boolean {
  return t.kind === 'word' || t.kind === 'dash' || (k > 0 && (t.kind === 'open' || t.kind === 'close'));
}

/** Longest province name starting at token `at`: its id and length in tokens. */
export function provinceAt(
  map: GameMap,
  tokens: readonly Token[],
  at: number,
): { province: number; length: number } | undefined {
  const first = tokens[at];
  if (first?.kind !== 'word') return undefined;
  const index = nameIndex(map);
  let found: { province: number; length: number } | undefined;
  let key = '';
  const max = Math.min(index.maxTokens, tokens.length - at);
  for (let k = 0; k < max; k++) {
    const t = tokens[at + k] as Token;
    if (!nameToken(t, k)) break;
    key = k === 0 ? t.key : `${key} ${t.key}`;
    const p = index.provinces.get(key);
    if (p !== undefined) found = { province: p, length: k + 1 };
  }
  if (!found) {
    // Whatever else the map's own lookup accepts.
    const p = lookupProvince(map, first.text);
    if (p >= 0 && p < map.provinceCount) found = { province: p, length: 1 };
  }
  return found;
}

/** The canonical coast code ("NC") of coast words ("north coast", "n.c.", "nc"), or null if they are not a coast. */
export function coastCode(map: GameMap, words: readonly string[]): string | null {
  const joined = words.join('');
  const known = normalizeCoast(joined);
  if (known !== null) return known;
  const upper = joined.toUpperCase();
  return nameIndex(map).coasts.has(upper) ? upper : null;
}

// ---------------------------------------------------------------------------------------------------------------
// Locations

/** A place as an order names it: the canonical code, and the ids it was resolved to. */
export interface Place {
  /** "SPA/NC"; for a coast the province lacks, the province code and the coast as written ("GAS/NC"). */
  code: string;
  province: number;
  /** The location id; -1 for a coast the province lacks. */
  location: number;
}

export type Role = 'unit' | 'destination';

/** A province name and an optional coast at the cursor: `Spain(nc)`, `spa/nc`, `SPA NC`, `Spain (north coast)`. */
export function readLocation(map: GameMap, at: Cursor, role: Role): Place {
  const t = at.peek();
  const missing = role === 'destination' ? 'missing-destination' : 'expected-unit-location';
  const expected = role === 'destination' ? 'expected-destination' : 'expected-unit-location';
  const what = role === 'destination' ? 'a destination' : 'a unit location';
  if (!t) throw new Fail(missing, `expected ${what} at the end of ${quote(at.text.trim())}`, at.endColumn());
  // A word of the grammar ("S", "TO", "VIA") is a place here only when the map has a province of that name: where
  // a place must come, the map's name wins.
  const found = provinceAt(map, at.tokens, at.pos);
  if (t.kind !== 'word' || (!found && RESERVED.has(t.key))) {
    throw new Fail(expected, `expected ${what}, found ${quote(t.text)}`, t.column);
  }
  if (!found) {
    let end = at.pos + 1;
    while (end < at.pos + 4 && at.word(end - at.pos) !== '' && !RESERVED.has(at.word(end - at.pos))) end++;
    const written = at.source(at.pos, end);
    const near = provinceSuggestions(map, written);
    throw new Fail(
      'unknown-province',
      `unknown province ${quote(written)}${didYouMean(near)}`,
      t.column,
      near,
    );
  }
  at.pos += found.length;
  return place(map, found.province, readCoast(map, at));
}

/** The place of `province` with `coast`: the coast's location when the province has it. */
function place(map: GameMap, province: number, coast: string | null): Place {
  const code = map.locationCode[province] ?? '';
  if (coast === null) return { code, province, location: province };
  for (const loc of map.provinceCoasts[province] ?? []) {
    if (map.locationCoast[loc] === coast)
      return { code: map.locationCode[loc] ?? code, province, location: loc };
  }
  return { code: `${code}/${coast}`, province, location: -1 };
}

const COAST_HINT = 'a coast is nc, sc, ec or wc (north coast, ...)';

/** The coast after a province name, if any. Brackets that hold a note (`(via convoy)`) are left for `readNote`. */
function readCoast(map: GameMap, at: Cursor): string | null {
  const t = at.peek();
  if (t?.kind === 'slash') {
    at.pos++;
    const w = at.peek();
    if (w?.kind !== 'word') {
      throw new Fail(
        'unknown-coast',
        w ? `expected a coast after "/", found ${quote(w.text)}` : 'expected a coast after "/"',
        w ? w.column : t.end,
      );
    }
    at.pos++;
    const coast = coastCode(map, [w.key]);
    if (coast === null)
      throw new Fail('unknown-coast', `unknown coast ${quote(w.text)}: ${COAST_HINT}`, w.column);
    return coast;
  }
  if (t?.kind === 'open') {
    const inside = bracketWords(at);
    if (isConvoyNote(inside.words)) return null;
    at.pos = inside.after;
    if (inside.words.length === 0) throw new Fail('unknown-coast', 'empty coast "()"', t.column);
    const coast = coastCode(map, inside.words);
    if (coast !== null) return coast;
    const written = quote(at.source(inside.after - inside.words.length - 2, inside.after));
    throw new Fail(
      'unknown-note',
      `${written} is neither a coast nor "(via convoy)": ${COAST_HINT}; other notes belong in a # comment`,
      t.column,
    );
  }
  if (t?.kind === 'word' && BARE_COASTS.has(t.key)) {
    at.pos++;
    return coastCode(map, [t.key]);
  }
  return null;
}

/** The words between the bracket at the cursor and its closing bracket, and the token after that. */
function bracketWords(at: Cursor): { words: string[]; after: number } {
  const words: string[] = [];
  for (let k = 1; ; k++) {
    const w = at.peek(k);
    if (!w) throw new Fail('unclosed-parenthesis', 'missing ")"', at.endColumn());
    if (w.kind === 'close') return { words, after: at.pos + k + 1 };
    if (w.kind !== 'word')
      throw new Fail('unknown-coast', `unexpected ${quote(w.text)} in brackets`, w.column);
    words.push(w.key);
  }
}

/** "via", "via convoy", "by convoy". */
function isConvoyNote(words: readonly string[]): boolean {
  const [first, second] = words;
  return (
    (first === 'via' && (words.length === 1 || (words.length === 2 && second === 'convoy'))) ||
    (first === 'by' && words.length === 2 && second === 'convoy')
  );
}

/**
 * A note that the move goes by convoy: `via convoy`, `via`, `by convoy`, each also in brackets. Consumed when
 * present. Anything else in brackets is an issue.
 */
export function readConvoyNote(at: Cursor): boolean {
  const t = at.peek();
  if (t?.kind === 'open') {
    const inside = bracketWords(at);
    if (!isConvoyNote(inside.words)) {
      throw new Fail(
        'unknown-note',
        `${quote(at.source(at.pos, inside.after))} is not a note dipkit reads (only "(via convoy)"); other notes belong in a # comment`,
        t.column,
      );
    }
    at.pos = inside.after;
    return true;
  }
  const w = at.word();
  if (w === 'via') {
    at.pos++;
    if (at.word() === 'convoy') at.pos++;
    return true;
  }
  if (w === 'by' && at.word(1) === 'convoy') {
    at.pos += 2;
    return true;
  }
  return false;
}

/** A bracket at the cursor that no rule reads: the issue for it (a note the order grammar does not take). */
export function unknownNote(at: Cursor): Fail | undefined {
  const t = at.peek();
  if (t?.kind !== 'open') return undefined;
  let end = at.pos + 1;
  while (end < at.tokens.length && at.tokens[end - 1]?.kind !== 'close') end++;
  return new Fail(
    'unknown-note',
    `${quote(at.source(at.pos, end))} is not part of the order; notes belong in a # comment`,
    t.column,
  );
}
