/**
 * Self-play with checks: a random player (src/selfplay/random-player.ts, random legal orders) plays a whole game
 * on the simulation (src/sim: the fast path self-play and search use), and after every phase the invariants are
 * checked, independently of the simulation and game code (test/sim.test.ts holds the simulation to the game API):
 *
 * - every position is a possible one: each unit on a province it can stand on (no army at sea, no fleet inland,
 *   a fleet on a two-coast province on a coast), one unit per province, the dislodged units too;
 * - movement: both resolvers agree, the invariants of test/oracle/invariants.ts hold (conservation, one attacker
 *   per dislodgement, cut supports, shuffles, determinism), the equation oracle agrees on every independent group
 *   small enough, and the next position is the adjudicated one;
 * - retreats: only units with a retreat wait for the retreat phase (the others are disbanded with the movement);
 *   the units after are the units before plus the retreats, each to one of its retreat options;
 * - supply centres change owner only after the Fall retreats (or the Fall movement when nothing retreats), and
 *   then each centre with a unit on it is that unit's power's, the others keep their owner;
 * - adjustments: a power with more units than centres ends with as many units as centres; a power with fewer
 *   keeps its units and builds at most as many as it has centres to spare and free owned centres it may build in
 *   (its home centres, or what the map's build rule allows), each in one of them; a winner owns the centres a
 *   victory needs;
 * - neutral units (maps with `rules.neutralArmies`): armies on supply centres, which never move and never appear
 *   but at the end of a year (after the adjustment phase, or after the Fall when it is skipped), and then on
 *   every centre still owned by no power and empty (where an army can stand) and nowhere else; never dislodged
 *   into a retreat phase; never taking a centre; never ordered.
 */
import { compileBoard } from '../../src/adjudication/board.js';
import type { Game } from '../../src/game/game.js';
import { phaseName } from '../../src/game/phases.js';
import { newOrderCodeList } from '../../src/legal/code-list.js';
import { NEUTRAL } from '../../src/map/neutral.js';
import { splitCoast } from '../../src/map/query.js';
import type { GameMap } from '../../src/map/types.js';
import type { GivenOrder } from '../../src/orders/types.js';
import type { Position, Unit } from '../../src/position/types.js';
import { giveRandomOrders, seededRandom } from '../../src/selfplay/random-player.js';
import { decodedOrders, simulationToGame, toPosition } from '../../src/sim/convert.js';
import { ACTIVE, Simulation, WON } from '../../src/sim/state.js';
import { checkMovement } from './invariants.js';

export interface GameReport {
  seed: number;
  phases: number;
  /** The phases played, by type. */
  phaseTypes: Record<Position['phase']['type'], number>;
  orders: number;
  /** Movement phases compared with the equation oracle, and groups compared. */
  oracleGroups: number;
  status: Game['status'];
  winner?: string;
  finalPhase: string;
  violations: string[];
}

export interface SelfPlayCheckOptions {
  /** Last year played (default 1915); the game may end earlier by a victory. */
  maxYear?: number;
  /** Equation oracle on groups of at most this many decisions (default 8; 0 for none). */
  oracleGroup?: number;
  /** Supply centres for a solo victory (default: the map's, 18). */
  victoryCenters?: number;
  /** Stop collecting after this many violations (default 20). */
  maxViolations?: number;
}

const province = (map: GameMap, location: string): number => splitCoast(map, location).province;
const key = (u: Unit): string => `${u.power} ${u.type} ${u.location}`;
const sameSet = (a: readonly string[], b: readonly string[]): boolean =>
  a.length === b.length && [...a].sort().join('|') === [...b].sort().join('|');

/** Each unit can stand where it is, one unit per province (the units, and separately the dislodged units). */
function positionViolations(map: GameMap, position: Position): string[] {
  const problems: string[] = [];
  for (const [what, units] of [
    ['units', position.units],
    ['dislodged units', position.dislodged],
  ] as const) {
    const board = compileBoard(map, units);
    for (const i of board.issues) problems.push(`${what}: ${i.code}: ${i.message}`);
  }
  return problems;
}

function ownerOf(map: GameMap, centres: Readonly<Record<string, readonly string[]>>): Map<number, string> {
  const owner = new Map<number, string>();
  for (const [power, list] of Object.entries(centres))
    for (const c of list) owner.set(province(map, c), power);
  return owner;
}

/**
 * The invariants of the neutral units from `position` to `after` (see the module comment), each broken one told
 * to `violation`; returns the neutral units rebuilt at the end of the year ("NEUTRAL A GEO").
 */
function checkNeutralUnits(
  map: GameMap,
  position: Position,
  after: Position,
  violation: (message: string) => void,
): Set<string> {
  const neutral = (units: readonly Unit[]): string[] => units.filter((u) => u.power === NEUTRAL).map(key);
  const before = new Set(neutral(position.units));
  const now = neutral(after.units);
  const rebuilt = new Set(now.filter((u) => !before.has(u)));
  if (neutral(after.dislodged).length > 0) violation('a neutral unit waits for the retreat phase');
  for (const u of after.units.filter((v) => v.power === NEUTRAL)) {
    const p = province(map, u.location);
    if (u.type !== 'A' || map.supplyCenter[p] !== 1) violation(`${key(u)} is not an army on a supply centre`);
  }
  if (map.neutralPower < 0 && now.length > 0) violation('neutral units on a map without neutral armies');
  const yearEnds = after.phase.season === 'spring' && position.phase.season !== 'spring';
  if (!yearEnds) {
    for (const u of rebuilt) violation(`${u} appeared (a neutral unit never moves)`);
    return rebuilt;
  }
  const owner = ownerOf(map, after.supplyCenters);
  const occupied = new Set(after.units.map((u) => province(map, u.location)));
  for (const u of after.units)
    if (rebuilt.has(key(u)) && owner.has(province(map, u.location)))
      violation(`${key(u)} rebuilt on a centre a power owns`);
  for (let p = 0; p < map.provinceCount; p++) {
    const standable = map.provinceKind[p] === 'land' || map.provinceKind[p] === 'coast';
    if (map.neutralPower >= 0 && map.supplyCenter[p] === 1 && standable && !owner.has(p) && !occupied.has(p))
      violation(`the neutral centre ${map.locationCode[p]} starts the year empty`);
  }
  return rebuilt;
}

/** Plays one game with seed `seed` and checks every phase. */
export function playAndCheck(map: GameMap, seed: number, options: SelfPlayCheckOptions = {}): GameReport {
  const random = seededRandom(seed);
  const checkRandom = seededRandom(seed ^ 0x5bd1e995);
  const maxViolations = options.maxViolations ?? 20;
  const report: GameReport = {
    seed,
    phases: 0,
    phaseTypes: { movement: 0, retreat: 0, adjustment: 0 },
    orders: 0,
    oracleGroups: 0,
    status: 'active',
    finalPhase: '',
    violations: [],
  };
  const violation = (phase: string, message: string): void => {
    if (report.violations.length < maxViolations)
      report.violations.push(`game ${seed}, ${phase}: ${message}`);
  };
  const sim = new Simulation(map, {
    maxYear: options.maxYear ?? 1915,
    ...(options.victoryCenters === undefined ? {} : { victoryCenters: options.victoryCenters }),
  });
  const legal = newOrderCodeList();
  /** Retreat options of the units dislodged in the last movement phase, by "POWER T LOC". */
  let retreatOptions = new Map<string, string[]>();

  while (sim.status === ACTIVE && report.violations.length < maxViolations) {
    const position = toPosition(sim);
    const name = phaseName(position.phase);
    for (const p of positionViolations(map, position)) violation(name, p);
    try {
      giveRandomOrders(sim, random, legal);
    } catch (e) {
      violation(name, `no legal orders: ${e instanceof Error ? e.message : String(e)}`);
      break;
    }
    const given: GivenOrder[] = decodedOrders(sim);
    report.orders += given.length;
    if (given.length !== sim.orders.count) violation(name, 'a legal order row does not decode');

    let expectedUnits: string[] | undefined;
    if (position.phase.type === 'movement') {
      const check = checkMovement(map, position, given, {
        random: checkRandom,
        oracleGroup: options.oracleGroup ?? 8,
      });
      report.oracleGroups += check.oracleGroups;
      for (const p of check.problems) violation(name, p);
      if (check.result) {
        expectedUnits = check.result.position.units.map(key);
        retreatOptions = new Map(check.result.dislodged.map((d) => [key(d), d.retreats]));
      }
    }

    try {
      sim.step();
    } catch (e) {
      violation(name, `the phase cannot be played: ${e instanceof Error ? e.message : String(e)}`);
      break;
    }
    report.phases++;
    report.phaseTypes[position.phase.type]++;
    const after = toPosition(sim);
    const rebuilt = checkNeutralUnits(map, position, after, (message) => violation(name, message));
    if (given.some((o) => o.power === NEUTRAL)) violation(name, 'a neutral unit was ordered');

    // Units after the phase (the neutral armies rebuilt at the end of the year aside: checked above).
    const unitsAfter = after.units.map(key).filter((u) => !rebuilt.has(u));
    if (position.phase.type === 'movement' && expectedUnits && !sameSet(unitsAfter, expectedUnits))
      violation(name, 'the next position is not the adjudicated one');
    if (position.phase.type === 'movement' && after.phase.type === 'retreat') {
      // Units with no retreat are disbanded at once (GameOptions.unretreatable, default 'disband').
      const dislodged = after.dislodged.map(key);
      // Dislodged neutral units are disbanded at once, whatever their options.
      const waiting = [...retreatOptions].filter(
        ([unit, options]) =>
          !unit.startsWith(`${NEUTRAL} `) &&
          (options.length > 0 || sim.settings.unretreatable === 'retreat-phase'),
      );
      if (
        !sameSet(
          dislodged,
          waiting.map(([unit]) => unit),
        )
      )
        violation(name, 'the dislodged units are not the adjudicated ones');
    }
    if (position.phase.type === 'retreat') {
      const before = new Set(position.units.map(key));
      const stayed = unitsAfter.filter((u) => before.has(u));
      if (stayed.length !== before.size)
        violation(name, 'a unit that did not retreat changed during the retreats');
      for (const u of after.units) {
        if (before.has(key(u)) || rebuilt.has(key(u))) continue;
        const allowed = position.dislodged.some(
          (d) =>
            d.power === u.power &&
            d.type === u.type &&
            (retreatOptions.get(key(d)) ?? []).includes(u.location),
        );
        if (!allowed) violation(name, `${key(u)} appeared without a retreat allowed there`);
      }
      if (after.units.length > position.units.length + position.dislodged.length)
        violation(name, 'more units after the retreats than before');
    }

    // Supply centres: only after the Fall (retreats, or movement when no retreat phase follows).
    const fallEnds =
      position.phase.season === 'fall' &&
      (position.phase.type === 'retreat' ||
        (position.phase.type === 'movement' && after.phase.type !== 'retreat'));
    const ownerBefore = ownerOf(map, position.supplyCenters);
    const ownerAfter = ownerOf(map, after.supplyCenters);
    if (!fallEnds) {
      const same =
        ownerBefore.size === ownerAfter.size &&
        [...ownerBefore].every(([p, power]) => ownerAfter.get(p) === power);
      if (!same) violation(name, 'supply-centre ownership changed outside the end of the Fall');
    } else {
      const standing = new Map<number, string>();
      // A neutral unit takes no centre.
      for (const u of after.units) if (u.power !== NEUTRAL) standing.set(province(map, u.location), u.power);
      for (let p = 0; p < map.provinceCount; p++) {
        if (!map.supplyCenter[p]) continue;
        const expected = standing.get(p) ?? ownerBefore.get(p);
        if (ownerAfter.get(p) !== expected)
          violation(
            name,
            `${map.locationCode[p]} owned by ${ownerAfter.get(p) ?? 'nobody'}, expected ${expected ?? 'nobody'}`,
          );
      }
    }

    // Adjustments.
    if (position.phase.type === 'adjustment') {
      const owner = ownerBefore;
      const occupied = new Set(position.units.map((u) => province(map, u.location)));
      for (const [index, power] of map.powers.entries()) {
        const centres = position.supplyCenters[power]?.length ?? 0;
        const before = position.units.filter((u) => u.power === power);
        const afterUnits = after.units.filter((u) => u.power === power);
        if (before.length > centres) {
          if (afterUnits.length !== centres)
            violation(
              name,
              `${power}: ${before.length} units, ${centres} centres, ${afterUnits.length} units after`,
            );
          const kept = new Set(before.map(key));
          if (afterUnits.some((u) => !kept.has(key(u))))
            violation(name, `${power} gained a unit while disbanding`);
        } else {
          const free = buildSites(map, index).filter((p) => owner.get(p) === power && !occupied.has(p));
          const possible = Math.min(centres - before.length, free.length);
          const kept = new Set(afterUnits.map(key));
          if (before.some((u) => !kept.has(key(u))))
            violation(name, `${power} lost a unit while not disbanding`);
          const built = afterUnits.filter((u) => !before.some((b) => key(b) === key(u)));
          if (built.length > possible)
            violation(name, `${power} built ${built.length} units, at most ${possible} possible`);
          for (const u of built)
            if (!free.includes(province(map, u.location)))
              violation(name, `${power} built ${key(u)} outside a free centre it may build in`);
        }
      }
    }
    for (const p of positionViolations(map, after)) violation(`after ${name}`, p);
    if (sim.status === WON) {
      const winner = map.powers[sim.winner];
      const count = winner === undefined ? 0 : (after.supplyCenters[winner]?.length ?? 0);
      // A winner leads alone, with the victory count or (Twenty Twenty) a lead of more than untilYear - year.
      const second = Math.max(
        0,
        ...map.powers.filter((p) => p !== winner).map((p) => after.supplyCenters[p]?.length ?? 0),
      );
      const lead = map.rules.leadVictory;
      const byLead = lead !== undefined && count - second > lead.untilYear - position.phase.year;
      if (count <= second || (count < sim.settings.victoryCenters && !byLead))
        violation(name, `${winner ?? '?'} won with ${count} centres (the next power ${second})`);
    }
  }
  const game = simulationToGame(sim);
  report.status = game.status;
  if (game.winner !== undefined) report.winner = game.winner;
  report.finalPhase = phaseName(game.position.phase);
  return report;
}

/**
 * The supply centres `power` may build in under the map's build rule (docs/map-format.md), written here apart
 * from the engine's: its own home centres; any centre ("owned"); any power's home centre ("owned-home").
 */
function buildSites(map: GameMap, power: number): number[] {
  const sites: number[] = [];
  for (let p = 0; p < map.provinceCount; p++) {
    if (map.supplyCenter[p] !== 1) continue;
    const home = map.homePower[p] ?? -1;
    const rule = map.rules.builds;
    if (rule === 'owned' || (rule === 'owned-home' && home >= 0) || (rule === 'home' && home === power))
      sites.push(p);
  }
  return sites;
}
