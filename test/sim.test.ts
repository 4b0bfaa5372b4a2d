/**
 * The simulation (src/sim) against the immutable game (src/game/game.ts): the same seeded random games played both
 * ways agree phase by phase (positions, orders, status), the simulated game exported with its history equals the
 * game played through `Game` and replays with `dipkit replay`, saved games resume, copies are independent, and the
 * retreat conventions do what the rules say on a position worked out by hand.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { standardMap } from '../src/map/compile.js';
import {
  gameRules,
  newGame,
  processPhase,
  submitOrders,
  type Game,
  type GameOptions,
} from '../src/game/game.js';
import { phaseName } from '../src/game/phases.js';
import { recordedFromGame } from '../src/game/history.js';
import { readGameJson, writeGameJson } from '../src/formats/game-json.js';
import { readMilaJson, writeMilaJson } from '../src/formats/mila-json.js';
import { newOrderCodeList } from '../src/legal/code-list.js';
import { legalOrderCodes } from '../src/legal/enumerate.js';
import { orderCodeText, ORDER_STRIDE } from '../src/orders/codes.js';
import type { Position } from '../src/position/types.js';
import {
  giveRandomOrders,
  playRandomGame,
  randomOrders,
  seededRandom,
} from '../src/selfplay/random-player.js';
import {
  ACTIVE,
  FALL,
  PHASE_ADJUSTMENT,
  PHASE_RETREAT,
  Simulation,
  type Unretreatable,
} from '../src/sim/state.js';
import { SimulationLog, simulationFromGame, simulationToGame, toPosition } from '../src/sim/convert.js';

const map = standardMap();
const cli = fileURLToPath(new URL('../src/cli/main.js', import.meta.url));

/** The sorted texts of the simulation's orders for the current phase. */
function orderTexts(sim: Simulation): string[] {
  const texts: string[] = [];
  for (let i = 0; i < sim.orders.count; i++)
    texts.push(
      `${map.powers[sim.orders.codes[i * ORDER_STRIDE]!]!} ${orderCodeText(map, sim.orders.codes, i)}`,
    );
  return texts.sort();
}

/** A game played through the game API with the random player: `randomOrders`, `submitOrders`, `processPhase`. */
function playThroughGame(start: Game, seed: number): Game {
  const random = seededRandom(seed);
  let game = start;
  while (game.status === 'active') {
    for (const power of map.powers) {
      const lines = randomOrders(map, game.position, power, random, gameRules(game.options));
      if (lines.length === 0) continue;
      const submitted = submitOrders(map, game, power, lines.join('\n'));
      assert.ok(submitted.value, submitted.issues.map((i) => i.message).join('; '));
      game = submitted.value;
    }
    const next = processPhase(map, game);
    assert.ok(next.value, next.issues.map((i) => i.message).join('; '));
    game = next.value;
  }
  return game;
}

interface Played {
  /** Per phase played: the position at its start and the orders given (sorted texts with their power). */
  phases: { position: Position; orders: string[] }[];
  sim: Simulation;
  exported: Game;
}

/** The same game on the simulation, with the position and orders of every phase kept. */
function playThroughSimulation(sim: Simulation, seed: number): Played {
  const random = seededRandom(seed);
  const log = new SimulationLog(sim);
  const legal = newOrderCodeList();
  const phases: Played['phases'] = [];
  while (sim.status === ACTIVE) {
    giveRandomOrders(sim, random, legal);
    phases.push({ position: toPosition(sim), orders: orderTexts(sim) });
    log.record(sim);
    sim.step();
  }
  const exported = log.toGame(map);
  assert.ok(exported.value, exported.issues.map((i) => i.message).join('; '));
  return { phases, sim, exported: exported.value };
}

/** Compares the simulated game with the game played through `Game`, phase by phase, then as a whole. */
function assertSameGame(played: Played, game: Game): void {
  const { phases, sim, exported } = played;
  assert.equal(phases.length, game.history.length, 'phases played');
  phases.forEach((phase, i) => {
    const record = game.history[i]!;
    assert.equal(phaseName(phase.position.phase), record.name);
    assert.deepEqual(phase.position, record.position, `position at ${record.name}`);
    const given = record.orders.map((o) => `${o.power} ${o.text}`).sort();
    assert.deepEqual(phase.orders, given, `orders of ${record.name}`);
  });
  assert.deepEqual(toPosition(sim), game.position, 'the position after the last phase');
  assert.equal(simulationToGame(sim).status, game.status);
  assert.equal(simulationToGame(sim).winner, game.winner);
  assert.deepEqual(exported, game, 'the exported game');
}

const cases: { seed: number; options: Partial<GameOptions> }[] = [
  { seed: 1, options: { maxYear: 1912 } },
  { seed: 1, options: { maxYear: 1912, unretreatable: 'retreat-phase' } },
  { seed: 4, options: { maxYear: 1915, unretreatable: 'retreat-phase' } },
  { seed: 10, options: { maxYear: 1915 } },
  { seed: 3, options: { maxYear: 1930, victoryCenters: 10 } },
  { seed: 4, options: { maxYear: 1908, rules: ['4.D.8=rule-1971', '4.A.5=forbidden'] } },
  { seed: 5, options: { maxYear: 1906, rules: ['4.E.1=valid-places', '4.A.2=rule-1971'] } },
  { seed: 6, options: { maxYear: 1906, rules: ['4.D.4=all-illegal', '4.D.7=not-allowed'] } },
];

for (const { seed, options } of cases) {
  test(`seed ${seed} ${JSON.stringify(options)}: the simulated game equals the game played through Game, phase by phase`, () => {
    const start = newGame(map, options);
    const game = playThroughGame(start, seed);
    const sim = simulationFromGame(map, start).value;
    assert.ok(sim);
    assertSameGame(playThroughSimulation(sim, seed), game);
    assert.notEqual(game.status, 'active');
    if (options.victoryCenters !== undefined) assert.equal(game.status, 'won');
  });
}

test('the parity games go through retreats, builds, disbands, civil disorder and units with no retreat', () => {
  const game = playThroughGame(newGame(map, { maxYear: 1912 }), 1);
  const kinds = new Set(game.history.map((r) => r.name.slice(-1)));
  assert.deepEqual([...kinds].sort(), ['A', 'M', 'R']);
  assert.ok(
    game.history.some((r) => (r.civilDisorder?.length ?? 0) > 0),
    'no civil disorder',
  );
  assert.ok(
    game.history.some((r) => r.outcomes.some((o) => o.reason.code === 'built')),
    'no build',
  );
  const atOnce = game.history.filter(
    (r) => r.name.endsWith('M') && r.disbanded?.some((d) => d.reason === 'no retreat'),
  );
  assert.equal(atOnce.length, 1, 'a unit disbanded at once for want of a retreat');
  // Kept for the retreat phase instead, the same unit waits in a retreat phase.
  const kept = playThroughGame(newGame(map, { maxYear: 1912, unretreatable: 'retreat-phase' }), 1);
  const unit = atOnce[0]!.disbanded!.find((d) => d.reason === 'no retreat')!;
  const retreatPhase = kept.history.find((r) => r.name === atOnce[0]!.name.replace(/M$/, 'R'));
  assert.ok(
    retreatPhase?.position.dislodged.some((d) => d.location === unit.location && d.power === unit.power),
  );
});

test('playRandomGame (on the simulation) gives the game played through Game', () => {
  for (const seed of [7, 8]) {
    const game = playThroughGame({ ...newGame(map, { maxYear: 1907 }), id: `dipkit-random-${seed}` }, seed);
    assert.deepEqual(playRandomGame(map, { seed, maxYear: 1907 }), game);
  }
});

test('a simulated game exported as MILA JSON replays with dipkit replay, every phase passing', (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'dipkit-sim-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const sim = new Simulation(map, { maxYear: 1906, unretreatable: 'retreat-phase' });
  const played = playThroughSimulation(sim, 21);
  const file = join(dir, 'game.json');
  writeFileSync(file, writeMilaJson(map, played.exported));
  const r = spawnSync(process.execPath, [cli, 'replay', file], { encoding: 'utf8' });
  assert.equal(r.status, 0, r.stdout + r.stderr);
  assert.match(r.stdout, new RegExp(`^${played.phases.length} passed, 0 failed$`, 'm'));
});

test('a saved game resumes: from dipkit and MILA JSON, at a retreat and an adjustment phase', () => {
  const options = { maxYear: 1906 };
  let game = newGame(map, options);
  const random = seededRandom(31);
  const stops: Game[] = [];
  while (game.status === 'active' && stops.length < 6) {
    if (game.position.phase.type !== 'movement') stops.push(game);
    for (const power of map.powers) {
      const lines = randomOrders(map, game.position, power, random);
      if (lines.length > 0) game = submitOrders(map, game, power, lines.join('\n')).value!;
    }
    game = processPhase(map, game).value!;
  }
  assert.ok(stops.some((g) => g.position.phase.type === 'retreat'));
  assert.ok(stops.some((g) => g.position.phase.type === 'adjustment'));
  for (const stop of stops) {
    for (const saved of [
      readGameJson(writeGameJson(stop)).value!,
      readMilaJson(writeMilaJson(map, stop)).value!,
    ]) {
      const sim = simulationFromGame(map, saved).value!;
      assert.deepEqual(toPosition(sim), stop.position, `resumed at ${phaseName(stop.position.phase)}`);
      const fromSaved = playThroughGame(saved, 5);
      const played = playThroughSimulation(sim, 5);
      assert.deepEqual(toPosition(played.sim), fromSaved.position);
      assert.equal(played.phases.length, fromSaved.history.length - saved.history.length);
    }
  }
});

test('orders given in a saved game come along; orders without an integer form are named', () => {
  let game = newGame(map);
  game = submitOrders(map, game, 'FRANCE', 'A PAR - BUR\nF BRE - MAO').value!;
  const sim = simulationFromGame(map, game);
  assert.deepEqual(sim.issues, []);
  assert.deepEqual(orderTexts(sim.value!), ['FRANCE A PAR - BUR', 'FRANCE F BRE - MAO']);
  sim.value!.step();
  assert.deepEqual(toPosition(sim.value!), processPhase(map, game).value!.position);
  const convoy = submitOrders(map, newGame(map), 'ENGLAND', 'A LVP - IRI - NAO - NWY').value!;
  const coded = simulationFromGame(map, convoy);
  assert.equal(coded.issues[0]?.code, 'not-encodable');
  const bad = {
    ...game,
    position: { ...game.position, units: [{ power: 'FRANCE', type: 'A', location: 'NTH' }] },
  } as Game;
  assert.equal(simulationFromGame(map, bad).issues[0]?.code, 'army-at-sea');
});

test('legal orders of the simulation are the rows legalOrderCodes lists for its position, every phase', () => {
  const sim = new Simulation(map, { maxYear: 1905, unretreatable: 'retreat-phase' });
  const random = seededRandom(12);
  const mine = newOrderCodeList();
  const phases = new Set<number>();
  while (sim.status === ACTIVE) {
    phases.add(sim.phaseType);
    for (const power of [-1, 3]) {
      sim.legalOrders(mine, power);
      const options = power < 0 ? {} : { power: map.powers[power]! };
      const theirs = legalOrderCodes(map, toPosition(sim), options).value!;
      assert.equal(mine.count, theirs.count, sim.phaseName());
      assert.deepEqual(
        mine.codes.slice(0, mine.count * ORDER_STRIDE),
        theirs.codes.slice(0, theirs.count * ORDER_STRIDE),
      );
    }
    giveRandomOrders(sim, random);
    sim.step();
  }
  assert.equal(phases.size, 3);
});

test('clone and copyFrom: independent copies; a released state is what the next clone reuses', () => {
  const sim = new Simulation(map, { maxYear: 1920 });
  const random = seededRandom(3);
  while (sim.year < 1905 || sim.phaseType !== 0) {
    giveRandomOrders(sim, random);
    sim.step();
  }
  const before = toPosition(sim);
  const copy = sim.clone();
  assert.deepEqual(toPosition(copy), before);
  giveRandomOrders(copy, seededRandom(1));
  const ordered = orderTexts(copy);
  copy.step();
  assert.deepEqual(toPosition(sim), before, 'stepping the copy leaves the original as it was');
  assert.notDeepEqual(toPosition(copy), before);
  const other = new Simulation(map).copyFrom(sim);
  assert.deepEqual(toPosition(other), before);
  giveRandomOrders(other, seededRandom(1));
  assert.deepEqual(orderTexts(other), ordered);
  other.step();
  assert.deepEqual(toPosition(other), toPosition(copy), 'the same orders give the same result');
  copy.release();
  const again = sim.clone();
  assert.equal(again, copy, 'the released state is reused');
  assert.deepEqual(toPosition(again), before);
});

/**
 * Fall 1901, worked out by hand: Turkey's A SMY, supported by A ARM, dislodges Russia's A SYR, whose only
 * neighbours are ARM (occupied) and SMY (where the attacker came from): it cannot retreat.
 */
function syriaGame(unretreatable: Unretreatable): Simulation {
  const start = newGame(map);
  const position: Position = {
    ...start.position,
    phase: { season: 'fall', year: 1901, type: 'movement' },
    units: [
      { power: 'RUSSIA', type: 'A', location: 'SYR' },
      { power: 'TURKEY', type: 'A', location: 'ARM' },
      { power: 'TURKEY', type: 'A', location: 'SMY' },
    ],
  };
  const game = submitOrders(map, { ...start, position }, 'TURKEY', 'A SMY - SYR\nA ARM S A SMY - SYR').value!;
  const sim = simulationFromGame(map, game).value!;
  sim.settings = { ...sim.settings, unretreatable };
  return sim;
}

test("'disband': a dislodged unit with no retreat is disbanded at once and the retreat phase is skipped", () => {
  const sim = syriaGame('disband');
  sim.step();
  assert.equal(sim.phaseName(), 'W1901A');
  assert.equal(sim.phaseType, PHASE_ADJUSTMENT);
  assert.equal(sim.dislodgedCount, 0);
  assert.deepEqual(
    toPosition(sim).units.map((u) => `${u.power} ${u.type} ${u.location}`),
    ['TURKEY A ARM', 'TURKEY A SYR'],
  );
});

test("'retreat-phase': the unit waits for the retreat phase, where it can only disband", () => {
  const sim = syriaGame('retreat-phase');
  sim.step();
  assert.equal(sim.phaseName(), 'F1901R');
  assert.equal(sim.phaseType, PHASE_RETREAT);
  assert.equal(sim.season, FALL);
  assert.deepEqual(toPosition(sim).dislodged, [
    { power: 'RUSSIA', type: 'A', location: 'SYR', attackerFrom: 'SMY' },
  ]);
  const legal = sim.legalOrders();
  assert.deepEqual(
    Array.from({ length: legal.count }, (_, i) => orderCodeText(map, legal.codes, i)),
    ['A SYR D'],
  );
  sim.step();
  assert.equal(sim.phaseName(), 'W1901A');
  assert.equal(sim.unitCount, 2);
});

test("the README's random-play loop, from the package entry, ends in a game that replays", async () => {
  const dipkit = await import('../src/index.js');
  const sim = new dipkit.Simulation(map, { maxYear: 1903 });
  const log = new dipkit.SimulationLog(sim);
  const legal = dipkit.newOrderCodeList();
  const random = dipkit.seededRandom(7);
  while (sim.status === dipkit.ACTIVE) {
    sim.legalOrders(legal);
    sim.clearOrders();
    dipkit.chooseRandomOrders(map, sim, legal, -1, random, sim.orders);
    log.record(sim);
    sim.step();
  }
  assert.equal(sim.phaseName(), 'S1904M');
  assert.equal(sim.status, dipkit.DRAW);
  const game = log.toGame(map).value!;
  assert.equal(game.status, 'draw');
  const report = dipkit.replay(map, recordedFromGame(game));
  assert.equal(report.failed, 0);
  assert.equal(report.passed, game.history.length);
});
