/**
 * DAIDE language messages as trees: a message is a list of items, each a token name ("NME", "FRA", "STP"), an
 * integer, a string ({ text }) or a bracketed list of items. Conversion to and from the 16-bit token stream of a
 * Diplomacy Message (with a token table) and to and from the text form the DAIDE documents write
 * (`NME ('DumbBot') ('8~3')`, `SUB ((FRA AMY PAR) MTO BUR)`).
 */
import {
  BRA,
  FIRST_RESERVED_CATEGORY,
  INTEGER_MAX_CATEGORY,
  KET,
  LAST_RESERVED_CATEGORY,
  POWERS,
  TEXT,
  isProvinceToken,
  type TokenTable,
} from './tokens.js';

export interface DaideText {
  text: string;
}

export type DaideItem = string | number | DaideText | DaideItem[];

/** A message: the items at its top level. */
export type DaideMessage = DaideItem[];

export function isText(item: DaideItem | undefined): item is DaideText {
  return typeof item === 'object' && item !== null && !Array.isArray(item);
}

/**
 * Why a token stream is not a message: `invalid-token` for a token that can never be valid here (a reserved
 * category, or a power or province the game does not define; EM 0x0E), `brackets` for unbalanced brackets (PRN).
 */
export type DecodeError = { error: 'invalid-token'; token: number } | { error: 'brackets' };

/** A token the table does not name (and that is not invalid) keeps its value as its name: "0x4C05". */
function unknownName(value: number): string {
  return `0x${value.toString(16).toUpperCase().padStart(4, '0')}`;
}

/** Reads a DM's tokens as a message. */
export function decodeMessage(tokens: readonly number[], table: TokenTable): DaideMessage | DecodeError {
  const stack: DaideItem[][] = [[]];
  let text: DaideText | undefined;
  for (const token of tokens) {
    const category = token >> 8;
    let top = stack[stack.length - 1] as DaideItem[];
    if (category === TEXT) {
      if (text) text.text += String.fromCharCode(token & 0xff);
      else top.push((text = { text: String.fromCharCode(token & 0xff) }));
      continue;
    }
    text = undefined;
    if (token === BRA) {
      const list: DaideItem[] = [];
      top.push(list);
      stack.push(list);
    } else if (token === KET) {
      if (stack.length === 1) return { error: 'brackets' };
      stack.pop();
    } else if (category <= INTEGER_MAX_CATEGORY) {
      const v = token & 0x3fff;
      top.push(v >= 0x2000 ? v - 0x4000 : v);
    } else if (category >= FIRST_RESERVED_CATEGORY && category <= LAST_RESERVED_CATEGORY) {
      return { error: 'invalid-token', token };
    } else {
      const name = table.byValue.get(token);
      if (name === undefined && (category === POWERS || isProvinceToken(token))) {
        return { error: 'invalid-token', token };
      }
      top = stack[stack.length - 1] as DaideItem[];
      top.push(name ?? unknownName(token));
    }
  }
  if (stack.length !== 1) return { error: 'brackets' };
  return stack[0] as DaideMessage;
}

/** Writes a message as DM tokens. Throws for a token name the table does not know or an integer out of range. */
export function encodeMessage(message: readonly DaideItem[], table: TokenTable): number[] {
  const out: number[] = [];
  const put = (item: DaideItem): void => {
    if (Array.isArray(item)) {
      out.push(BRA);
      item.forEach(put);
      out.push(KET);
    } else if (typeof item === 'number') {
      if (!Number.isInteger(item) || item < -8192 || item > 8191) {
        throw new RangeError(`DAIDE integers run from -8192 to 8191, not ${item}`);
      }
      out.push(item & 0x3fff);
    } else if (typeof item === 'string') {
      const value = table.byName.get(item) ?? (/^0x[0-9A-F]{4}$/.test(item) ? parseInt(item, 16) : undefined);
      if (value === undefined) throw new Error(`unknown DAIDE token "${item}"`);
      out.push(value);
    } else {
      for (let i = 0; i < item.text.length; i++) out.push((TEXT << 8) | (item.text.charCodeAt(i) & 0xff));
    }
  };
  message.forEach(put);
  return out;
}

/** The text form of a message: `HLO (FRA) (1234) ((LVL 0))`, strings in single quotes. */
export function messageText(message: readonly DaideItem[]): string {
  const one = (item: DaideItem): string => {
    if (Array.isArray(item)) return `(${item.map(one).join(' ')})`;
    if (typeof item === 'number') return String(item);
    if (typeof item === 'string') return item;
    return `'${item.text.replace(/'/g, "''")}'`;
  };
  return message.map(one).join(' ');
}

/**
 * Reads the text form: three-letter tokens (any case), integers, 'strings' ('' for a quote inside) and brackets.
 * Throws with the position for anything else or unbalanced brackets.
 */
export function parseMessageText(text: string): DaideMessage {
  const stack: DaideItem[][] = [[]];
  let i = 0;
  while (i < text.length) {
    const c = text.charAt(i);
    const top = stack[stack.length - 1] as DaideItem[];
    if (/\s/.test(c)) {
      i++;
    } else if (c === '(') {
      const list: DaideItem[] = [];
      top.push(list);
      stack.push(list);
      i++;
    } else if (c === ')') {
      if (stack.length === 1) throw new Error(`unbalanced ")" at ${i + 1}`);
      stack.pop();
      i++;
    } else if (c === "'") {
      let s = '';
      i++;
      for (;;) {
        if (i >= text.length) throw new Error('unterminated string');
        if (text.charAt(i) === "'") {
          if (text.charAt(i + 1) === "'") {
            s += "'";
            i += 2;
            continue;
          }
          i++;
          break;
        }
        s += text.charAt(i++);
      }
      top.push({ text: s });
    } else {
      const m = /^(-?[0-9]+|0x[0-9A-Fa-f]{4}|[A-Za-z0-9]{3})(?![A-Za-z0-9])/.exec(text.slice(i));
      if (!m) throw new Error(`cannot read "${text.slice(i, i + 8)}" at ${i + 1}`);
      const word = m[1] as string;
      top.push(/^-?[0-9]+$/.test(word) ? Number(word) : word.startsWith('0x') ? word : word.toUpperCase());
      i += word.length;
    }
  }
  if (stack.length !== 1) throw new Error('unbalanced "("');
  return stack[0] as DaideMessage;
}

/**
 * The message with ERR inserted before the item at `path` (indices from the top level down), as HUH wants it;
 * a path one past the end of a list puts ERR at the end of that list.
 */
export function markError(message: readonly DaideItem[], path: readonly number[]): DaideMessage {
  const copy = (items: readonly DaideItem[], rest: readonly number[]): DaideItem[] => {
    const out: DaideItem[] = [...items];
    const [here, ...deeper] = rest;
    if (here === undefined) return out;
    const target = out[here];
    if (deeper.length > 0 && Array.isArray(target)) out[here] = copy(target, deeper);
    else out.splice(Math.min(here, out.length), 0, 'ERR');
    return out;
  };
  return copy(message, path);
}
