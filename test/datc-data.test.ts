// Checks the committed DATC v3.2 chapter 6 data (test/data/datc-v3.2.json, made by scripts/datc-html-to-json.mjs).
// The file is read from the source tree: tests run from dist/test/, two levels below the repository root.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';

interface DatcOrder {
  power: string;
  text: string;
  result: string;
}

interface DatcCase {
  id: string;
  section: string;
  title: string;
  description: string;
  notes: string;
  phase: 'movement' | 'adjustment';
  owns: ({ power: string; unit: string } | { power: string; center: string })[];
  orders: DatcOrder[];
  retreats: DatcOrder[];
  automatic: { power: string; text: string }[];
}

interface DatcData {
  source: string;
  sections: { id: string; title: string }[];
  cases: DatcCase[];
}

const data = JSON.parse(
  readFileSync(new URL('../../test/data/datc-v3.2.json', import.meta.url), 'utf8'),
) as DatcData;

const EXPECTED_COUNTS: Record<string, number> = {
  '6.A': 12,
  '6.B': 19,
  '6.C': 9,
  '6.D': 35,
  '6.E': 15,
  '6.F': 30,
  '6.G': 20,
  '6.H': 17,
  '6.I': 7,
  '6.J': 12,
};

const POWERS = new Set(['Austria', 'England', 'France', 'Germany', 'Italy', 'Russia', 'Turkey']);

void test('the data names its source and the license that allows copying chapter 6', () => {
  assert.match(data.source, /^DATC v3\.2 \(2025-08-30\) by Lucas B\. Kruijswijk, chapter 6/);
  assert.match(data.source, /The test cases of chapter 6 are allowed to be copied separately/);
});

void test('sections are 6.A to 6.J with titles', () => {
  assert.deepEqual(
    data.sections.map((s) => s.id),
    Object.keys(EXPECTED_COUNTS),
  );
  for (const s of data.sections) assert.ok(s.title.length > 0, `${s.id} has a title`);
  assert.equal(data.sections[0]?.title, 'BASIC CHECKS');
});

void test('176 cases, with the DATC v3.2 count per section', () => {
  assert.equal(data.cases.length, 176);
  const counts: Record<string, number> = {};
  for (const c of data.cases) counts[c.section] = (counts[c.section] ?? 0) + 1;
  assert.deepEqual(counts, EXPECTED_COUNTS);
});

void test('ids are unique, numbered 1..n in each section, in document order', () => {
  let previous = '';
  let n = 0;
  for (const c of data.cases) {
    assert.ok(c.id.startsWith(`${c.section}.`), `${c.id} is in ${c.section}`);
    if (c.section !== previous) {
      assert.ok(c.section > previous, `${c.section} comes after ${previous}`);
      previous = c.section;
      n = 0;
    }
    n += 1;
    assert.equal(c.id, `${c.section}.${n}`);
  }
});

void test('every case has a title, a phase and power names as written in the document', () => {
  for (const c of data.cases) {
    assert.ok(c.title.length > 0, `${c.id} has a title`);
    assert.ok(c.phase === 'movement' || c.phase === 'adjustment', `${c.id} phase`);
    for (const x of [...c.owns, ...c.orders, ...c.retreats, ...c.automatic]) {
      assert.ok(POWERS.has(x.power), `${c.id}: unknown power ${x.power}`);
    }
  }
});

void test('every movement case has at least one order; retreats only follow movement', () => {
  for (const c of data.cases) {
    if (c.phase === 'movement') assert.ok(c.orders.length > 0, `${c.id} has orders`);
    else assert.equal(c.retreats.length, 0, `${c.id} is an adjustment without retreats`);
  }
});

void test('every order has a non-empty text and result', () => {
  for (const c of data.cases) {
    for (const o of [...c.orders, ...c.retreats]) {
      assert.ok(o.text.trim().length > 0, `${c.id}: order text`);
      assert.ok(o.result.trim().length > 0, `${c.id}: result of "${o.text}"`);
      assert.equal(o.text, o.text.trim(), `${c.id}: "${o.text}" is trimmed`);
    }
  }
});

void test('results use the DATC resolution words (compared lower-case)', () => {
  const words = new Set([
    'succeeds',
    'fails',
    'illegal',
    'invalid',
    'given',
    'cut',
    'available',
    'disrupted',
  ]);
  const holds = new Set(['stands', 'dislodged', 'destroyed']);
  for (const c of data.cases) {
    for (const o of [...c.orders, ...c.retreats]) {
      const r = o.result.toLowerCase();
      const [first, tag, ...rest] = r.split(', ');
      const ok =
        rest.length === 0 &&
        first !== undefined &&
        (tag === undefined
          ? words.has(first) || holds.has(first)
          : words.has(first) && (tag === 'dislodged' || tag === 'destroyed'));
      assert.ok(ok, `${c.id}: unexpected result "${o.result}" for "${o.text}"`);
    }
  }
});

void test('sample cases match the document', () => {
  const byId = new Map(data.cases.map((c) => [c.id, c]));
  const get = (id: string): DatcCase => {
    const c = byId.get(id);
    assert.ok(c, `${id} exists`);
    return c;
  };

  const a6 = get('6.A.6');
  assert.deepEqual(a6.owns, [{ power: 'England', unit: 'F London' }]);
  assert.deepEqual(a6.orders, [{ power: 'Germany', text: 'F London - North Sea', result: 'illegal' }]);

  // 6.C.8 writes the Austrian heading without a colon.
  assert.deepEqual(get('6.C.8').orders.at(-1), {
    power: 'Austria',
    text: 'A Serbia - Bulgaria',
    result: 'fails',
  });
  // 6.D.1 writes "Given" with a capital, kept as written.
  assert.equal(get('6.D.1').orders[0]?.result, 'Given');

  const f7 = get('6.F.7');
  assert.equal(f7.orders.length, 4);
  assert.deepEqual(f7.retreats, [{ power: 'England', text: 'F North Sea - Holland', result: 'succeeds' }]);

  const b14 = get('6.B.14');
  assert.equal(b14.phase, 'adjustment');
  assert.deepEqual(b14.owns, [{ power: 'Russia', center: 'St Petersburg' }]);

  const j2 = get('6.J.2');
  assert.deepEqual(j2.automatic, [{ power: 'France', text: 'Automatic disband F English Channel' }]);
  const j3 = get('6.J.3');
  assert.deepEqual(j3.orders, []);
  assert.deepEqual(j3.automatic, [{ power: 'Russia', text: 'Automatic disband A Prussia' }]);
});
