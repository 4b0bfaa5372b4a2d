/**
 * The orders dipkit's bot (`dipkit/bot`) gives a power of a server game: seeded by the game's id, so the same
 * game, phase and power always get the same orders whichever instance asks, and checked by the core's
 * `submitOrders` like any player's. Used for bot seats (bots.ts) and, when the game says so, for the powers in
 * civil disorder at processing (`civilDisorderOrders`).
 */
import { submitOrders, type Game, type GameMap, type SubmittedOrder } from 'dipkit';
import { createBot } from 'dipkit/bot';
import type { GameRow } from './rows.js';
import { powersToOrder } from './rows.js';

/** A 32-bit seed from the game id (FNV-1a). */
function seedOf(id: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < id.length; i++) h = Math.imul(h ^ id.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/** The bot's orders for `power` in the game's current phase, as stored orders. */
export function botOrders(map: GameMap, game: Game, power: string): SubmittedOrder[] {
  const bot = createBot(map, { seed: seedOf(game.id ?? '') });
  const lines = bot.gameOrders(game, power);
  const result = submitOrders(map, { ...game, orders: [] }, power, lines.join('\n'));
  // The bot gives legal orders only; a refusal is a bug in it, not something a player did.
  if (!result.value) throw new Error(`bot orders refused: ${result.issues.map((i) => i.message).join('; ')}`);
  return result.value.orders;
}

/**
 * The orders to adjudicate: those given, and, in a game whose `civilDisorderBot` setting is on, the bot's for every
 * power with something to order that gave none.
 */
export function civilDisorderOrders(
  map: GameMap,
  row: GameRow,
  game: Game,
  byPower: ReadonlyMap<string, SubmittedOrder[]>,
): SubmittedOrder[] {
  const must = row.settings.civilDisorderBot === true ? powersToOrder(map, row.position) : new Set<string>();
  return map.powers.flatMap((p) => byPower.get(p) ?? (must.has(p) ? botOrders(map, game, p) : []));
}
