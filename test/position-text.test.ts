/**
 * The position-and-orders text form (src/formats/position-text.ts): phases as people write them, the sections of
 * retreat phases (dislodged units with their attacker's origin, contested provinces), and `writePositionText`
 * read back to the same position for every phase of self-played games.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parsePhase, readPositionText, writePositionText } from '../src/formats/position-text.js';
import { standardMap } from '../src/map/compile.js';
import type { Position } from '../src/position/types.js';
import { playRandomGame } from '../src/selfplay/random-player.js';

const map = standardMap();

void test('phases: a season alone is its movement phase (Fall 1901, Autumn 1901), Winter its adjustments', () => {
  const table: [string, Position['phase'] | undefined][] = [
    ['Fall 1901', { season: 'fall', year: 1901, type: 'movement' }],
    ['Autumn 1901', { season: 'fall', year: 1901, type: 'movement' }],
    ['autumn 1902, retreats', { season: 'fall', year: 1902, type: 'retreat' }],
    ['Spring 1903', { season: 'spring', year: 1903, type: 'movement' }],
    ['Winter 1901', { season: 'winter', year: 1901, type: 'adjustment' }],
    ['F1901R', { season: 'fall', year: 1901, type: 'retreat' }],
    ['Summer 1901', undefined],
    ['Fall', undefined],
  ];
  for (const [text, phase] of table) assert.deepEqual(parsePhase(text), phase, text);
});

void test('dislodged: and contested: sections give a retreat position', () => {
  const text =
    'phase: F1901R\nunits:\n  England: A BEL, F NTH\n  Germany: A RUH\ndislodged:\n  France: A BEL from YOR by convoy\n' +
    '  Germany: F HOL (from NTH)\ncontested: BUR, PIC\ncenters:\n  France: PAR\n';
  const r = readPositionText(map, text, 'r.txt');
  assert.deepEqual(r.issues, []);
  assert.deepEqual(r.value?.position, {
    phase: { season: 'fall', year: 1901, type: 'retreat' },
    units: [
      { power: 'ENGLAND', type: 'A', location: 'BEL' },
      { power: 'ENGLAND', type: 'F', location: 'NTH' },
      { power: 'GERMANY', type: 'A', location: 'RUH' },
    ],
    dislodged: [
      { power: 'FRANCE', type: 'A', location: 'BEL', attackerFrom: 'YOR', byConvoy: true },
      { power: 'GERMANY', type: 'F', location: 'HOL', attackerFrom: 'NTH' },
    ],
    contested: ['BUR', 'PIC'],
    supplyCenters: { FRANCE: ['PAR'] },
  });
  const bad = readPositionText(
    map,
    'dislodged:\n  France: A BEL\n  France: A PIC from Atlantis\ncontested: XYZ\n',
  );
  assert.deepEqual(
    bad.issues.map((i) => [i.code, i.line, i.column]),
    [
      ['bad-dislodged-unit', 2, 11],
      ['unknown-province', 3, 22],
      ['unknown-province', 4, 12],
    ],
  );
});

/** A position with its lists in a fixed order, to compare positions whatever order their units come in. */
function canonical(p: Position): Position {
  const key = (u: { power: string; location: string }): string => `${u.power} ${u.location}`;
  const byKey = <T extends { power: string; location: string }>(list: readonly T[]): T[] =>
    [...list].sort((a, b) => key(a).localeCompare(key(b)));
  const centers: Record<string, string[]> = {};
  for (const [power, list] of Object.entries(p.supplyCenters))
    if (list.length > 0) centers[power] = [...list].sort();
  return {
    phase: p.phase,
    units: byKey(p.units),
    dislodged: byKey(p.dislodged),
    contested: [...p.contested].sort(),
    supplyCenters: centers,
  };
}

void test('writePositionText reads back to the same position, for every phase of self-played games', () => {
  let phases = 0;
  let retreats = 0;
  for (const seed of [1, 2, 3, 4, 5]) {
    const game = playRandomGame(map, { seed, maxYear: 1908 });
    for (const position of [...game.history.map((h) => h.position), game.position]) {
      const text = writePositionText(map, position);
      const read = readPositionText(map, text);
      assert.deepEqual(read.issues, [], text);
      assert.deepEqual(canonical(read.value!.position), canonical(position), text);
      phases++;
      if (position.dislodged.length > 0) retreats++;
    }
  }
  assert.ok(phases > 30 && retreats > 3, `${phases} phases, ${retreats} retreat phases`);
});
