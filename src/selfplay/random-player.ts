/**
 * A player that gives random legal orders, for self-play and tests. Seeded and deterministic: the same seed gives
 * the same game. The choice itself is `chooseRandomOrders` (random-orders.ts), among the rows of a legal-order
 * listing; here it plays whole games on the simulation (src/sim) and gives orders to a `Position` as text.
 */
import type { GameMap } from '../map/types.js';
import type { Position } from '../position/types.js';
import type { RuleOptions } from '../adjudication/rules.js';
import { codedPosition, PHASE_MOVEMENT } from '../position/coded.js';
import {
  legalOrderCodes,
  movementCodesFirstSupports,
  newOrderCodeList,
  unitSupportsOfCoded,
  type OrderCodeList,
} from '../legal/enumerate.js';
import { needsRulesPath } from '../legal/by-rules.js';
import { orderCodeText } from '../orders/codes.js';
import type { Game, GameOptions } from '../game/game.js';
import { fallYearOfTurn } from '../game/phases.js';
import { ACTIVE, Simulation, type SimulationOptions } from '../sim/state.js';
import { SimulationLog } from '../sim/convert.js';
import { chooseRandomOrders, seededRandom } from './random-orders.js';

export { chooseRandomOrders, seededRandom } from './random-orders.js';

/**
 * Random legal orders for `power` in `position` (legal under `rules`, the DATC preferences by default), as MILA
 * text lines. Throws when the position is not possible.
 */
export function randomOrders(
  map: GameMap,
  position: Position,
  power: string,
  random: () => number,
  rules?: Partial<RuleOptions>,
): string[] {
  const coded = codedPosition(map, position).value;
  const legal = legalOrderCodes(map, position, rules === undefined ? { power } : { power, rules }).value;
  if (coded === undefined || legal === undefined)
    throw new Error(`random player: ${power}: not a possible position`);
  const chosen = newOrderCodeList(64);
  chooseRandomOrders(map, coded, legal, map.powers.indexOf(power), random, chosen);
  const lines: string[] = [];
  for (let i = 0; i < chosen.count; i++) lines.push(orderCodeText(map, chosen.codes, i));
  return lines;
}

/**
 * Gives random orders to every power of `sim` in its current phase (in map order, each drawing from `random`),
 * listing the legal orders into `legal`; `sim.step()` then plays them.
 */
export function giveRandomOrders(sim: Simulation, random: () => number, legal = newOrderCodeList()): void {
  sim.clearOrders();
  if (sim.phaseType === PHASE_MOVEMENT && !needsRulesPath(sim.settings.rules)) {
    // Every unit's moves, convoys and hold, but the supports (most of the rows) only of the units that support.
    legal.count = 0;
    movementCodesFirstSupports(sim.map, sim, legal);
    const moreSupports = (key: number, into: OrderCodeList): void =>
      unitSupportsOfCoded(sim.map, sim, key, into);
    chooseRandomOrders(sim.map, sim, legal, -1, random, sim.orders, moreSupports);
    return;
  }
  sim.legalOrders(legal);
  chooseRandomOrders(sim.map, sim, legal, -1, random, sim.orders);
}

export interface SelfPlayOptions extends Partial<GameOptions> {
  seed: number;
}

/** The options of the simulation for self-play options (year limit: the map's twentieth Fall unless given). */
export function selfPlaySimulationOptions(map: GameMap, options: Partial<GameOptions>): SimulationOptions {
  return {
    maxYear: options.maxYear ?? fallYearOfTurn(map, 20),
    ...(options.unretreatable === undefined ? {} : { unretreatable: options.unretreatable }),
    ...(options.victoryCenters === undefined ? {} : { victoryCenters: options.victoryCenters }),
    ...(options.rules === undefined ? {} : { rules: options.rules }),
  };
}

/**
 * Plays a whole game with a random player for every power, to a victory or the end of `maxYear` (unless given,
 * the year of the map's twentieth Fall: 1920 on the standard map), on the simulation; the game is then made, with its history, by playing the same orders through the game
 * API (`SimulationLog`). Throws only on a bug (orders the game refuses).
 */
export function playRandomGame(map: GameMap, options: SelfPlayOptions): Game {
  const random = seededRandom(options.seed);
  const sim = new Simulation(map, selfPlaySimulationOptions(map, options));
  const log = new SimulationLog(sim, `dipkit-random-${options.seed}`);
  const legal = newOrderCodeList();
  while (sim.status === ACTIVE) {
    giveRandomOrders(sim, random, legal);
    log.record(sim);
    sim.step();
  }
  const game = log.toGame(map);
  if (game.value === undefined)
    throw new Error(`random player: ${game.issues.map((i) => i.message).join('; ')}`);
  return game.value;
}
