/**
 * Order text to `GivenOrder`s. One order per line; blank lines and comments (`#` or `//` to the end of the line)
 * are skipped; a line that is only a power name (`England:`, `Austria`) sets the power of the lines that follow.
 *
 * Accepted notations, all case-insensitive, spaces around `-` optional, a `;` at the end of a line ignored:
 * - DATC v3 full names: `F North Sea - Picardy`, `A Wales Supports F London - Yorkshire`, `Build F St Petersburg(nc)`.
 * - jDip short form: `F nth-pic`, `A wal S F lon-yor`, `F nth C A yor-hol`, `Remove A par`, `A par disband`.
 * - MILA/dipcc: `A PAR - BUR`, `F MAO - SPA/NC`, `A LON - NWY VIA`, `F BLA R SEV`, `A PAR B`, `A MUN D`, `WAIVE`.
 * - English: `A Par to Bur`, `A Par moves to Bur`, `A Mun supports A Par to Bur`, `F Nth convoys A Lon to Nwy`,
 *   `A Pic - Bel (via convoy)`, `A Pic - Bel by convoy`.
 *
 * The reader is a tokenizer (tokenize.ts), a reader of places and notes (places.ts: longest-match province names,
 * coasts, `via convoy`), and one small grammar per order kind (here). Nothing here checks an order against a
 * position: that is the adjudicator's job. A fast path (fast-path.ts) reads machine-written MILA lines directly.
 *
 * Issue codes (one per bad line, with line and column): unknown-province, unknown-power, unknown-coast,
 * unknown-note, unclosed-parenthesis, expected-unit-location, expected-destination, missing-destination,
 * missing-order-kind, unknown-order-kind, trailing-text; `parseOrder` also gives empty-order for a blank line or a
 * bare power heading.
 */
import { issue, IssuesError, type Issue, type Result } from '../issues.js';
import type { GameMap } from '../map/types.js';
import { lookupPower } from '../map/query.js';
import { didYouMean } from '../nearest.js';
import { powerSuggestions } from './suggest.js';
import { fastOrder } from './fast-path.js';
import {
  BUILD,
  CONVOY,
  Cursor,
  DISBAND,
  Fail,
  HOLD,
  MOVE,
  quote,
  RESERVED,
  SUPPORT,
  UNIT_TYPES,
} from './notation.js';
import { provinceAt, readConvoyNote, readLocation, unknownNote, type Place, type Role } from './places.js';
import { tokenize, type Token } from './tokenize.js';
import type { GivenOrder, Order, UnitRef } from './types.js';

// ---------------------------------------------------------------------------------------------------------------
// Grammar

class LineParser extends Cursor {
  readonly map: GameMap;

  constructor(map: GameMap, text: string, tokens: readonly Token[], pos: number) {
    super(text, tokens, pos);
    this.map = map;
  }

  /** The "to" or "into" after a move verb ("moves to"), unless it is the destination itself (a province "TO"). */
  skipTo(): void {
    if (this.word() !== 'to' && this.word() !== 'into') return;
    if (!this.province(this.pos) || this.province(this.pos + 1)) this.pos++;
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
      const note = unknownNote(this);
      if (note) throw note;
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
      this.skipTo();
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
    // After the unit an order word wins over a province of the same name (a map with a province "S" or "C").
    if (this.province(this.pos)) {
      // "A Par Bur": a move? a support? The reader does not guess.
      throw new Fail(
        'missing-order-kind',
        `${quote(this.source(0, this.tokens.length))} has no order word: write a move as "A PAR - BUR" or "A PAR to BUR", a support as "A MUN S A PAR - BUR"`,
        t.column,
      );
    }
    throw new Fail(
      'unknown-order-kind',
      `unknown order ${quote(t.text)} (expected "-", "to", "H", "S", "C", "D", "B", ...)`,
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
    const via = readConvoyNote(this);
    const to = stops.pop() as Place;
    const order: Order = { kind: 'move', unit, to: to.code };
    if (stops.length > 0) {
      order.path = stops.map((s) => this.map.locationCode[s.province] ?? s.code);
      order.viaConvoy = true;
    } else if (via) {
      order.viaConvoy = true;
    }
    return order;
  }

  /** After `Supports`: the supported unit, then `- destination`, `H` or nothing (support to hold). */
  support(unit: UnitRef): Order {
    const supported = this.unit();
    if (this.isArrow(this.peek()) || MOVE.has(this.word())) {
      this.pos++;
      this.skipTo();
      const to = this.location('destination').code;
      // "(via convoy)" says how the supported unit moves: it does not change the support.
      readConvoyNote(this);
      return { kind: 'support', unit, supported, to };
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
    this.skipTo();
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

  province(at: number): { province: number; length: number } | undefined {
    return provinceAt(this.map, this.tokens, at);
  }

  location(role: Role): Place {
    return readLocation(this.map, this, role);
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Lines

type LineResult =
  | { kind: 'blank' }
  | { kind: 'heading'; power: string }
  | { kind: 'order'; power?: string; order: Order }
  | { kind: 'error'; code: string; message: string; column: number; suggestions?: string[] };

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

function parseLine(map: GameMap, text: string): LineResult {
  const fast = fastOrder(map, text);
  if (fast !== undefined) return { kind: 'order', order: fast };
  const tokens = tokenize(text);
  // A ";" ending the line, as in code or e-mail ("A Par - Bur;"), ends the order.
  if (tokens[tokens.length - 1]?.key === ';') tokens.pop();
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
      const written = parser.source(0, colon);
      const near = powerSuggestions(map, written);
      return {
        kind: 'error',
        code: 'unknown-power',
        message: `unknown power ${quote(written)}${didYouMean(near)}`,
        column: tokens[0]?.column ?? 1,
        ...(near.length === 0 ? {} : { suggestions: near }),
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
    if (e instanceof Fail) {
      const error = { kind: 'error' as const, code: e.code, message: e.message, column: e.column };
      return e.suggestions.length === 0 ? error : { ...error, suggestions: e.suggestions };
    }
    // A bug, not bad input: still report it as an issue rather than throw.
    return { kind: 'error', code: 'internal-error', message: String(e), column: 1 };
  }
}

function lineIssue(r: Extract<LineResult, { kind: 'error' }>, line: number): Issue {
  const out = issue(r.code, r.message, line, r.column);
  if (r.suggestions !== undefined) out.suggestions = r.suggestions;
  return out;
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
        issues.push(lineIssue(r, line));
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
      return { issues: [lineIssue(r, 1)] };
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
