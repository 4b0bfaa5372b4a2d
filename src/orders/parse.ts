/**
 * Order text to `GivenOrder`s. One order per line; blank lines and comments (`#` or `//` to the end of the line)
 * are skipped; a line that is only a power name (`England:`, `Austria`) sets the power of the lines that follow.
 *
 * Accepted notations, all case-insensitive, spaces around `-` optional:
 * - DATC v3 full names: `F North Sea - Picardy`, `A Wales Supports F London - Yorkshire`, `Build F St Petersburg(nc)`.
 * - jDip short form: `F nth-pic`, `A wal S F lon-yor`, `F nth C A yor-hol`, `Remove A par`, `A par disband`.
 * - MILA/dipcc: `A PAR - BUR`, `F MAO - SPA/NC`, `A LON - NWY VIA`, `F BLA R SEV`, `A PAR B`, `A MUN D`, `WAIVE`.
 *
 * The reader is a tokenizer (words and the punctuation `- -> => ( ) / :`), a longest-match reader for province
 * names over the token stream (so the hyphen in "Mid-Atlantic Ocean" is part of the name, not an arrow), and one
 * small grammar per order kind. Nothing here checks an order against a position: that is the adjudicator's job.
 *
 * Issue codes (one per bad line, with line and column): unknown-province, unknown-power, unknown-coast,
 * unclosed-parenthesis, expected-unit-location, expected-destination, missing-destination, missing-order-kind,
 * unknown-order-kind, trailing-text; `parseOrder` also gives empty-order for a blank line or a bare power heading.
 */
import { issue, IssuesError, type Issue, type Result } from '../issues.js';
import type { GameMap, UnitType } from '../map/types.js';
import { lookupPower, lookupProvince, normalizeCoast } from '../map/query.js';
import type { GivenOrder, Order, UnitRef } from './types.js';

// ---------------------------------------------------------------------------------------------------------------
// Tokenizer

type TokenKind = 'word' | 'dash' | 'arrow' | 'open' | 'close' | 'slash' | 'colon' | 'other';

interface Token {
  kind: TokenKind;
  /** As written. */
  text: string;
  /** Words: lower case, dots removed ("St." -> "st"). Punctuation: its canonical text ("-", "->", "(", ...). */
  key: string;
  /** 1-based column of the first character. */
  column: number;
  /** 1-based column just after the last character. */
  end: number;
}

const WORD_CHAR = /[\p{L}\p{N}\p{M}_'’.]/u;
const SPACE_CHAR = /\s/u;
const DASHES = new Set(['-', '\u2010', '\u2011', '\u2012', '\u2013', '\u2014', '\u2212']);
const ARROWS = new Set(['\u2192', '\u21d2']);

/** ASCII classes: 1 word character (letters, digits, `_`, `'`, `.`), 2 space. */
const ASCII = new Uint8Array(128);
for (let c = 0; c < 128; c++) {
  const ch = String.fromCharCode(c);
  if (/[A-Za-z0-9_'.]/.test(ch)) ASCII[c] = 1;
  else if (/\s/.test(ch)) ASCII[c] = 2;
}

/** Width (1 or 2 code units) of the word character at `i`, or 0 if it is not one. */
function wordCharWidth(text: string, i: number): number {
  const c = text.charCodeAt(i);
  if (c < 128) return ASCII[c] === 1 ? 1 : 0;
  const ch = String.fromCodePoint(text.codePointAt(i) ?? c);
  return WORD_CHAR.test(ch) ? ch.length : 0;
}

const PUNCTUATION: Readonly<Record<string, readonly [TokenKind, string]>> = {
  '(': ['open', '('],
  '[': ['open', '('],
  ')': ['close', ')'],
  ']': ['close', ')'],
  '/': ['slash', '/'],
  ':': ['colon', ':'],
};

/**
 * Splits one line into tokens. `#` and `//` start a comment that runs to the end of the line (or to the next
 * newline, when a caller passes several lines as one order).
 */
function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  const n = text.length;
  let i = 0;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (c < 128 ? ASCII[c] === 2 : SPACE_CHAR.test(text.charAt(i))) {
      i++;
      continue;
    }
    if (c === 35 /* # */ || (c === 47 /* / */ && text.charCodeAt(i + 1) === 47)) {
      const nl = text.indexOf('\n', i);
      if (nl < 0) break;
      i = nl;
      continue;
    }
    let width = wordCharWidth(text, i);
    if (width > 0) {
      let j = i + width;
      while (j < n && (width = wordCharWidth(text, j)) > 0) j += width;
      const word = text.slice(i, j);
      let key = word.toLowerCase();
      if (key.includes('.') || key.includes('’')) key = key.replace(/\./g, '').replace(/’/g, "'");
      if (key !== '') tokens.push({ kind: 'word', text: word, key, column: i + 1, end: j + 1 });
      i = j;
      continue;
    }
    const ch = String.fromCodePoint(text.codePointAt(i) ?? c);
    if ((c === 45 /* - */ || c === 61) /* = */ && text.charCodeAt(i + 1) === 62 /* > */) {
      tokens.push({ kind: 'arrow', text: text.slice(i, i + 2), key: '->', column: i + 1, end: i + 3 });
      i += 2;
      continue;
    }
    const [kind, key] = DASHES.has(ch)
      ? (['dash', '-'] as const)
      : ARROWS.has(ch)
        ? (['arrow', '->'] as const)
        : (PUNCTUATION[ch] ?? (['other', ch] as const));
    tokens.push({ kind, text: ch, key, column: i + 1, end: i + ch.length + 1 });
    i += ch.length;
  }
  return tokens;
}

// ---------------------------------------------------------------------------------------------------------------
// Name index: every province code, name and alias as a token-key sequence ("mid - atlantic ocean"), per map.

interface NameIndex {
  /** Token keys joined by one space, to province id. */
  provinces: Map<string, number>;
  /** Longest name, in tokens. */
  maxTokens: number;
}

const indexes = new WeakMap<GameMap, NameIndex>();

function nameIndex(map: GameMap): NameIndex {
  let index = indexes.get(map);
  if (index) return index;
  const provinces = new Map<string, number>();
  let maxTokens = 1;
  const add = (text: string, province: number): void => {
    const tokens = tokenize(text);
    // Names with a coast in them ("STP/NC") are left to the coast reader; only plain names are indexed.
    if (tokens.length === 0 || tokens.some((t) => t.kind !== 'word' && t.kind !== 'dash')) return;
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
  index = { provinces, maxTokens };
  indexes.set(map, index);
  return index;
}

// ---------------------------------------------------------------------------------------------------------------
// Keywords

const UNIT_TYPES: ReadonlyMap<string, UnitType> = new Map([
  ['a', 'A'],
  ['army', 'A'],
  ['f', 'F'],
  ['fleet', 'F'],
]);
const HOLD = new Set(['h', 'hold', 'holds', 'stand', 'stands']);
const MOVE = new Set(['m', 'move', 'moves', 'r', 'retreat', 'retreats']);
const SUPPORT = new Set(['s', 'support', 'supports']);
const CONVOY = new Set(['c', 'convoy', 'convoys']);
const DISBAND = new Set(['d', 'disband', 'disbands', 'remove', 'removes']);
const BUILD = new Set(['b', 'build', 'builds']);
/** Words that are never part of a province name: an unknown name stops before them. */
const RESERVED = new Set([
  ...HOLD,
  ...MOVE,
  ...SUPPORT,
  ...CONVOY,
  ...DISBAND,
  ...BUILD,
  ...UNIT_TYPES.keys(),
  'via',
  'by',
  'to',
  'waive',
]);

/** Coast words accepted without `/` or parentheses: "SPA NC". */
const BARE_COASTS = new Set(['nc', 'sc', 'ec', 'wc']);

/** "north coast" -> "NC"; an unknown word is kept upper-cased ("wx" -> "WX") for the adjudicator to judge. */
function normaliseCoast(words: readonly string[]): string {
  const joined = words.join('');
  return normalizeCoast(joined) ?? joined.toUpperCase();
}

// ---------------------------------------------------------------------------------------------------------------
// Grammar

/** Quotes user text for a message, shortened when long. */
function quote(text: string): string {
  return JSON.stringify(text.length > 60 ? `${text.slice(0, 57)}...` : text);
}

/** Internal control flow only: thrown inside a line parser and turned into an Issue before leaving this module. */
class Fail extends Error {
  readonly code: string;
  readonly column: number;
  constructor(code: string, message: string, column: number) {
    super(message);
    this.name = 'Fail';
    this.code = code;
    this.column = column;
  }
}

interface Location {
  code: string;
  province: number;
}

type Role = 'unit' | 'destination';

class LineParser {
  readonly map: GameMap;
  readonly index: NameIndex;
  readonly text: string;
  readonly tokens: readonly Token[];
  pos: number;

  constructor(map: GameMap, text: string, tokens: readonly Token[], pos: number) {
    this.map = map;
    this.index = nameIndex(map);
    this.text = text;
    this.tokens = tokens;
    this.pos = pos;
  }

  peek(offset = 0): Token | undefined {
    return this.tokens[this.pos + offset];
  }

  /** The current word's key, or "" for punctuation and the end of the line. */
  word(offset = 0): string {
    const t = this.peek(offset);
    return t?.kind === 'word' ? t.key : '';
  }

  /** Column just after the last token: where something missing should have been. */
  endColumn(): number {
    const last = this.tokens[this.tokens.length - 1];
    return last ? last.end : 1;
  }

  /** The source text of tokens [from, to). */
  source(from: number, to: number): string {
    const first = this.tokens[from];
    const last = this.tokens[to - 1];
    return first && last ? this.text.slice(first.column - 1, last.end - 1) : '';
  }

  isArrow(t: Token | undefined): boolean {
    return t !== undefined && (t.kind === 'dash' || t.kind === 'arrow');
  }

  /** The whole order, from the current token to the end of the line. */
  order(): Order {
    let order: Order;
    const first = this.word();
    if (first === 'waive') {
      this.pos++;
      order = { kind: 'waive' };
    } else if (first === 'build' || first === 'builds') {
      this.pos++;
      order = { kind: 'build', unit: this.unit() };
    } else if (first === 'disband' || first === 'remove') {
      this.pos++;
      order = { kind: 'disband', unit: this.unit() };
    } else {
      order = this.unitOrder(this.unit());
    }
    const rest = this.peek();
    if (rest) {
      throw new Fail(
        'trailing-text',
        `unexpected ${quote(this.source(this.pos, this.tokens.length))} after a complete order`,
        rest.column,
      );
    }
    return order;
  }

  /** What follows `A Paris`: `- Burgundy`, `Holds`, `Supports ...`, `Convoys ...`, `D`, `B`. */
  unitOrder(unit: UnitRef): Order {
    const t = this.peek();
    if (!t) {
      throw new Fail(
        'missing-order-kind',
        `${quote(this.source(0, this.pos))} names a unit but no order (expected "-", "H", "S", "C", ...)`,
        this.endColumn(),
      );
    }
    if (this.isArrow(t)) {
      this.pos++;
      return this.move(unit);
    }
    const w = this.word();
    if (HOLD.has(w)) {
      this.pos++;
      return { kind: 'hold', unit };
    }
    if (MOVE.has(w)) {
      this.pos++;
      if (this.word() === 'to') this.pos++;
      return this.move(unit);
    }
    if (SUPPORT.has(w)) {
      this.pos++;
      return this.support(unit);
    }
    if (CONVOY.has(w)) {
      this.pos++;
      return this.convoy(unit);
    }
    if (DISBAND.has(w)) {
      this.pos++;
      return { kind: 'disband', unit };
    }
    if (BUILD.has(w)) {
      this.pos++;
      return { kind: 'build', unit };
    }
    throw new Fail(
      'unknown-order-kind',
      `unknown order ${quote(t.text)} (expected "-", "H", "S", "C", "D", "B", ...)`,
      t.column,
    );
  }

  /** After the arrow: `Burgundy`, `North Sea - Belgium` (a convoy path), then `via convoy` / `VIA`. */
  move(unit: UnitRef): Order {
    const stops = [this.location('destination')];
    while (this.isArrow(this.peek())) {
      this.pos++;
      stops.push(this.location('destination'));
    }
    const via = this.via();
    const to = stops.pop() as Location;
    const order: Order = { kind: 'move', unit, to: to.code };
    if (stops.length > 0) {
      order.path = stops.map((s) => this.map.locationCode[s.province] ?? s.code);
      order.viaConvoy = true;
    } else if (via) {
      order.viaConvoy = true;
    }
    return order;
  }

  /** `via convoy`, `via`, `by convoy`: consumed when present. */
  via(): boolean {
    const w = this.word();
    if (w === 'via') {
      this.pos++;
      if (this.word() === 'convoy') this.pos++;
      return true;
    }
    if (w === 'by' && this.word(1) === 'convoy') {
      this.pos += 2;
      return true;
    }
    return false;
  }

  /** After `Supports`: the supported unit, then `- destination`, `H` or nothing (support to hold). */
  support(unit: UnitRef): Order {
    const supported = this.unit();
    if (this.isArrow(this.peek()) || MOVE.has(this.word())) {
      this.pos++;
      if (this.word() === 'to') this.pos++;
      return { kind: 'support', unit, supported, to: this.location('destination').code };
    }
    if (HOLD.has(this.word())) this.pos++;
    return { kind: 'support', unit, supported };
  }

  /** After `Convoys`: the army, then `- destination`. */
  convoy(unit: UnitRef): Order {
    const army = this.unit();
    if (!(this.isArrow(this.peek()) || MOVE.has(this.word()))) {
      const t = this.peek();
      throw new Fail(
        'missing-destination',
        `convoy of ${quote(this.source(0, this.pos))} needs a destination ("- X")${t ? `, found ${quote(t.text)}` : ''}`,
        t ? t.column : this.endColumn(),
      );
    }
    this.pos++;
    if (this.word() === 'to') this.pos++;
    return { kind: 'convoy', unit, army, to: this.location('destination').code };
  }

  /** `[power] [A|F|Army|Fleet] location`. */
  unit(): UnitRef {
    let power: string | undefined;
    const p = UNIT_TYPES.has(this.word()) ? undefined : this.power();
    if (p) {
      const after = this.pos + p.length;
      const next = this.tokens[after];
      const nextIsType = next?.kind === 'word' && UNIT_TYPES.has(next.key);
      // "FRENCH A Paris", or "FRENCH Paris"; but "English Channel" is a province, not a power.
      if (nextIsType || (!this.province(this.pos) && this.province(after))) {
        power = p.power;
        this.pos = after;
      }
    }
    const type = UNIT_TYPES.get(this.word());
    if (type) this.pos++;
    const unit: UnitRef = { location: this.location('unit').code };
    if (type) unit.type = type;
    if (power !== undefined) unit.power = power;
    return unit;
  }

  /** A power name of one to three words at the current token, canonical. */
  power(): { power: string; length: number } | undefined {
    let found: { power: string; length: number } | undefined;
    let text = '';
    for (let k = 0; k < 3; k++) {
      const w = this.word(k);
      if (!w) break;
      text = k === 0 ? w : `${text} ${w}`;
      const id = lookupPower(this.map, text);
      const name = this.map.powers[id];
      if (id >= 0 && name !== undefined) found = { power: name, length: k + 1 };
    }
    return found;
  }

  /** Longest province name starting at token `at`: its id and length in tokens. */
  province(at: number): { province: number; length: number } | undefined {
    const first = this.tokens[at];
    if (first?.kind !== 'word') return undefined;
    let found: { province: number; length: number } | undefined;
    let key = '';
    const max = Math.min(this.index.maxTokens, this.tokens.length - at);
    for (let k = 0; k < max; k++) {
      const t = this.tokens[at + k] as Token;
      if (t.kind !== 'word' && t.kind !== 'dash') break;
      key = k === 0 ? t.key : `${key} ${t.key}`;
      const p = this.index.provinces.get(key);
      if (p !== undefined) found = { province: p, length: k + 1 };
    }
    if (!found) {
      // Whatever else the map's own lookup accepts.
      const p = lookupProvince(this.map, first.text);
      if (p >= 0 && p < this.map.provinceCount) found = { province: p, length: 1 };
    }
    return found;
  }

  /** A province name and an optional coast: `Spain(nc)`, `spa/nc`, `SPA NC`, `Spain (north coast)`. */
  location(role: Role): Location {
    const t = this.peek();
    const missing = role === 'destination' ? 'missing-destination' : 'expected-unit-location';
    const expected = role === 'destination' ? 'expected-destination' : 'expected-unit-location';
    const what = role === 'destination' ? 'a destination' : 'a unit location';
    if (!t)
      throw new Fail(missing, `expected ${what} at the end of ${quote(this.text.trim())}`, this.endColumn());
    if (t.kind !== 'word' || RESERVED.has(t.key)) {
      throw new Fail(expected, `expected ${what}, found ${quote(t.text)}`, t.column);
    }
    const found = this.province(this.pos);
    if (!found) {
      let end = this.pos + 1;
      while (
        end < this.pos + 4 &&
        this.word(end - this.pos) !== '' &&
        !RESERVED.has(this.word(end - this.pos))
      ) {
        end++;
      }
      throw new Fail('unknown-province', `unknown province ${quote(this.source(this.pos, end))}`, t.column);
    }
    this.pos += found.length;
    const coast = this.coast();
    return { code: this.locationCode(found.province, coast), province: found.province };
  }

  coast(): string | null {
    const t = this.peek();
    if (t?.kind === 'slash') {
      this.pos++;
      const w = this.peek();
      if (w?.kind !== 'word') {
        throw new Fail(
          'unknown-coast',
          w ? `expected a coast after "/", found ${quote(w.text)}` : 'expected a coast after "/"',
          w ? w.column : t.end,
        );
      }
      this.pos++;
      return normaliseCoast([w.key]);
    }
    if (t?.kind === 'open') {
      this.pos++;
      const words: string[] = [];
      for (;;) {
        const w = this.peek();
        if (!w) throw new Fail('unclosed-parenthesis', 'missing ")" after the coast', this.endColumn());
        this.pos++;
        if (w.kind === 'close') break;
        if (w.kind !== 'word')
          throw new Fail('unknown-coast', `unexpected ${quote(w.text)} in a coast`, w.column);
        words.push(w.key);
      }
      if (words.length === 0) throw new Fail('unknown-coast', 'empty coast "()"', t.column);
      return normaliseCoast(words);
    }
    if (t?.kind === 'word' && BARE_COASTS.has(t.key)) {
      this.pos++;
      return normaliseCoast([t.key]);
    }
    return null;
  }

  /** "SPA" + "NC" -> "SPA/NC"; a coast the province does not have is kept as written ("GAS/NC", "SPA/WC"). */
  locationCode(province: number, coast: string | null): string {
    const code = this.map.locationCode[province] ?? '';
    if (coast === null) return code;
    for (const loc of this.map.provinceCoasts[province] ?? []) {
      if (this.map.locationCoast[loc] === coast) return this.map.locationCode[loc] ?? code;
    }
    return `${code}/${coast}`;
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Lines

type LineResult =
  | { kind: 'blank' }
  | { kind: 'heading'; power: string }
  | { kind: 'order'; power?: string; order: Order }
  | { kind: 'error'; code: string; message: string; column: number };

/** A power name (a few words, maybe hyphenated: "Austria-Hungary") taking the whole of tokens [0, count). */
function powerOf(map: GameMap, text: string, tokens: readonly Token[], count: number): string | undefined {
  if (count < 1 || count > 5) return undefined;
  for (let k = 0; k < count; k++) {
    const kind = tokens[k]?.kind;
    if (kind !== 'word' && kind !== 'dash') return undefined;
  }
  const first = tokens[0] as Token;
  const last = tokens[count - 1] as Token;
  const id = lookupPower(map, text.slice(first.column - 1, last.end - 1));
  return id >= 0 ? map.powers[id] : undefined;
}

// ---------------------------------------------------------------------------------------------------------------
// Fast path: MILA lines as written by machines ("A PAR - BUR", "F NTH C A LON - NWY", "A LON - NWY VIA", ...), with
// the map's own codes and single spaces, are read without the tokenizer. The result is exactly what the grammar
// above gives for the same line (the same objects, fields in the same order, canonical code strings); any other
// line, or a code the grammar could read differently, goes the general way.

/**
 * Per map: the canonical location codes ("LON", "SPA/NC") the fast path may take, in an open-addressing table keyed
 * by `wordHash`, so that a code is found from the line's characters without cutting it out as a string (a new
 * string would have its hash computed by the runtime, which costs more than the rest of the line).
 */
interface FastCodes {
  readonly map: GameMap;
  /** Location id per slot, -1 for an empty slot. */
  readonly slots: Int32Array;
  readonly mask: number;
}

const fastCodes = new WeakMap<GameMap, FastCodes>();
let lastFast: FastCodes | undefined;

/** The hash of text[start, end). */
function wordHash(text: string, start: number, end: number): number {
  let h = 0;
  for (let i = start; i < end; i++) h = (Math.imul(h, 31) + text.charCodeAt(i)) | 0;
  return h;
}

function fastCodesOf(map: GameMap): FastCodes {
  if (lastFast?.map === map) return lastFast;
  let codes = fastCodes.get(map);
  if (codes === undefined) {
    // A province name of several tokens that starts with a code ("Mid - Atlantic" for a code "MID") could take
    // the tokens after it: such codes are left to the grammar, as are codes it reads as keywords.
    const leading = new Set<string>();
    for (const key of nameIndex(map).provinces.keys()) if (key.includes(' ')) leading.add(key.split(' ')[0]!);
    const plain = /^[A-Z0-9]+$/;
    let size = 16;
    while (size < map.locationCount * 4) size *= 2;
    const slots = new Int32Array(size).fill(-1);
    for (let l = 0; l < map.locationCount; l++) {
      const code = map.locationCode[l]!;
      const province = map.locationProvince[l]!;
      const head = map.locationCode[province]!;
      const coast = map.locationCoast[l]!;
      const key = head.toLowerCase();
      if (!plain.test(head) || RESERVED.has(key) || BARE_COASTS.has(key) || leading.has(key)) continue;
      if (nameIndex(map).provinces.get(key) !== province) continue;
      if (coast !== '' && (!plain.test(coast) || normaliseCoast([coast.toLowerCase()]) !== coast)) continue;
      let k = wordHash(code, 0, code.length) & (size - 1);
      while (slots[k]! >= 0) k = (k + 1) & (size - 1);
      slots[k] = l;
    }
    codes = { map, slots, mask: size - 1 };
    fastCodes.set(map, codes);
  }
  lastFast = codes;
  return codes;
}

/** Where the words of the line being read start and end, and their hashes (the fast path reads at most seven). */
const wordStart = new Int32Array(8);
const wordEnd = new Int32Array(8);
const wordHashes = new Int32Array(8);

/** The character of word k when it is one character long, else -1. */
function letter(text: string, k: number): number {
  return wordEnd[k]! - wordStart[k]! === 1 ? text.charCodeAt(wordStart[k]!) : -1;
}

/** The canonical code of word k when it is a location written exactly as the map writes it, or undefined. */
function fastLocation(codes: FastCodes, text: string, k: number): string | undefined {
  const start = wordStart[k]!;
  const length = wordEnd[k]! - start;
  for (let slot = wordHashes[k]! & codes.mask; ; slot = (slot + 1) & codes.mask) {
    const l = codes.slots[slot]!;
    if (l < 0) return undefined;
    const code = codes.map.locationCode[l]!;
    if (code.length !== length) continue;
    let i = 0;
    while (i < length && code.charCodeAt(i) === text.charCodeAt(start + i)) i++;
    if (i === length) return code;
  }
}

/** The unit of words k and k + 1 (`A PAR`, `F SPA/NC`) as the grammar writes it ({ location, type }), or undefined. */
function fastUnit(codes: FastCodes, text: string, k: number): UnitRef | undefined {
  const type = letter(text, k);
  if (type !== 65 /* A */ && type !== 70 /* F */) return undefined;
  const location = fastLocation(codes, text, k + 1);
  return location === undefined ? undefined : { location, type: type === 65 ? 'A' : 'F' };
}

/** A MILA line read without the tokenizer, or undefined when it is not one the fast path knows. */
function fastLine(map: GameMap, text: string): LineResult | undefined {
  if (text === 'WAIVE') return { kind: 'order', order: { kind: 'waive' } };
  // Words separated by single spaces, three to seven of them, found and hashed in one pass over the characters.
  let count = 0;
  let start = 0;
  let h = 0;
  for (let i = 0; i <= text.length; i++) {
    const c = i < text.length ? text.charCodeAt(i) : 32;
    if (c !== 32) {
      h = (Math.imul(h, 31) + c) | 0;
      continue;
    }
    if (i === start || count === 7) return undefined;
    wordStart[count] = start;
    wordEnd[count] = i;
    wordHashes[count++] = h; // wordHash(text, start, i)
    start = i + 1;
    h = 0;
  }
  if (count < 3) return undefined;
  const codes = fastCodesOf(map);
  const unit = fastUnit(codes, text, 0);
  if (unit === undefined) return undefined;
  const verb = letter(text, 2);
  let order: Order | undefined;
  if (count === 3) {
    if (verb === 72 /* H */) order = { kind: 'hold', unit };
    else if (verb === 68 /* D */) order = { kind: 'disband', unit };
    else if (verb === 66 /* B */) order = { kind: 'build', unit };
  } else if (verb === 45 /* - */ || verb === 82 /* R */) {
    const to = fastLocation(codes, text, 3);
    if (to === undefined) return undefined;
    if (count === 4) order = { kind: 'move', unit, to };
    else if (count === 5 && verb === 45 && text.endsWith(' VIA'))
      order = { kind: 'move', unit, to, viaConvoy: true };
  } else if (verb === 83 /* S */ || verb === 67 /* C */) {
    const other = fastUnit(codes, text, 3);
    if (other === undefined) return undefined;
    if (count === 5 && verb === 83) order = { kind: 'support', unit, supported: other };
    else if (count === 7 && letter(text, 5) === 45) {
      const to = fastLocation(codes, text, 6);
      if (to === undefined) return undefined;
      order =
        verb === 83
          ? { kind: 'support', unit, supported: other, to }
          : { kind: 'convoy', unit, army: other, to };
    }
  }
  return order === undefined ? undefined : { kind: 'order', order };
}

function parseLine(map: GameMap, text: string): LineResult {
  const fast = fastLine(map, text);
  if (fast !== undefined) return fast;
  const tokens = tokenize(text);
  if (tokens.length === 0) return { kind: 'blank' };
  const parser = new LineParser(map, text, tokens, 0);
  let power: string | undefined;
  // `England: ...`: a power, then a colon. Only with the colon: without one a power is the unit's nationality.
  const colon = tokens.findIndex((t) => t.kind === 'colon');
  if (
    colon >= 1 &&
    colon <= 5 &&
    tokens.slice(0, colon).every((t) => t.kind === 'word' || t.kind === 'dash')
  ) {
    power = powerOf(map, text, tokens, colon);
    if (power !== undefined) {
      if (colon === tokens.length - 1) return { kind: 'heading', power };
      parser.pos = colon + 1;
    } else if (!RESERVED.has(parser.word()) && !parser.province(0)) {
      // Not an order that happens to contain a colon ("A PAR : BUR"): a misspelt power.
      return {
        kind: 'error',
        code: 'unknown-power',
        message: `unknown power ${quote(parser.source(0, colon))}`,
        column: tokens[0]?.column ?? 1,
      };
    }
  } else if (tokens[0]?.key !== 'waive') {
    // `Austria` alone: a heading without a colon (but not a one-letter alias like "A" or "F").
    const heading =
      tokens.length === 1 && (tokens[0]?.key.length ?? 0) < 2
        ? undefined
        : powerOf(map, text, tokens, tokens.length);
    if (heading !== undefined) return { kind: 'heading', power: heading };
  }
  try {
    const order = parser.order();
    return power === undefined ? { kind: 'order', order } : { kind: 'order', power, order };
  } catch (e) {
    if (e instanceof Fail) return { kind: 'error', code: e.code, message: e.message, column: e.column };
    // A bug, not bad input: still report it as an issue rather than throw.
    return { kind: 'error', code: 'internal-error', message: String(e), column: 1 };
  }
}

/**
 * Reads orders, one per line. The value holds every good order in input order; each bad line gives one issue and
 * is left out. Never throws.
 */
export function parseOrders(map: GameMap, text: string): Result<GivenOrder[]> {
  const orders: GivenOrder[] = [];
  const issues: Issue[] = [];
  let heading: string | undefined;
  const lines = (typeof text === 'string' ? text : String(text)).split(/\r\n|\r|\n/);
  for (let i = 0; i < lines.length; i++) {
    const line = i + 1;
    const r = parseLine(map, lines[i] ?? '');
    switch (r.kind) {
      case 'blank':
        break;
      case 'heading':
        heading = r.power;
        break;
      case 'error':
        issues.push(issue(r.code, r.message, line, r.column));
        break;
      case 'order': {
        const power = r.power ?? heading;
        orders.push(power === undefined ? { order: r.order, line } : { power, order: r.order, line });
        break;
      }
    }
  }
  return { value: orders, issues };
}

/** Reads a single order (`England: F nth-pic` or `F nth-pic`). Issues are reported on line 1. Never throws. */
export function parseOrder(map: GameMap, text: string): Result<GivenOrder> {
  const line = typeof text === 'string' ? text : String(text);
  const r = parseLine(map, line);
  switch (r.kind) {
    case 'blank':
      return { issues: [issue('empty-order', 'no order given', 1, 1)] };
    case 'heading':
      return {
        issues: [issue('empty-order', `${quote(line.trim())} names a power but gives no order`, 1, 1)],
      };
    case 'error':
      return { issues: [issue(r.code, r.message, 1, r.column)] };
    case 'order':
      return {
        value: r.power === undefined ? { order: r.order } : { power: r.power, order: r.order },
        issues: [],
      };
  }
}

/** `parseOrders`, throwing an `IssuesError` when any line is bad. */
export function parseOrdersOrThrow(map: GameMap, text: string): GivenOrder[] {
  const r = parseOrders(map, text);
  if (r.issues.length > 0 || !r.value) throw new IssuesError(r.issues, 'orders');
  return r.value;
}

/** `parseOrder`, throwing an `IssuesError` when the order is bad. */
export function parseOrderOrThrow(map: GameMap, text: string): GivenOrder {
  const r = parseOrder(map, text);
  if (r.issues.length > 0 || !r.value) throw new IssuesError(r.issues, 'order');
  return r.value;
}
