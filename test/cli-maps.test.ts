/**
 * The command line and maps: `dipkit maps` (the bundled maps, checked against the figures counted by hand in
 * test/data/variants/facts.json) and `--map NAME|FILE` on the commands that read positions or start games: a
 * bundled map by name, the hand-written test map test/data/maps/triangle.json (outcomes judged by hand), a
 * malformed map file (every issue with its JSON path, exit 2) and an unknown name (the known ids, did you mean).
 */
import assert from 'node:assert/strict';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { dipkit, NO_STACK, tempDir } from './cli-run.js';

interface Facts {
  maps: Record<
    string,
    {
      name: string;
      supplyCenters: number;
      victoryCenters: number;
      startYear: number;
      powers: Record<string, unknown>;
    }
  >;
}
const facts = JSON.parse(
  readFileSync(new URL('../../test/data/variants/facts.json', import.meta.url), 'utf8'),
) as Facts;

/** The standard game's figures (the rulebook): seven powers, 34 centres, 18 to win, Spring 1901. */
const STANDARD = { name: 'Standard', supplyCenters: 34, victoryCenters: 18, startYear: 1901, powers: 7 };

/** The rule switches each variant needs (docs/map-format.md); every other bundled map plays the standard rules. */
const SWITCHES: Record<string, Record<string, unknown>> = {
  hundred: { builds: 'owned', calendar: { springToFall: 5, fallToSpring: 5, seasonName: 'Year' } },
  westernworld901: { builds: 'owned' },
  twentytwenty: { builds: 'owned-home', leadVictory: { untilYear: 2020 } },
  pure: { convoys: false },
};

const TRIANGLE = 'test/data/maps/triangle.json';
const BROKEN = 'test/data/maps/broken-triangle.json';

/** Spring 2001 on the triangle map: Blue's supported move into Gamma beats Red's (2 against 1). */
const TRIANGLE_POSITION = `map: triangle
phase: S2001M
units:
  Red: F ALP
  Blue: A BET, F DEL
orders:
  Red: F ALP - GAM
  Blue: A BET - GAM
  Blue: F DEL S A BET - GAM
`;

interface MapJson {
  id: string;
  name: string;
  powers: string[];
  supplyCenters: number;
  victoryCenters: number;
  startYear: number;
  rules: { builds: string; convoys: boolean; calendar: object; leadVictory?: object };
  differences: string[];
  art: string;
}

void describe('dipkit maps', () => {
  void it('--json lists every bundled map with the figures counted by hand', () => {
    const r = dipkit('maps', '--json');
    assert.equal(r.status, 0, r.stderr);
    const maps = (JSON.parse(r.stdout) as { maps: MapJson[] }).maps;
    assert.deepEqual(
      maps.map((m) => m.id),
      ['standard', ...Object.keys(facts.maps).sort()],
    );
    for (const m of maps) {
      const f = m.id === 'standard' ? STANDARD : facts.maps[m.id]!;
      const powers = typeof f.powers === 'number' ? f.powers : Object.keys(f.powers).length;
      assert.deepEqual(
        [m.name, m.powers.length, m.supplyCenters, m.victoryCenters, m.startYear],
        [f.name, powers, f.supplyCenters, f.victoryCenters, f.startYear],
        m.id,
      );
      if (typeof f.powers !== 'number')
        assert.deepEqual([...m.powers].sort(), Object.keys(f.powers).sort(), m.id);
      const wanted = {
        builds: 'home',
        convoys: true,
        calendar: { springToFall: 0, fallToSpring: 1 },
        ...SWITCHES[m.id],
      };
      const { builds, convoys, calendar, leadVictory } = m.rules;
      assert.deepEqual({ builds, convoys, calendar, ...(leadVictory ? { leadVictory } : {}) }, wanted, m.id);
      assert.equal(
        m.differences.length > 0,
        SWITCHES[m.id] !== undefined || m.id === 'westernworld901',
        m.id,
      );
      // Geographic where art is committed beside the map's definition (Pure, an abstract map, has none).
      const art = new URL(
        `../../src/map/${m.id === 'standard' ? '' : 'variants/'}${m.id}.geometry.json`,
        import.meta.url,
      );
      assert.equal(m.art, existsSync(art) ? 'geographic' : 'schematic', m.id);
    }
    assert.equal(maps.find((m) => m.id === 'pure')?.art, 'schematic');
    assert.equal(maps.find((m) => m.id === 'standard')?.art, 'geographic');
  });

  void it('prints a block per map: id and name, powers, centres, first year and the rules that differ', () => {
    const r = dipkit('maps');
    assert.equal(r.status, 0, r.stderr);
    assert.match(r.stdout, /^standard {2}Standard$/m);
    assert.match(r.stdout, /^ {2}powers: 2 \(USSR, NATO\)$/m);
    assert.match(r.stdout, /^ {2}supply centres: 17; victory: 9; first year: 1425$/m);
    assert.match(r.stdout, /^ {2}rules: no convoys \(convoys: false\)$/m);
    assert.equal(r.stdout.match(/^\S+ {2}/gm)?.length, 1 + Object.keys(facts.maps).length);
  });

  void it('checks a map file: the hand-written test map compiles', () => {
    const r = dipkit('maps', TRIANGLE);
    assert.equal(r.status, 0, r.stderr);
    assert.equal(
      r.stdout,
      [
        'triangle  Triangle',
        '  A test map for the command line: two powers, four land provinces around one ocean.',
        '  powers: 2 (RED, BLUE)',
        '  supply centres: 4; victory: 3; first year: 2001',
        '  rules: standard',
        '  board: schematic layout',
        '',
      ].join('\n'),
    );
  });
});

/** The lines a malformed map file gives: every problem of test/data/maps/broken-triangle.json, with its path. */
const BROKEN_ISSUES: [string, string][] = [
  ['wrong-type', '$.victoryCenters'],
  ['bad-value', '$.powers[0].colour'],
  ['unknown-field', '$.provinces[1].suplyCenter'],
  ['one-way-edge', '$.provinces[3].army[0]'],
  ['unknown-power', '$.provinces[3].home'],
  ['fleet-inland', '$.startingUnits[1].location'],
];

/** Checks a run refused the malformed map file with every issue, one line each, and exit 2. */
function assertBrokenMapReported(r: { status: number | null; stdout: string; stderr: string }): void {
  assert.equal(r.status, 2);
  assert.doesNotMatch(r.stderr, NO_STACK);
  const lines = r.stderr.trimEnd().split('\n');
  assert.equal(lines.length, BROKEN_ISSUES.length, r.stderr);
  BROKEN_ISSUES.forEach(([code, path], i) => {
    const line = lines[i] ?? '';
    assert.ok(line.startsWith(`${BROKEN}  ${code}  `), line);
    assert.ok(line.endsWith(` (${path})`), line);
  });
}

void describe('--map NAME|FILE', () => {
  void it('adjudicate: a position on a map file, judged by hand', (t) => {
    const file = join(tempDir(t), 'triangle.txt');
    writeFileSync(file, TRIANGLE_POSITION);
    const r = dipkit('adjudicate', file, '--map', TRIANGLE);
    assert.equal(r.status, 0, r.stderr);
    assert.match(
      r.stdout,
      /^RED {3}F ALP - GAM {10}fails {5}\(bounced: attack strength 1 against prevent strength 2 of A BET\)$/m,
    );
    assert.match(r.stdout, /^BLUE {2}A BET - GAM {10}succeeds {2}\(moved: attack strength 2\)$/m);
    assert.match(r.stdout, /^map: triangle\nphase: Fall 2001 Movement$/m);
    assert.match(r.stdout, /^ {2}BLUE: F DEL, A GAM$/m);
  });

  void it('legal: every order of a unit on a map file, listed by hand', (t) => {
    const file = join(tempDir(t), 'triangle.txt');
    writeFileSync(file, TRIANGLE_POSITION);
    const r = dipkit('legal', file, '--map', TRIANGLE, '--power', 'Red');
    assert.equal(r.status, 0, r.stderr);
    assert.deepEqual(
      r.stdout.trimEnd().split('\n').sort(),
      [
        'F ALP H',
        'F ALP - GAM',
        'F ALP - OCE',
        'F ALP S A BET - GAM',
        'F ALP S F DEL - GAM',
        'F ALP S F DEL - OCE',
      ].sort(),
    );
  });

  void it('a file naming a map dipkit does not bundle needs --map FILE', (t) => {
    const file = join(tempDir(t), 'triangle.txt');
    writeFileSync(file, TRIANGLE_POSITION);
    const r = dipkit('adjudicate', file);
    assert.equal(r.status, 2);
    assert.match(r.stderr, /:1:6 {2}unknown-map {2}unknown map "triangle"; the bundled maps are standard, /);
  });

  void it('a malformed map file: every issue with its JSON path, exit 2, no stack trace', (t) => {
    const file = join(tempDir(t), 'triangle.txt');
    writeFileSync(file, TRIANGLE_POSITION);
    assertBrokenMapReported(dipkit('adjudicate', file, '--map', BROKEN));
    assertBrokenMapReported(dipkit('maps', BROKEN));
    assertBrokenMapReported(dipkit('game', 'new', join(tempDir(t), 'g.json'), '--map', BROKEN));
  });

  void it('an unknown name: did you mean, and the known ids', () => {
    const r = dipkit('game', 'new', 'unused.json', '--map', 'Cold Wra');
    assert.equal(r.status, 2);
    assert.doesNotMatch(r.stderr, NO_STACK);
    const ids = ['standard', ...Object.keys(facts.maps).sort()].join(', ');
    assert.match(r.stderr, /unknown map "Cold Wra" \(did you mean "coldwar"\?\)/);
    assert.ok(r.stderr.includes(`the bundled maps are ${ids}`), r.stderr);
    const m = dipkit('maps', 'hundret');
    assert.equal(m.status, 2);
    assert.match(m.stderr, /unknown map "hundret" \(did you mean "hundred"\?\)/);
  });

  void it("game new by name: the map's start; the game file records it; another --map later is refused", (t) => {
    const file = join(tempDir(t), 'g.json');
    const r = dipkit('game', 'new', file, '--map', 'Cold War');
    assert.equal(r.status, 0, r.stderr);
    assert.equal(r.stdout, `${file}: new coldwar game, S1960M; victory at 17 centres\n`);
    assert.equal((JSON.parse(readFileSync(file, 'utf8')) as { map: string }).map, 'coldwar');
    assert.equal(dipkit('game', 'show', file, '--map', 'coldwar').status, 0);
    const wrong = dipkit('game', 'show', file, '--map', 'standard');
    assert.equal(wrong.status, 2);
    assert.equal(
      wrong.stderr,
      `${file}  wrong-map  the file is on the map "coldwar" but --map gives the map "Standard"\n`,
    );
  });

  void it('game new on a map file: later commands read the game with the same --map FILE', (t) => {
    const file = join(tempDir(t), 'g.json');
    assert.equal(dipkit('game', 'new', file, '--map', TRIANGLE).status, 0);
    assert.equal(dipkit('game', 'show', file).status, 2);
    assert.equal(dipkit('game', 'orders', file, 'Blue', 'A BET - GAM', '--map', TRIANGLE).status, 0);
    const p = dipkit('game', 'process', file, '--map', TRIANGLE);
    assert.equal(p.status, 0, p.stderr);
    const show = dipkit('game', 'show', file, '--map', TRIANGLE);
    assert.match(show.stdout, /^phase F2001M/);
    assert.match(show.stdout, /units: A GAM, F DEL|units: F DEL, A GAM/);
  });
});
