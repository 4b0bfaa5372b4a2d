/**
 * Replay of recorded games: the games in examples/games/ (self-played with the random player, and a hand-written
 * dataset-style one), round trips through our JSON and MILA JSON, deliberately corrupted games, and a game played
 * through the CLI, exported, re-imported and replayed.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { standardMap } from '../src/map/compile.js';
import { readGameJson, writeGameJson } from '../src/formats/game-json.js';
import { readMilaJson, readMilaRecorded, writeMilaJson } from '../src/formats/mila-json.js';
import { recordedFromGame } from '../src/game/history.js';
import { formatReplay, replay } from '../src/game/replay.js';
import { playRandomGame } from '../src/selfplay/random-player.js';

const map = standardMap();
const root = fileURLToPath(new URL('../../', import.meta.url));
const cli = fileURLToPath(new URL('../src/cli/main.js', import.meta.url));
const gamesDir = new URL('../../examples/games/', import.meta.url);
const handwritten = new URL('handwritten-1901.json', gamesDir);
const NO_STACK = /^\s+at /m;

function dipkit(...args: string[]): { status: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [cli, ...args], { cwd: root, encoding: 'utf8' });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

function tempDir(t: { after: (fn: () => void) => void }): string {
  const dir = mkdtempSync(join(tmpdir(), 'dipkit-replay-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

function replayMilaText(text: string): string[] {
  const read = readMilaRecorded(text);
  assert.ok(read.value, JSON.stringify(read.issues));
  return formatReplay(replay(map, read.value.recorded));
}

const exampleFiles = readdirSync(gamesDir).filter((f) => f.endsWith('.json'));

test('examples/games holds the hand-written game and at least two self-played games', () => {
  assert.ok(exampleFiles.includes('handwritten-1901.json'));
  assert.ok(exampleFiles.filter((f) => f.startsWith('random-')).length >= 2, exampleFiles.join(', '));
});

for (const file of exampleFiles) {
  test(`replay ${file}: every phase passes, also after an import and a round trip of our own JSON`, () => {
    const text = readFileSync(new URL(file, gamesDir), 'utf8');
    const lines = replayMilaText(text);
    const summary = lines[lines.length - 1] ?? '';
    assert.match(summary, /^\d+ passed, 0 failed$/, lines.join('\n'));
    assert.ok(
      lines.slice(0, -1).every((l) => l.startsWith('PASS ')),
      lines.join('\n'),
    );
    if (file.startsWith('random-')) assert.ok(lines.length > 12, `${file}: a whole game`);

    const game = readMilaJson(text).value;
    assert.ok(game);
    const ours = readGameJson(writeGameJson(game));
    assert.deepEqual(ours.issues, []);
    assert.ok(ours.value);
    const again = formatReplay(replay(map, recordedFromGame(ours.value)));
    assert.deepEqual(again, lines, 'the same report from our own JSON');
    assert.equal(writeMilaJson(map, ours.value), writeMilaJson(map, game));
  });
}

test('the self-played examples are complete games: a victory or the year limit', () => {
  for (const file of exampleFiles.filter((f) => f.startsWith('random-'))) {
    const game = readMilaJson(readFileSync(new URL(file, gamesDir), 'utf8')).value;
    assert.ok(game, file);
    assert.notEqual(game.status, 'active', `${file} is finished`);
    if (game.status === 'won') {
      const n = game.position.supplyCenters[game.winner ?? '']?.length ?? 0;
      assert.ok(n >= game.options.victoryCenters, file);
    } else assert.equal(game.position.phase.year, (game.options.maxYear ?? 0) + 1, file);
  }
});

test('self-play is deterministic, and the games replay phase by phase, also after a JSON round trip', () => {
  const a = playRandomGame(map, { seed: 42, maxYear: 1903 });
  const b = playRandomGame(map, { seed: 42, maxYear: 1903 });
  const c = playRandomGame(map, { seed: 43, maxYear: 1903 });
  assert.deepEqual(a, b);
  assert.notDeepEqual(a.history, c.history);
  for (const game of [a, c, playRandomGame(map, { seed: 9, victoryCenters: 8 })]) {
    assert.notEqual(game.status, 'active');
    const report = replay(map, recordedFromGame(game));
    assert.equal(report.failed, 0, formatReplay(report).join('\n'));
    assert.equal(report.passed, game.history.length);
    const back = readGameJson(writeGameJson(game)).value;
    assert.ok(back);
    assert.equal(replay(map, recordedFromGame(back)).failed, 0);
    const mila = readMilaRecorded(writeMilaJson(map, game)).value;
    assert.ok(mila);
    assert.equal(replay(map, mila.recorded).failed, 0);
  }
});

test('replay of the hand-written game: PASS lines, with the illegal orders listed', () => {
  const lines = replayMilaText(readFileSync(handwritten, 'utf8'));
  assert.deepEqual(lines, [
    'PASS S1901M (illegal: ITALY A ROM - MOS)',
    'PASS F1901M',
    'PASS F1901R',
    'PASS W1901A (illegal: ENGLAND F EDI B)',
    '4 passed, 0 failed',
  ]);
});

interface MilaPhase {
  name: string;
  state: {
    units: Record<string, string[]>;
    centers: Record<string, string[]>;
    retreats: Record<string, unknown>;
  };
  orders: Record<string, string[]>;
}

function corrupted(change: (phases: MilaPhase[]) => void): string {
  const json = JSON.parse(readFileSync(handwritten, 'utf8')) as { phases: MilaPhase[] };
  change(json.phases);
  return JSON.stringify(json);
}

function phaseNamed(phases: MilaPhase[], name: string): MilaPhase {
  const p = phases.find((x) => x.name === name);
  assert.ok(p, name);
  return p;
}

test('a corrupted game fails with a readable difference', () => {
  // A unit in the wrong place after the retreats.
  let lines = replayMilaText(
    corrupted((phases) => {
      phaseNamed(phases, 'W1901A').state.units['FRANCE'] = ['A GAS', 'A SPA', 'F POR'];
    }),
  );
  assert.equal(
    lines.find((l) => l.includes('F1901R')),
    'FAIL F1901R: units: recorded but not found FRANCE A GAS; found but not recorded FRANCE A PAR',
  );
  // The next phase starts from the recorded (wrong) position, so it fails too.
  assert.match(
    lines[3] ?? '',
    /^FAIL W1901A: units: recorded but not found FRANCE A PAR; found but not recorded FRANCE A GAS/,
  );
  assert.equal(lines[lines.length - 1], '2 passed, 2 failed');

  // Centres that change before the Fall retreats are over.
  lines = replayMilaText(
    corrupted((phases) => {
      phaseNamed(phases, 'F1901R').state.centers['ENGLAND'] = ['EDI', 'LON', 'LVP', 'NWY'];
    }),
  );
  assert.ok(lines.includes('FAIL F1901M: centres: ENGLAND recorded NWY not found'), lines.join('\n'));

  // Different retreat options.
  lines = replayMilaText(
    corrupted((phases) => {
      phaseNamed(phases, 'F1901R').state.retreats['FRANCE'] = { 'A BUR': ['BEL', 'PAR'] };
    }),
  );
  assert.ok(
    lines.includes('FAIL F1901M: retreats: FRANCE A BUR may retreat to GAS MAR PAR PIC, recorded BEL PAR'),
    lines.join('\n'),
  );

  // A missing retreat phase: the next phase is not the one recorded.
  lines = replayMilaText(corrupted((phases) => phases.splice(2, 1)));
  assert.match(
    lines[1] ?? '',
    /^FAIL F1901M: next phase: F1901R, recorded W1901A; units: .*dislodged: .*FRANCE A BUR/,
  );
});

test('dipkit replay: PASS/FAIL lines, totals, exit 0 / 1 / 2, --json', (t) => {
  const dir = tempDir(t);
  const ok = dipkit('replay', fileURLToPath(handwritten));
  assert.equal(ok.status, 0, ok.stderr);
  assert.equal(ok.stdout.trim().split('\n').length, 6);
  assert.match(ok.stdout, /^rules: datc \(unretreatable=disband\), as the file records; /);
  assert.match(ok.stdout, /^4 passed, 0 failed$/m);

  const bad = join(dir, 'bad.json');
  writeFileSync(
    bad,
    corrupted((phases) => {
      phaseNamed(phases, 'S1902M').state.units['GERMANY'] = ['A BER', 'A BUR', 'A MUN'];
    }),
  );
  const failed = dipkit('replay', bad);
  assert.equal(failed.status, 1);
  assert.match(
    failed.stdout,
    /^FAIL W1901A: units: found but not recorded GERMANY F HOL \(illegal: ENGLAND F EDI B\)$/m,
  );
  assert.match(failed.stdout, /^3 passed, 1 failed$/m);

  const json = dipkit('replay', bad, '--json');
  assert.equal(json.status, 1);
  const report = JSON.parse(json.stdout) as {
    passed: number;
    failed: number;
    phases: { phase: string; pass: boolean }[];
  };
  assert.equal(report.failed, 1);
  assert.deepEqual(
    report.phases.map((p) => p.pass),
    [true, true, true, false],
  );

  const notJson = join(dir, 'broken.json');
  writeFileSync(notJson, '{\n  "phases": [\n    {"name": "S1901M",,}\n');
  const broken = dipkit('replay', notJson);
  assert.equal(broken.status, 2);
  assert.match(broken.stderr, /broken\.json:3:\d+ {2}not-json {2}/);
  const missing = dipkit('replay', join(dir, 'nothing.json'));
  assert.equal(missing.status, 2);
  assert.match(missing.stderr, /nothing\.json {2}read-error {2}/);
  const malformed = join(dir, 'malformed.json');
  writeFileSync(
    malformed,
    JSON.stringify({ phases: [{ name: 'S1901M', state: { units: { FRANCE: ['A XYZ'] } } }] }),
  );
  const m = dipkit('replay', malformed);
  assert.equal(m.status, 2);
  assert.match(
    m.stderr,
    /malformed\.json {2}bad-unit {2}phases\[0\] \(S1901M\): cannot read unit "A XYZ" of FRANCE/,
  );
  for (const r of [ok, failed, broken, missing, m]) assert.doesNotMatch(r.stderr, NO_STACK);
});

test('a game played through the CLI across two years, exported and re-imported, replays with every phase passing', (t) => {
  const dir = tempDir(t);
  const file = join(dir, 'game.json');
  const run = (...args: string[]): string => {
    const r = dipkit('game', ...args);
    assert.equal(r.status, 0, `dipkit game ${args.join(' ')}\n${r.stderr}`);
    assert.doesNotMatch(r.stderr, NO_STACK);
    return r.stdout;
  };
  run('new', file);
  // Spring 1901.
  run('orders', file, 'FRANCE', 'A PAR - BUR', 'A MAR - SPA', 'F BRE - MAO');
  run('orders', file, 'GERMANY', 'A MUN - RUH', 'A BER - MUN', 'F KIE - HOL');
  run('orders', file, 'ENGLAND', 'F LON - NTH', 'F EDI - NWG', 'A LVP - YOR');
  const ordersFile = join(dir, 'italy.txt');
  writeFileSync(ordersFile, 'Italy:\nA Rome - Moscow   # illegal: kept, ignored\nF Naples - Ionian Sea\n');
  run('orders', file, 'ITALY', '--file', ordersFile);
  assert.match(run('process', file), /next phase: F1901M/);
  // Fall 1901: France's A BUR is dislodged; BEL is left empty by a standoff.
  run('orders', file, 'ENGLAND', 'F NTH - BEL', 'F NWG - NWY');
  run('orders', file, 'FRANCE', 'F MAO - POR');
  run('orders', file, 'GERMANY', 'A RUH - BUR', 'A MUN S A RUH - BUR', 'F HOL - BEL', '--phase', 'F1901M');
  assert.match(run('process', file), /next phase: F1901R/);
  assert.match(run('show', file), /dislodged: A BUR, retreats: GAS, MAR, PAR, PIC/);
  run('orders', file, 'FRANCE', 'A BUR R PAR');
  assert.match(run('process', file), /next phase: W1901A/);
  const show = run('show', file);
  assert.match(show, /FRANCE: 5 centres, 3 units[\s\S]*must build: 2 \(sites: BRE, MAR\)/);
  run('orders', file, 'FRANCE', 'F BRE B', 'A MAR B');
  run('orders', file, 'ENGLAND', 'F LON B');
  // Germany builds nothing: the build is waived.
  assert.match(run('process', file), /next phase: S1902M/);
  // Spring and Fall 1902 with a few orders; the others hold.
  run('orders', file, 'FRANCE', 'A PAR - PIC', 'A SPA - GAS');
  run('orders', file, 'GERMANY', 'A BUR - BEL');
  run('process', file);
  run('orders', file, 'FRANCE', 'A PIC - BEL', 'A GAS - BUR');
  run('orders', file, 'RUSSIA', 'A WAR - GAL', 'F SEV - RUM');
  run('process', file);
  const after = run('show', file);
  assert.match(after, /phase (W1902A|S1903M)/);
  const history = run('history', file);
  assert.match(history, /^S1901M$/m);
  assert.match(history, /ITALY A Rome - Moscow\s+illegal: /);

  // Bad input: the file stays exactly as it was.
  const before = readFileSync(file, 'utf8');
  for (const args of [
    ['orders', file, 'FRANCE', 'A PAR - BUR', '--phase', 'S1901M'],
    ['orders', file, 'FRANCE', 'A MUN - BOH'],
    ['orders', file, 'FRANCE', 'A NOWHERE - BUR'],
    ['process', file, '--phase', 'S1901M'],
  ]) {
    const r = dipkit('game', ...args);
    assert.equal(r.status, 2, args.join(' '));
    assert.match(
      r.stderr,
      / {2}(wrong-phase|no-such-unit|not-your-unit|unknown-province|order-not-for-phase) {2}/,
    );
    assert.doesNotMatch(r.stderr, NO_STACK);
  }
  assert.equal(readFileSync(file, 'utf8'), before);

  // Export to MILA, import it back, replay both.
  const exported = join(dir, 'mila.json');
  writeFileSync(exported, run('export', file, '--format', 'mila'));
  const imported = join(dir, 'imported.json');
  run('import', exported, imported);
  for (const f of [exported, imported, file]) {
    const r = dipkit('replay', f);
    assert.equal(r.status, 0, `${f}\n${r.stdout}${r.stderr}`);
    const lines = r.stdout.trim().split('\n').slice(1);
    assert.ok(
      lines.slice(0, -1).every((l) => l.startsWith('PASS ')),
      r.stdout,
    );
    assert.match(
      lines[0] ?? '',
      /^PASS S1901M \(illegal: ITALY A ROM - MOS\)$|^PASS S1901M \(illegal: ITALY A Rome - Moscow\)$/,
    );
    assert.equal(lines[lines.length - 1], `${lines.length - 1} passed, 0 failed`);
    assert.ok(lines.length >= 7, r.stdout);
  }
  // The imported game is the same game.
  assert.equal(run('export', imported, '--format', 'mila'), readFileSync(exported, 'utf8'));
});

test('dipkit game: usage errors and bad files exit 2 without a stack trace', (t) => {
  const dir = tempDir(t);
  const file = join(dir, 'g.json');
  for (const args of [
    [],
    ['frobnicate'],
    ['new'],
    ['show', join(dir, 'none.json')],
    ['new', file, '--victory', 'x'],
  ]) {
    const r = dipkit('game', ...args);
    assert.equal(r.status, 2, args.join(' '));
    assert.doesNotMatch(r.stderr, NO_STACK);
  }
  writeFileSync(file, '{"format": "dipkit-game", "version": 7}');
  const r = dipkit('game', 'show', file);
  assert.equal(r.status, 2);
  assert.match(r.stderr, /g\.json {2}unsupported-version {2}/);
  const mila = dipkit('game', 'show', fileURLToPath(handwritten));
  assert.equal(mila.status, 2);
  assert.match(mila.stderr, /bad-format {2}this is a MILA\/dipcc game; run "dipkit game import/);
});

/** A godip game file on the standard map (godip's Classical): a Spring of three moves and its result. */
const GODIP_GAME = [
  'PHASE 1901 Spring Movement',
  'POSITIONS',
  '\tEngland: fleet lon',
  '\tRussia: fleet stp/sc',
  '\tEngland: supply lon',
  '\tRussia: supply stp',
  'ORDERS',
  '\tlon move nth',
  '\tstp/sc move bot',
  'PHASE 1901 Fall Movement',
  'POSITIONS',
  '\tEngland: fleet nth',
  '\tRussia: fleet bot',
  '\tEngland: supply lon',
  '\tRussia: supply stp',
  '',
].join('\n');

test('dipkit replay of a godip game file: --format auto|godip, --map NAME|FILE, errors with line and column', (t) => {
  const dir = tempDir(t);
  const game = join(dir, 'classical.txt');
  writeFileSync(game, GODIP_GAME);
  const expected = 'rules: godip (unretreatable=disband), as godip plays\nPASS S1901M\n1 passed, 0 failed\n';
  for (const args of [[], ['--format', 'godip'], ['--map', 'Standard'], ['--map', 'src/map/standard.json']]) {
    const r = dipkit('replay', game, ...args);
    assert.equal(r.status, 0, `${args.join(' ')}: ${r.stderr}`);
    assert.equal(r.stdout, expected);
  }
  const wrong = join(dir, 'wrong.txt');
  writeFileSync(wrong, GODIP_GAME.replace('\tRussia: fleet bot', '\tRussia: fleet stp/sc'));
  const failed = dipkit('replay', wrong, '--map', 'standard');
  assert.equal(failed.status, 1);
  assert.match(failed.stdout, /^FAIL S1901M: units: recorded but not found RUSSIA F STP\/SC; /m);
  assert.match(failed.stdout, /^0 passed, 1 failed$/m);

  const bad = join(dir, 'bad.txt');
  writeFileSync(
    bad,
    GODIP_GAME.replace('\tlon move nth', '\tlon move xyz').replace('Russia: supply', 'Prussia: supply'),
  );
  const broken = dipkit('replay', bad);
  assert.equal(broken.status, 2);
  assert.equal(broken.stdout, '');
  assert.equal(
    broken.stderr,
    `${bad}:6:2  unknown-power  unknown nation "Prussia"\n${bad}:8:11  unknown-province  unknown province "xyz"\n` +
      `${bad}  no-map  the file was read on the standard map (godip's Classical): a variant's game needs --map NAME\n`,
  );
  // With --map the hint is left out.
  assert.doesNotMatch(dipkit('replay', bad, '--map', 'standard').stderr, /no-map/);
  // A JSON game read as godip's: it does not start with PHASE.
  const asGodip = dipkit('replay', fileURLToPath(handwritten), '--format', 'godip');
  assert.equal(asGodip.status, 2);
  assert.match(asGodip.stderr, /handwritten-1901\.json:1:1 {2}expected-phase {2}expected PHASE, got "\{"/);
  const unknownMap = dipkit('replay', game, '--map', 'atlantis');
  assert.equal(unknownMap.status, 2);
  assert.match(unknownMap.stderr, /^dipkit replay: unknown map "atlantis"/);
  const noMapFile = dipkit('replay', game, '--map', join(dir, 'none.json'));
  assert.equal(noMapFile.status, 2);
  assert.match(noMapFile.stderr, /none\.json {2}read-error {2}cannot read the file: no such file/);
  const badFormat = dipkit('replay', game, '--format', 'godp');
  assert.equal(badFormat.status, 2);
  assert.match(
    badFormat.stderr,
    /unknown format "godp": auto, dipkit, mila, godip \(did you mean "godip"\?\)/,
  );
  const mapForJson = dipkit('replay', fileURLToPath(handwritten), '--map', 'coldwar');
  assert.equal(mapForJson.status, 2);
  assert.match(
    mapForJson.stderr,
    /wrong-map {2}the file is on the map "standard" but --map gives the map "Cold War"/,
  );
  for (const r of [failed, broken, asGodip, unknownMap, noMapFile, badFormat, mapForJson]) {
    assert.doesNotMatch(r.stderr, NO_STACK);
  }
});
