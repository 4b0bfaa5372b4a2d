/**
 * The `variants` section of `npm run bench`: a midgame movement phase on every bundled map, the standard map first
 * for comparison. Each map's positions are the movement phases of seeded random self-play (the simulation and
 * its random player, seeds 1, 2, ...): the 7th to the 16th movement phase of each game (the 4th to the 8th game
 * year), until there are `POSITIONS` of them; games that end sooner (Pure) give what they have.
 *
 * Two ways to adjudicate the same phases: `adjudicateMovement` on a `Position` and its parsed orders (the full
 * result: every order's outcome, the units' fates, retreat options), and `resolveMovementCodes` on the integer
 * form the simulation uses. Figures: µs per phase (median over the repetitions), µs per unit (that divided by
 * the average number of units), the same in process CPU time, and the ratio of the CPU µs per unit to the
 * standard map's (CPU time, because other processes on the host disturb wall time more).
 */
import { adjudicateMovement } from '../src/adjudication/movement/adjudicate.js';
import { newMovementCodesResult, resolveMovementCodes } from '../src/adjudication/movement/codes.js';
import { bundledMap, bundledMapIds } from '../src/map/registry.js';
import type { GameMap } from '../src/map/types.js';
import { encodeOrders, encodeUnits } from '../src/orders/codes.js';
import type { GivenOrder } from '../src/orders/types.js';
import type { Position } from '../src/position/types.js';
import { giveRandomOrders, seededRandom } from '../src/selfplay/random-player.js';
import { decodedOrders, toPosition } from '../src/sim/convert.js';
import { ACTIVE, PHASE_MOVEMENT, Simulation } from '../src/sim/state.js';
import { fmt, measure, table, type Settings, type Stats } from './measure.js';

/** Positions per map, and the window of movement phases (0-based) they come from. */
const POSITIONS = 100;
const FIRST_MOVEMENT = 6;
const LAST_MOVEMENT = 15;
const MAX_SEEDS = 200;

interface Phase {
  position: Position;
  orders: GivenOrder[];
  units: Int32Array;
  codes: Int32Array;
}

export interface VariantFigures {
  map: string;
  positions: number;
  games: number;
  units: number;
  full_us_per_phase: number;
  full_cpu_us_per_phase: number;
  full_us_per_unit: number;
  codes_us_per_phase: number;
  codes_cpu_us_per_phase: number;
  codes_us_per_unit: number;
  full_cpu_us_per_unit: number;
  codes_cpu_us_per_unit: number;
  /** CPU µs per unit over the standard map's (CPU time: less disturbed by other processes than wall time). */
  full_unit_ratio: number;
  codes_unit_ratio: number;
}

/** The midgame movement phases of self-play on `map`, with the orders the random player gave. */
function midgamePhases(map: GameMap): { phases: Phase[]; games: number } {
  const phases: Phase[] = [];
  let games = 0;
  for (let seed = 1; seed <= MAX_SEEDS && phases.length < POSITIONS; seed++) {
    games++;
    const sim = new Simulation(map);
    const random = seededRandom(seed);
    let movement = 0;
    while (sim.status === ACTIVE && movement <= LAST_MOVEMENT && phases.length < POSITIONS) {
      giveRandomOrders(sim, random);
      if (sim.phaseType === PHASE_MOVEMENT) {
        if (movement >= FIRST_MOVEMENT) phases.push(phaseOf(map, sim));
        movement++;
      }
      sim.step();
    }
  }
  return { phases, games };
}

function phaseOf(map: GameMap, sim: Simulation): Phase {
  const position = toPosition(sim);
  const orders = decodedOrders(sim);
  const units = encodeUnits(map, position.units).value;
  const codes = encodeOrders(map, position.units, orders);
  if (units === undefined || codes.value === undefined || codes.issues.length > 0)
    throw new Error(`bench variants: ${map.name}: a self-play phase has no integer form`);
  return { position, orders, units, codes: codes.value };
}

function runFull(map: GameMap, phases: readonly Phase[]): () => number {
  return () => {
    for (const p of phases) {
      const r = adjudicateMovement(map, p.position, p.orders);
      if (!r.value) throw new Error(`${map.name}: ${r.issues.map((i) => i.message).join('; ')}`);
    }
    return phases.length;
  };
}

function runCodes(map: GameMap, phases: readonly Phase[]): () => number {
  const into = newMovementCodesResult();
  return () => {
    for (const p of phases) {
      const r = resolveMovementCodes(map, p.units, p.codes, undefined, into);
      if (!r.value) throw new Error(`${map.name}: ${r.issues.map((i) => i.message).join('; ')}`);
    }
    return phases.length;
  };
}

/** Measures every bundled map, the standard map first. */
export function benchVariants(s: Settings): VariantFigures[] {
  const measured: {
    id: string;
    positions: number;
    games: number;
    units: number;
    full: Stats;
    codes: Stats;
  }[] = [];
  for (const id of bundledMapIds()) {
    const map = bundledMap(id)!;
    const { phases, games } = midgamePhases(map);
    if (phases.length === 0) throw new Error(`bench variants: ${id}: no midgame movement phase`);
    const units = phases.reduce((a, p) => a + p.position.units.length, 0) / phases.length;
    measured.push({
      id,
      positions: phases.length,
      games,
      units,
      full: measure(runFull(map, phases), s),
      codes: measure(runCodes(map, phases), s),
    });
  }
  const base = measured[0]!;
  return measured.map((m) => ({
    map: m.id,
    positions: m.positions,
    games: m.games,
    units: m.units,
    full_us_per_phase: m.full.median,
    full_cpu_us_per_phase: m.full.cpu,
    full_us_per_unit: m.full.median / m.units,
    codes_us_per_phase: m.codes.median,
    codes_cpu_us_per_phase: m.codes.cpu,
    codes_us_per_unit: m.codes.median / m.units,
    full_cpu_us_per_unit: m.full.cpu / m.units,
    codes_cpu_us_per_unit: m.codes.cpu / m.units,
    full_unit_ratio: m.full.cpu / m.units / (base.full.cpu / base.units),
    codes_unit_ratio: m.codes.cpu / m.units / (base.codes.cpu / base.units),
  }));
}

export function printVariants(rows: readonly VariantFigures[]): void {
  table(
    [
      'map',
      'positions (games)',
      'units',
      'full µs/phase',
      'full µs/unit',
      'cpu µs/unit',
      'vs standard',
      'codes µs/phase',
      'codes µs/unit',
      'cpu µs/unit',
      'vs standard',
    ],
    rows.map((r) => [
      r.map,
      `${r.positions} (${r.games})`,
      r.units.toFixed(1),
      fmt(r.full_us_per_phase),
      fmt(r.full_us_per_unit),
      fmt(r.full_cpu_us_per_unit),
      `${r.full_unit_ratio.toFixed(2)}x`,
      fmt(r.codes_us_per_phase),
      fmt(r.codes_us_per_unit),
      fmt(r.codes_cpu_us_per_unit),
      `${r.codes_unit_ratio.toFixed(2)}x`,
    ]),
  );
}
