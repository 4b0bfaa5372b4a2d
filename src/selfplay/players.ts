/**
 * Self-play with a player per power: dipkit's bot (src/bot), the random player (random-orders.ts), or a player
 * who only holds (and gives no retreats, builds or disbands: the rules then disband, waive and choose for it).
 * Seeded and deterministic; the game is played on the simulation and made, with its history, through the game API.
 */
import type { GameMap } from '../map/types.js';
import type { Game } from '../game/game.js';
import { newOrderCodeList } from '../legal/code-list.js';
import { ACTIVE, Simulation } from '../sim/state.js';
import { SimulationLog } from '../sim/convert.js';
import { createBot, type Bot } from '../bot/index.js';
import { chooseRandomOrders, seededRandom } from './random-orders.js';
import { playRandomGame, selfPlaySimulationOptions, type SelfPlayOptions } from './random-player.js';

export type PlayerKind = 'bot' | 'random' | 'hold';
export const PLAYER_KINDS: readonly PlayerKind[] = ['bot', 'random', 'hold'];

export interface PlayersOptions extends SelfPlayOptions {
  /** One player per power, in the map's order of powers; a shorter list repeats its last entry. */
  players: readonly PlayerKind[];
}

/** The player of each power: `players` in the map's order, the last one repeated. */
export function playersOfPowers(map: GameMap, players: readonly PlayerKind[]): PlayerKind[] {
  if (players.length === 0) throw new Error('selfplay: no players');
  return map.powers.map((_, i) => players[Math.min(i, players.length - 1)]!);
}

/**
 * Plays one phase of `sim`: every power's orders by its player (in map order; the random players draw from
 * `random`, the bots from their own seed). `legal` is scratch.
 */
export function givePlayersOrders(
  sim: Simulation,
  kinds: readonly PlayerKind[],
  bot: Bot,
  random: () => number,
  legal = newOrderCodeList(),
): void {
  sim.clearOrders();
  for (let p = 0; p < kinds.length; p++) {
    const kind = kinds[p];
    if (kind === 'bot') bot.orderSimulation(sim, p);
    else if (kind === 'random') {
      sim.legalOrders(legal, p);
      chooseRandomOrders(sim.map, sim, legal, p, random, sim.orders);
    }
  }
}

/**
 * A whole game with the given players, to a victory or the year limit. Every player random: the same game as
 * `playRandomGame` with that seed.
 */
export function playGameWith(map: GameMap, options: PlayersOptions): Game {
  const kinds = playersOfPowers(map, options.players);
  if (kinds.every((k) => k === 'random')) return playRandomGame(map, options);
  const sim = new Simulation(map, selfPlaySimulationOptions(map, options));
  const bot = createBot(map, { seed: options.seed });
  const random = seededRandom(options.seed);
  const log = new SimulationLog(sim, `dipkit-selfplay-${options.seed}`);
  const legal = newOrderCodeList();
  while (sim.status === ACTIVE) {
    givePlayersOrders(sim, kinds, bot, random, legal);
    log.record(sim);
    sim.step();
  }
  const game = log.toGame(map);
  if (game.value === undefined) throw new Error(`selfplay: ${game.issues.map((i) => i.message).join('; ')}`);
  return game.value;
}
