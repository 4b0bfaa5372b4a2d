// The built CLI, run as a user runs it: `node dist/src/cli/main.js ...`. Tests run compiled from dist/test/.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { dipkit, NO_STACK, tempDir } from './cli-run.js';

const opening = fileURLToPath(new URL('../../examples/opening.txt', import.meta.url));

void test('adjudicate examples/opening.txt prints every order with its result', () => {
  const r = dipkit('adjudicate', opening);
  assert.equal(r.status, 0, r.stderr);
  assert.equal(r.stderr, '');
  const orderLines = r.stdout
    .split('\n')
    .filter((l) => /^(ENGLAND|FRANCE|GERMANY|ITALY|AUSTRIA|RUSSIA|TURKEY) /.test(l));
  assert.equal(orderLines.length, 22, r.stdout);
  for (const line of orderLines) {
    assert.match(
      line,
      /\s(succeeds|fails|stands|given|cut|available|disrupted|illegal|invalid)(\s+\(.+\))?$/,
      line,
    );
  }
  assert.match(r.stdout, /^ENGLAND\s+F LON - ENG\s+succeeds\s+\(moved: attack strength 1\)$/m);
  assert.match(r.stdout, /^AUSTRIA\s+A VIE - GAL\s+fails\s+\(bounced/m);
  assert.match(r.stdout, /^Contested \(no retreat there\): BLA, GAL$/m);
  // Nobody is dislodged: the phase that follows is the Fall movement, not an empty retreat phase.
  assert.match(r.stdout, /^Next phase: Fall 1901 Movement /m);
  assert.match(r.stdout, /^phase: Fall 1901 Movement$/m);
});

void test('adjudicate --json gives the result as JSON with one outcome per order', () => {
  const r = dipkit('adjudicate', opening, '--json');
  assert.equal(r.status, 0, r.stderr);
  const json = JSON.parse(r.stdout) as {
    orders: { text: string; resolution: string; given: { power?: string } }[];
    units: unknown[];
    dislodged: unknown[];
    contested: string[];
    position: { units: unknown[]; phase: { type: string } };
  };
  assert.equal(json.orders.length, 22);
  assert.equal(json.orders[0]?.text, 'F LON - ENG');
  assert.equal(json.orders[0]?.given.power, 'ENGLAND');
  for (const o of json.orders) assert.equal(typeof o.resolution, 'string');
  assert.equal(json.units.length, 22);
  assert.deepEqual(json.contested, ['BLA', 'GAL']);
  assert.equal(json.position.phase.type, 'retreat');
});

void test('a broken position file: exit 2, file:line:col messages, no stack trace', (t) => {
  const dir = tempDir(t);
  const file = join(dir, 'broken.txt');
  writeFileSync(
    file,
    'phase: Spring 1901 Movement\nunits:\n  England: F London, A North Sea\n  Frnace: A Paris\norders:\n  England: F LON - ENG\n',
  );
  const r = dipkit('adjudicate', file);
  assert.equal(r.status, 2);
  assert.equal(r.stdout, '');
  assert.ok(r.stderr.includes(`${file}:3:22  army-at-sea  `), r.stderr);
  assert.ok(r.stderr.includes(`${file}:4:3  unknown-power  `), r.stderr);
  assert.doesNotMatch(r.stderr, NO_STACK);
});

void test('a bad order line is a warning: the rest is adjudicated and the unit holds', (t) => {
  const dir = tempDir(t);
  const file = join(dir, 'orders.txt');
  writeFileSync(
    file,
    'phase: S1901M\nunits:\n  England: F LON, A YOR\norders:\n  England: F LON - ENG\n  England: A YOR frobnicate\n',
  );
  const r = dipkit('adjudicate', file);
  assert.equal(r.status, 0, r.stderr);
  assert.match(r.stderr, new RegExp(`^${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:6:\\d+  \\S+  `, 'm'));
  assert.match(r.stdout, /^ENGLAND\s+F LON - ENG\s+succeeds/m);
  assert.match(r.stdout, /^No order \(holds\): ENGLAND A YOR$/m);
});

void test('adjudicate on a missing file or without FILE: exit 2 and one line, no stack trace', () => {
  const missing = dipkit('adjudicate', join(tmpdir(), 'dipkit-no-such-file.txt'));
  assert.equal(missing.status, 2);
  assert.match(missing.stderr, /read-error/);
  assert.doesNotMatch(missing.stderr, NO_STACK);
  assert.equal(dipkit('adjudicate').status, 2);
});

const JDIP = `VARIANT_ALL Standard
# passes: the army moves
CASE T.1
PRESTATE_SETPHASE Spring 1901, Movement
PRESTATE
\tEngland: A lvp
ORDERS
\tEngland: A lvp-yor
POSTSTATE
\tEngland: A yor
END

# fails: the expected position is wrong on purpose
CASE T.2
PRESTATE_SETPHASE Spring 1901, Movement
PRESTATE
\tEngland: F nth
\tFrance: A yor
ORDERS
\tEngland: F nth-yor
POSTSTATE
\tEngland: F yor
POSTSTATE_DISLODGED
\tFrance: A yor
END

# a retreat case: F tri retreats to Albania
CASE T.3
PRESTATE_SETPHASE Spring 1901, Retreat
PRESTATE
\tItaly: A tri
PRESTATE_DISLODGED
\tAustria: F tri
PRESTATE_RESULTS
\tSUCCESS: Italy: A tyr-tri
ORDERS
\tAustria: F tri-alb
POSTSTATE
\tItaly: A tri
\tAustria: F alb
END

# a case of another variant: skipped
VARIANT_ALL Chaos
CASE T.4
PRESTATE
\tEngland: A lvp
ORDERS
POSTSTATE_SAME
END
`;

void test('datc: PASS, FAIL and SKIP lines and the counts; exit 1 when a case fails', (t) => {
  const dir = tempDir(t);
  const file = join(dir, 'tiny.txt');
  writeFileSync(file, JDIP);
  const r = dipkit('datc', file);
  assert.equal(r.status, 1, r.stderr);
  assert.deepEqual(r.stdout.trimEnd().split('\n'), [
    'PASS T.1',
    'FAIL T.2: missing ENGLAND F YOR; unexpected ENGLAND F NTH; unexpected FRANCE A YOR; dislodged missing FRANCE A YOR',
    'PASS T.3',
    'SKIP T.4: variant "Chaos" not supported (only Standard)',
    '2 passed, 1 failed, 1 skipped',
  ]);
  // The reader's warning about the variant goes to stderr, as file:line:col.
  assert.ok(r.stderr.includes(`${file}:44:13  unknown-variant  `), r.stderr);
});

void test('datc: a failing case listed in --deviations is a DEVIATION, counted as skipped; --json', (t) => {
  const dir = tempDir(t);
  const file = join(dir, 'tiny.txt');
  writeFileSync(file, JDIP);
  const deviations = join(dir, 'deviations.json');
  writeFileSync(
    deviations,
    JSON.stringify({ 'T.1': 'listed but passes', 'T.2': 'the file expects a dislodgement' }),
  );
  const r = dipkit('datc', '--deviations', deviations, file);
  assert.equal(r.status, 0, r.stderr);
  const lines = r.stdout.trimEnd().split('\n');
  assert.equal(lines[0], 'PASS T.1');
  assert.equal(
    lines[1],
    'DEVIATION T.2: the file expects a dislodgement (missing ENGLAND F YOR; unexpected ENGLAND F NTH; unexpected FRANCE A YOR; dislodged missing FRANCE A YOR)',
  );
  assert.equal(lines.at(-1), '2 passed, 0 failed, 2 skipped');

  const j = dipkit('datc', '--json', '--deviations', deviations, file);
  assert.equal(j.status, 0, j.stderr);
  const report = JSON.parse(j.stdout) as {
    passed: number;
    failed: number;
    skipped: number;
    cases: { status: string }[];
  };
  assert.deepEqual([report.passed, report.failed, report.skipped], [2, 0, 2]);
  assert.deepEqual(
    report.cases.map((c) => c.status),
    ['pass', 'deviation', 'pass', 'skip'],
  );
});

void test('datc: a "prefix*" key matches by prefix; a "#" key is a note that masks nothing', (t) => {
  const dir = tempDir(t);
  const file = join(dir, 'tiny.txt');
  writeFileSync(file, JDIP);
  const wildcard = join(dir, 'wildcard.json');
  writeFileSync(wildcard, JSON.stringify({ 'T.*': 'every T case' }));
  const w = dipkit('datc', '--deviations', wildcard, file);
  assert.equal(w.status, 0, w.stderr);
  assert.match(w.stdout, /^DEVIATION T\.2: every T case \(/m);
  const note = join(dir, 'note.json');
  writeFileSync(note, JSON.stringify({ '#T.*': 'only a note', '#': 1 }));
  const n = dipkit('datc', '--deviations', note, file);
  assert.equal(n.status, 1, n.stderr);
  assert.match(n.stdout, /^FAIL T\.2: /m);
});

void test('datc: bad input gives exit 2', (t) => {
  const dir = tempDir(t);
  const bad = join(dir, 'bad.json');
  writeFileSync(bad, '[1, 2]');
  const file = join(dir, 'tiny.txt');
  writeFileSync(file, JDIP);
  for (const args of [
    ['datc', join(dir, 'missing.txt')],
    ['datc', '--deviations', bad, file],
  ]) {
    const r = dipkit(...args);
    assert.equal(r.status, 2, args.join(' '));
    assert.doesNotMatch(r.stderr, NO_STACK);
  }
});

void test('datc with no FILE runs the bundled DATC v3.2 cases: 176 passed, 0 failed; the same file by name', () => {
  for (const args of [['datc'], ['datc', 'test/data/datc-v3.2.json']]) {
    const r = dipkit(...args);
    assert.equal(r.status, 0, r.stderr);
    assert.equal(r.stderr, '');
    const lines = r.stdout.trimEnd().split('\n');
    assert.equal(lines.filter((l) => l.startsWith('PASS 6.')).length, 176);
    assert.equal(lines.at(-1), '176 passed, 0 failed');
    assert.match(
      lines.at(-2)!,
      /^\d+ expected words corrected by the errata in test\/data\/datc-errata\.json$/,
    );
  }
});

void test('datc on a DATC JSON file: words compared exactly, owners and all; SKIP with its reason', (t) => {
  const dir = tempDir(t);
  const file = join(dir, 'cases.json');
  const line = (power: string, text: string, result: string) => ({ power, text, result });
  const base = { section: 'T', title: 't', phase: 'movement', owns: [], retreats: [], automatic: [] };
  writeFileSync(
    file,
    JSON.stringify({
      cases: [
        { ...base, id: 'T.1', orders: [line('England', 'F North Sea - Picardy', 'illegal')] },
        // A bounce the file calls illegal: must fail.
        {
          ...base,
          id: 'T.2',
          orders: [
            line('Germany', 'A Berlin - Silesia', 'illegal'),
            line('Russia', 'A Warsaw - Silesia', 'fails'),
          ],
        },
        { ...base, id: 'T.3', orders: [line('Atlantis', 'A Berlin Holds', 'stands')] },
      ],
    }),
  );
  const r = dipkit('datc', file);
  assert.equal(r.status, 1, r.stderr);
  assert.deepEqual(r.stdout.trimEnd().split('\n'), [
    'PASS T.1',
    'FAIL T.2: A Berlin - Silesia: "illegal" expected, "fails" given',
    'SKIP T.3: unknown power "Atlantis"',
    '1 passed, 1 failed, 1 skipped',
  ]);
});

void test('datc refuses a file with no case: exit 2, one line saying why', (t) => {
  const dir = tempDir(t);
  for (const [name, text] of [
    ['empty.txt', ''],
    ['garbage.txt', 'lorem ipsum\n'.repeat(100)],
    ['object.json', '{}'],
    ['no-cases.json', '{"cases": []}'],
  ] as const) {
    const file = join(dir, name);
    writeFileSync(file, text);
    const r = dipkit('datc', file);
    assert.equal(r.status, 2, name);
    assert.equal(r.stdout, '', name);
    const lines = r.stderr.trimEnd().split('\n');
    assert.equal(lines.length, 1, `${name}: ${r.stderr}`);
    assert.ok(lines[0]!.startsWith(`${file}  no-cases  `), lines[0]);
  }
});

void test('datc caps repeated warnings per code; --json carries every one of them', (t) => {
  const dir = tempDir(t);
  const file = join(dir, 'noisy.txt');
  writeFileSync(file, 'stray line\n'.repeat(12) + JDIP.split('\n').slice(0, 11).join('\n') + '\n');
  const r = dipkit('datc', file);
  assert.equal(r.status, 0, r.stderr);
  const warnings = r.stderr.trimEnd().split('\n');
  assert.equal(warnings.length, 6, r.stderr);
  assert.equal(warnings.at(-1), '... and 7 more outside-case warnings');
  assert.deepEqual(r.stdout.trimEnd().split('\n'), ['PASS T.1', '1 passed, 0 failed']);
  const j = dipkit('datc', '--json', file);
  assert.equal(j.stderr, '');
  const report = JSON.parse(j.stdout) as { issues: { code: string; line: number }[] };
  assert.equal(report.issues.filter((i) => i.code === 'outside-case').length, 12);
  assert.equal(report.issues[0]!.line, 1);
});

void test('unknown command or option: exit 2 with a message on stderr; --help: exit 0', () => {
  const unknown = dipkit('frobnicate');
  assert.equal(unknown.status, 2);
  assert.match(unknown.stderr, /unknown command "frobnicate"/);
  assert.equal(unknown.stdout, '');
  const option = dipkit('datc', '--frobnicate');
  assert.equal(option.status, 2);
  assert.match(option.stderr, /frobnicate/);
  assert.doesNotMatch(option.stderr, NO_STACK);
  assert.equal(dipkit().status, 2);
  for (const args of [['--help'], ['datc', '--help'], ['adjudicate', '--help'], ['help', 'datc']]) {
    const r = dipkit(...args);
    assert.equal(r.status, 0, args.join(' '));
    assert.match(r.stdout, /^Usage: dipkit/);
  }
});
