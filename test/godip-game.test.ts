/**
 * The godip game-file reader (src/formats/godip-game.ts): what a well-formed file gives, phase names under a
 * variant calendar, the attacker and standoffs worked out for a retreat phase, and an issue with line and column
 * (never a throw) for each kind of malformed line. Expected values are worked out by hand from the texts below.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { standardMap } from '../src/map/compile.js';
import type { GameMap } from '../src/map/types.js';
import { looksLikeGodip, readGodipGame } from '../src/formats/godip-game.js';
import { formatReplay, replay } from '../src/game/replay.js';
import type { Issue } from '../src/issues.js';

const map = standardMap();

/** A file from lines written with two spaces where godip writes a tab. */
function file(...lines: string[]): string {
  return lines.map((l) => l.replace(/^ {2}/, '\t')).join('\n');
}

function where(issues: readonly Issue[]): string[] {
  return issues.map((i) => `${i.line ?? '?'}:${i.column ?? '?'} ${i.code} ${i.message}`);
}

const opening = file(
  'PHASE 1901 Spring Movement',
  'POSITIONS',
  '  England: fleet lon',
  '  England: fleet edi',
  '  Russia: fleet stp/sc',
  '  France: army par',
  '  England: supply lon',
  '  England: supply lvp',
  '  Russia: supply stp',
  '  France: supply par',
  'ORDERS',
  '  lon move nth',
  '  edi support lon move nth',
  '  stp/sc move bot',
  '  par hold',
  'PHASE 1901 Fall Movement',
  'POSITIONS',
  '  England: fleet nth',
  '  England: fleet edi',
  '  Russia: fleet bot',
  '  France: army par',
  '  England: supply lon',
  '  England: supply lvp',
  '  Russia: supply stp',
  '  France: supply par',
);

test('a well-formed file: phases, units with coasts, centres, orders with their powers and unit types', () => {
  const read = readGodipGame(map, opening);
  assert.deepEqual(read.issues, []);
  const game = read.value;
  assert.ok(game);
  assert.equal(game.map, 'standard');
  assert.deepEqual(
    game.phases.map((p) => p.name),
    ['S1901M', 'F1901M'],
  );
  const first = game.phases[0];
  assert.ok(first);
  assert.deepEqual(first.position.phase, { season: 'spring', year: 1901, type: 'movement' });
  assert.deepEqual(first.position.units, [
    { power: 'ENGLAND', type: 'F', location: 'LON' },
    { power: 'ENGLAND', type: 'F', location: 'EDI' },
    { power: 'RUSSIA', type: 'F', location: 'STP/SC' },
    { power: 'FRANCE', type: 'A', location: 'PAR' },
  ]);
  assert.deepEqual(first.position.supplyCenters, {
    ENGLAND: ['LON', 'LVP'],
    RUSSIA: ['STP'],
    FRANCE: ['PAR'],
  });
  assert.deepEqual(
    first.orders.map((o) => `${o.power}: ${o.text}`),
    ['ENGLAND: F LON - NTH', 'ENGLAND: F EDI S LON - NTH', 'RUSSIA: F STP/SC - BOT', 'FRANCE: A PAR H'],
  );
  assert.deepEqual(game.phases[1]?.orders, []);
  // And the replay: the three moves and the hold give exactly the recorded Fall.
  assert.deepEqual(formatReplay(replay(map, game)), ['PASS S1901M', '1 passed, 0 failed']);
});

test('a wrong recorded result fails the replay (the comparison is exact)', () => {
  const wrong = opening.replace('\tRussia: fleet bot', '\tRussia: fleet stp/sc');
  const game = readGodipGame(map, wrong).value;
  assert.ok(game);
  const lines = formatReplay(replay(map, game));
  assert.equal(lines[1], '0 passed, 1 failed');
  assert.match(
    lines[0] ?? '',
    /^FAIL S1901M: units: recorded but not found RUSSIA F STP\/SC; found but not recorded RUSSIA F BOT/,
  );
});

test('looksLikeGodip: a file whose first words are PHASE', () => {
  assert.equal(looksLikeGodip(opening), true);
  assert.equal(looksLikeGodip('\n\n  PHASE 1901 Spring Movement'), true);
  assert.equal(looksLikeGodip('{"phases": []}'), false);
  assert.equal(looksLikeGodip('POSITIONS'), false);
});

const retreat = file(
  'PHASE 1901 Fall Movement',
  'POSITIONS',
  '  Germany: army mun',
  '  Germany: army kie',
  '  France: army bur',
  '  France: army mar',
  '  Italy: army pie',
  '  Austria: army tyr',
  '  Germany: supply mun',
  'ORDERS',
  '  bur move mun',
  '  mar support bur move mun',
  '  pie move tyr',
  '  kie move ruh',
  '  tyr move pie',
  'PHASE 1901 Fall Retreat',
  'POSITIONS',
  '  Germany: army/dislodged mun',
  '  Germany: army ruh',
  '  France: army mun',
  '  France: army mar',
  '  Italy: army pie',
  '  Austria: army tyr',
  '  Germany: supply mun',
  'ORDERS',
  '  mun move boh',
  'PHASE 1901 Fall Adjustment',
  'POSITIONS',
  '  Germany: army boh',
  '  Germany: army ruh',
  '  France: army mun',
  '  France: army mar',
  '  Italy: army pie',
  '  Austria: army tyr',
  '  France: supply mun',
);

test('a retreat phase: the origin of the attacker from the movement orders; no standoff here', () => {
  const read = readGodipGame(map, retreat);
  assert.deepEqual(read.issues, []);
  const phase = read.value?.phases[1];
  assert.ok(phase);
  assert.equal(phase.name, 'F1901R');
  assert.deepEqual(phase.position.dislodged, [
    { power: 'GERMANY', type: 'A', location: 'MUN', attackerFrom: 'BUR' },
  ]);
  // A PIE and A TYR try to trade places head to head: both fail, and no province is left empty.
  assert.deepEqual(phase.position.contested, []);
  assert.deepEqual(phase.orders, [
    {
      power: 'GERMANY',
      text: 'A MUN - BOH',
      order: { kind: 'move', unit: { location: 'MUN', type: 'A' }, to: 'BOH' },
    },
  ]);
  assert.equal(read.value?.phases[2]?.name, 'W1901A');
});

test('a standoff: a province two units tried to enter and that stays empty is contested', () => {
  const text = file(
    'PHASE 1901 Spring Movement',
    'POSITIONS',
    '  Germany: army mun',
    '  Germany: army ber',
    '  France: army bur',
    '  France: army gas',
    '  Russia: army war',
    '  Austria: army boh',
    'ORDERS',
    '  gas move bur',
    '  bur move mun',
    '  boh support bur move mun',
    '  ber move sil',
    '  war move sil',
    'PHASE 1901 Spring Retreat',
    'POSITIONS',
    '  Germany: army/dislodged mun',
    '  Germany: army ber',
    '  France: army mun',
    '  France: army bur',
    '  Russia: army war',
    '  Austria: army boh',
  );
  const read = readGodipGame(map, text);
  assert.deepEqual(read.issues, []);
  assert.deepEqual(read.value?.phases[1]?.position.contested, ['SIL']);
  assert.deepEqual(read.value?.phases[1]?.position.dislodged, [
    { power: 'GERMANY', type: 'A', location: 'MUN', attackerFrom: 'BUR' },
  ]);
});

test('adjustment orders: builds belong to the owner of the centre, removes to the unit; no owner is unreadable', () => {
  const text = file(
    'PHASE 1901 Fall Adjustment',
    'POSITIONS',
    '  England: army yor',
    '  France: army bur',
    '  England: supply lon',
    '  England: supply edi',
    '  France: supply par',
    'ORDERS',
    '  build Fleet lon',
    '  build army edi',
    '  remove bur',
    '  build Army mun',
    '  yor disband',
  );
  const read = readGodipGame(map, text);
  assert.deepEqual(read.issues, []);
  const phase = read.value?.phases[0];
  assert.ok(phase);
  assert.equal(phase.name, 'W1901A');
  assert.deepEqual(
    phase.orders.map((o) => `${o.power}: ${o.text}`),
    ['ENGLAND: F LON B', 'ENGLAND: A EDI B', 'FRANCE: A BUR D', 'ENGLAND: A YOR D'],
  );
  assert.deepEqual(phase.unreadable, [{ power: '?', text: 'build Army mun', message: 'no power owns MUN' }]);
});

test('a variant calendar: the season named like every season is Spring or Fall by the year', () => {
  const hundred: GameMap = {
    ...map,
    startYear: 1425,
    rules: { ...map.rules, calendar: { springToFall: 5, fallToSpring: 5, seasonName: 'Year' } },
  };
  const phases = [
    '1425 Year Movement',
    '1425 Year Retreat',
    '1430 Year Movement',
    '1430 Year Adjustment',
    '1435 Year Movement',
  ]
    .map((p) => `PHASE ${p}\nPOSITIONS\n`)
    .join('');
  const read = readGodipGame(hundred, phases);
  assert.deepEqual(read.issues, []);
  assert.deepEqual(
    read.value?.phases.map((p) => p.name),
    ['S1425M', 'S1425R', 'F1430M', 'W1430A', 'S1435M'],
  );
  const odd = readGodipGame(hundred, 'PHASE 1427 Year Movement\nPOSITIONS\n');
  assert.deepEqual(where(odd.issues), ['1:7 bad-phase 1427 is not a year in which Standard has a turn']);
  // On the standard map "Year" is no season.
  assert.deepEqual(where(readGodipGame(map, 'PHASE 1901 Year Movement\n').issues), [
    '1:12 bad-phase unknown season "Year" for a movement phase (Spring or Fall)',
  ]);
});

test('malformed lines: one issue each, with line and column, and the rest of the file is read', () => {
  const text = file(
    'PHASE 1901 Spring Movement',
    'POSITIONS',
    '  England: fleet lon',
    '  Narnia: army par', //                   4: unknown nation
    '  France: army xyz', //                   5: unknown province
    '  France: tank par', //                   6: unknown kind
    '  France: army nth', //                   7: army at sea
    '  Russia: fleet stp', //                  8: fleet without its coast
    '  Russia: fleet mos', //                  9: fleet inland
    '  France: army lon', //                  10: two units in London
    '  France: supply bur', //                11: not a supply centre
    '  France: supply lon', //                12: not: no one owns it yet
    '  England: supply lon', //               13: owned twice
    '  France army par', //                   14: no colon
    'ORDERS',
    '  lon move xyz', //                      16: unknown province
    '  lon jump nth', //                      17: unknown verb
    '  lon move', //                          18: missing target
    '  lon support nth move', //              19: missing target of the supported move
    '  lon move nth via', //                  20: half a "via convoy"
    '  lon hold now', //                      21: trailing word
    '  lon move spa/xc', //                   22: unknown coast
    '  build Tank lon', //                    23: unknown unit kind
    'oops', //                                24: neither an order nor PHASE
    'PHASE 1901 Autumn Movement', //          25: bad season; the block is left out
    'POSITIONS',
    '  England: fleet lon',
    'PHASE nineteen Fall Movement', //        28: bad year
    'PHASE 1901 Fall Moving', //              29: bad type
    'PHASE 1901 Fall', //                     30: missing type
    'PHASE 1901 Fall Movement',
    '  England: fleet lon', //                32: before POSITIONS
    'ORDERS', //                              33: ORDERS before POSITIONS
  );
  let read: ReturnType<typeof readGodipGame> | undefined;
  assert.doesNotThrow(() => (read = readGodipGame(map, text)));
  assert.deepEqual(where(read?.issues ?? []), [
    '4:2 unknown-power unknown nation "Narnia"',
    '5:15 unknown-province unknown province "xyz"',
    '6:10 bad-line expected army, fleet, army/dislodged, fleet/dislodged or supply, got "tank"',
    '7:15 bad-unit an army cannot stand in NTH (sea)',
    '8:16 bad-unit a fleet in STP must name its coast',
    '9:16 bad-unit a fleet cannot stand in MOS (land)',
    '10:15 duplicate-unit a unit of ENGLAND is already in LON',
    '11:17 not-a-center BUR is not a supply centre',
    '13:18 duplicate-center LON is already owned by FRANCE',
    '14:2 bad-line expected "<Nation>: army|fleet|supply <province>"',
    '16:11 unknown-province unknown province "xyz"',
    '17:6 bad-order expected move or support or hold or convoy or disband, got "jump"',
    '18:10 bad-order expected a province at the end of the order',
    '19:22 bad-order expected a province at the end of the order',
    '20:18 bad-order expected convoy at the end of the order',
    '21:11 bad-order expected the end of the order, got "now"',
    '22:11 unknown-province unknown coast "spa/xc"',
    '23:8 bad-order expected army or fleet, got "Tank"',
    '24:1 expected-phase expected an order (indented) or PHASE, got "oops"',
    '25:12 bad-phase unknown season "Autumn" for a movement phase (Spring or Fall)',
    '28:7 bad-phase expected a year, got "nineteen"',
    '29:17 bad-phase unknown phase type "Moving" (Movement, Retreat or Adjustment)',
    '30:1 bad-phase expected PHASE <year> <season> <Movement|Retreat|Adjustment>',
    '32:2 expected-positions expected POSITIONS, got "England:"',
    '33:1 expected-positions expected POSITIONS before ORDERS',
  ]);
  // What could be read is there: the good lines of the first phase and the last phase.
  assert.deepEqual(
    read?.value?.phases.map((p) => p.name),
    ['S1901M', 'F1901M'],
  );
  assert.deepEqual(read?.value?.phases[0]?.position.units, [
    { power: 'ENGLAND', type: 'F', location: 'LON' },
  ]);
});

test('a file that does not start with PHASE, and an empty file: no game, an issue', () => {
  assert.deepEqual(where(readGodipGame(map, 'POSITIONS\n\tEngland: fleet lon\n').issues), [
    '1:1 expected-phase expected PHASE, got "POSITIONS"',
  ]);
  const empty = readGodipGame(map, '\n\n');
  assert.equal(empty.value, undefined);
  assert.deepEqual(where(empty.issues), ['1:1 expected-phase the file has no PHASE']);
});

test('an order for a province with no unit is unreadable; one for a unit of the wrong kind is kept for the replay', () => {
  const text = file(
    'PHASE 1901 Spring Retreat',
    'POSITIONS',
    '  England: army yor',
    '  England: fleet/dislodged nth',
    '  France: fleet eng',
    'ORDERS',
    '  yor move lon', //    a unit, but not a dislodged one: the retreat adjudication decides (illegal)
    '  wal move lon', //    no unit at all
    '  nth move nwg',
  );
  const read = readGodipGame(map, text);
  const phase = read.value?.phases[0];
  assert.ok(phase);
  assert.deepEqual(
    phase.orders.map((o) => `${o.power}: ${o.text}`),
    ['ENGLAND: A YOR - LON', 'ENGLAND: F NTH - NWG'],
  );
  assert.deepEqual(phase.unreadable, [
    { power: '?', text: 'wal move lon', message: 'there is no unit in WAL' },
  ]);
  // No movement phase before it: the attacker of F NTH is not known, and the reader says nothing of it.
  assert.deepEqual(read.issues, []);
});

test('a retreat phase held for a unit that cannot retreat, which godip has already disbanded, is compared as such', () => {
  const units = [
    '  France: army ruh',
    '  Austria: army boh',
    '  Austria: army tyr',
    '  Germany: army ber',
    '  Germany: army kie',
    '  Russia: army sil',
  ];
  const text = file(
    'PHASE 1901 Spring Movement',
    'POSITIONS',
    '  Germany: army mun',
    '  France: army bur',
    ...units,
    'ORDERS',
    '  bur move mun',
    '  ruh support bur move mun',
    'PHASE 1901 Spring Retreat',
    'POSITIONS',
    '  France: army mun',
    ...units,
    'PHASE 1901 Fall Movement',
    'POSITIONS',
    '  France: army mun',
    ...units,
  );
  const game = readGodipGame(map, text).value;
  assert.ok(game);
  assert.deepEqual(formatReplay(replay(map, game)), [
    'PASS S1901M (the recording holds a retreat phase for GERMANY A MUN, which cannot retreat, and has disbanded it already)',
    'PASS S1901R',
    '2 passed, 0 failed',
  ]);
  // Had the unit a retreat (Silesia empty), the empty retreat phase would be a difference.
  const free = text.replaceAll('\tRussia: army sil\n', '').replace(/\tRussia: army sil$/, '');
  const lines = formatReplay(replay(map, readGodipGame(map, free).value ?? game));
  assert.match(lines[0] ?? '', /^FAIL S1901M: dislodged: found but not recorded GERMANY A MUN$/);
});

test('the attacker of a dislodged unit: of two moves by units of its power and type, the one that left', () => {
  const text = file(
    'PHASE 1901 Spring Movement',
    'POSITIONS',
    '  Germany: army mun',
    '  France: army tyr',
    '  France: army bur',
    '  France: army ruh',
    'ORDERS',
    '  tyr move mun',
    '  bur move mun',
    '  ruh support bur move mun',
    'PHASE 1901 Spring Retreat',
    'POSITIONS',
    '  Germany: army/dislodged mun',
    '  France: army tyr',
    '  France: army mun',
    '  France: army ruh',
  );
  const read = readGodipGame(map, text);
  assert.deepEqual(read.issues, []);
  assert.deepEqual(read.value?.phases[1]?.position.dislodged, [
    { power: 'GERMANY', type: 'A', location: 'MUN', attackerFrom: 'BUR' },
  ]);
});

test('an attacker that came by convoy: byConvoy, so the dislodged unit may retreat to its origin (DATC 4.A.5)', () => {
  const text = file(
    'PHASE 1901 Spring Movement',
    'POSITIONS',
    '  England: army lon',
    '  England: fleet nth',
    '  England: fleet eng',
    '  France: army bel',
    'ORDERS',
    '  lon move bel via convoy',
    '  nth convoy lon move bel',
    '  eng support lon move bel',
    'PHASE 1901 Spring Retreat',
    'POSITIONS',
    '  England: army bel',
    '  England: fleet nth',
    '  England: fleet eng',
    '  France: army/dislodged bel',
  );
  const read = readGodipGame(map, text);
  assert.deepEqual(read.issues, []);
  assert.deepEqual(read.value?.phases[1]?.position.dislodged, [
    { power: 'FRANCE', type: 'A', location: 'BEL', attackerFrom: 'LON', byConvoy: true },
  ]);
});
