/**
 * The words of the order notation and a cursor over a line's tokens, shared by the place reader (places.ts) and
 * the order grammar (parse.ts).
 */
import type { UnitType } from '../map/types.js';
import type { Token } from './tokenize.js';

export const UNIT_TYPES: ReadonlyMap<string, UnitType> = new Map([
  ['a', 'A'],
  ['army', 'A'],
  ['f', 'F'],
  ['fleet', 'F'],
]);
export const HOLD = new Set(['h', 'hold', 'holds', 'stand', 'stands']);
/** Move verbs; `to` alone is one too ("A Par to Bur"), and may follow the others ("moves to"). */
export const MOVE = new Set(['m', 'move', 'moves', 'r', 'retreat', 'retreats', 'to', 'into']);
export const SUPPORT = new Set(['s', 'support', 'supports']);
export const CONVOY = new Set(['c', 'convoy', 'convoys']);
export const DISBAND = new Set(['d', 'disband', 'disbands', 'remove', 'removes']);
export const BUILD = new Set(['b', 'build', 'builds']);
/** Words that are never part of a province name: an unknown name stops before them. */
export const RESERVED = new Set([
  ...HOLD,
  ...MOVE,
  ...SUPPORT,
  ...CONVOY,
  ...DISBAND,
  ...BUILD,
  ...UNIT_TYPES.keys(),
  'via',
  'by',
  'waive',
]);

/** Coast words accepted without `/` or parentheses: "SPA NC". */
export const BARE_COASTS = new Set(['nc', 'sc', 'ec', 'wc']);

/** Quotes user text for a message, shortened when long. */
export function quote(text: string): string {
  return JSON.stringify(text.length > 60 ? `${text.slice(0, 57)}...` : text);
}

/** Internal control flow only: thrown inside a line parser and turned into an Issue before leaving the reader. */
export class Fail extends Error {
  readonly code: string;
  readonly column: number;
  readonly suggestions: string[];
  constructor(code: string, message: string, column: number, suggestions: string[] = []) {
    super(message);
    this.name = 'Fail';
    this.code = code;
    this.column = column;
    this.suggestions = suggestions;
  }
}

/** A position in the tokens of one line. */
export class Cursor {
  readonly text: string;
  readonly tokens: readonly Token[];
  pos: number;

  constructor(text: string, tokens: readonly Token[], pos: number) {
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
}
