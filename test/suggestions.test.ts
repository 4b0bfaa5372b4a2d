// "Did you mean" in the order reader: an unknown province or power carries the nearest names, ranked. The
// expected names are the standard map's own spellings, chosen by hand for each typing slip.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseOrder, parseOrders, standardMap } from '../src/index.js';
import { didYouMean, nearestRanked } from '../src/nearest.js';
import { dipkit, tempDir } from './cli-run.js';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

const map = standardMap();

function only(text: string): { code: string; message: string; suggestions?: string[] } {
  const issues = parseOrders(map, text).issues;
  assert.equal(issues.length, 1, JSON.stringify(issues));
  return issues[0]!;
}

for (const [text, code, suggestions] of [
  ['A Burgandy - Paris', 'unknown-province', ['Burgundy']],
  ['A Paris - Burgandy', 'unknown-province', ['Burgundy']],
  ['F Edinburg - North Sea', 'unknown-province', ['Edinburgh']],
  ['F English Chanel - Belgium', 'unknown-province', ['English Channel']],
  ['Englnd: F London - North Sea', 'unknown-power', ['England']],
  ['A Mun S A Burgandy - Ruhr', 'unknown-province', ['Burgundy']],
] as const) {
  void test(`"${text}" suggests ${suggestions.join(', ')}`, () => {
    const issue = only(text);
    assert.equal(issue.code, code);
    assert.deepEqual(issue.suggestions, suggestions);
    assert.match(issue.message, new RegExp(`did you mean "${suggestions[0]}"\\?`));
  });
}

void test('several near names come best first, then alphabetically; a name near nothing gets none', () => {
  // "Brel" is one letter from BRE (Brest) and BEL (Belgium), two from no other name.
  assert.deepEqual(only('A Brel H').suggestions, ['Belgium', 'Brest']);
  assert.match(only('A Brel H').message, /did you mean "Belgium" or "Brest"\?/);
  const far = only('A Xyzzy - Paris');
  assert.equal(far.code, 'unknown-province');
  assert.equal(far.suggestions, undefined);
  assert.equal(far.message, 'unknown province "Xyzzy"');
  assert.equal(parseOrder(map, 'Narnia: A PAR - BUR').issues[0]?.suggestions, undefined);
});

void test('nearestRanked ranks by edit distance, keeps each name once, and stops at the limit', () => {
  const known = [
    { name: 'Burgundy', keys: ['Burgundy', 'BUR'] },
    { name: 'Bulgaria', keys: ['Bulgaria', 'BUL'] },
    { name: 'Budapest', keys: ['Budapest', 'BUD'] },
  ];
  assert.deepEqual(nearestRanked('bux', known), ['Budapest', 'Bulgaria', 'Burgundy']);
  assert.deepEqual(nearestRanked('bux', known, 2), ['Budapest', 'Bulgaria']);
  assert.deepEqual(nearestRanked('burgundi', known), ['Burgundy']);
  assert.equal(didYouMean([]), '');
  assert.equal(didYouMean(['A', 'B', 'C']), ' (did you mean "A", "B" or "C"?)');
});

void test('the CLI prints the suggestion and --json carries it', (t) => {
  const dir = tempDir(t);
  const file = join(dir, 'typo.txt');
  writeFileSync(file, 'units:\n  France: A Paris\norders:\n  France: A Paris - Burgandy\n');
  const r = dipkit('adjudicate', file);
  assert.match(r.stderr, /unknown-province {2}unknown province "Burgandy" \(did you mean "Burgundy"\?\)/);
  const json = JSON.parse(dipkit('adjudicate', file, '--json').stdout) as {
    issues: { suggestions?: string[] }[];
  };
  assert.deepEqual(json.issues[0]?.suggestions, ['Burgundy']);
});
