/**
 * The game layer: phase names and sequence, skipped phases, supply-centre ownership after the Fall only, victory,
 * history, bad input that leaves the game as it was, and the game JSON formats (ours and MILA/dipcc).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { standardMap } from '../src/map/compile.js';
import type { Phase, Position, Unit } from '../src/position/types.js';
import { nextPhase, parsePhaseName, phaseName } from '../src/game/phases.js';
import {
  adjustmentPhaseNeeded,
  adjustmentsDue,
  initialOwnership,
  updateOwnership,
  winner,
} from '../src/game/centers.js';
import {
  currentPhase,
  type Game,
  type GameOptions,
  newGame,
  processPhase,
  submitOrders,
} from '../src/game/game.js';
import { describePhase, describePosition } from '../src/game/history.js';
import { gameFromJson, gameToJson, readGameJson, writeGameJson } from '../src/formats/game-json.js';
import { gameToMila, readMilaJson, writeMilaJson } from '../src/formats/mila-json.js';
import { playRandomGame } from '../src/selfplay/random-player.js';

const map = standardMap();

// ---------------------------------------------------------------------------------------------------------------
// Helpers

/** "FRANCE: A BUR, F MAO; GERMANY: A RUH" as units. */
function units(text: string): Unit[] {
  return text
    .split(';')
    .filter((part) => part.trim() !== '')
    .flatMap((part) => {
      const [power = '', list = ''] = part.split(':');
      return list.split(',').map((u) => {
        const [type, location] = u.trim().split(/\s+/);
        return { power: power.trim(), type: type as 'A' | 'F', location: location ?? '' };
      });
    });
}

function phase(name: string): Phase {
  const p = parsePhaseName(name);
  assert.ok(p, name);
  return p;
}

/** A game at a made-up position (centres, unless given: the home centres of the powers that have units). */
function gameAt(
  name: string,
  unitText: string,
  extra: Partial<Position> = {},
  options: Partial<GameOptions> = {},
): Game {
  const game = newGame(map, options);
  const present = new Set(units(unitText).map((u) => u.power));
  const homes = initialOwnership(map);
  const supplyCenters = Object.fromEntries(
    map.powers.map((p) => [p, present.has(p) ? (homes[p] ?? []) : []]),
  );
  return {
    ...game,
    position: {
      phase: phase(name),
      units: units(unitText),
      dislodged: [],
      contested: [],
      supplyCenters,
      ...extra,
    },
  };
}

function submit(game: Game, power: string, ...lines: string[]): Game {
  const r = submitOrders(map, game, power, lines.join('\n'));
  assert.deepEqual(r.issues, [], `${power}: ${lines.join('; ')}`);
  assert.ok(r.value);
  return r.value;
}

function process(game: Game): Game {
  const r = processPhase(map, game);
  assert.deepEqual(r.issues, []);
  assert.ok(r.value);
  return r.value;
}

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

const owned = (game: Game, power: string): string[] => game.position.supplyCenters[power] ?? [];

// ---------------------------------------------------------------------------------------------------------------
// Phases

test('phase names: S1901M, S1901R, F1901M, F1901R, W1901A, and back', () => {
  const names: string[] = [];
  let p: Phase = { season: 'spring', year: 1901, type: 'movement' };
  for (let i = 0; i < 6; i++) {
    names.push(phaseName(p));
    p = nextPhase(p);
  }
  assert.deepEqual(names, ['S1901M', 'S1901R', 'F1901M', 'F1901R', 'W1901A', 'S1902M']);
  for (const n of names) assert.equal(phaseName(phase(n)), n);
  assert.deepEqual(parsePhaseName('f1905r'), { season: 'fall', year: 1905, type: 'retreat' });
  for (const bad of ['W1901M', 'S1901A', 'F1901A', 'COMPLETED', 'S19O1M', ''])
    assert.equal(parsePhaseName(bad), undefined);
});

test('a new game: Spring 1901, 22 units, every power owns its home centres', () => {
  const game = newGame(map);
  assert.equal(currentPhase(game), 'S1901M');
  assert.equal(game.position.units.length, 22);
  assert.equal(game.options.victoryCenters, 18);
  assert.equal(game.status, 'active');
  assert.deepEqual(owned(game, 'RUSSIA'), ['MOS', 'SEV', 'STP', 'WAR']);
  assert.ok(
    game.position.units.some((u) => u.power === 'RUSSIA' && u.type === 'F' && u.location === 'STP/SC'),
  );
});

test('empty retreat and adjustment phases are skipped: S1901M -> F1901M -> S1902M when nothing happens', () => {
  let game = newGame(map);
  game = process(game);
  assert.equal(currentPhase(game), 'F1901M');
  game = process(game);
  assert.equal(currentPhase(game), 'S1902M', 'no dislodgement, no centre changes: no F1901R, no W1901A');
  assert.deepEqual(
    game.history.map((h) => h.name),
    ['S1901M', 'F1901M'],
  );
});

test('a dislodgement makes a retreat phase; after the Spring retreats comes the Fall movement', () => {
  let game = gameAt('S1901M', 'FRANCE: A BUR; GERMANY: A RUH, A MUN');
  game = submit(game, 'GERMANY', 'A RUH - BUR', 'A MUN S A RUH - BUR');
  game = process(game);
  assert.equal(currentPhase(game), 'S1901R');
  assert.deepEqual(game.position.dislodged, [
    { power: 'FRANCE', type: 'A', location: 'BUR', attackerFrom: 'RUH' },
  ]);
  assert.deepEqual(game.history[0]?.dislodged, [
    { unit: 'A BUR', power: 'FRANCE', by: 'A RUH', retreats: ['BEL', 'GAS', 'MAR', 'PAR', 'PIC'] },
  ]);
  // Orders for a unit that is not dislodged are refused in a retreat phase.
  const refused = submitOrders(map, game, 'GERMANY', 'A MUN - BOH');
  assert.equal(refused.issues[0]?.code, 'no-such-unit');
  game = submit(game, 'FRANCE', 'A BUR R PAR');
  game = process(game);
  assert.equal(currentPhase(game), 'F1901M');
  assert.ok(game.position.units.some((u) => u.power === 'FRANCE' && u.location === 'PAR'));
  assert.deepEqual(
    game.history[1]?.outcomes.map((o) => o.reason.code),
    ['retreated'],
  );
});

test('a dislodged unit without a retreat order is disbanded', () => {
  let game = gameAt('F1901M', 'FRANCE: A BUR; GERMANY: A RUH, A MUN');
  game = submit(game, 'GERMANY', 'A RUH - BUR', 'A MUN S A RUH - BUR');
  game = process(game);
  assert.equal(currentPhase(game), 'F1901R');
  game = process(game);
  assert.deepEqual(game.history[1]?.disbanded, [
    { power: 'FRANCE', type: 'A', location: 'BUR', reason: 'no valid order' },
  ]);
  assert.ok(!game.position.units.some((u) => u.power === 'FRANCE'));
});

/**
 * Fall 1901, judged by hand: GERMANY A RUH - BEL, supported by A HOL, dislodges FRANCE A BEL. BEL's neighbours are
 * HOL and PIC and BUR (occupied), RUH (where the attacker came from), ENG and NTH (sea): no retreat.
 */
const NO_RETREAT_UNITS = 'FRANCE: A BEL; GERMANY: A RUH, A HOL; ENGLAND: A PIC, A BUR, F ENG, F NTH';

function dislodgeBelgium(game: Game): Game {
  return process(submit(game, 'GERMANY', 'A RUH - BEL', 'A HOL S A RUH - BEL'));
}

test('a Fall dislodgement with no retreat: the unit is disbanded at once, then the Winter adjustments with new centres', () => {
  const game = dislodgeBelgium(gameAt('F1901M', NO_RETREAT_UNITS));
  assert.equal(currentPhase(game), 'W1901A', 'no F1901R: nothing can retreat');
  assert.deepEqual(game.position.dislodged, []);
  assert.deepEqual(
    game.position.units.map((u) => `${u.power} ${u.type} ${u.location}`),
    ['ENGLAND A BUR', 'ENGLAND F ENG', 'ENGLAND F NTH', 'ENGLAND A PIC', 'GERMANY A BEL', 'GERMANY A HOL'],
  );
  // BEL and HOL go to Germany; France keeps its empty home centres and may build three.
  assert.deepEqual(owned(game, 'GERMANY'), ['BEL', 'BER', 'HOL', 'KIE', 'MUN']);
  assert.deepEqual(owned(game, 'FRANCE'), ['BRE', 'MAR', 'PAR']);
  assert.deepEqual(owned(game, 'ENGLAND'), ['EDI', 'LON', 'LVP']);
  const record = game.history[0];
  assert.ok(record);
  assert.deepEqual(record.dislodged, [{ unit: 'A BEL', power: 'FRANCE', by: 'A RUH', retreats: [] }]);
  assert.deepEqual(record.disbanded, [{ power: 'FRANCE', type: 'A', location: 'BEL', reason: 'no retreat' }]);
  assert.ok(describePhase(record).includes('  dislodged: FRANCE A BEL by A RUH; disbanded: no retreat'));
  assert.ok(
    describePosition(map, game).includes('  dislodged in F1901M: A BEL by A RUH; disbanded: no retreat'),
  );
});

test('a Fall dislodgement with no retreat and nothing to adjust goes straight to the next Spring', () => {
  // As above, but France also owns BEL and holds its home centres, England owns NWY, Germany holds its home
  // centres: after the Fall every power has as many units as centres.
  const extra = 'FRANCE: A BRE, A MAR, A PAR; GERMANY: A BER, A KIE, A MUN';
  const start = gameAt('F1901M', `${NO_RETREAT_UNITS}; ${extra}`);
  const centres: Record<string, string[]> = { ...start.position.supplyCenters };
  centres['FRANCE'] = ['BEL', 'BRE', 'MAR', 'PAR'];
  centres['ENGLAND'] = ['EDI', 'LON', 'LVP', 'NWY'];
  const game = dislodgeBelgium({ ...start, position: { ...start.position, supplyCenters: centres } });
  assert.equal(currentPhase(game), 'S1902M');
  assert.ok(!game.position.units.some((u) => u.location === 'BEL' && u.power === 'FRANCE'));
  assert.deepEqual(owned(game, 'FRANCE'), ['BRE', 'MAR', 'PAR']);
  assert.deepEqual(owned(game, 'GERMANY'), ['BEL', 'BER', 'HOL', 'KIE', 'MUN']);
  assert.deepEqual(
    game.history.map((h) => h.name),
    ['F1901M'],
  );
});

test("unretreatable: 'retreat-phase' keeps a unit with no retreat for the retreat phase, where it is disbanded", () => {
  let game = dislodgeBelgium(gameAt('F1901M', NO_RETREAT_UNITS, {}, { unretreatable: 'retreat-phase' }));
  assert.equal(currentPhase(game), 'F1901R');
  assert.deepEqual(game.position.dislodged, [
    { power: 'FRANCE', type: 'A', location: 'BEL', attackerFrom: 'RUH' },
  ]);
  assert.equal(game.history[0]?.disbanded, undefined);
  assert.deepEqual(owned(game, 'GERMANY'), ['BER', 'KIE', 'MUN'], 'centres change after the retreats');
  game = process(game);
  assert.equal(currentPhase(game), 'W1901A');
  assert.deepEqual(game.history[1]?.disbanded, [
    { power: 'FRANCE', type: 'A', location: 'BEL', reason: 'no retreat' },
  ]);
  assert.deepEqual(owned(game, 'GERMANY'), ['BEL', 'BER', 'HOL', 'KIE', 'MUN']);
  assert.equal(readGameJson(writeGameJson(game)).value?.options.unretreatable, 'retreat-phase');
});

test('a Spring dislodgement with no retreat and another unit that can retreat: only the other waits', () => {
  // As in the Fall test, and AUSTRIA A TYR is dislodged from TYR by ITALY A VEN (supported by A PIE): it may
  // retreat to BOH, MUN, TRI, VIE.
  const game = process(
    submit(
      submit(
        gameAt('S1901M', `${NO_RETREAT_UNITS}; AUSTRIA: A TYR; ITALY: A VEN, A PIE`),
        'GERMANY',
        'A RUH - BEL',
        'A HOL S A RUH - BEL',
      ),
      'ITALY',
      'A VEN - TYR',
      'A PIE S A VEN - TYR',
    ),
  );
  assert.equal(currentPhase(game), 'S1901R');
  assert.deepEqual(
    game.position.dislodged.map((d) => `${d.power} ${d.type} ${d.location}`),
    ['AUSTRIA A TYR'],
  );
  assert.deepEqual(game.history[0]?.disbanded, [
    { power: 'FRANCE', type: 'A', location: 'BEL', reason: 'no retreat' },
  ]);
});

// ---------------------------------------------------------------------------------------------------------------
// Supply centres

test('centres change owner only after the Fall: a unit in a centre in Spring that leaves in Fall does not take it', () => {
  let game = gameAt('S1901M', 'FRANCE: A BUR, A PAR, A MAR, F BRE');
  game = submit(game, 'FRANCE', 'A BUR - BEL');
  game = process(game);
  assert.equal(currentPhase(game), 'F1901M');
  assert.deepEqual(
    owned(game, 'FRANCE'),
    ['BRE', 'MAR', 'PAR'],
    'Spring: no change though A BEL stands on BEL',
  );
  game = submit(game, 'FRANCE', 'A BEL - HOL');
  game = process(game);
  assert.deepEqual(
    owned(game, 'FRANCE'),
    ['BRE', 'HOL', 'MAR', 'PAR'],
    'BEL was left in the Fall: not taken',
  );
  // France had 4 units for 3 centres before, now 4 centres: nothing to adjust.
  assert.equal(currentPhase(game), 'S1902M');
});

test('a unit dislodged from its centre in the Fall: no change during the retreats, the attacker takes it after', () => {
  // Germany reaches the 5 centres of victory by taking HOL: only once the Fall retreats are over.
  const centers = {
    ...initialOwnership(map),
    GERMANY: ['BER', 'DEN', 'KIE', 'MUN'],
    ENGLAND: ['EDI', 'HOL', 'LON', 'LVP'],
  };
  let game = gameAt(
    'F1901M',
    'ENGLAND: A HOL, F LON, F EDI, A LVP; GERMANY: A RUH, F KIE, A BER, A MUN',
    { supplyCenters: centers },
    { victoryCenters: 5 },
  );
  game = submit(game, 'GERMANY', 'A RUH - HOL', 'F KIE S A RUH - HOL');
  game = process(game);
  assert.equal(currentPhase(game), 'F1901R');
  assert.equal(game.status, 'active', 'no victory during the retreat phase');
  assert.deepEqual(
    owned(game, 'ENGLAND'),
    ['EDI', 'HOL', 'LON', 'LVP'],
    'HOL stays English during the retreats',
  );
  assert.deepEqual(owned(game, 'GERMANY'), ['BER', 'DEN', 'KIE', 'MUN']);
  game = submit(game, 'ENGLAND', 'A HOL R BEL');
  game = process(game);
  assert.deepEqual(owned(game, 'GERMANY'), ['BER', 'DEN', 'HOL', 'KIE', 'MUN'], 'the attacker takes HOL');
  assert.deepEqual(owned(game, 'ENGLAND'), ['BEL', 'EDI', 'LON', 'LVP'], 'the retreat onto BEL takes it');
  assert.equal(game.status, 'won');
  assert.equal(game.winner, 'GERMANY');
});

test('unoccupied centres keep their owner; occupied ones go to the occupier', () => {
  const owners = { ...initialOwnership(map) };
  const after = updateOwnership(map, units('GERMANY: A PAR; FRANCE: A BEL'), owners);
  assert.deepEqual(after['FRANCE'], ['BEL', 'BRE', 'MAR']);
  assert.deepEqual(after['GERMANY'], ['BER', 'KIE', 'MUN', 'PAR']);
  assert.deepEqual(after['ENGLAND'], ['EDI', 'LON', 'LVP']);
});

// ---------------------------------------------------------------------------------------------------------------
// Victory

test('victory: a majority of centres (18 by default, configurable); checked after the Fall only', () => {
  assert.equal(winner(map, initialOwnership(map), 18), undefined);
  assert.equal(winner(map, initialOwnership(map), 4), 'RUSSIA');
  assert.equal(
    winner(map, { FRANCE: ['BRE', 'PAR'], GERMANY: ['BER', 'MUN'] }, 2),
    undefined,
    'a tie: nobody',
  );
  // Russia owns 4 from the start; with --victory 4 it wins at the end of 1901, not before.
  let game = newGame(map, { victoryCenters: 4 });
  game = process(game);
  assert.equal(game.status, 'active', 'not after the Spring');
  game = process(game);
  assert.equal(game.status, 'won');
  assert.equal(game.winner, 'RUSSIA');
  const refused = submitOrders(map, game, 'FRANCE', 'A PAR - BUR');
  assert.equal(refused.issues[0]?.code, 'game-over');
  assert.equal(processPhase(map, game).issues[0]?.code, 'game-over');
});

test('a year limit ends the game in a draw once that year is played', () => {
  let game = newGame(map, { maxYear: 1901 });
  game = process(process(game));
  assert.equal(game.status, 'draw');
  assert.equal(game.winner, undefined);
});

// ---------------------------------------------------------------------------------------------------------------
// Adjustments

test('adjustment phase: builds in free owned home centres; a power with builds but no free home centre does not make a W phase', () => {
  // France (4 units, 4 centres) takes BEL with every home centre occupied: a build is due, but nowhere to put it.
  const withSpain = { supplyCenters: { ...initialOwnership(map), FRANCE: ['BRE', 'MAR', 'PAR', 'SPA'] } };
  const others = Object.fromEntries(map.powers.filter((p) => p !== 'FRANCE').map((p) => [p, []]));
  withSpain.supplyCenters = { ...withSpain.supplyCenters, ...others };
  let game = gameAt('F1901M', 'FRANCE: A BUR, A PAR, A MAR, F BRE', withSpain);
  game = submit(game, 'FRANCE', 'A BUR - BEL');
  game = process(game);
  assert.deepEqual(owned(game, 'FRANCE'), ['BEL', 'BRE', 'MAR', 'PAR', 'SPA']);
  assert.equal(currentPhase(game), 'S1902M', 'W1901A skipped');

  // With PAR free, the build can be made: W1901A happens.
  game = gameAt('F1901M', 'FRANCE: A BUR, A MAR, F BRE');
  game = submit(game, 'FRANCE', 'A BUR - BEL');
  game = process(game);
  assert.equal(currentPhase(game), 'W1901A');
  const due = adjustmentsDue(map, game.position).find((a) => a.power === 'FRANCE');
  assert.deepEqual(due, { power: 'FRANCE', centers: 4, units: 3, change: 1, buildSites: ['PAR'] });
  game = submit(game, 'FRANCE', 'A PAR B');
  game = process(game);
  assert.equal(currentPhase(game), 'S1902M');
  assert.ok(game.position.units.some((u) => u.power === 'FRANCE' && u.location === 'PAR'));
});

test('adjustmentPhaseNeeded follows the rule: disbands, or builds with somewhere to build', () => {
  const row = (change: number, sites: string[]) => ({
    power: 'X',
    centers: 0,
    units: 0,
    change,
    buildSites: sites,
  });
  assert.equal(adjustmentPhaseNeeded([row(0, ['PAR'])]), false);
  assert.equal(adjustmentPhaseNeeded([row(1, [])]), false);
  assert.equal(adjustmentPhaseNeeded([row(1, ['PAR'])]), true);
  assert.equal(adjustmentPhaseNeeded([row(-1, [])]), true);
});

test('builds, waived builds and civil disorder in the winter phase', () => {
  const centers = { ...initialOwnership(map), FRANCE: ['BRE', 'MAR', 'PAR', 'SPA'], GERMANY: ['BER'] };
  let game = gameAt('W1901A', 'FRANCE: A SPA, F POR; GERMANY: A BER, A MUN, F KIE, A RUH', {
    supplyCenters: centers,
  });
  game = submit(game, 'FRANCE', 'A PAR B', 'WAIVE', 'F BRE B');
  game = submit(game, 'GERMANY', 'A MUN D'); // three disbands due, one given
  game = process(game);
  const record = game.history[0];
  assert.ok(record);
  assert.deepEqual(
    record.outcomes.map((o) => `${o.given.power ?? ''} ${o.resolution} ${o.reason.code}`),
    [
      'FRANCE succeeds built',
      'FRANCE succeeds waived',
      'FRANCE illegal illegal',
      'GERMANY succeeds disbanded',
    ],
  );
  assert.equal(record.civilDisorder?.length, 2, 'Germany loses two more units by civil disorder');
  assert.equal(game.position.units.filter((u) => u.power === 'GERMANY').length, 1);
  assert.equal(currentPhase(game), 'S1902M');
  assert.ok(describePhase(record).some((l) => l.includes('(civil disorder)')));
});

// ---------------------------------------------------------------------------------------------------------------
// History

test('every phase is kept: position, orders as submitted (text and parsed), outcomes with reasons', () => {
  let game = newGame(map);
  game = submit(game, 'FRANCE', 'A Paris - Burgundy', 'F bre-mao  # to the ocean');
  game = submit(game, 'GERMANY', 'A MUN - BUR');
  const start = game.position;
  game = process(game);
  const record = game.history[0];
  assert.ok(record);
  assert.equal(record.name, 'S1901M');
  assert.deepEqual(record.position, start);
  assert.deepEqual(
    record.orders.map((o) => [o.power, o.text, o.order.kind]),
    [
      ['FRANCE', 'A Paris - Burgundy', 'move'],
      ['FRANCE', 'F bre-mao', 'move'],
      ['GERMANY', 'A MUN - BUR', 'move'],
    ],
  );
  assert.deepEqual(record.orders[0]?.order, {
    kind: 'move',
    unit: { type: 'A', location: 'PAR' },
    to: 'BUR',
  });
  const bounce = record.outcomes[0];
  assert.equal(bounce?.resolution, 'fails');
  assert.equal(bounce?.reason.code, 'bounced');
  assert.equal(record.outcomes[1]?.resolution, 'succeeds');
  assert.match(
    describePhase(record).join('\n'),
    /FRANCE A Paris - Burgundy\s+fails: attack strength 1 against prevent strength/,
  );
});

test("submitting replaces the power's orders; --add replaces only the orders of the same units", () => {
  let game = newGame(map);
  game = submit(game, 'FRANCE', 'A PAR - BUR', 'A MAR - SPA');
  game = submit(game, 'FRANCE', 'F BRE - MAO');
  assert.deepEqual(
    game.orders.map((o) => o.text),
    ['F BRE - MAO'],
  );
  const added = submitOrders(map, game, 'FRANCE', 'A PAR - PIC\nF BRE - ENG', { add: true });
  assert.deepEqual(
    added.value?.orders.map((o) => o.text),
    ['A PAR - PIC', 'F BRE - ENG'],
  );
  game = submit(game, 'FRANCE');
  assert.deepEqual(game.orders, [], 'no orders clears them');
});

// ---------------------------------------------------------------------------------------------------------------
// Bad input

test('bad orders give specific errors and leave the game exactly as it was', () => {
  const game = deepFreeze(submit(newGame(map), 'ENGLAND', 'F LON - NTH'));
  const before = structuredClone(game);
  const cases: [string, string, { phase?: string }, string][] = [
    ['FRANCE', 'A PAR - BUR', { phase: 'F1901M' }, 'wrong-phase'],
    ['FRANCE', 'A PIC - BEL', {}, 'no-such-unit'],
    ['FRANCE', 'A MUN - BUR', {}, 'not-your-unit'],
    ['FRANCE', 'A PAR - BUR\nGERMANY: A MUN - RUH', {}, 'power-mismatch'],
    ['NARNIA', 'A PAR - BUR', {}, 'unknown-power'],
    ['FRANCE', 'A PAR - XYZ', {}, 'unknown-province'],
    ['FRANCE', 'A PAR B', {}, 'order-not-for-phase'],
    ['ENGLAND', 'F LON - ENG\nA PAR - BUR', {}, 'not-your-unit'],
  ];
  for (const [power, text, options, code] of cases) {
    const r = submitOrders(map, game, power, text, options);
    assert.equal(r.value, undefined, text);
    assert.ok(
      r.issues.some((i) => i.code === code),
      `${text}: expected ${code}, got ${r.issues.map((i) => i.code).join(', ')}`,
    );
  }
  // The line of the bad order is given.
  const r = submitOrders(map, game, 'FRANCE', 'A PAR - BUR\nA PIC - BEL');
  assert.equal(r.issues[0]?.line, 2);
  assert.deepEqual(game, before);
  assert.deepEqual(
    game.orders.map((o) => o.text),
    ['F LON - NTH'],
    "England's orders are still there",
  );
});

test('an order that names an existing unit but is impossible is accepted and ignored by the adjudicator (DATC 4.E.1)', () => {
  let game = submit(newGame(map), 'FRANCE', 'A PAR - MOS');
  game = process(game);
  const outcome = game.history[0]?.outcomes[0];
  assert.equal(outcome?.resolution, 'illegal');
  assert.ok(
    game.position.units.some((u) => u.power === 'FRANCE' && u.location === 'PAR'),
    'the unit held',
  );
});

test('processing never changes the game it is given', () => {
  const game = deepFreeze(submit(newGame(map), 'FRANCE', 'A PAR - BUR'));
  const before = structuredClone(game);
  const next = process(game);
  assert.deepEqual(game, before);
  assert.equal(currentPhase(next), 'F1901M');
});

// ---------------------------------------------------------------------------------------------------------------
// Game JSON

test('dipkit game JSON: format and version header, exact round trip of a whole game', () => {
  const game = playRandomGame(map, { seed: 11, maxYear: 1903 });
  const json = gameToJson(game);
  assert.equal(json['format'], 'dipkit-game');
  assert.equal(json['version'], 1);
  assert.equal(json['phase'], currentPhase(game));
  const back = readGameJson(writeGameJson(game));
  assert.deepEqual(back.issues, []);
  assert.deepEqual(back.value, game);
  // A game in progress, with orders given, round-trips too.
  const midway = submit(newGame(map, { victoryCenters: 12 }), 'FRANCE', 'A Paris - Burgundy');
  assert.deepEqual(readGameJson(writeGameJson(midway)).value, midway);
});

test('malformed game files: specific errors, and no game', () => {
  const good = gameToJson(submit(process(newGame(map)), 'FRANCE', 'A PAR - BUR'));
  const variant = (change: (json: Record<string, unknown>) => void): unknown => {
    const json = structuredClone(good);
    change(json);
    return json;
  };
  const position = (json: Record<string, unknown>): Record<string, unknown> =>
    json['position'] as Record<string, unknown>;
  const cases: [string, unknown, string][] = [
    ['not an object', [], 'bad-format'],
    ['wrong format', variant((j) => (j['format'] = 'something')), 'bad-format'],
    ['newer version', variant((j) => (j['version'] = 2)), 'unsupported-version'],
    ['unknown map', variant((j) => (j['map'] = 'ancient_med')), 'unknown-map'],
    ['bad phase', variant((j) => (j['phase'] = 'W1901M')), 'bad-phase'],
    ['no position', variant((j) => delete j['position']), 'missing-field'],
    [
      'unknown location',
      variant((j) => ((position(j)['units'] as Record<string, unknown>[])[0]!['location'] = 'XYZ')),
      'bad-field',
    ],
    [
      'two units in one province',
      variant((j) => {
        const list = position(j)['units'] as unknown[];
        list.push({ power: 'FRANCE', type: 'A', location: (list[0] as { location: string }).location });
      }),
      'bad-position',
    ],
    [
      'fleet inland',
      variant((j) => (position(j)['units'] = [{ power: 'FRANCE', type: 'F', location: 'PAR' }])),
      'bad-position',
    ],
    [
      'unreadable order',
      variant((j) => ((j['orders'] as Record<string, unknown>[])[0]!['text'] = 'A PAR ~~ BUR')),
      'bad-order',
    ],
    ['bad status', variant((j) => (j['status'] = 'paused')), 'bad-field'],
    ['won without winner', variant((j) => (j['status'] = 'won')), 'missing-field'],
    ['bad history', variant((j) => (j['history'] = [{ phase: 'S1901M' }])), 'missing-field'],
    ['bad victory', variant((j) => (j['options'] = { victoryCenters: 40 })), 'bad-field'],
  ];
  for (const [what, json, code] of cases) {
    const r = gameFromJson(json);
    assert.equal(r.value, undefined, what);
    assert.ok(
      r.issues.some((i) => i.code === code),
      `${what}: expected ${code}, got ${JSON.stringify(r.issues)}`,
    );
  }
  const broken = readGameJson('{\n  "format": "dipkit-game",\n  "version": 1,,\n}');
  assert.equal(broken.issues[0]?.code, 'not-json');
  assert.equal(broken.issues[0]?.line, 3);
});

// ---------------------------------------------------------------------------------------------------------------
// MILA / dipcc JSON

test('MILA export: phases named S1901M..., states with units, centers, homes, retreats; orders as MILA strings', () => {
  let game = gameAt('F1901M', 'FRANCE: A BUR, F MAO; GERMANY: A RUH, A MUN; ENGLAND: A LON, F NTH');
  game = submit(game, 'GERMANY', 'A RUH - BUR', 'A MUN S A RUH - BUR');
  game = submit(game, 'ENGLAND', 'A London - Belgium via convoy', 'F NTH C A LON - BEL');
  game = process(game);
  game = submit(game, 'FRANCE', 'A BUR R PAR');
  game = process(game);
  const mila = gameToMila(map, game);
  const phases = mila['phases'] as {
    name: string;
    state: Record<string, unknown>;
    orders: Record<string, string[]>;
    results: Record<string, string[]>;
  }[];
  assert.deepEqual(
    phases.map((p) => p.name),
    ['F1901M', 'F1901R', 'W1901A'],
  );
  assert.deepEqual(phases[0]?.orders['ENGLAND'], ['A LON - BEL VIA', 'F NTH C A LON - BEL']);
  assert.deepEqual(phases[0]?.results['A BUR'], ['dislodged']);
  const retreat = phases[1];
  assert.deepEqual((retreat?.state['units'] as Record<string, string[]>)['FRANCE'], ['F MAO', '*A BUR']);
  assert.deepEqual((retreat?.state['retreats'] as Record<string, unknown>)['FRANCE'], {
    'A BUR': ['BEL', 'GAS', 'MAR', 'PAR', 'PIC'].filter((p) => p !== 'BEL'),
  });
  assert.deepEqual(retreat?.orders['FRANCE'], ['A BUR R PAR']);
  assert.deepEqual((phases[2]?.state['centers'] as Record<string, string[]>)['ENGLAND'], [
    'BEL',
    'EDI',
    'LON',
    'LVP',
  ]);
  assert.deepEqual((phases[2]?.state['homes'] as Record<string, string[]>)['RUSSIA'], [
    'MOS',
    'SEV',
    'STP',
    'WAR',
  ]);
});

test('MILA round trip: export, import, export gives the same file, and the same game', () => {
  for (const seed of [3, 5]) {
    const game = playRandomGame(map, { seed, maxYear: 1904, victoryCenters: 9 });
    const text = writeMilaJson(map, game);
    const back = readMilaJson(text);
    assert.deepEqual(back.issues, []);
    assert.ok(back.value);
    assert.equal(writeMilaJson(map, back.value), text);
    assert.deepEqual(back.value, game);
  }
});

test('MILA import of a hand-written dataset-style game', () => {
  const text = readFileSync(new URL('../../examples/games/handwritten-1901.json', import.meta.url), 'utf8');
  const read = readMilaJson(text);
  assert.deepEqual(read.issues, []);
  const game = read.value;
  assert.ok(game);
  assert.equal(game.id, 'handwritten-1901');
  assert.deepEqual(
    game.history.map((h) => h.name),
    ['S1901M', 'F1901M', 'F1901R', 'W1901A'],
  );
  assert.equal(currentPhase(game), 'S1902M');
  assert.equal(game.status, 'active');
  // The retreat phase: where the attacker came from and the standoff in BEL, as our adjudication of F1901M says.
  const retreat = game.history[2]?.position;
  assert.deepEqual(retreat?.dislodged, [
    { power: 'FRANCE', type: 'A', location: 'BUR', attackerFrom: 'RUH' },
  ]);
  assert.deepEqual(retreat?.contested, ['BEL']);
  // Outcomes with reasons for the history, the illegal orders among them.
  const italy = game.history[0]?.outcomes.find((o) => o.given.power === 'ITALY');
  assert.equal(italy?.resolution, 'illegal');
  assert.deepEqual(owned(game, 'FRANCE'), ['BRE', 'MAR', 'PAR', 'POR', 'SPA']);
});

test('MILA import is tolerant: missing optional fields are fine, unknown fields ignored; bad files are errors', () => {
  const minimal = {
    phases: [
      {
        name: 'S1901M',
        state: { units: { FRANCE: ['A PAR', 'A MAR', 'F BRE'] }, surprise: true },
        orders: { FRANCE: ['A PAR - BUR', 'A PAR ~~ GAS'] },
        extra: 1,
      },
      { name: 'F1901M', state: { units: { FRANCE: ['A BUR', 'A MAR', 'F BRE'] } } },
    ],
  };
  const read = readMilaJson(JSON.stringify(minimal));
  assert.ok(read.value);
  assert.deepEqual(
    read.issues.map((i) => i.code),
    ['unreadable-order'],
  );
  assert.equal(read.value.map, 'standard');
  assert.equal(currentPhase(read.value), 'F1901M');

  const bad: [unknown, string][] = [
    [{}, 'missing-field'],
    [{ phases: [] }, 'bad-field'],
    [{ map: 'fleet_rome', phases: [] }, 'unknown-map'],
    [{ phases: [{ name: 'S1901X', state: { units: {} } }] }, 'bad-phase'],
    [{ phases: [{ name: 'S1901M' }] }, 'missing-field'],
    [{ phases: [{ name: 'S1901M', state: { units: { FRANCE: ['A XYZ'] } } }] }, 'bad-unit'],
    [{ phases: [{ name: 'S1901M', state: { units: { NARNIA: ['A PAR'] } } }] }, 'bad-field'],
  ];
  for (const [json, code] of bad) {
    const r = readMilaJson(JSON.stringify(json));
    assert.equal(r.value, undefined, JSON.stringify(json));
    assert.ok(
      r.issues.some((i) => i.code === code),
      `${JSON.stringify(json)}: got ${JSON.stringify(r.issues)}`,
    );
  }
  assert.equal(readMilaJson('{"phases": [').issues[0]?.code, 'not-json');
});
