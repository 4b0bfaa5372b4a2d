/**
 * The command line from a new user's side: notes in orders, English notation, --json carrying the
 * issues, dipkit's own one-line errors, text output that chains into the next phase, and runs that check nothing.
 * Each test runs the built CLI in a child process.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { dipkit, NO_STACK, tempDir } from './cli-run.js';

interface Outcome {
  text: string;
  resolution: string;
  given: { power?: string };
}
interface IssueJson {
  code: string;
  message: string;
  line?: number;
  column?: number;
  source?: string;
}

function file(dir: string, name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

/** The issue's position: an English army in Picardy, a French fleet convoying it to Belgium, A BEL - PIC. */
const SWAP = (move: string): string =>
  `units:\n  England: A Picardy\n  France: F English Channel, A Belgium\norders:\n  England: ${move}\n  France: F Eng C A Pic - Bel\n  France: A Bel - Pic\n`;

void test('"(via convoy)" and "(by convoy)" mean via convoy: the armies swap, as with "via convoy"', (t) => {
  const dir = tempDir(t);
  for (const move of ['A Pic - Bel via convoy', 'A Pic - Bel (via convoy)', 'A Pic - Bel (by convoy)']) {
    const r = dipkit('adjudicate', file(dir, 'swap.txt', SWAP(move)), '--json');
    assert.equal(r.status, 0, r.stderr);
    const json = JSON.parse(r.stdout) as { orders: Outcome[]; issues: IssueJson[] };
    assert.deepEqual(
      json.orders.map((o) => [o.text, o.resolution]),
      [
        ['A PIC - BEL VIA', 'succeeds'],
        ['F ENG C A PIC - BEL', 'available'],
        ['A BEL - PIC', 'succeeds'],
      ],
      move,
    );
    assert.deepEqual(json.issues, []);
  }
});

void test('an unknown coast or note is an issue with line and column, never a coast; the unit holds', (t) => {
  const dir = tempDir(t);
  const cases: [string, string, number][] = [
    ['A Pic - Bel (cut)', 'unknown-note', 24],
    ['A Pic - Bel/xx', 'unknown-coast', 24],
    ['A Pic - Bel(xx)', 'unknown-note', 23],
  ];
  for (const [move, code, column] of cases) {
    const path = file(dir, 'bad.txt', SWAP(move));
    const r = dipkit('adjudicate', path, '--json');
    assert.equal(r.status, 0, r.stderr);
    const json = JSON.parse(r.stdout) as { orders: Outcome[]; issues: IssueJson[] };
    assert.deepEqual(
      json.issues.map((i) => [i.code, i.line, i.column, i.source]),
      [[code, 5, column, path]],
      move,
    );
    assert.ok(r.stderr.includes(`${path}:5:${column}  ${code}  `), r.stderr);
    // The English order is left out: the French army bounces off the army that holds.
    assert.deepEqual(
      json.orders.map((o) => [o.text, o.resolution]),
      [
        ['F ENG C A PIC - BEL', 'invalid'],
        ['A BEL - PIC', 'fails'],
      ],
      move,
    );
  }
});

void test('English notation: "to", "supports ... to", "convoys ... to", ";" and "Fall 1901"', (t) => {
  const dir = tempDir(t);
  const path = file(
    dir,
    'english.txt',
    'phase: Fall 1901\nunits:\n  England: A London, F North Sea\n  France: A Paris, A Munich\norders:\n' +
      '  England: A Lon to Nwy;\n  England: F Nth convoys A Lon to Nwy;\n  France: A Par to Bur\n' +
      '  France: A Mun supports A Par to Bur\n',
  );
  const r = dipkit('adjudicate', path, '--json');
  assert.equal(r.status, 0, r.stderr);
  const json = JSON.parse(r.stdout) as { orders: Outcome[]; issues: IssueJson[]; next: { phase: string } };
  assert.deepEqual(json.issues, []);
  assert.deepEqual(
    json.orders.map((o) => [o.text, o.resolution]),
    [
      ['A LON - NWY', 'succeeds'],
      ['F NTH C A LON - NWY', 'available'],
      ['A PAR - BUR', 'succeeds'],
      ['A MUN S A PAR - BUR', 'given'],
    ],
  );
  // Fall 1901 without supply centres given: nobody owned anything; each power now owns the centres it stands
  // on (NWY, MUN), one unit too many for France's one centre (MUN) and for England's (NWY): adjustments.
  assert.equal(json.next.phase, 'Winter 1901 Adjustment');
  const vague = dipkit(
    'adjudicate',
    file(dir, 'vague.txt', 'units:\n  France: A Paris\norders:\n  France: A Par Bur\n'),
  );
  assert.match(vague.stderr, /:4:17 {2}missing-order-kind {2}.*write a move as "A PAR - BUR"/);
});

void test('the text output ends with the phase that follows, as a position file that adjudicates in turn', (t) => {
  const dir = tempDir(t);
  const spring = file(
    dir,
    'spring.txt',
    'phase: S1901M\nunits:\n  England: A Yorkshire, F North Sea, F English Channel\n  France: A Belgium\n' +
      'centers:\n  England: LON, EDI, LVP\n  France: BEL\norders:\n' +
      '  England: F Nth C A Yor - Bel\n  England: A Yor - Bel\n  England: F Eng S A Yor - Bel\n  France: A Bel H\n',
  );
  const r = dipkit('adjudicate', spring);
  assert.equal(r.status, 0, r.stderr);
  // No repeated jargon: the resolution alone when it says it all; the dislodgement said once.
  assert.match(r.stdout, /^ENGLAND {2}F ENG S A YOR - BEL {2}given$/m);
  assert.match(
    r.stdout,
    /^FRANCE\s+A BEL H\s+stands\s+\(dislodged by A YOR from YOR; may retreat to BUR, HOL, PIC, RUH\)$/m,
  );
  assert.doesNotMatch(r.stdout, /given \(given\)|stands \(stands/);
  assert.match(r.stdout, /^Next phase: Spring 1901 Retreat /m);
  const block = r.stdout.slice(r.stdout.indexOf('\nphase: ') + 1);
  assert.equal(
    block,
    'phase: Spring 1901 Retreat\nunits:\n  ENGLAND: A BEL, F ENG, F NTH\ndislodged:\n  FRANCE: A BEL from YOR by convoy\n' +
      'centers:\n  ENGLAND: EDI, LON, LVP\n  FRANCE: BEL\n',
  );
  // Chained: the retreat phase, then the Fall.
  const retreat = file(dir, 'retreat.txt', `${block}orders:\n  France: A Bel - Pic\n`);
  const r2 = dipkit('adjudicate', retreat);
  assert.equal(r2.status, 0, r2.stderr);
  assert.match(r2.stdout, /FRANCE A BEL - PIC {2}retreats/);
  assert.ok(
    r2.stdout.endsWith(
      'phase: Fall 1901 Movement\nunits:\n  ENGLAND: A BEL, F ENG, F NTH\n  FRANCE: A PIC\n' +
        'centers:\n  ENGLAND: EDI, LON, LVP\n  FRANCE: BEL\n',
    ),
    r2.stdout,
  );
});

void test('adjustment phases adjudicate from the position file (W1901A with builds and disbands)', (t) => {
  const dir = tempDir(t);
  const winter = file(
    dir,
    'winter.txt',
    'phase: W1901A\nunits:\n  England: F NTH, A BEL\n  France: A PAR, A BUR, A PIC\ncenters:\n' +
      '  England: LON, EDI, LVP, BEL\n  France: PAR, MAR\norders:\n  England: Build F LON\n  England: Build A LVP\n' +
      '  France: Remove A PIC\n',
  );
  const r = dipkit('adjudicate', winter);
  assert.equal(r.status, 0, r.stderr);
  assert.ok(
    r.stdout.endsWith(
      'phase: Spring 1902 Movement\nunits:\n  ENGLAND: A BEL, F LON, A LVP, F NTH\n  FRANCE: A BUR, A PAR\n' +
        'centers:\n  ENGLAND: BEL, EDI, LON, LVP\n  FRANCE: MAR, PAR\n',
    ),
    r.stdout,
  );
});

void test('the paradox rule printed is the one applied (4.A.2=all-hold on DATC 6.F.14)', (t) => {
  const dir = tempDir(t);
  const path = file(
    dir,
    'f14.txt',
    'units:\n  England: F London, F Wales\n  France: A Brest, F English Channel\norders:\n' +
      '  England: F London Supports F Wales - English Channel\n  England: F Wales - English Channel\n' +
      '  France: A Brest - London\n  France: F English Channel Convoys A Brest - London\n',
  );
  const allHold = dipkit('adjudicate', path, '--rule', '4.A.2=all-hold');
  assert.match(allHold.stdout, /^ENGLAND {2}F WAL - ENG {10}fails {6}\(convoy paradox, all-hold rule\)$/m);
  assert.doesNotMatch(allHold.stdout, /Szykman/);
  const szykman = dipkit('adjudicate', path);
  assert.match(
    szykman.stdout,
    /^FRANCE {3}F ENG C A BRE - LON {2}disrupted {2}\(convoy paradox, Szykman rule;/m,
  );
});

void test('--json: errors are in the JSON too (code, message, line, column), exit 2', (t) => {
  const dir = tempDir(t);
  const broken = file(dir, 'broken.txt', 'units:\n  England: A North Sea\n');
  const adjudicate = dipkit('adjudicate', broken, '--json');
  assert.equal(adjudicate.status, 2);
  const json = JSON.parse(adjudicate.stdout) as { issues: IssueJson[] };
  assert.deepEqual(
    json.issues.map((i) => [i.code, i.line, i.column]),
    [['army-at-sea', 2, 12]],
  );
  const badJson = file(dir, 'game.json', '{\n  "format": "dipkit-game",\n}\n');
  for (const args of [
    ['legal', badJson, '--json'],
    ['replay', badJson, '--json'],
    ['game', 'show', badJson, '--json'],
    ['game', 'orders', badJson, 'FRANCE', 'A PAR H', '--json'],
    ['game', 'process', badJson, '--json'],
  ]) {
    const r = dipkit(...args);
    assert.equal(r.status, 2, args.join(' '));
    const issues = (JSON.parse(r.stdout) as { issues: IssueJson[] }).issues;
    assert.deepEqual(
      issues.map((i) => [i.code, i.line, i.column, i.source]),
      [['not-json', 3, 1, badJson]],
      args.join(' '),
    );
    assert.match(r.stderr, new RegExp(`:3:1 {2}not-json {2}not valid JSON: a comma before "}"`));
  }
});

void test('game orders and game process --json', (t) => {
  const dir = tempDir(t);
  const game = join(dir, 'g.json');
  assert.equal(dipkit('game', 'new', game).status, 0);
  const orders = dipkit('game', 'orders', game, 'France', 'A Par to Bur', 'F Bre - Mao;', '--json');
  assert.equal(orders.status, 0, orders.stderr);
  const o = JSON.parse(orders.stdout) as {
    phase: string;
    power: string;
    orders: { text: string }[];
    issues: [];
  };
  assert.deepEqual(
    [o.phase, o.power, o.orders.map((x) => x.text), o.issues],
    ['S1901M', 'FRANCE', ['A Par to Bur', 'F Bre - Mao;'], []],
  );
  const refused = dipkit('game', 'orders', game, 'France', 'A Par - Bur (cut)', '--json');
  assert.equal(refused.status, 2);
  const r = JSON.parse(refused.stdout) as { issues: IssueJson[] };
  assert.deepEqual(
    r.issues.map((i) => [i.code, i.line, i.column]),
    [['unknown-note', 1, 13]],
  );
  const processed = dipkit('game', 'process', game, '--json');
  assert.equal(processed.status, 0, processed.stderr);
  const p = JSON.parse(processed.stdout) as { played: { phase: string }; phase: string; status: string };
  assert.deepEqual([p.played.phase, p.phase, p.status], ['S1901M', 'F1901M', 'active']);
});

void test('Node\'s raw messages become dipkit\'s one-liners; near options get a "did you mean"', (t) => {
  const dir = tempDir(t);
  const missing = join(dir, 'no-such.txt');
  const cases: [string[], RegExp][] = [
    [
      ['adjudicate', missing],
      new RegExp(
        `^${missing.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} {2}read-error {2}cannot read the file: no such file\n$`,
      ),
    ],
    [['adjudicate', dir], / {2}read-error {2}cannot read the file: is a folder, not a file\n$/],
    [
      ['adjudicate', 'x.txt', '--jsn'],
      /^dipkit adjudicate: unknown option "--jsn" \(did you mean "--json"\?\)\n/,
    ],
    [['replay', 'x.json', '--rules'], /^dipkit replay: option "--rules" needs a value\n/],
    [
      ['legal', 'x', '--powr', 'FRANCE'],
      /^dipkit legal: unknown option "--powr" \(did you mean "--power"\?\)\n/,
    ],
    [
      ['game', 'orders', 'g.json', 'FRANCE', '--phse', 'S1901M'],
      /^dipkit game orders: unknown option "--phse" \(did you mean "--phase"\?\)\n/,
    ],
    [['game', 'ordrs'], /^dipkit game: unknown command "ordrs" \(did you mean "orders"\?\)\n/],
    [['ajudicate'], /^dipkit: unknown command "ajudicate" \(did you mean "adjudicate"\?\)\n/],
  ];
  for (const [args, message] of cases) {
    const r = dipkit(...args);
    assert.equal(r.status, 2, args.join(' '));
    assert.match(r.stderr, message, args.join(' '));
    assert.doesNotMatch(
      r.stderr,
      /ENOENT|EISDIR|ERR_PARSE_ARGS|To specify a positional|\.tmp/,
      args.join(' '),
    );
    assert.doesNotMatch(r.stderr, NO_STACK);
  }
  const version = dipkit('--version');
  assert.equal(version.status, 0);
  assert.match(version.stdout, /^dipkit \d+\.\d+\.\d+\n$/);
});

void test('a run that checks nothing is not a success: empty position, one-phase game', (t) => {
  const dir = tempDir(t);
  const empty = file(dir, 'empty.txt', '# nothing here\n');
  const r = dipkit('adjudicate', empty);
  assert.equal(r.status, 2);
  assert.match(r.stderr, /empty-position {2}the file gives no units: nothing to adjudicate/);
  const game = join(dir, 'g.json');
  assert.equal(dipkit('game', 'new', game).status, 0);
  const replay = dipkit('replay', game);
  assert.equal(replay.status, 2);
  assert.equal(replay.stdout, '');
  assert.match(replay.stderr, /too-short {2}the game records 1 phase: nothing to replay/);
});
