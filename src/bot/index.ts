/**
 * dipkit's own bot (`import { createBot } from 'dipkit/bot'`): legal, complete orders for one power in any phase of
 * any map, deterministic for a seed. Movement: a search over its legal orders, each set judged by adjudicating it
 * against imagined replies (movement.ts); retreats, builds and disbands by the values of the places
 * (retreats-adjustments.ts); values from the supply centres and the distances on the map graph (values.ts,
 * distances.ts). No clock and no global random: the orders depend on the seed, the position and the power only.
 */
import { IssuesError } from '../issues.js';
import type { GameMap } from '../map/types.js';
import type { Position } from '../position/types.js';
import type { Game } from '../game/game.js';
import { resolveRules, withDefaults, type RuleOptions } from '../adjudication/rules.js';
import { codedPosition, PHASE_ADJUSTMENT, PHASE_MOVEMENT, type CodedPosition } from '../position/coded.js';
import { legalOrderCodes } from '../legal/enumerate.js';
import { newOrderCodeList, type OrderCodeList } from '../legal/code-list.js';
import { lookupPower } from '../map/query.js';
import { orderCodeText } from '../orders/codes.js';
import { seededRandom } from '../selfplay/random-orders.js';
import { FALL, type Simulation } from '../sim/state.js';
import { chooseMovement } from './movement.js';
import { chooseAdjustments, chooseRetreats } from './retreats-adjustments.js';
import { viewOf } from './values.js';

export interface BotOptions {
  /** The same seed, position and power always give the same orders. Default 1. */
  seed?: number;
  /**
   * The rules of the game: settings as a game records them ("4.A.2=all-hold", see `dipkit rules`) or rule options;
   * the DATC preferences by default. For a `Simulation` the bot reads the simulation's own rules.
   */
  rules?: readonly string[] | Partial<RuleOptions>;
}

export interface Bot {
  readonly map: GameMap;
  readonly seed: number;
  /** The orders of `power` (a name or alias: "FRANCE", "FRA") in `position`, as MILA text lines. */
  orders(position: Position, power: string): string[];
  /** The orders of `power` in the game's current phase, under the game's own rules. */
  gameOrders(game: Game, power: string): string[];
  /** Appends the orders of `power` (a power index) in the simulation's current phase to `sim.orders`. */
  orderSimulation(sim: Simulation, power: number): void;
  /** The orders as rows (src/orders/codes.ts), appended to `out`, for an integer position and its legal rows. */
  orderCodes(input: CodedPhase, out: OrderCodeList): void;
}

/** A phase in integer form, as the bot reads it. */
export interface CodedPhase {
  position: CodedPosition;
  /** The power to order for, an index into `map.powers`. */
  power: number;
  /** The legal orders of that power in the phase (rows of `legalOrderCodes`). */
  legal: OrderCodeList;
  /** True in a Fall phase: centres change hands after it. */
  fall: boolean;
  /** The phase, for the seed: year, and season (0 Spring, 1 Fall, 2 Winter). */
  year: number;
  season: number;
  rules: RuleOptions;
}

function rulesOf(rules: BotOptions['rules']): RuleOptions {
  if (rules === undefined) return withDefaults();
  if (!Array.isArray(rules)) return withDefaults(rules as Partial<RuleOptions>);
  const read = resolveRules('datc', rules as readonly string[]);
  if (read.value === undefined) throw new IssuesError(read.issues, 'rules');
  return read.value;
}

/** A random number generator for one power in one phase: the seed and the phase mixed (murmur3's finaliser). */
function phaseRandom(
  seed: number,
  year: number,
  season: number,
  phaseType: number,
  power: number,
): () => number {
  let h = seed >>> 0;
  for (const v of [year, season, phaseType, power]) {
    h = Math.imul(h ^ (v + 0x9e3779b9), 0x85ebca6b);
    h ^= h >>> 13;
    h = Math.imul(h, 0xc2b2ae35);
    h ^= h >>> 16;
  }
  return seededRandom(h >>> 0);
}

const SEASONS = ['spring', 'fall', 'winter'] as const;

/** dipkit's bot for `map`. */
export function createBot(map: GameMap, options: BotOptions = {}): Bot {
  const seed = options.seed ?? 1;
  const defaultRules = rulesOf(options.rules);

  function orderCodes(input: CodedPhase, out: OrderCodeList): void {
    const { position, power, legal, fall } = input;
    const random = phaseRandom(seed, input.year, input.season, position.phaseType, power);
    const view = viewOf(map, position);
    if (position.phaseType === PHASE_MOVEMENT)
      chooseMovement({ map, rules: input.rules, view, power, fall, legal, random }, out);
    else if (position.phaseType === PHASE_ADJUSTMENT) chooseAdjustments(view, power, legal, random, out);
    else chooseRetreats(view, power, fall, legal, random, out);
  }

  function ordersUnder(position: Position, power: string, rules: RuleOptions): string[] {
    const index = lookupPower(map, power);
    if (index < 0) throw new Error(`bot: unknown power "${power}"; powers: ${map.powers.join(', ')}`);
    const coded = codedPosition(map, position);
    if (coded.value === undefined) throw new IssuesError(coded.issues, 'position');
    const legal = legalOrderCodes(map, position, { power: map.powers[index]!, rules });
    if (legal.value === undefined) throw new IssuesError(legal.issues, 'position');
    const out = newOrderCodeList(32);
    const season = SEASONS.indexOf(position.phase.season);
    orderCodes(
      {
        position: coded.value,
        power: index,
        legal: legal.value,
        fall: season === 1,
        year: position.phase.year,
        season,
        rules,
      },
      out,
    );
    const lines: string[] = [];
    for (let i = 0; i < out.count; i++) lines.push(orderCodeText(map, out.codes, i));
    return lines;
  }

  const legalScratch = newOrderCodeList();
  return {
    map,
    seed,
    orders: (position, power) => ordersUnder(position, power, defaultRules),
    gameOrders: (game, power) => ordersUnder(game.position, power, rulesOf(game.options.rules ?? [])),
    orderSimulation(sim, power) {
      if (sim.map !== map) throw new Error('bot: the simulation is for another map');
      sim.legalOrders(legalScratch, power);
      const phase: CodedPhase = {
        position: sim,
        power,
        legal: legalScratch,
        fall: sim.season === FALL,
        year: sim.year,
        season: sim.season,
        rules: sim.settings.rules,
      };
      orderCodes(phase, sim.orders);
    },
    orderCodes,
  };
}
