/**
 * Real recorded games (test/data/games/, recorded by dipcc and MILA): each replays under each rules preset with
 * exactly the failures and notes that test/data/games/replays.json lists (none under the engine's own preset),
 * through the library and through the CLI; and the conventions those presets select, each on a position judged by
 * hand: civil disorder by location code (4.D.8 d), 'via convoy' falling back to the land route (4.A.3 f).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { standardMap } from '../src/map/compile.js';
import { parseOrders } from '../src/orders/parse.js';
import { adjudicateAdjustments } from '../src/adjudication/adjustment.js';
import { adjudicateMovement } from '../src/adjudication/movement/adjudicate.js';
import { describeRules, presetFlow, resolveRules, type RuleOptions } from '../src/adjudication/rules.js';
import { readMilaJson, readMilaRecorded } from '../src/formats/mila-json.js';
import { readGameJson, writeGameJson } from '../src/formats/game-json.js';
import { newGame } from '../src/game/game.js';
import { replay } from '../src/game/replay.js';
import type { Position, Unit } from '../src/position/types.js';

const map = standardMap();
const root = fileURLToPath(new URL('../../', import.meta.url));
const cli = fileURLToPath(new URL('../src/cli/main.js', import.meta.url));
const gamesDir = new URL('../../test/data/games/', import.meta.url);

interface Expected {
  failures: { phase: string; issue: string; reason: string; difference: string }[];
  notes: { phase: string; note: string }[];
}
const expected = JSON.parse(readFileSync(new URL('replays.json', gamesDir), 'utf8')) as Record<
  string,
  Record<string, Expected> | string
>;
const games = Object.keys(expected).filter((k) => !k.startsWith('#'));

function dipkit(...args: string[]): { status: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [cli, ...args], { cwd: root, encoding: 'utf8' });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

function rules(preset: string): RuleOptions {
  const r = resolveRules(preset);
  assert.ok(r.value, preset);
  return r.value;
}

test('the recorded games and their expectations: three games, each under dipcc, mila and datc', () => {
  assert.deepEqual(games.sort(), [
    'cicero-game_433761.json',
    'cicero-game_443777.json',
    'dipcc-benchmark_game.json',
  ]);
  for (const game of games) {
    const byPreset = expected[game] as Record<string, Expected>;
    assert.deepEqual(Object.keys(byPreset).sort(), ['datc', 'dipcc', 'mila'], game);
    for (const f of Object.values(byPreset).flatMap((e) => e.failures)) {
      assert.match(f.issue, /^4\.[A-E]\.\d+$/, `${game} ${f.phase}: the DATC issue`);
      assert.ok(f.reason.length > 40, `${game} ${f.phase}: a reason`);
    }
  }
});

for (const game of games) {
  for (const [preset, want] of Object.entries(expected[game] as Record<string, Expected>)) {
    test(`replay ${game} under --rules ${preset}: ${want.failures.length} failure(s), as listed`, () => {
      const read = readMilaRecorded(readFileSync(new URL(game, gamesDir), 'utf8'));
      assert.ok(read.value, JSON.stringify(read.issues));
      const recorded = read.value.recorded;
      const options = {
        ...recorded.options,
        rules: describeRules(rules(preset)),
        unretreatable: presetFlow(preset).unretreatable,
      };
      const report = replay(map, { ...recorded, options });
      assert.equal(report.phases.length, recorded.phases.length - 1);
      const failures = report.phases
        .filter((p) => !p.pass)
        .map((p) => ({ phase: p.phase, difference: p.differences.join('; ') }));
      assert.deepEqual(
        failures,
        want.failures.map((f) => ({ phase: f.phase, difference: f.difference })),
      );
      const notes = report.phases.flatMap((p) =>
        p.note === undefined ? [] : [{ phase: p.phase, note: p.note }],
      );
      assert.deepEqual(notes, want.notes);
    });
  }
}

for (const game of games) {
  test(`dipkit replay --rules dipcc ${game}: says the preset, then N passed, 0 failed`, () => {
    const file = fileURLToPath(new URL(game, gamesDir));
    const phases = (JSON.parse(readFileSync(file, 'utf8')) as { phases: unknown[] }).phases.length;
    const r = dipkit('replay', '--rules', 'dipcc', file);
    assert.equal(r.status, 0, r.stdout + r.stderr);
    const lines = r.stdout.trim().split('\n');
    assert.equal(lines[0], 'rules: dipcc (unretreatable=retreat-phase)');
    assert.equal(lines[lines.length - 1], `${phases - 1} passed, 0 failed`);
  });
}

test('dipkit replay without --rules: the DATC preferences, said so, with the listed failure and a hint', () => {
  const r = dipkit('replay', fileURLToPath(new URL('cicero-game_433761.json', gamesDir)));
  assert.equal(r.status, 1);
  const lines = r.stdout.trim().split('\n');
  assert.equal(
    lines[0],
    'rules: datc (unretreatable=disband), as the file records; a game recorded by dipcc or MILA: --rules dipcc or --rules mila',
  );
  assert.ok(
    lines.includes(
      'FAIL W1908A: units: recorded but not found FRANCE A RUH; found but not recorded FRANCE A WAR',
    ),
    r.stdout,
  );
  assert.equal(lines[lines.length - 1], '34 passed, 1 failed');
  const json = JSON.parse(
    dipkit('replay', '--json', '--rules', 'mila', fileURLToPath(new URL('cicero-game_433761.json', gamesDir)))
      .stdout,
  ) as { rules: string; failed: number };
  assert.deepEqual([json.rules, json.failed], ['mila (unretreatable=disband)', 0]);
});

test('dipkit game import --rules dipcc records the rules and the game flow; bad flags exit 2', (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'dipkit-recorded-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const input = fileURLToPath(new URL('cicero-game_443777.json', gamesDir));
  const out = join(dir, 'g.json');
  const r = dipkit('game', 'import', '--rules', 'dipcc', input, out);
  assert.equal(r.status, 0, r.stderr);
  const game = readGameJson(readFileSync(out, 'utf8')).value;
  assert.ok(game);
  assert.deepEqual(game.options.rules, describeRules(rules('dipcc')));
  assert.equal(game.options.unretreatable, 'retreat-phase');
  // The history's F1907M is the recorded bounce under these rules.
  const f1907 = game.history.find((h) => h.name === 'F1907M');
  const outcome = f1907?.outcomes.find((o) => o.unit === 'A CON');
  assert.equal(outcome?.resolution, 'fails');
  assert.equal(dipkit('replay', out).stdout.trim().split('\n').pop(), '37 passed, 0 failed');

  for (const bad of [
    ['--rules', 'nope'],
    ['--unretreatable', 'sometimes'],
  ]) {
    const b = dipkit('game', 'import', ...bad, input, join(dir, 'h.json'));
    assert.equal(b.status, 2);
    assert.match(b.stderr, /unknown-preset|bad-option/);
    assert.doesNotMatch(b.stderr, /^\s+at /m);
  }
});

test('the library reads a dipcc file with the rules given, like the CLI', () => {
  const text = readFileSync(new URL('cicero-game_433761.json', gamesDir), 'utf8');
  const game = readMilaJson(text, { rules: describeRules(rules('dipcc')), unretreatable: 'retreat-phase' });
  assert.ok(game.value);
  const w1908 = game.value.history.find((h) => h.name === 'W1908A');
  assert.deepEqual(
    w1908?.civilDisorder?.map((u) => u.location).sort(),
    ['SIL', 'WAR'],
    'dipcc removes the armies farthest from the French home centres',
  );
});

// ---------------------------------------------------------------------------------------------------------------
// The conventions, on positions judged by hand

function position(
  phase: Position['phase'],
  units: Unit[],
  supplyCenters: Record<string, string[]>,
): Position {
  return { phase, units, dislodged: [], contested: [], supplyCenters };
}

test('4.D.8 d (dipcc, MILA): equal distances go fleets first, then by location code, not by name', () => {
  // GERMANY owns BER and MUN and has three units: one must go. F NWG and F NWY are both 3 fleet moves from a
  // home centre (NWG-NTH-HEL-KIE, NWY-SKA-DEN-KIE); A MUN is on one. By name "Norway" comes before "Norwegian
  // Sea" (rule a removes F NWY); by code NWG comes before NWY (rule d removes F NWG).
  const winter = position(
    { season: 'winter', year: 1905, type: 'adjustment' },
    [
      { power: 'GERMANY', type: 'F', location: 'NWY' },
      { power: 'GERMANY', type: 'F', location: 'NWG' },
      { power: 'GERMANY', type: 'A', location: 'MUN' },
    ],
    { GERMANY: ['BER', 'MUN'] },
  );
  const removed = (civilDisorder: RuleOptions['civilDisorder']): string[] =>
    (adjudicateAdjustments(map, winter, [], { civilDisorder }).value?.civilDisorder ?? []).map(
      (u) => `${u.type} ${u.location}`,
    );
  assert.deepEqual(removed('rule-1971'), ['F NWY']);
  assert.deepEqual(removed('rule-1971-codes'), ['F NWG']);
  assert.deepEqual(removed(rules('dipcc').civilDisorder), ['F NWG']);
  assert.deepEqual(removed(rules('mila').civilDisorder), ['F NWG']);
});

test("4.A.3 f (dipcc): only 'via convoy' convoys next door, and a broken convoy falls back to the land route", () => {
  // TURKEY A CON - BUL VIA with F AEG C A CON - BUL; ITALY F ION - AEG supported by F GRE dislodges the fleet.
  // Over land BUL is empty and adjacent: under f the army arrives; under the DPTG rule (e) the convoy fails.
  const spring = position(
    { season: 'spring', year: 1905, type: 'movement' },
    [
      { power: 'TURKEY', type: 'A', location: 'CON' },
      { power: 'TURKEY', type: 'F', location: 'AEG' },
      { power: 'ITALY', type: 'F', location: 'ION' },
      { power: 'ITALY', type: 'F', location: 'GRE' },
    ],
    {},
  );
  const orders = (text: string) => parseOrders(map, text).value ?? [];
  const where = (text: string, adjacentConvoy: RuleOptions['adjacentConvoy']): string[] =>
    (adjudicateMovement(map, spring, orders(text), { adjacentConvoy }).value?.position.units ?? [])
      .filter((u) => u.power === 'TURKEY')
      .map((u) => `${u.type} ${u.location}`)
      .sort();
  const via =
    'TURKEY: A CON - BUL VIA\nTURKEY: F AEG C A CON - BUL\nITALY: F ION - AEG\nITALY: F GRE S F ION - AEG';
  assert.deepEqual(where(via, 'via-else-land'), ['A BUL']);
  assert.deepEqual(where(via, 'dptg'), ['A CON']);
  // Without VIA the convoy order does not matter under f: the army walks.
  const plain = via.replace(' VIA', '');
  assert.deepEqual(where(plain, 'via-else-land'), ['A BUL']);
});

test('a game file keeps the unretreatable option through its JSON; game new --unretreatable checks its value', (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'dipkit-recorded-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const file = join(dir, 'g.json');
  assert.equal(dipkit('game', 'new', file, '--unretreatable', 'retreat-phase').status, 0);
  assert.equal(readGameJson(readFileSync(file, 'utf8')).value?.options.unretreatable, 'retreat-phase');
  assert.equal(dipkit('game', 'new', file, '--force', '--rules', 'dipcc').status, 0);
  assert.equal(readGameJson(readFileSync(file, 'utf8')).value?.options.unretreatable, 'retreat-phase');
  assert.equal(dipkit('game', 'new', file, '--force', '--rules', 'mila').status, 0);
  assert.equal(readGameJson(readFileSync(file, 'utf8')).value?.options.unretreatable, 'disband');
  const bad = dipkit('game', 'new', file, '--force', '--unretreatable', 'never');
  assert.equal(bad.status, 2);
  assert.match(bad.stderr, /bad-option {2}--unretreatable must be "disband" or "retreat-phase", not "never"/);
  const broken = JSON.stringify({
    ...JSON.parse(writeGameJson(newGame(map))),
    options: { victoryCenters: 18, unretreatable: 'x' },
  });
  assert.match(readGameJson(broken).issues[0]?.message ?? '', /options.unretreatable must be/);
});

test("dipkit game process/show/history: a unit with no retreat is 'disbanded: no retreat', no retreat phase", (t) => {
  // Fall 1901, judged by hand: GERMANY A RUH - BEL supported by A HOL dislodges FRANCE A BEL, whose neighbours are
  // occupied (HOL, PIC, BUR), the attacker's origin (RUH) or sea: no retreat. Next: W1901A, BEL German.
  const dir = mkdtempSync(join(tmpdir(), 'dipkit-recorded-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const file = join(dir, 'g.json');
  const start = newGame(map);
  const units: Unit[] = [
    { power: 'FRANCE', type: 'A', location: 'BEL' },
    { power: 'GERMANY', type: 'A', location: 'RUH' },
    { power: 'GERMANY', type: 'A', location: 'HOL' },
    { power: 'ENGLAND', type: 'A', location: 'PIC' },
    { power: 'ENGLAND', type: 'A', location: 'BUR' },
  ];
  const fall = position(
    { season: 'fall', year: 1901, type: 'movement' },
    units,
    start.position.supplyCenters,
  );
  writeFileSync(file, writeGameJson({ ...start, position: fall }));
  assert.equal(dipkit('game', 'orders', file, 'GERMANY', 'A RUH - BEL', 'A HOL S A RUH - BEL').status, 0);
  const processed = dipkit('game', 'process', file);
  assert.equal(processed.status, 0, processed.stderr);
  assert.match(processed.stdout, /^ {2}dislodged: FRANCE A BEL by A RUH; disbanded: no retreat$/m);
  assert.match(processed.stdout, /^next phase: W1901A$/m);
  const show = dipkit('game', 'show', file);
  assert.match(show.stdout, /^phase W1901A;/);
  assert.match(show.stdout, /^ {2}dislodged in F1901M: A BEL by A RUH; disbanded: no retreat$/m);
  assert.match(show.stdout, /^GERMANY: 5 centres, 2 units$/m);
  const history = dipkit('game', 'history', file);
  assert.match(history.stdout, /disbanded: no retreat/);
  const json = JSON.parse(dipkit('game', 'history', file, '--json').stdout) as {
    history: { disbanded?: { location: string; reason: string }[] }[];
    issues: unknown[];
  };
  assert.deepEqual(json.issues, []);
  assert.deepEqual(json.history[0]?.disbanded, [
    { power: 'FRANCE', type: 'A', location: 'BEL', reason: 'no retreat' },
  ]);
});
