/**
 * The adjustment phase of the simulation (the rules of src/adjudication/adjustment.ts): a power with more supply
 * centres than units builds in its owned, empty home centres, one with fewer disbands; orders count from the
 * first (4.D.4 b, 4.D.5 b, 4.D.6 b), a build may be waived (4.D.7 a), a power that disbands too few loses units by
 * the 2023 civil-disorder rule (4.D.8 c): farthest from an owned supply centre first, fleets before armies, then by
 * province name.
 *
 * Legal builds, waives and disbands are checked here on integers against the listing (`listAdjustmentRows`); any
 * other order, or rule choices other than those above, send the phase through `adjudicateAdjustments`.
 */
import { adjudicateAdjustments, distanceToOwnedCenters } from '../adjudication/adjustment.js';
import type { RuleOptions } from '../adjudication/rules.js';
import { legalCodesOfCoded } from '../legal/enumerate.js';
import type { GameMap } from '../map/types.js';
import { BUILD, DISBAND, ORDER_STRIDE, WAIVE } from '../orders/codes.js';
import { decodedOrders, setUnits, toPosition } from './convert.js';
import { rebuildNeutralArmies, startYear } from './flow.js';
import { springYear } from '../game/phases.js';
import { simScratch, type SimScratch } from './scratch.js';
import type { Simulation } from './state.js';

export function stepAdjustment(sim: Simulation): void {
  if (!integerRules(sim.settings.rules) || !adjustByIntegers(sim)) adjustByObjects(sim);
  else rebuildNeutralArmies(sim); // adjudicateAdjustments rebuilds them itself
  startYear(sim, springYear(sim.map.rules.calendar, sim.year));
}

/** The rule choices the integer way implements: the DATC preferences for the adjustment issues. */
function integerRules(rules: RuleOptions): boolean {
  return (
    rules.tooManyBuilds === 'first' &&
    rules.twoBuildsOneProvince === 'first' &&
    rules.tooManyDisbands === 'first' &&
    rules.civilDisorder === 'rule-2023'
  );
}

/**
 * The phase from the order rows; false, with the state untouched, when some row is not one of the listed orders.
 * Marks: `claimed` per province built in; `perUnit` 1 per unit disbanded.
 */
function adjustByIntegers(sim: Simulation): boolean {
  const map = sim.map;
  const s = simScratch(map);
  const legal = s.retreats;
  legal.count = 0;
  legalCodesOfCoded(map, sim, -1, sim.settings.rules, legal);
  const orders = sim.orders.codes;
  for (let i = 0; i < sim.orders.count; i++) if (!listed(legal.codes, legal.count, orders, i)) return false;

  const L = map.locationCount;
  const { change, used, claimed, perUnit: disbanded, perProvince: unitAt } = s;
  dueAdjustments(sim, s);
  used.fill(0);
  claimed.fill(0);
  disbanded.fill(0, 0, sim.unitCount);
  const builds = sim.unitCount; // built units are appended after the units there were
  for (let i = 0; i < sim.orders.count; i++) {
    const at = i * ORDER_STRIDE;
    const power = orders[at]!;
    const kind = orders[at + 1]!;
    const key = orders[at + 2]!;
    if (kind === DISBAND) {
      const u = unitAt[map.locationProvince[key >= L ? key - L : key]!]!;
      if (disbanded[u] === 1 || used[power]! >= -change[power]!) continue; // once per unit, as many as due
      disbanded[u] = 1;
      used[power]!++;
    } else if (kind === BUILD || kind === WAIVE) {
      const province = kind === BUILD ? map.locationProvince[key >= L ? key - L : key]! : -1;
      if ((province >= 0 && claimed[province] === 1) || used[power]! >= change[power]!) continue;
      used[power]!++;
      if (province < 0) continue; // waived
      claimed[province] = 1;
      sim.addUnit(power, key);
    }
  }
  for (let power = 0; power < map.powers.length; power++) {
    const missing = -change[power]! - used[power]!;
    if (change[power]! < 0 && missing > 0) civilDisorder(sim, power, missing, disbanded);
  }
  removeUnits(sim, disbanded, builds);
  return true;
}

/** Builds (+) or disbands (-) due per power into `s.change`; the unit in each province into `s.perProvince`. */
function dueAdjustments(sim: Simulation, s: SimScratch): void {
  const map = sim.map;
  const L = map.locationCount;
  s.change.fill(0);
  s.perProvince.fill(-1);
  for (let p = 0; p < map.provinceCount; p++) if (sim.owner[p]! >= 0) s.change[sim.owner[p]!]!++;
  for (let u = 0; u < sim.unitCount; u++) {
    const key = sim.units[u * 2 + 1]!;
    s.perProvince[map.locationProvince[key >= L ? key - L : key]!] = u;
    s.change[sim.units[u * 2]!]!--;
  }
}

/** Is row i of `orders` among the `count` listed rows? */
function listed(codes: Int32Array, count: number, orders: Int32Array, i: number): boolean {
  const at = i * ORDER_STRIDE;
  for (let j = 0; j < count; j++) {
    const b = j * ORDER_STRIDE;
    if (codes[b] === orders[at] && codes[b + 1] === orders[at + 1] && codes[b + 2] === orders[at + 2])
      return true;
  }
  return false;
}

/**
 * Marks `missing` more units of `power` as disbanded, by the 2023 rule: the farthest from an owned supply centre
 * (over every adjacent province), fleets before armies, then by province name.
 */
function civilDisorder(sim: Simulation, power: number, missing: number, disbanded: Int32Array): void {
  const map = sim.map;
  const distance = distanceToOwnedCenters(map, sim.owner, power, simScratch(map).distance);
  const nameRank = provinceNameRank(map);
  for (let k = 0; k < missing; k++) {
    let best = -1;
    let bestKey = -1;
    for (let u = 0; u < sim.unitCount; u++) {
      if (sim.units[u * 2] !== power || disbanded[u] === 1) continue;
      const key = sim.units[u * 2 + 1]!;
      if (best < 0 || disbandsBefore(map, distance, nameRank, key, bestKey)) [best, bestKey] = [u, key];
    }
    if (best < 0) return;
    disbanded[best] = 1;
  }
}

/** Does the unit with key `a` go before the one with key `b` under civil disorder? */
function disbandsBefore(
  map: GameMap,
  distance: Int32Array,
  nameRank: Int32Array,
  a: number,
  b: number,
): boolean {
  const L = map.locationCount;
  const pa = map.locationProvince[a >= L ? a - L : a]!;
  const pb = map.locationProvince[b >= L ? b - L : b]!;
  if (distance[pa] !== distance[pb]) return distance[pa]! > distance[pb]!;
  if (a >= L !== b >= L) return a >= L;
  return nameRank[pa]! < nameRank[pb]!;
}

const nameRanks = new WeakMap<GameMap, Int32Array>();

/** Each province's rank in the order of province names (as the adjudicator compares them, `localeCompare`). */
function provinceNameRank(map: GameMap): Int32Array {
  let rank = nameRanks.get(map);
  if (rank === undefined) {
    const order = Array.from({ length: map.provinceCount }, (_, p) => p).sort((a, b) =>
      map.provinceName[a]!.localeCompare(map.provinceName[b]!, 'en'),
    );
    rank = new Int32Array(map.provinceCount);
    order.forEach((p, i) => (rank![p] = i));
    nameRanks.set(map, rank);
  }
  return rank;
}

/** Removes the units marked in `disbanded` among the first `count` (the ones built after them stay). */
function removeUnits(sim: Simulation, disbanded: Int32Array, count: number): void {
  let kept = 0;
  for (let u = 0; u < sim.unitCount; u++) {
    if (u < count && disbanded[u] === 1) continue;
    sim.units[kept * 2] = sim.units[u * 2]!;
    sim.units[kept * 2 + 1] = sim.units[u * 2 + 1]!;
    kept++;
  }
  sim.unitCount = kept;
}

/** The phase through `adjudicateAdjustments`. */
function adjustByObjects(sim: Simulation): void {
  const result = adjudicateAdjustments(sim.map, toPosition(sim), decodedOrders(sim), sim.settings.rules);
  if (result.value === undefined)
    throw new Error(`simulation: ${result.issues.map((i) => i.message).join('; ')}`);
  setUnits(sim, result.value.units);
}
