/**
 * A player that gives random legal orders, for self-play and tests. Seeded and deterministic: the same seed gives
 * the same game.
 *
 * The orders come from `legalOrders` (src/legal). Picking uniformly among all legal orders of a unit would make
 * nearly every unit support something (a unit has many more supports than moves), so the player first picks a
 * kind for each unit (move 55%, support 25%, hold 12%, convoy 8%, as far as the unit has such orders), then an
 * order of that kind (moves over land or sea only: a move that needs a convoy is ordered only with the convoy); a unit that supports prefers to support what a unit of its own power was ordered to do, and an
 * army that a fleet of its power convoys is ordered onto that convoy. Retreats: a random retreat (or, one time in
 * eight, a disband). Builds: random builds in random free home centres, sometimes one waived; disbands: random
 * units, and one time in six one disband too few, so that the civil-disorder rule is exercised.
 */
import type { GameMap } from '../map/types.js';
import { armyAdjacent, lookupProvince } from '../map/query.js';
import type { Order } from '../orders/types.js';
import type { Position } from '../position/types.js';
import { legalOrders, type LegalOrder } from '../legal/enumerate.js';
import { adjustmentsDue } from '../game/centers.js';
import { type Game, type GameOptions, newGame, processPhase, submitOrders } from '../game/game.js';

/** A seeded random number generator (mulberry32): numbers in [0, 1). */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let x = state;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

function pick<T>(random: () => number, items: readonly T[]): T | undefined {
  return items.length === 0 ? undefined : items[Math.floor(random() * items.length)];
}

/** "SPA/NC" -> "SPA". */
function province(location: string): string {
  return location.split('/')[0] ?? location;
}

/** Random legal orders for `power` in `position`, as MILA text lines. */
export function randomOrders(
  map: GameMap,
  position: Position,
  power: string,
  random: () => number,
): string[] {
  const legal = legalOrders(map, position, { power });
  switch (position.phase.type) {
    case 'movement':
      return movementOrders(map, legal, random);
    case 'retreat':
      return retreatOrders(legal, random);
    case 'adjustment':
      return adjustmentOrders(map, position, power, legal, random);
  }
}

function byUnit(legal: readonly LegalOrder[]): Map<string, LegalOrder[]> {
  const units = new Map<string, LegalOrder[]>();
  for (const o of legal) {
    const list = units.get(o.unit);
    if (list) list.push(o);
    else units.set(o.unit, [o]);
  }
  return units;
}

function movementOrders(map: GameMap, legal: readonly LegalOrder[], random: () => number): string[] {
  const units = byUnit(legal);
  // A move that needs a convoy is only chosen together with the convoy (below).
  const overland = (o: LegalOrder): boolean =>
    o.order.kind === 'move' &&
    o.order.viaConvoy !== true &&
    (o.order.unit.type === 'F' ||
      armyAdjacent(map, lookupProvince(map, o.order.unit.location), lookupProvince(map, o.order.to)));
  const chosen = new Map<string, LegalOrder>();
  const supporters: string[] = [];
  const kinds: [Order['kind'], number][] = [
    ['move', 0.55],
    ['support', 0.25],
    ['hold', 0.12],
    ['convoy', 0.08],
  ];
  for (const [unit, orders] of units) {
    let r = random();
    let kind: Order['kind'] = 'hold';
    for (const [k, weight] of kinds) {
      if (r < weight) {
        kind = k;
        break;
      }
      r -= weight;
    }
    const ofKind = orders.filter((o) => (kind === 'move' ? overland(o) : o.order.kind === kind));
    if (kind === 'support' && ofKind.length > 0) {
      supporters.push(unit);
      continue;
    }
    const order = pick(random, ofKind) ?? pick(random, orders.filter(overland));
    if (order) chosen.set(unit, order);
  }
  // Convoys: the convoyed army of the same power goes along.
  for (const order of [...chosen.values()]) {
    if (order.order.kind !== 'convoy') continue;
    const army = `A ${order.order.army.location}`;
    const { to } = order.order;
    const ride = units.get(army)?.find((o) => o.order.kind === 'move' && o.order.to === to);
    if (ride && !supporters.includes(army)) chosen.set(army, ride);
  }
  // Supports: of an order of our own when one can be supported, otherwise any.
  for (const unit of supporters) {
    const supports = (units.get(unit) ?? []).filter((o) => o.order.kind === 'support');
    const helpful = supports.filter((s) => {
      if (s.order.kind !== 'support') return false;
      const target = chosen.get(`${s.order.supported.type ?? ''} ${s.order.supported.location}`)?.order;
      if (!target) return false;
      if (s.order.to === undefined) return target.kind !== 'move';
      return target.kind === 'move' && province(target.to) === province(s.order.to);
    });
    const order = pick(random, helpful.length > 0 && random() < 0.8 ? helpful : supports);
    if (order) chosen.set(unit, order);
  }
  return [...units.keys()].flatMap((u) => {
    const o = chosen.get(u);
    return o ? [o.text] : [];
  });
}

function retreatOrders(legal: readonly LegalOrder[], random: () => number): string[] {
  const lines: string[] = [];
  for (const orders of byUnit(legal).values()) {
    const retreats = orders.filter((o) => o.order.kind === 'move');
    const order = random() < 0.125 ? orders.find((o) => o.order.kind === 'disband') : pick(random, retreats);
    const chosen = order ?? orders.find((o) => o.order.kind === 'disband');
    if (chosen) lines.push(chosen.text);
  }
  return lines;
}

function adjustmentOrders(
  map: GameMap,
  position: Position,
  power: string,
  legal: readonly LegalOrder[],
  random: () => number,
): string[] {
  const due = adjustmentsDue(map, position).find((a) => a.power === power);
  if (!due || due.change === 0) return [];
  const lines: string[] = [];
  if (due.change > 0) {
    let builds = legal.filter((o) => o.order.kind === 'build');
    for (let i = 0; i < due.change; i++) {
      if (random() < 0.1) {
        lines.push('WAIVE');
        continue;
      }
      const b = pick(random, builds);
      if (!b) break;
      lines.push(b.text);
      // One build per province.
      const where = province(b.unit.slice(2));
      builds = builds.filter((o) => province(o.unit.slice(2)) !== where);
    }
    return lines;
  }
  let disbands = legal.filter((o) => o.order.kind === 'disband');
  const count = -due.change - (random() < 1 / 6 ? 1 : 0);
  for (let i = 0; i < count; i++) {
    const d = pick(random, disbands);
    if (!d) break;
    lines.push(d.text);
    disbands = disbands.filter((o) => o !== d);
  }
  return lines;
}

export interface SelfPlayOptions extends Partial<GameOptions> {
  seed: number;
}

/**
 * Plays a whole game with a random player for every power, to a victory or the end of `maxYear` (1920 unless
 * given). Throws only on a bug (orders the game refuses, a position the adjudicator rejects).
 */
export function playRandomGame(map: GameMap, options: SelfPlayOptions): Game {
  const random = seededRandom(options.seed);
  const gameOptions: Partial<GameOptions> = { ...options, maxYear: options.maxYear ?? 1920 };
  let game: Game = { ...newGame(map, gameOptions), id: `dipkit-random-${options.seed}` };
  while (game.status === 'active') {
    for (const power of map.powers) {
      const lines = randomOrders(map, game.position, power, random);
      if (lines.length === 0) continue;
      const submitted = submitOrders(map, game, power, lines.join('\n'));
      if (!submitted.value) {
        throw new Error(`random player: ${power}: ${submitted.issues.map((i) => i.message).join('; ')}`);
      }
      game = submitted.value;
    }
    const next = processPhase(map, game);
    if (!next.value) throw new Error(`random player: ${next.issues.map((i) => i.message).join('; ')}`);
    game = next.value;
  }
  return game;
}
