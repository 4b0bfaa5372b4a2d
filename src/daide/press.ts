/**
 * The grammar of press in the DAIDE Message Syntax: the `press_message` and `reply` an SND carries, level by
 * level. Each level includes the ones below it; a game's level (HLO's `LVL`) says which tokens its press may use,
 * and level 8000 adds free text (a string as the whole message). `pressError` finds the first item of a press
 * message that does not fit the grammar of a level (for HUH's ERR): a malformed sentence, or a token of a higher
 * level. The tokens of levels 140 to 160 (UHY, HPY, ANG, ROF, ULB, UUB) have no number in the protocol's token
 * table, so they cannot be sent at all and are left out here.
 */
import { parseLocation, parseOrder, parseTurn, parseUnit } from './board.js';
import type { MapTokens } from './map-tokens.js';
import { isText, type DaideItem } from './syntax.js';

/** The level each press token belongs to (Message Syntax, levels 10 to 130). */
export const PRESS_TOKEN_LEVELS: ReadonlyMap<string, number> = new Map(
  (
    [
      [10, 'PRP PCE ALY VSS DRW SLO NOT YES REJ BWX HUH CCL FCT TRY'],
      [20, 'XDO DMZ'],
      [30, 'AND ORR'],
      [40, 'SCD OCC UNT'],
      [50, 'CHO'],
      [60, 'INS QRY SUG THK IDK'],
      [70, 'WHT HOW'],
      [80, 'EXP SRY'],
      [90, 'FOR'],
      [100, 'IFF THN ELS'],
      [110, 'XOY YDO'],
      [120, 'SND FWD BCC FRM'],
      [130, 'WHY POB'],
    ] as const
  ).flatMap(([level, names]) => names.split(' ').map((name) => [name, level] as const)),
);

/** The level of free text press: any string is a message or a reply. */
export const FREE_TEXT_LEVEL = 8000;

/** A path from the press message's top level down to an item; `undefined` when everything fits. */
type Path = number[];
type Result = Path | undefined;

/**
 * The path of the first item of `press` (the contents of SND's last bracket: `PRP (PCE (ENG FRA))`, or `('hi')`)
 * that does not fit the grammar of press level `level`; undefined when it is a message or a reply of that level.
 */
export function pressError(tokens: MapTokens, press: readonly DaideItem[], level: number): Path | undefined {
  return new PressGrammar(tokens, level).message(press, []);
}

type Check = (list: DaideItem[], at: Path) => Result;

class PressGrammar {
  readonly #tokens: MapTokens;
  readonly #level: number;
  /** AND and ORR seen so far: below level 50 they may not be nested, nor appear twice. */
  #multipart = 0;
  // The brackets a sentence is made of, by what they hold.
  readonly #message: Check = (l, p) => this.message(l, p);
  readonly #arrangement: Check = (l, p) => this.arrangement(l, p);
  readonly #power: Check = (l, p) => this.#powers(l, p, 1, 1);
  readonly #somePowers: Check = (l, p) => this.#powers(l, p, 1);
  readonly #aTurn: Check = (l, p) => this.#turn(l, p);

  constructor(tokens: MapTokens, level: number) {
    this.#tokens = tokens;
    this.#level = level;
  }

  /** The token at `items[0]`, or the path to it when it is above the level (or not a press token at all). */
  #head(items: readonly DaideItem[], at: Path, allowed: readonly string[]): string | Path {
    const head = items[0];
    if (typeof head !== 'string' || !allowed.includes(head)) return [...at, 0];
    if ((PRESS_TOKEN_LEVELS.get(head) ?? Infinity) > this.#level) return [...at, 0];
    return head;
  }

  /** `items[i]` is a bracketed list, checked by `inner`; the path to the item when it is not a list. */
  #list(items: readonly DaideItem[], i: number, at: Path, inner: Check): Result {
    const item = items[i];
    if (!Array.isArray(item)) return [...at, Math.min(i, items.length)];
    return inner(item, [...at, i]);
  }

  /** Nothing after item `n - 1`. */
  #ends(items: readonly DaideItem[], n: number, at: Path): Result {
    return items.length > n ? [...at, n] : undefined;
  }

  /** After the head token, exactly one bracket per check, each fitting it. */
  #fields(items: readonly DaideItem[], at: Path, ...checks: Check[]): Result {
    for (const [i, check] of checks.entries()) {
      const bad = this.#list(items, i + 1, at, check);
      if (bad) return bad;
    }
    return this.#ends(items, checks.length + 1, at);
  }

  /** From item `from` on, at least `least` brackets, each fitting `check`. */
  #repeated(items: readonly DaideItem[], at: Path, from: number, least: number, check: Check): Result {
    if (items.length < from + least) return [...at, items.length];
    for (let i = from; i < items.length; i++) {
      const bad = this.#list(items, i, at, check);
      if (bad) return bad;
    }
    return undefined;
  }

  /** A press_message or a reply. */
  message(items: readonly DaideItem[], at: Path): Result {
    if (isText(items[0])) return this.#level < FREE_TEXT_LEVEL ? [...at, 0] : this.#ends(items, 1, at);
    const head = this.#head(items, at, [
      ...['PRP', 'INS', 'QRY', 'SUG', 'FCT', 'THK', 'CCL', 'TRY', 'WHT', 'HOW', 'EXP', 'IFF', 'FRM'],
      ...['YES', 'REJ', 'BWX', 'HUH', 'IDK', 'SRY', 'WHY', 'POB'],
    ]);
    if (typeof head !== 'string') return head;
    switch (head) {
      case 'PRP':
      case 'INS':
      case 'QRY':
      case 'SUG':
        return this.#fields(items, at, this.#arrangement);
      case 'FCT':
      case 'THK':
        // A statement, or the answer to a query: THK (QRY (arrangement)), FCT (NOT (QRY (arrangement))).
        return this.#fields(items, at, (l, p) => this.#statement(l, p));
      case 'HUH':
        // The message not understood, with ERR where it stopped being understood: not checked further.
        return this.#fields(items, at, () => undefined);
      case 'TRY':
        return this.#fields(items, at, (l, p) => this.#tryTokens(l, p));
      case 'WHT':
        return this.#fields(items, at, (l, p) => this.#unit(l, p));
      case 'HOW':
        return this.#fields(items, at, (l, p) => this.#powerOrProvince(l, p));
      case 'EXP':
        return this.#fields(items, at, this.#aTurn, this.#message);
      case 'IFF': {
        const condition = this.#list(items, 1, at, this.#arrangement);
        if (condition) return condition;
        if (items[2] !== 'THN') return [...at, 2];
        const then = this.#list(items, 3, at, this.#message);
        if (then || items.length === 4) return then;
        if (items[4] !== 'ELS') return [...at, 4];
        return this.#list(items, 5, at, this.#message) ?? this.#ends(items, 6, at);
      }
      case 'FRM':
        return this.#fields(items, at, this.#power, this.#somePowers, this.#message);
      default:
        // CCL, YES, REJ, BWX, IDK, SRY, WHY, POB: about another message.
        return this.#fields(items, at, this.#message);
    }
  }

  /** What FCT and THK state: an arrangement, or the answer to QRY. */
  #statement(items: readonly DaideItem[], at: Path): Result {
    if (items[0] === 'QRY') return this.message(items, at);
    if (items[0] === 'NOT' && Array.isArray(items[1]) && items[1][0] === 'QRY')
      return this.#fields(items, at, this.#message);
    return this.arrangement(items, at);
  }

  arrangement(items: readonly DaideItem[], at: Path): Result {
    const head = this.#head(items, at, [
      ...['PCE', 'ALY', 'DRW', 'SLO', 'NOT', 'XDO', 'DMZ', 'AND', 'ORR', 'SCD', 'OCC', 'CHO'],
      ...['FOR', 'XOY', 'YDO', 'SND', 'FWD', 'BCC'],
    ]);
    if (typeof head !== 'string') return head;
    switch (head) {
      case 'PCE':
        return this.#fields(items, at, this.#somePowers);
      case 'ALY':
        if (items[2] !== 'VSS') return [...at, 2];
        return (
          this.#list(items, 1, at, this.#somePowers) ??
          this.#list(items, 3, at, this.#somePowers) ??
          this.#ends(items, 4, at)
        );
      case 'DRW':
        // DRW (power power ...) belongs to games with partial draws (PDA), which dipkit does not offer.
        return this.#ends(items, 1, at);
      case 'SLO':
        return this.#fields(items, at, this.#power);
      case 'NOT':
        return this.#fields(items, at, this.#arrangement);
      case 'XDO':
        return this.#fields(items, at, (l, p) => this.#order(l, p));
      case 'DMZ':
        return this.#fields(items, at, this.#somePowers, (l, p) => this.#provinces(l, p, 0));
      case 'AND':
      case 'ORR':
        if (this.#level < 50 && this.#multipart++ > 0) return [...at, 0];
        return this.#repeated(items, at, 1, 2, this.#arrangement);
      case 'SCD':
        return this.#repeated(items, at, 1, 1, (l, p) => this.#centres(l, p));
      case 'OCC':
        return this.#repeated(items, at, 1, 1, (l, p) => this.#unit(l, p, true));
      case 'CHO': {
        const bounds = this.#list(items, 1, at, (l, p) =>
          l.length === 2 && l.every((n) => typeof n === 'number') ? undefined : [...p, 0],
        );
        return bounds ?? this.#repeated(items, at, 2, 1, this.#arrangement);
      }
      case 'FOR': {
        // FOR (turn) or FOR ((from) (to)), then the arrangement.
        const when: Check = (l, p) =>
          Array.isArray(l[0])
            ? (this.#list(l, 0, p, this.#aTurn) ?? this.#list(l, 1, p, this.#aTurn) ?? this.#ends(l, 2, p))
            : this.#turn(l, p);
        return this.#fields(items, at, when, this.#arrangement);
      }
      case 'XOY':
        return this.#fields(items, at, this.#power, this.#power);
      case 'YDO':
        return (
          this.#list(items, 1, at, this.#power) ?? this.#repeated(items, at, 2, 1, (l, p) => this.#unit(l, p))
        );
      case 'SND':
        return this.#fields(items, at, this.#power, this.#somePowers, this.#message);
      case 'FWD':
        return this.#fields(items, at, this.#somePowers, this.#power, this.#power);
      default:
        // BCC
        return this.#fields(items, at, this.#power, this.#somePowers, this.#power);
    }
  }

  /** `least` to `most` powers of the map. */
  #powers(items: readonly DaideItem[], at: Path, least: number, most = Infinity): Result {
    for (const [i, item] of items.entries()) {
      if (i >= most) return [...at, i];
      if (typeof item !== 'string' || !this.#tokens.powerOf.has(item)) return [...at, i];
    }
    return items.length < least ? [...at, items.length] : undefined;
  }

  /** SCD's `(power centre centre ...)`. */
  #centres(items: readonly DaideItem[], at: Path): Result {
    const power = items[0];
    if (typeof power !== 'string' || !this.#tokens.powerOf.has(power)) return [...at, 0];
    return this.#provinces(items, at, 1);
  }

  /** Provinces of the map, from item `from` on. */
  #provinces(items: readonly DaideItem[], at: Path, from: number): Result {
    for (let i = from; i < items.length; i++) {
      const item = items[i];
      if (typeof item !== 'string' || !this.#tokens.provinceOf.has(item)) return [...at, i];
    }
    return items.length <= from ? [...at, items.length] : undefined;
  }

  #powerOrProvince(items: readonly DaideItem[], at: Path): Result {
    const [item] = items;
    const known =
      typeof item === 'string' && (this.#tokens.powerOf.has(item) || this.#tokens.provinceOf.has(item));
    return known ? this.#ends(items, 1, at) : [...at, 0];
  }

  /** A unit as NOW writes it; `anyType` lets OCC write UNT for either type. */
  #unit(items: readonly DaideItem[], at: Path, anyType = false): Result {
    const written = anyType && items[1] === 'UNT' ? [items[0] ?? '', 'AMY', items[2] ?? ''] : [...items];
    if (written.length !== 3) return [...at, Math.min(written.length, 3)];
    if (parseUnit(this.#tokens, written)) return undefined;
    if (typeof items[0] !== 'string' || !this.#tokens.powerOf.has(items[0])) return [...at, 0];
    if (written[1] !== 'AMY' && written[1] !== 'FLT') return [...at, 1];
    return parseLocation(this.#tokens, items[2]) === undefined ? [...at, 2] : [...at, 0];
  }

  #order(items: readonly DaideItem[], at: Path): Result {
    const order = parseOrder(this.#tokens, items);
    return 'errorAt' in order ? [...at, order.errorAt] : undefined;
  }

  #turn(items: readonly DaideItem[], at: Path): Result {
    return parseTurn([...items]) ? undefined : [...at, 0];
  }

  /** TRY's list: press tokens, of any level (the syntax lets a client keep one TRY for every game). */
  #tryTokens(items: readonly DaideItem[], at: Path): Result {
    const bad = items.findIndex((t) => typeof t !== 'string' || !PRESS_TOKEN_LEVELS.has(t));
    return bad < 0 ? undefined : [...at, bad];
  }
}
