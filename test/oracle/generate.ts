/**
 * Random movement-phase positions with random legal orders, for the oracle, the property tests and the agreement
 * run. Orders come from `legalOrders`; the choice leans toward what makes adjudication hard: supports that match,
 * moves into occupied provinces, head-to-head battles, circles of moves, and convoys with their armies.
 * Deterministic for a given random source.
 */
import { legalOrders, type LegalOrder } from '../../src/legal/enumerate.js';
import { armyNeighbours, fleetNeighbours, splitCoast } from '../../src/map/query.js';
import type { GameMap } from '../../src/map/types.js';
import type { GivenOrder } from '../../src/orders/types.js';
import type { Position, Unit } from '../../src/position/types.js';

export interface Scenario {
  position: Position;
  orders: GivenOrder[];
}

export type Random = () => number;

export function randomInt(random: Random, low: number, high: number): number {
  return low + Math.floor(random() * (high - low + 1));
}

function pick<T>(random: Random, items: readonly T[]): T | undefined {
  return items.length === 0 ? undefined : items[Math.floor(random() * items.length)];
}

export function shuffle<T>(random: Random, items: readonly T[]): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/** A movement phase with these units. */
export function movementPosition(units: Unit[]): Position {
  return {
    phase: { season: 'spring', year: 1901, type: 'movement' },
    units,
    dislodged: [],
    contested: [],
    supplyCenters: {},
  };
}

/** Provinces next to province p, by army or fleet. */
export function neighbours(map: GameMap, p: number): number[] {
  const out = new Set<number>(armyNeighbours(map, p));
  const locations = map.provinceCoasts[p]!.length > 0 ? map.provinceCoasts[p]! : [p];
  for (const l of locations) for (const m of fleetNeighbours(map, l)) out.add(map.locationProvince[m]!);
  return [...out];
}

/** The `size` provinces nearest to `centre` (breadth first over army and fleet moves), `centre` first. */
export function region(map: GameMap, centre: number, size: number): number[] {
  const out = [centre];
  const seen = new Set(out);
  for (let i = 0; i < out.length && out.length < size; i++)
    for (const q of neighbours(map, out[i]!).sort((a, b) => a - b)) {
      if (out.length >= size) break;
      if (!seen.has(q)) {
        seen.add(q);
        out.push(q);
      }
    }
  return out;
}

/** A unit of `power` in province p: armies on land, fleets at sea, either on a coast (a fleet on a random coast). */
function unitIn(map: GameMap, random: Random, p: number, power: string, fleetChance: number): Unit {
  const kind = map.provinceKind[p];
  const fleet = kind === 'sea' || (kind === 'coast' && random() < fleetChance);
  if (!fleet) return { power, type: 'A', location: map.locationCode[p]! };
  const coasts = map.provinceCoasts[p]!;
  const location = coasts.length > 0 ? pick(random, coasts)! : p;
  return { power, type: 'F', location: map.locationCode[location]! };
}

function randomPowers(map: GameMap, random: Random): string[] {
  const count = random() < 0.1 ? 1 : random() < 0.7 ? 2 : 3;
  return shuffle(random, map.powers).slice(0, count);
}

export interface RegionOptions {
  minUnits?: number;
  maxUnits?: number;
}

/**
 * A few units (3-8 by default) in a small connected region of the map (centred on a sea province half of the
 * time, so that convoys come up), of one to three powers, with random legal orders.
 */
export function randomRegionScenario(map: GameMap, random: Random, options: RegionOptions = {}): Scenario {
  const unitCount = randomInt(random, options.minUnits ?? 3, options.maxUnits ?? 8);
  const seas: number[] = [];
  for (let p = 0; p < map.provinceCount; p++) if (map.provinceKind[p] === 'sea') seas.push(p);
  const centre = random() < 0.5 ? pick(random, seas)! : randomInt(random, 0, map.provinceCount - 1);
  // Grow the region breadth-first, in random order, until it has room for the units and a little more.
  const size = unitCount + randomInt(random, 1, 4);
  const region = [centre];
  const seen = new Set(region);
  for (let i = 0; i < region.length && region.length < size; i++) {
    for (const q of shuffle(random, neighbours(map, region[i]!))) {
      if (region.length >= size) break;
      if (!seen.has(q)) {
        seen.add(q);
        region.push(q);
      }
    }
  }
  const powers = randomPowers(map, random);
  const places = shuffle(random, region).slice(0, unitCount);
  const units = places.map((p) => unitIn(map, random, p, pick(random, powers)!, 0.4));
  const position = movementPosition(units);
  return { position, orders: randomLegalOrders(map, position, random) };
}

/**
 * Units anywhere on the map: `unitCount` random provinces (or, with `nearHome`, provinces within two steps of the
 * powers' home centres), random powers among all seven, random legal orders.
 */
export function randomBoardScenario(
  map: GameMap,
  random: Random,
  unitCount: number,
  nearHome = false,
): Scenario {
  let candidates = Array.from({ length: map.provinceCount }, (_, p) => p);
  if (nearHome) {
    const near = new Set<number>();
    for (const homes of map.homeCenters)
      for (const h of homes) {
        near.add(h);
        for (const q of neighbours(map, h)) {
          near.add(q);
          for (const r of neighbours(map, q)) near.add(r);
        }
      }
    candidates = [...near];
  }
  const places = shuffle(random, candidates).slice(0, unitCount);
  const powers = random() < 0.5 ? map.powers : randomPowers(map, random);
  const units = places.map((p) => unitIn(map, random, p, pick(random, powers)!, 0.5));
  const position = movementPosition(units);
  return { position, orders: randomLegalOrders(map, position, random) };
}

/**
 * A convoy in the making, and what could disrupt it: a fleet at sea, an army on a coast next to it and a unit on
 * another coast of that sea (the army's destination), a unit that can attack the fleet, and a few other units
 * around. The orders lean toward the convoy, the army's move, the destination's unit supporting the attack on the
 * fleet and the attack itself: the ingredients of convoy paradoxes (DATC 6.F), which random orders rarely gather.
 */
export function randomConvoyScenario(map: GameMap, random: Random): Scenario {
  const seas: number[] = [];
  for (let p = 0; p < map.provinceCount; p++) if (map.provinceKind[p] === 'sea') seas.push(p);
  for (;;) {
    const sea = pick(random, seas)!;
    const coasts = neighbours(map, sea).filter((p) => map.provinceKind[p] === 'coast');
    if (coasts.length < 2) continue;
    const [from, to] = shuffle(random, coasts) as [number, number];
    const powers = shuffle(random, map.powers).slice(0, 3);
    const [p1, p2, p3] = powers as [string, string, string];
    const taken = new Set([sea, from, to]);
    const units: Unit[] = [
      unitIn(map, random, sea, p1, 1),
      unitIn(map, random, from, random() < 0.7 ? p1 : p2, 0),
    ];
    if (random() < 0.85) units.push(unitIn(map, random, to, p2, 0.7));
    const attackFrom = pick(
      random,
      neighbours(map, sea).filter((p) => !taken.has(p) && map.provinceKind[p] !== 'land'),
    );
    if (attackFrom !== undefined && random() < 0.8) {
      units.push(unitIn(map, random, attackFrom, random() < 0.6 ? p2 : p3, 1));
      taken.add(attackFrom);
    }
    // Half of the time a second, supported attack on the fleet (Pandin's paradox, 6.F.16, has no solution).
    const seaSides = (): number[] =>
      neighbours(map, sea).filter((p) => !taken.has(p) && map.provinceKind[p] !== 'land');
    const second = random() < 0.5 ? pick(random, seaSides()) : undefined;
    if (second !== undefined) {
      units.push(unitIn(map, random, second, random() < 0.5 ? p3 : p1, 1));
      taken.add(second);
    }
    const secondSupport = second === undefined ? undefined : pick(random, seaSides());
    if (secondSupport !== undefined) {
      units.push(unitIn(map, random, secondSupport, random() < 0.7 ? p3 : p1, 1));
      taken.add(secondSupport);
    }
    // A few more units around.
    const around = shuffle(random, [...new Set([...taken].flatMap((p) => neighbours(map, p)))]).filter(
      (p) => !taken.has(p),
    );
    for (const p of around.slice(0, randomInt(random, 0, 4)))
      units.push(unitIn(map, random, p, pick(random, powers)!, 0.5));
    const position = movementPosition(units);
    const code = (p: number): string => map.locationCode[p]!;
    const at = (p: number): string | undefined => {
      const u = units.find((v) => province(map, v.location) === p);
      return u && unitKey(u);
    };
    const hints = new Map<string, (o: LegalOrder) => boolean>();
    const fleet = at(sea)!;
    const army = at(from)!;
    hints.set(fleet, (o) => o.order.kind === 'convoy' && province(map, o.order.to) === to);
    hints.set(army, (o) => o.order.kind === 'move' && province(map, o.order.to) === to);
    const target = at(to);
    if (target)
      hints.set(
        target,
        (o) => o.order.kind === 'support' && o.order.to !== undefined && province(map, o.order.to) === sea,
      );
    const attacker = attackFrom === undefined ? undefined : at(attackFrom);
    if (attacker) hints.set(attacker, (o) => o.order.kind === 'move' && o.order.to.startsWith(code(sea)));
    const other = second === undefined ? undefined : at(second);
    if (other) {
      hints.set(other, (o) => o.order.kind === 'move' && o.order.to.startsWith(code(sea)));
      const helper = secondSupport === undefined ? undefined : at(secondSupport);
      if (helper)
        hints.set(
          helper,
          (o) =>
            o.order.kind === 'support' &&
            o.order.supported.location ===
              units.find((u) => province(map, u.location) === second)!.location &&
            o.order.to !== undefined,
        );
    }
    return { position, orders: randomLegalOrders(map, position, random, hints) };
  }
}

function province(map: GameMap, location: string): number {
  return splitCoast(map, location).province;
}

/** "A PAR" for a unit. */
function unitKey(u: { type?: string; location: string }): string {
  return `${u.type ?? ''} ${u.location}`;
}

/**
 * One random legal order per unit (a unit is sometimes left without an order), given in a random order. Each unit
 * gets a kind first (move 40%, support 30%, convoy 15% when it can, hold 15%); moves lean toward occupied
 * provinces and head-to-head battles, a tenth of the time the units are set moving in a circle when they can be,
 * convoyed armies mostly take the convoy, and supports mostly match an order given.
 */
export function randomLegalOrders(
  map: GameMap,
  position: Position,
  random: Random,
  hints: ReadonlyMap<string, (o: LegalOrder) => boolean> = new Map(),
): GivenOrder[] {
  const legal = legalOrders(map, position);
  const byUnit = new Map<string, LegalOrder[]>();
  for (const o of legal) {
    const list = byUnit.get(o.unit);
    if (list) list.push(o);
    else byUnit.set(o.unit, [o]);
  }
  const unitAt = new Map<number, Unit>();
  for (const u of position.units) unitAt.set(province(map, u.location), u);
  const chosen = new Map<string, LegalOrder>();
  const moveTo = (o: LegalOrder | undefined): number =>
    o?.order.kind === 'move' ? province(map, o.order.to) : -1;

  const order = shuffle(random, position.units);
  const kinds = new Map<string, string>();
  for (const u of order) {
    const r = random();
    kinds.set(unitKey(u), r < 0.4 ? 'move' : r < 0.7 ? 'support' : r < 0.85 ? 'convoy' : 'hold');
  }

  // Orders a scenario asks for (four times in five, when legal).
  for (const [key, wanted] of hints) {
    if (random() >= 0.8) continue;
    const o = pick(random, (byUnit.get(key) ?? []).filter(wanted));
    if (!o) continue;
    chosen.set(key, o);
    kinds.set(key, o.order.kind);
  }

  // A circle: follow moves from unit to occupied province until the walk comes back.
  if (random() < 0.1 && order.length >= 2 && !chosen.has(unitKey(order[0]!))) {
    const start = order[0]!;
    const walk: LegalOrder[] = [];
    const visited = new Set<string>();
    let at = start;
    for (let step = 0; step < 6; step++) {
      visited.add(unitKey(at));
      const moves = (byUnit.get(unitKey(at)) ?? []).filter(
        (o) => o.order.kind === 'move' && unitAt.has(moveTo(o)),
      );
      const back = moves.find((o) => unitAt.get(moveTo(o)) === start && walk.length >= 2);
      const next =
        back ??
        pick(
          random,
          moves.filter((o) => !visited.has(unitKey(unitAt.get(moveTo(o))!))),
        );
      if (!next) break;
      walk.push(next);
      if (back) {
        if (walk.some((o) => chosen.has(o.unit))) break;
        for (const o of walk) {
          chosen.set(o.unit, o);
          kinds.set(o.unit, 'move');
        }
        break;
      }
      at = unitAt.get(moveTo(next))!;
    }
  }

  for (const u of order) {
    const key = unitKey(u);
    if (chosen.has(key)) continue;
    const options = byUnit.get(key) ?? [];
    const kind = kinds.get(key)!;
    if (kind === 'hold') {
      if (random() < 0.5)
        chosen.set(
          key,
          options.find((o) => o.order.kind === 'hold')!,
        );
      continue;
    }
    if (kind === 'convoy') {
      const convoy = pick(
        random,
        options.filter((o) => o.order.kind === 'convoy'),
      );
      if (convoy && convoy.order.kind === 'convoy') {
        chosen.set(key, convoy);
        // The army mostly takes the convoy (as "via convoy" when it could also walk there, half of the time).
        const army = unitKey(convoy.order.army);
        const to = province(map, convoy.order.to);
        if (random() < 0.8 && kinds.get(army) !== 'convoy') {
          const rides = (byUnit.get(army) ?? []).filter((o) => moveTo(o) === to);
          const ride =
            rides.find((o) => o.order.kind === 'move' && o.order.viaConvoy === true && random() < 0.5) ??
            rides[0];
          if (ride) {
            chosen.set(army, ride);
            kinds.set(army, 'move');
          }
        }
        continue;
      }
    }
    if (kind === 'support') continue;
    // A move: occupied provinces weigh 3, a move back into the province of a unit coming here weighs 6.
    const here = province(map, u.location);
    const moves = options.filter((o) => o.order.kind === 'move');
    const weights = moves.map((o) => {
      const there = unitAt.get(moveTo(o));
      if (!there) return 1;
      return moveTo(chosen.get(unitKey(there))) === here ? 6 : 3;
    });
    const total = weights.reduce((a, b) => a + b, 0);
    let r = random() * total;
    for (let i = 0; i < moves.length; i++) {
      r -= weights[i]!;
      if (r < 0) {
        chosen.set(key, moves[i]!);
        break;
      }
    }
  }

  // Supports, last, so that most can match an order given: three times in four a matching one when there is one.
  for (const u of order) {
    const key = unitKey(u);
    if (chosen.has(key) || kinds.get(key) !== 'support') continue;
    const supports = (byUnit.get(key) ?? []).filter((o) => o.order.kind === 'support');
    const matching = supports.filter((s) => {
      if (s.order.kind !== 'support') return false;
      const target = chosen.get(unitKey(s.order.supported));
      if (s.order.to === undefined) return target?.order.kind !== 'move';
      return moveTo(target) === province(map, s.order.to);
    });
    const support = pick(random, matching.length > 0 && random() < 0.75 ? matching : supports);
    if (support) chosen.set(key, support);
    else if (random() < 0.5) {
      const move = pick(
        random,
        (byUnit.get(key) ?? []).filter((o) => o.order.kind === 'move'),
      );
      if (move) chosen.set(key, move);
    }
  }

  const givens: GivenOrder[] = [...chosen.values()].map((o) => ({ power: o.power, order: o.order }));
  return shuffle(random, givens);
}
