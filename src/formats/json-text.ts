/**
 * JSON text read with issues instead of exceptions. `JSON.parse` does the work; when it fails, a small scanner
 * finds where and why (the engine's own messages name no position for some errors), so that a broken file is
 * reported as `file:line:col  not-json  message` like every other input error.
 */
import { issue, type Issue } from '../issues.js';

/** Thrown inside the scanner only. */
class Broken extends Error {
  readonly offset: number;
  constructor(message: string, offset: number) {
    super(message);
    this.offset = offset;
  }
}

const MAX_DEPTH = 5000;

/** The first syntax error of `text` as JSON (message and offset), or undefined when there is none. */
export function jsonSyntaxError(text: string): { message: string; offset: number } | undefined {
  let i = 0;
  const space = (): void => {
    while (i < text.length && ' \t\n\r'.includes(text.charAt(i))) i++;
  };
  const found = (): string => (i >= text.length ? 'the end of the file' : JSON.stringify(text.charAt(i)));
  const literal = (word: string): void => {
    if (text.startsWith(word, i)) i += word.length;
    else throw new Broken(`expected a value, found ${found()}`, i);
  };
  const string = (): void => {
    i++;
    for (;;) {
      if (i >= text.length) throw new Broken('a string is not closed with "', i);
      const c = text.charCodeAt(i);
      if (c === 34) break;
      if (c < 32) throw new Broken('a line break or control character inside a string', i);
      if (c === 92) {
        const e = text.charAt(i + 1);
        if (e === 'u') {
          if (!/^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6))) throw new Broken('bad \\u escape', i);
          i += 6;
          continue;
        }
        if (!'"\\/bfnrt'.includes(e) || e === '') throw new Broken(`bad escape "\\${e}" in a string`, i);
        i += 2;
        continue;
      }
      i++;
    }
    i++;
  };
  const number = (): void => {
    const m = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/.exec(text.slice(i, i + 400));
    if (!m || m[0] === '' || m[0] === '-') throw new Broken(`expected a value, found ${found()}`, i);
    i += m[0].length;
  };
  const value = (depth: number): void => {
    if (depth > MAX_DEPTH) throw new Broken('nested too deeply', i);
    space();
    const c = text.charAt(i);
    if (c === '{') return container('}', depth, true);
    if (c === '[') return container(']', depth, false);
    if (c === '"') return string();
    if (c === 't') return literal('true');
    if (c === 'f') return literal('false');
    if (c === 'n') return literal('null');
    if (c === '-' || (c >= '0' && c <= '9')) return number();
    throw new Broken(`expected a value, found ${found()}`, i);
  };
  const container = (close: string, depth: number, object: boolean): void => {
    i++;
    space();
    if (text.charAt(i) === close) {
      i++;
      return;
    }
    for (;;) {
      space();
      if (object) {
        if (text.charAt(i) !== '"') {
          const trailing = text.charAt(i) === close;
          throw new Broken(
            trailing
              ? `a comma before "${close}"`
              : `expected a property name in double quotes, found ${found()}`,
            i,
          );
        }
        string();
        space();
        if (text.charAt(i) !== ':')
          throw new Broken(`expected ":" after the property name, found ${found()}`, i);
        i++;
      } else if (text.charAt(i) === close) {
        throw new Broken(`a comma before "${close}"`, i);
      }
      value(depth + 1);
      space();
      const c = text.charAt(i);
      if (c === close) {
        i++;
        return;
      }
      if (c !== ',') throw new Broken(`expected "," or "${close}", found ${found()}`, i);
      i++;
    }
  };
  try {
    space();
    if (i >= text.length) return { message: 'the file is empty', offset: i };
    value(0);
    space();
    if (i < text.length) return { message: `text after the end of the JSON value: ${found()}`, offset: i };
    return undefined;
  } catch (e) {
    if (e instanceof Broken) return { message: e.message, offset: e.offset };
    throw e;
  }
}

/** JSON.parse that reports where the text is broken, as an issue (code not-json, with line and column). */
export function parseJson(text: string): { value: unknown } | { issue: Issue } {
  try {
    return { value: JSON.parse(text) as unknown };
  } catch (e) {
    const where = jsonSyntaxError(text);
    if (where === undefined) return { issue: issue('not-json', `not valid JSON: ${String(e)}`) };
    const before = text.slice(0, where.offset);
    const line = before.split('\n').length;
    const column = where.offset - before.lastIndexOf('\n');
    return { issue: issue('not-json', `not valid JSON: ${where.message}`, line, column) };
  }
}
