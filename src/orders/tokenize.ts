/**
 * The tokenizer of the order reader: one line of order text to words and the punctuation `- -> => ( ) / : ;`.
 * Words keep letters, digits, `_`, apostrophes and dots ("St."); their key is lower case without dots. Every token
 * knows its columns, so that every issue can say where it is.
 */

export type TokenKind = 'word' | 'dash' | 'arrow' | 'open' | 'close' | 'slash' | 'colon' | 'other';

export interface Token {
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
/**
 * Splits one line into tokens. `#` and `//` start a comment that runs to the end of the line (or to the next
 * newline, when a caller passes several lines as one order).
 */
export function tokenize(text: string): Token[] {
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
