/**
 * The DATC comparison can fail: every expected word of test/data/datc-v3.2.json, changed in memory to any other
 * word the document uses, makes its case fail, either because the comparison reports the order or because an
 * erratum no longer finds the document's word. Likewise for the retreat words and the civil-disorder removals.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { applyErrata, type DatcCase } from '../src/datc/cases.js';
import { caseDifferences, prepareCase, unitIdentity } from '../src/datc/run.js';
import { standardMap } from '../src/map/compile.js';
import { splitCoast } from '../src/map/query.js';
import {
  alternativeProblems,
  loadAlternatives,
  loadDatcCases,
  loadDocumentCases,
  loadErrata,
  runCase,
  type Alternative,
  type Outcome,
} from './datc-harness.js';

const map = standardMap();
const documentCases = loadDocumentCases();
const errata = loadErrata();
const words = [
  ...new Set(documentCases.flatMap((c) => [...c.orders, ...c.retreats].map((o) => o.result.toLowerCase()))),
].sort();

/** Whether the DATC test fails on `mutated` (the document's data with one change): errata then comparison. */
function fails(mutated: DatcCase, run: ReturnType<typeof runCase>): boolean {
  const applied = applyErrata([mutated], errata);
  if (applied.issues.length > 0) return true;
  const c = applied.value![0]!;
  return caseDifferences(c, prepareCase(map, c), run).length > 0;
}

void test('the document uses these resolution words', () => {
  // Sanity of the mutation set: every word and tag combination the cases use, at least the basic ones.
  for (const w of ['succeeds', 'fails', 'illegal', 'given', 'cut', 'stands', 'dislodged', 'destroyed'])
    assert.ok(words.includes(w), w);
});

void test('changing any expected word of any DATC case makes that case fail', (t) => {
  let mutations = 0;
  const survivors: string[] = [];
  for (const original of documentCases) {
    const [c] = applyErrata([original], errata).value!;
    const run = runCase(prepareCase(map, c!));
    for (const list of ['orders', 'retreats'] as const) {
      original[list].forEach((line, i) => {
        for (const word of words) {
          if (word === line.result.toLowerCase()) continue;
          const mutated: DatcCase = {
            ...original,
            [list]: original[list].map((o, j) => (j === i ? { ...o, result: word } : o)),
          };
          mutations++;
          if (!fails(mutated, run))
            survivors.push(`${original.id} ${line.text}: "${line.result}" -> "${word}"`);
        }
      });
    }
  }
  assert.deepEqual(survivors, []);
  assert.ok(mutations > 10000, `${mutations} mutations`);
  t.diagnostic(`DATC words: ${mutations} changes, each fails`);
});

void test('changing a civil-disorder removal of any DATC case makes that case fail', () => {
  let mutations = 0;
  for (const c of documentCases.filter((d) => d.automatic.length > 0)) {
    const prepared = prepareCase(map, c);
    const run = runCase(prepared);
    const others = prepared.position.units.filter((u) => !prepared.automatic!.includes(unitIdentity(map, u)));
    c.automatic.forEach((removal, i) => {
      // Another unit of the same power, and the same unit under another power.
      // Any other unit, and the same unit under another power.
      const candidates = [
        ...others.map((u) => ({ power: u.power, text: `Automatic disband ${u.type} ${u.location}` })),
        { power: removal.power === 'Italy' ? 'Austria' : 'Italy', text: removal.text },
      ];
      for (const candidate of candidates) {
        mutations++;
        const mutated = { ...c, automatic: c.automatic.map((a, j) => (j === i ? candidate : a)) };
        assert.ok(fails(mutated, run), `${c.id}: ${removal.text} -> ${candidate.power} ${candidate.text}`);
      }
    });
  }
  assert.ok(mutations > 0);
});

/**
 * Every expectation of test/data/datc-alternatives.json, changed in memory, must make its entry fail: a word to
 * any other word, a removal to another unit, a unit that stays into one that moved, a mover into one that stays
 * or that ends elsewhere.
 */
void test('changing any expectation of the alternative-rule outcomes makes that entry fail', (t) => {
  const alternatives = loadAlternatives();
  const cases = new Map(loadDatcCases().map((c) => [c.id, c]));
  const survivors: string[] = [];
  let mutations = 0;
  const check = (alt: Alternative, what: string): void => {
    mutations++;
    if (alternativeProblems(alt, cases, errata).length === 0)
      survivors.push(`${alt.case} ${alt.rules.join(' ')}: ${what}`);
  };
  const provinces = ['Picardy', 'Moscow', 'Tyrrhenian Sea'];
  for (const alt of alternatives) {
    // Mutations of the outcome that is checked: the entry's own, or its fallback's.
    const at = (outcome: Outcome): Alternative =>
      alt.fallback ? { ...alt, fallback: { ...alt.fallback, ...outcome } } : { ...alt, ...outcome };
    const outcome: Outcome = alt.fallback ?? alt;
    for (const field of ['expect', 'retreats'] as const) {
      for (const [text, word] of Object.entries(outcome[field] ?? {})) {
        for (const other of words.filter((w) => w !== word))
          check(at({ [field]: { ...outcome[field], [text]: other } }), `${text} "${word}" -> "${other}"`);
      }
    }
    const c = cases.get(alt.case)!;
    const units = prepareCase(map, c).position.units;
    (outcome.automatic ?? []).forEach((removal, i) => {
      const province = splitCoast(map, removal.replace(/^Automatic disband [AF] /, '')).province;
      for (const u of units.filter((x) => splitCoast(map, x.location).province !== province)) {
        const automatic = outcome.automatic!.map((a, j) =>
          j === i ? `Automatic disband ${u.type} ${u.location}` : a,
        );
        check(at({ automatic }), `removal ${removal} -> ${u.type} ${u.location}`);
      }
    });
    const after = outcome.positionAfter;
    if (!after) continue;
    after.stays.forEach((unit, i) => {
      const stays = after.stays.filter((_, j) => j !== i);
      const to = provinces.find((p) => !unit.includes(p))!;
      check(
        at({ positionAfter: { stays, moves: { ...after.moves, [unit]: to } } }),
        `${unit} stays -> moves to ${to}`,
      );
    });
    for (const [unit, to] of Object.entries(after.moves)) {
      const rest = Object.fromEntries(Object.entries(after.moves).filter(([u]) => u !== unit));
      check(at({ positionAfter: { stays: [...after.stays, unit], moves: rest } }), `${unit} moves -> stays`);
      for (const other of provinces.filter((p) => p !== to))
        check(
          at({ positionAfter: { stays: after.stays, moves: { ...rest, [unit]: other } } }),
          `${unit} -> ${other}`,
        );
    }
  }
  assert.deepEqual(survivors, []);
  assert.ok(mutations > 1000, `${mutations} mutations`);
  t.diagnostic(`alternatives: ${mutations} changes, each fails`);
});
