/**
 * The Haplomacy resolver (src/adjudication/haplomacy/), deliberately not DATC-compliant: docs/haplomacy-vs-datc.md
 * must be what bench/haplomacy-report.ts generates now, every failing DATC case must be explained there, the
 * outcome must not depend on the order of units and orders, and on plain positions it must agree with the DATC
 * resolver in everything (results, dislodgements, retreats, standoffs).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compareAll, explanationProblems, haplomacyReport, REPORT_PATH } from '../bench/haplomacy-report.js';
import { adjudicateHaplomacy } from '../src/adjudication/haplomacy/adjudicate.js';
import { adjudicateMovement } from '../src/adjudication/movement/adjudicate.js';
import type { MovementResult } from '../src/adjudication/outcome.js';
import { readPositionText } from '../src/formats/position-text.js';
import { standardMap } from '../src/map/compile.js';
import { datcWords, loadDatcCases, prepareMovementCase, shuffled, unshuffle } from './datc-harness.js';

const map = standardMap();
const cases = compareAll();

/** The failing cases a report lists (its "### 6.X.N" headings), in DATC order. */
const listedCases = (text: string): string[] => {
  const index = new Map(cases.map((c, i) => [c.id, i]));
  return [...text.matchAll(/^### (6\.[A-Z]\.\d+) /gm)]
    .map((m) => m[1]!)
    .sort((a, b) => (index.get(a) ?? -1) - (index.get(b) ?? -1));
};

void test('docs/haplomacy-vs-datc.md is up to date (npm run haplomacy-report)', () => {
  const committed = readFileSync(REPORT_PATH, 'utf8');
  const generated = haplomacyReport();
  assert.deepEqual(
    listedCases(committed),
    listedCases(generated),
    'the failing cases changed: run npm run haplomacy-report',
  );
  assert.deepEqual(
    listedCases(generated),
    cases.filter((c) => !c.pass).map((c) => c.id),
  );
  assert.ok(committed === generated, 'the document is out of date: run npm run haplomacy-report');
});

void test('every DATC case Haplomacy gets wrong is explained, and only those', () => {
  assert.deepEqual(explanationProblems(cases), []);
  assert.equal(cases.length, 156);
  // The sections the procedural algorithm handles without a failure.
  for (const section of ['6.A', '6.B', '6.H'])
    assert.ok(
      cases.filter((c) => c.section === section).every((c) => c.pass),
      section,
    );
});

void test('Haplomacy does not depend on the order of units and orders', () => {
  for (const c of loadDatcCases()) {
    if (c.phase !== 'movement') continue;
    const prepared = prepareMovementCase(c);
    const words = (units: typeof prepared.position.units, orders: typeof prepared.orders): string[] => {
      const result = adjudicateHaplomacy(map, { ...prepared.position, units }, orders);
      assert.ok(result.value, c.id);
      return result.value.orders.map(datcWords);
    };
    const base = words(prepared.position.units, prepared.orders);
    for (let seed = 1; seed <= 3; seed++) {
      const units = shuffled(prepared.position.units, seed).items;
      const { items: orders, order } = shuffled(prepared.orders, seed * 7919);
      const again = words(units, orders);
      assert.deepEqual(unshuffle(again, order), base, `${c.id}: shuffle ${seed}`);
    }
  }
});

/** Positions on which the procedural algorithm must agree with the DATC in every respect. */
const AGREEING: { name: string; units: string; orders: string }[] = [
  {
    name: 'a bounce leaves a standoff',
    units: 'France: A Paris\n  Germany: A Munich',
    orders: 'France: A Paris - Burgundy\n  Germany: A Munich - Burgundy',
  },
  {
    name: 'a supported attack dislodges, and the unit may not retreat to where the attack came from',
    units: 'France: A Paris, A Marseilles\n  Germany: A Burgundy',
    orders:
      'France: A Paris - Burgundy\n  France: A Marseilles Supports A Paris - Burgundy\n  Germany: A Burgundy Holds',
  },
  {
    name: 'a cut support',
    units: 'France: A Paris, A Marseilles\n  Germany: A Burgundy\n  Italy: A Piedmont',
    orders:
      'France: A Paris - Burgundy\n  France: A Marseilles Supports A Paris - Burgundy\n  Germany: A Burgundy Holds\n' +
      '  Italy: A Piedmont - Marseilles',
  },
  {
    name: 'a support is not cut from the province it supports into',
    units: 'France: A Paris, A Marseilles\n  Germany: A Burgundy',
    orders:
      'France: A Paris - Burgundy\n  France: A Marseilles Supports A Paris - Burgundy\n' +
      '  Germany: A Burgundy - Marseilles',
  },
  {
    name: 'a supported hold stops a supported attack',
    units: 'France: A Burgundy, A Marseilles\n  Germany: A Munich, A Ruhr',
    orders:
      'France: A Burgundy Holds\n  France: A Marseilles Supports A Burgundy\n  Germany: A Munich - Burgundy\n' +
      '  Germany: A Ruhr Supports A Munich - Burgundy',
  },
  {
    name: 'a chain of moves into an empty province',
    units: 'France: A Paris\n  Germany: A Burgundy',
    orders: 'France: A Paris - Burgundy\n  Germany: A Burgundy - Munich',
  },
  {
    name: 'two units cannot swap places over land',
    units: 'Germany: A Berlin\n  Russia: A Prussia',
    orders: 'Germany: A Berlin - Prussia\n  Russia: A Prussia - Berlin',
  },
  {
    name: 'a supported head-to-head battle is won',
    units: 'Germany: A Berlin, A Silesia\n  Russia: A Prussia',
    orders:
      'Germany: A Berlin - Prussia\n  Germany: A Silesia Supports A Berlin - Prussia\n  Russia: A Prussia - Berlin',
  },
  {
    name: 'a circular movement of three powers',
    units: 'Turkey: F Ankara\n  Russia: A Constantinople\n  Austria: A Smyrna',
    orders:
      'Turkey: F Ankara - Constantinople\n  Russia: A Constantinople - Smyrna\n  Austria: A Smyrna - Ankara',
  },
  {
    name: 'a unit cannot dislodge a unit of its own power',
    units: 'France: A Paris, A Burgundy, A Marseilles',
    orders: 'France: A Paris - Burgundy\n  France: A Marseilles Supports A Paris - Burgundy',
  },
  {
    name: 'a dislodged supporter gives no support (rule 14)',
    units: 'Germany: A Berlin, A Silesia\n  Russia: A Prussia, A Warsaw, A Livonia',
    orders:
      'Germany: A Berlin Supports A Silesia - Prussia\n  Germany: A Silesia - Prussia\n' +
      '  Russia: A Prussia - Berlin\n  Russia: A Warsaw Supports A Prussia - Berlin\n  Russia: A Livonia Holds',
  },
  {
    name: 'a simple convoy',
    units: 'England: F North Sea, A London\n  France: A Belgium',
    orders:
      'England: F North Sea Convoys A London - Belgium\n  England: A London - Belgium\n  France: A Belgium - Holland',
  },
];

function summary(result: MovementResult): unknown {
  return {
    words: result.orders.map(datcWords),
    units: result.position.units.map((u) => `${u.power} ${u.type} ${u.location}`).sort(),
    dislodged: result.dislodged.map(
      (d) => `${d.power} ${d.type} ${d.location} from ${d.attackerFrom}: ${d.retreats.join(' ')}`,
    ),
    contested: result.contested,
  };
}

for (const sample of AGREEING) {
  void test(`Haplomacy agrees with the DATC: ${sample.name}`, () => {
    const text = `phase: Spring 1901 Movement\nunits:\n  ${sample.units}\norders:\n  ${sample.orders}\n`;
    const read = readPositionText(map, text);
    assert.ok(read.value && read.issues.length === 0, JSON.stringify(read.issues));
    const { position, orders } = read.value;
    const datc = adjudicateMovement(map, position, orders);
    const haplomacy = adjudicateHaplomacy(map, position, orders);
    assert.ok(datc.value && haplomacy.value);
    assert.deepEqual(summary(haplomacy.value), summary(datc.value));
  });
}

const root = fileURLToPath(new URL('../../', import.meta.url));
const cli = fileURLToPath(new URL('../src/cli/main.js', import.meta.url));

function dipkit(...args: string[]): { status: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [cli, ...args], { cwd: root, encoding: 'utf8' });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** DATC 6.C.1 in jDip's format: a circular movement of one power, which Haplomacy's rule 12 stops. */
const CIRCLE = `VARIANT_ALL Standard
CASE 6.C.1
PRESTATE_SETPHASE Spring 1901, Movement
PRESTATE
\tTurkey: F ank
\tTurkey: A con
\tTurkey: A smy
ORDERS
\tTurkey: F ank-con
\tTurkey: A con-smy
\tTurkey: A smy-ank
POSTSTATE
\tTurkey: F con
\tTurkey: A smy
\tTurkey: A ank
END
`;

void test('CLI: --resolver on adjudicate, datc and replay', (t) => {
  for (const command of ['adjudicate', 'datc', 'replay']) {
    const help = dipkit(command, '--help');
    assert.equal(help.status, 0);
    assert.match(help.stdout, /--resolver NAME/, command);
    assert.match(help.stdout, /haplomacy/, command);
  }
  // The paradox example: the DATC resolvers apply the Szykman rule, Haplomacy lets the convoyed army cut.
  const paradox = 'examples/paradox.txt';
  const plain = dipkit('adjudicate', paradox);
  assert.equal(plain.status, 0, plain.stderr);
  for (const resolver of ['partial-information', 'guess']) {
    const r = dipkit('adjudicate', paradox, '--resolver', resolver);
    assert.equal(r.status, 0, r.stderr);
    assert.equal(r.stdout, plain.stdout, resolver);
  }
  const haplomacy = dipkit('adjudicate', paradox, '--resolver', 'haplomacy', '--json');
  assert.equal(haplomacy.status, 0, haplomacy.stderr);
  const json = JSON.parse(haplomacy.stdout) as {
    orders: { text: string; resolution: string }[];
    trace: string[];
  };
  assert.ok(json.trace.length > 0);
  assert.equal(json.orders.find((o) => o.text === 'F LON S F WAL - ENG')?.resolution, 'cut');

  const game = 'examples/games/handwritten-1901.json';
  const replayed = dipkit('replay', game, '--resolver', 'haplomacy');
  assert.match(replayed.stdout, /\d+ passed, \d+ failed\n$/);

  const dir = mkdtempSync(join(tmpdir(), 'dipkit-haplomacy-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const circle = join(dir, 'circle.txt');
  writeFileSync(circle, CIRCLE);
  for (const resolver of [undefined, 'partial-information', 'guess']) {
    const r = dipkit('datc', circle, ...(resolver ? ['--resolver', resolver] : []));
    assert.equal(r.status, 0, r.stdout + r.stderr);
    assert.match(r.stdout, /^PASS 6\.C\.1$/m);
  }
  const failing = dipkit('datc', circle, '--resolver', 'haplomacy');
  assert.equal(failing.status, 1, failing.stderr);
  assert.match(failing.stdout, /^FAIL 6\.C\.1: /m);

  for (const command of ['adjudicate', 'datc', 'replay']) {
    const file = { adjudicate: paradox, datc: circle, replay: game }[command]!;
    const bad = dipkit(command, file, '--resolver', 'nonsense');
    assert.equal(bad.status, 2);
    assert.match(bad.stderr, /unknown resolver "nonsense"/);
  }
});
