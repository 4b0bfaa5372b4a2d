/**
 * The simulation and the immutable game (src/game/game.ts), both ways: a saved game (dipkit or MILA JSON, read into
 * a `Game`) resumes as a simulation, and a simulated game becomes a `Game` to save — at its current phase
 * (`simulationToGame`), or with the history of every phase played when its orders were kept (`SimulationLog`).
 */
import { issue, type Issue, type Result } from '../issues.js';
import type { GameMap } from '../map/types.js';
import { mapIdOf } from '../map/id.js';
import { unitOwnerName } from '../map/neutral.js';
import {
  decodeOrder,
  encodeOrders,
  encodeUnits,
  KIND_FIELD,
  MOVE,
  ORDER_STRIDE,
  orderCodeText,
  RETREAT,
} from '../orders/codes.js';
import type { GivenOrder } from '../orders/types.js';
import { codedPosition, PHASE_RETREAT, PHASE_TYPES } from '../position/coded.js';
import type { DislodgedUnit, Position, Season, Unit } from '../position/types.js';
import { ownersRecord } from '../game/centers.js';
import {
  processPhase,
  sortUnits,
  submitOrders,
  type Game,
  type GameOptions,
  type GameStatus,
  type SubmittedOrder,
} from '../game/game.js';
import { ACTIVE, Simulation, WON } from './state.js';
import { DEFAULT_FLOW } from '../adjudication/rules.js';

const SEASONS: readonly Season[] = ['spring', 'fall', 'winter'];
const STATUSES: readonly GameStatus[] = ['active', 'won', 'draw'];

function unitOf(map: GameMap, codes: Int32Array, u: number): Unit {
  const key = codes[u * 2 + 1]!;
  const L = map.locationCount;
  return {
    power: unitOwnerName(map, codes[u * 2]!),
    type: key >= L ? 'F' : 'A',
    location: map.locationCode[key >= L ? key - L : key]!,
  };
}

/** The simulation's current position as a `Position`, units sorted as the game sorts them. */
export function toPosition(sim: Simulation): Position {
  const map = sim.map;
  const units: Unit[] = [];
  for (let u = 0; u < sim.unitCount; u++) units.push(unitOf(map, sim.units, u));
  const dislodged: DislodgedUnit[] = [];
  for (let d = 0; d < sim.dislodgedCount; d++) {
    const entry: DislodgedUnit = {
      ...unitOf(map, sim.dislodged, d),
      attackerFrom: map.locationCode[sim.attackerFrom[d]!]!,
    };
    if (sim.byConvoy[d] === 1) entry.byConvoy = true;
    dislodged.push(entry);
  }
  const contested: string[] = [];
  for (let p = 0; p < map.provinceCount; p++)
    if (sim.contested[p] === 1) contested.push(map.locationCode[p]!);
  return {
    phase: { season: SEASONS[sim.season]!, year: sim.year, type: PHASE_TYPES[sim.phaseType]! },
    units: sortUnits(map, units),
    dislodged: sortUnits(map, dislodged),
    contested,
    supplyCenters: ownersRecord(map, sim.owner),
  };
}

/** Replaces the simulation's units (possible ones, as an adjudicator gives them). */
export function setUnits(sim: Simulation, units: readonly Unit[]): void {
  const pairs = encodeUnits(sim.map, units).value;
  if (pairs === undefined) throw new Error('simulation: units the map does not know');
  sim.units.set(pairs);
  sim.unitCount = units.length;
}

/** The orders given, as the parser would give them (rows that are not well-formed order codes left out). */
export function decodedOrders(sim: Simulation): GivenOrder[] {
  const given: GivenOrder[] = [];
  for (let i = 0; i < sim.orders.count; i++) {
    const g = decodeOrder(sim.map, sim.orders.codes, i);
    if (g !== undefined) given.push(g);
  }
  return given;
}

/**
 * A simulation at the current phase of `game`, with its options and the orders given so far. Issues without a
 * value when the position is not a possible one or a rule setting is unknown; with a value, for orders that have
 * no integer form (a written convoy path, a nationality), which are left out.
 */
export function simulationFromGame(map: GameMap, game: Game): Result<Simulation> {
  const coded = codedPosition(map, game.position);
  if (coded.value === undefined) return { issues: coded.issues };
  let sim: Simulation;
  try {
    const options = {
      victoryCenters: game.options.victoryCenters,
      rules: game.options.rules ?? [],
      unretreatable: game.options.unretreatable ?? DEFAULT_FLOW.unretreatable,
    };
    sim = new Simulation(
      map,
      game.options.maxYear === undefined ? options : { ...options, maxYear: game.options.maxYear },
    );
  } catch (e) {
    return {
      issues:
        'issues' in (e as object) ? [...(e as { issues: Issue[] }).issues] : [issue('bad-rules', String(e))],
    };
  }
  const c = coded.value;
  const { phase } = game.position;
  sim.year = phase.year;
  sim.season = SEASONS.indexOf(phase.season);
  sim.phaseType = c.phaseType;
  sim.status = STATUSES.indexOf(game.status);
  sim.winner = game.winner === undefined ? -1 : map.powers.indexOf(game.winner);
  sim.unitCount = c.unitCount;
  sim.units.set(c.units);
  sim.dislodgedCount = c.dislodgedCount;
  sim.dislodged.set(c.dislodged);
  sim.attackerFrom.set(c.attackerFrom);
  sim.byConvoy.set(c.byConvoy);
  sim.contested.set(c.contested);
  sim.owner.set(c.owner);
  const ordered = c.phaseType === PHASE_RETREAT ? game.position.dislodged : game.position.units;
  const rows = encodeOrders(
    map,
    ordered,
    game.orders.map((o) => ({ power: o.power, order: o.order })),
  );
  const codes = rows.value ?? new Int32Array(0);
  for (let i = 0; i < codes.length / ORDER_STRIDE; i++) {
    // A retreat is a move in order objects and a RETREAT row in the integer form.
    if (c.phaseType === PHASE_RETREAT && codes[i * ORDER_STRIDE + KIND_FIELD] === MOVE)
      codes[i * ORDER_STRIDE + KIND_FIELD] = RETREAT;
    sim.addOrderRow(codes, i);
  }
  return { value: sim, issues: rows.issues };
}

/** The options of the game a simulation plays. */
function gameOptions(sim: Simulation): GameOptions {
  const options: GameOptions = { victoryCenters: sim.settings.victoryCenters };
  if (Number.isFinite(sim.settings.maxYear)) options.maxYear = sim.settings.maxYear;
  if (sim.settings.ruleSettings.length > 0) options.rules = [...sim.settings.ruleSettings];
  options.unretreatable = sim.settings.unretreatable;
  return options;
}

/** The orders given so far, as a game holds them: MILA text, by power in map order. */
function submittedOrders(sim: Simulation): SubmittedOrder[] {
  const orders: SubmittedOrder[] = [];
  for (let power = 0; power < sim.map.powers.length; power++) {
    for (let i = 0; i < sim.orders.count; i++) {
      if (sim.orders.codes[i * ORDER_STRIDE] !== power) continue;
      const given = decodeOrder(sim.map, sim.orders.codes, i);
      if (given === undefined) continue;
      orders.push({
        power: given.power!,
        text: orderCodeText(sim.map, sim.orders.codes, i),
        order: given.order,
      });
    }
  }
  return orders;
}

/** The simulation as a `Game` at its current phase, without history (save it, resume it, show it). */
export function simulationToGame(sim: Simulation, id?: string): Game {
  const game: Game = {
    ...(id === undefined ? {} : { id }),
    map: mapIdOf(sim.map.name),
    options: gameOptions(sim),
    position: toPosition(sim),
    orders: submittedOrders(sim),
    history: [],
    status: STATUSES[sim.status]!,
  };
  if (sim.status === WON) game.winner = sim.map.powers[sim.winner]!;
  return game;
}

/**
 * The orders of every phase a simulation plays, kept so that the game can be made with its whole history: call
 * `record(sim)` before each `step()`, then `toGame(map)`, which plays the recorded orders through the game API
 * (`submitOrders`, `processPhase`) from the state the log started at. Copies each phase's order rows; nothing more.
 */
export class SimulationLog {
  readonly start: Game;
  readonly phases: Int32Array[] = [];

  constructor(sim: Simulation, id?: string) {
    this.start = simulationToGame(sim, id);
  }

  record(sim: Simulation): void {
    if (sim.status === ACTIVE) this.phases.push(sim.orders.codes.slice(0, sim.orders.count * ORDER_STRIDE));
  }

  /** The game with the history of every recorded phase; issues when the game refuses an order or a phase. */
  toGame(map: GameMap): Result<Game> {
    let game = this.start;
    for (const rows of this.phases) {
      for (let power = 0; power < map.powers.length; power++) {
        const lines: string[] = [];
        for (let i = 0; i < rows.length / ORDER_STRIDE; i++)
          if (rows[i * ORDER_STRIDE] === power) lines.push(orderCodeText(map, rows, i));
        if (lines.length === 0) continue;
        const submitted = submitOrders(map, game, map.powers[power]!, lines.join('\n'));
        if (submitted.value === undefined) return { issues: submitted.issues };
        game = submitted.value;
      }
      const next = processPhase(map, game);
      if (next.value === undefined) return { issues: next.issues };
      game = next.value;
    }
    return { value: game, issues: [] };
  }
}
