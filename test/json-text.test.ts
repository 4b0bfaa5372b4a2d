/**
 * The JSON syntax locator (src/formats/json-text.ts): it agrees with JSON.parse on what is JSON, and says where a
 * broken file breaks, with line and column.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { jsonSyntaxError, parseJson } from '../src/formats/json-text.js';

const validJson = (text: string): boolean => {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
};

void test('broken JSON: line, column and what is wrong', () => {
  const table: [string, number, number, RegExp][] = [
    ['{"a":}', 1, 6, /expected a value, found "}"/],
    ['{\n  "a": 1,\n}', 3, 1, /a comma before "}"/],
    ['[1,2,,3]', 1, 6, /expected a value/],
    ['[1, 2,]', 1, 7, /a comma before "]"/],
    ['{"a": tru}', 1, 7, /expected a value/],
    ['{"a": "x\n"}', 1, 9, /line break/],
    ['{"a": 1', 1, 8, /expected "," or "}", found the end of the file/],
    ['{"a" 1}', 1, 6, /expected ":"/],
    ["{'a': 1}", 1, 2, /property name in double quotes/],
    ['{"a": 1} x', 1, 10, /text after the end/],
    ['', 1, 1, /empty/],
    ['\n\n  ', 3, 3, /empty/],
  ];
  for (const [text, line, column, message] of table) {
    const r = parseJson(text);
    assert.ok('issue' in r, text);
    assert.deepEqual([r.issue.code, r.issue.line, r.issue.column], ['not-json', line, column], text);
    assert.match(r.issue.message, message, text);
  }
});

void test('the locator agrees with JSON.parse on random near-JSON text', () => {
  const pieces = fc.constantFrom(
    '{',
    '}',
    '[',
    ']',
    ',',
    ':',
    '"a"',
    '"',
    '1',
    '-',
    '0.5',
    'true',
    'nul',
    ' ',
    '\n',
    '\\',
  );
  fc.assert(
    fc.property(fc.array(pieces, { maxLength: 14 }), fc.json(), (parts, json) => {
      for (const text of [parts.join(''), json, json.slice(0, -1)]) {
        assert.equal(jsonSyntaxError(text) === undefined, validJson(text), JSON.stringify(text));
      }
    }),
    { seed: 17, numRuns: 3000 },
  );
});
