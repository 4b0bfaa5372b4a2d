// The jDip test-case reader (src/formats/jdip.ts) on small inline texts: keywords, the quirks of godip's DATC
// file, and malformed lines, which give issues with line and column while the rest still loads.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readJdipCases, type JdipCase } from '../src/formats/jdip.js';
import { standardMap } from '../src/map/compile.js';

const map = standardMap();

function read(text: string): {
  cases: JdipCase[];
  issues: { code: string; line?: number; column?: number }[];
} {
  const r = readJdipCases(map, text, 'inline.txt');
  assert.ok(r.value, 'the reader always returns a value');
  return { cases: r.value, issues: r.issues };
}

function only(cases: JdipCase[], id: string): JdipCase {
  const found = cases.filter((c) => c.id === id);
  assert.equal(found.length, 1, `one case ${id}`);
  return found[0]!;
}

const ALL_KEYWORDS = `# header comment
VARIANT_ALL Standard

# a movement case
CASE 6.A.5 (Move to own sector with convoy)
PRESTATE_SETPHASE Spring 1901, Movement
PRESTATE
\tEngland: A lvp
\tEngland: F spa/nc     # coast kept
\tGermany: F lon
ORDERS
\tEngland: A lvp-yor
\tGermany: F lon-nth
POSTSTATE
\tEngland: A yor
\tEngland: F spa/nc
\tGermany: F nth
POSTSTATE_DISLODGED
\tFrance: A bre
END

CASE 6.H.1
PRESTATE_SETPHASE Spring 1901, Retreat
PRESTATE
\tItaly: A tri
PRESTATE_DISLODGED
\tAustria: F tri
PRESTATE_RESULTS
\tFAILURE: Austria: F tri H
\tSUCCESS: Italy: A tyr-tri
ORDERS
\tAustria: F tri-alb
POSTSTATE
\tItaly: A tri
\tAustria: F alb
END

CASE 6.I.1
PRESTATE_SETPHASE Fall 1901, Adjustment # note ADJUSTMENT phase
PRESTATE_SUPPLYCENTER_OWNERS
\tGermany: A kie
\tGermany: F mun
\tRussia: A war
PRESTATE
\tRussia: A war
ORDERS
\tGermany: Build A kie
\tGermany: Remove par
POSTSTATE
\tRussia: A war
\tGermany: A kie
END
`;

void test('all keywords of a file with three cases', () => {
  const { cases, issues } = read(ALL_KEYWORDS);
  assert.deepEqual(issues, []);
  assert.deepEqual(
    cases.map((c) => c.id),
    ['6.A.5', '6.H.1', '6.I.1'],
  );

  const m = only(cases, '6.A.5');
  assert.equal(m.title, '(Move to own sector with convoy)');
  assert.equal(m.line, 5);
  assert.equal(m.variant, 'Standard');
  assert.deepEqual(m.phase, { season: 'spring', year: 1901, type: 'movement' });
  assert.equal(m.phaseGiven, true);
  assert.deepEqual(m.unitsBefore, [
    { power: 'ENGLAND', type: 'A', location: 'LVP' },
    { power: 'ENGLAND', type: 'F', location: 'SPA/NC' },
    { power: 'GERMANY', type: 'F', location: 'LON' },
  ]);
  assert.equal(m.orders.length, 2);
  assert.deepEqual(m.orders[0], {
    power: 'ENGLAND',
    line: 12,
    order: { kind: 'move', unit: { type: 'A', location: 'LVP' }, to: 'YOR' },
  });
  assert.deepEqual(
    m.unitsAfter.map((u) => `${u.power} ${u.type} ${u.location}`),
    ['ENGLAND A YOR', 'ENGLAND F SPA/NC', 'GERMANY F NTH'],
  );
  assert.deepEqual(m.dislodgedAfter, [{ power: 'FRANCE', type: 'A', location: 'BRE' }]);
  assert.equal(m.postStateSame, false);
  assert.equal(m.supplyCenters, undefined);

  const r = only(cases, '6.H.1');
  assert.deepEqual(r.phase, { season: 'spring', year: 1901, type: 'retreat' });
  assert.deepEqual(r.dislodgedBefore, [{ power: 'AUSTRIA', type: 'F', location: 'TRI' }]);
  assert.equal(r.resultsBefore.length, 2);
  assert.equal(r.resultsBefore[0]?.success, false);
  assert.equal(r.resultsBefore[0]?.order.power, 'AUSTRIA');
  assert.equal(r.resultsBefore[0]?.order.order.kind, 'hold');
  assert.equal(r.resultsBefore[1]?.success, true);
  assert.deepEqual(r.resultsBefore[1]?.order.order, {
    kind: 'move',
    unit: { type: 'A', location: 'TYR' },
    to: 'TRI',
  });

  const a = only(cases, '6.I.1');
  // jDip writes the adjustment phase as Fall; it is the winter adjustment phase.
  assert.deepEqual(a.phase, { season: 'winter', year: 1901, type: 'adjustment' });
  assert.deepEqual(a.supplyCenters, { GERMANY: ['KIE', 'MUN'], RUSSIA: ['WAR'] });
  assert.deepEqual(
    a.orders.map((o) => o.order.kind),
    ['build', 'disband'],
  );
});

void test('quirks: no SETPHASE, optional colon, lower-case letters, godip names, POSTSTATE_SAME, odd ids', () => {
  const { cases, issues } = read(`VARIANT_ALL Standard
CASE 6.G.14.
PRESTATE
\tItaly F gol
\tFrance f mid
\tEngland: f nat
\tRussia: a swe
\tRussia: F nrg
ORDERS
\tItaly: F gol H
POSTSTATE_SAME
END
CASE 6.F.14
PRESTATE
\tEngland: F lon
ORDERS
POSTSTATE_SAME
END
CASE 6.F.14
PRESTATE
\tEngland: F wal
ORDERS
POSTSTATE
\tEngland: F wal
###\tTurkey: A gre\t\t# NO RETREATS: destroyed
END
`);
  assert.deepEqual(issues, []);
  assert.deepEqual(
    cases.map((c) => c.id),
    ['6.G.14.', '6.F.14', '6.F.14'],
  );
  const g = cases[0]!;
  assert.equal(g.phaseGiven, false);
  assert.deepEqual(g.phase, { season: 'spring', year: 1901, type: 'movement' });
  assert.deepEqual(
    g.unitsBefore.map((u) => `${u.power} ${u.type} ${u.location}`),
    ['ITALY F LYO', 'FRANCE F MAO', 'ENGLAND F NAO', 'RUSSIA A SWE', 'RUSSIA F NWG'],
  );
  assert.equal(g.postStateSame, true);
  assert.deepEqual(g.unitsAfter, g.unitsBefore);
  assert.notEqual(g.unitsAfter, g.unitsBefore);
  assert.deepEqual(g.dislodgedAfter, []);
  assert.equal(cases[1]?.orders.length, 0);
  assert.equal(cases[2]?.line, 19);
  assert.deepEqual(cases[2]?.dislodgedAfter, []);
});

void test('an order with a misspelt power is kept without a power, with an issue', () => {
  const { cases, issues } = read(`CASE 6.A.5
PRESTATE
\tGermany: A wal
ORDERS
\tGermnay: A wal SUPPORTS F lon-yor
POSTSTATE_SAME
END
`);
  assert.deepEqual(
    issues.map((i) => [i.code, i.line, i.column]),
    [['unknown-power', 5, 2]],
  );
  const order = cases[0]?.orders[0];
  assert.ok(order);
  assert.equal(order.power, undefined);
  assert.equal(order.line, 5);
  assert.equal(order.order.kind, 'support');
});

void test('malformed lines give issues with line and column; the rest still loads', () => {
  const text = [
    'VARIANT_ALL Standard', // 1
    'CASE 6.X.1', // 2
    'PRESTATE_SETPHASE Summer of love', // 3  bad-phase
    'PRESTATE', // 4
    '\tEngland: F lon', // 5
    '\tEngland: Q lon', // 6  bad-unit-line
    '\tEngland: A xyz', // 7  unknown-location
    '\tFreedonia: A par', // 8  unknown-power
    '\tEngland: A nth', // 9  army-at-sea
    '\tEngland: F mun', // 10 fleet-inland
    '\tFrance: F spa', // 11 coast-required
    '\tFrance: F bre/nc', // 12 bad-coast
    '\tFrance: A lon', // 13 two-units-in-province
    'PRESTATE_BOGUS', // 14 unknown-keyword
    'ORDERS', // 15
    '\tEngland: F lon frobnicate', // 16 parser issue
    '\tEngland: F lon-eng', // 17
    'POSTSTATE', // 18
    '\tEngland: F eng', // 19
    'END', // 20
    'England: F lon', // 21 outside-case
    'END', // 22 end-without-case
    'CASE 6.X.2', // 23
    'France: A par', // 24 missing-section
    'PRESTATE_RESULTS', // 25
    '\tMAYBE: France: A par H', // 26 bad-result-line
    'PRESTATE_SUPPLYCENTER_OWNERS', // 27
    '\tFrance: A bur', // 28 not-a-supply-center
    '\tFrance: A par', // 29
    '\tGermany: A par', // 30 duplicate-center
    'PRESTATE', // 31
    '\tFrance: A par', // 32
    'ORDERS', // 33
    '\tFrance: A par-bur', // 34
    'CASE 6.X.3', // 35 missing-end (of 6.X.2), missing-poststate (6.X.2)
    'POSTSTATE_SAME', // 36
    // 6.X.3 has no END: missing-end at its CASE line
  ].join('\n');
  const { cases, issues } = read(text);
  const got = issues.map((i) => `${i.line}:${i.column} ${i.code}`);
  const expected = [
    '3:19 bad-phase',
    '6:2 bad-unit-line',
    '7:13 unknown-location',
    '8:2 unknown-power',
    '9:13 army-at-sea',
    '10:13 fleet-inland',
    '11:12 coast-required',
    '12:12 bad-coast',
    '13:12 two-units-in-province',
    '14:1 unknown-keyword',
    '16:17 unknown-order-kind',
    '21:1 outside-case',
    '22:1 end-without-case',
    '24:1 missing-section',
    '26:2 bad-result-line',
    '28:12 not-a-supply-center',
    '30:13 duplicate-center',
    '35:1 missing-end',
    '23:1 missing-poststate',
    '35:1 missing-end',
  ];
  for (const e of expected) assert.ok(got.includes(e), `expected issue ${e}; got\n${got.join('\n')}`);
  assert.equal(got.length, expected.length, got.join('\n'));
  for (const i of issues) assert.equal((i as { source?: string }).source, 'inline.txt');

  assert.deepEqual(
    cases.map((c) => c.id),
    ['6.X.1', '6.X.2', '6.X.3'],
  );
  const [one, two, three] = cases;
  // The good lines of the broken case are there.
  assert.deepEqual(one?.phase, { season: 'spring', year: 1901, type: 'movement' });
  assert.equal(one?.phaseGiven, false);
  assert.deepEqual(
    one?.unitsBefore.map((u) => `${u.type} ${u.location}`),
    ['F LON'],
  );
  assert.equal(one?.orders.length, 1);
  assert.deepEqual(one?.unitsAfter, [{ power: 'ENGLAND', type: 'F', location: 'ENG' }]);
  assert.deepEqual(two?.supplyCenters, { FRANCE: ['PAR'] });
  assert.deepEqual(two?.unitsBefore, [{ power: 'FRANCE', type: 'A', location: 'PAR' }]);
  assert.equal(two?.orders.length, 1);
  assert.equal(three?.postStateSame, true);
});

void test('a wrong variant is reported, the cases still load; the reader never throws', () => {
  const { cases, issues } = read(
    'VARIANT_ALL Chaos\nCASE 1\nPRESTATE\n  England: F lon\nPOSTSTATE_SAME\nEND\n',
  );
  assert.deepEqual(
    issues.map((i) => [i.code, i.line, i.column]),
    [['unknown-variant', 1, 13]],
  );
  assert.equal(cases.length, 1);
  for (const junk of [
    '',
    '\n\n',
    'END',
    'CASE',
    '####',
    'ORDERS\n\tx',
    '\u0000\u00ff CASE x\nPRESTATE\n:::',
  ]) {
    const r = readJdipCases(map, junk);
    assert.ok(r.value);
  }
});
