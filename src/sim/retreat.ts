/**
 * The retreat phase of the simulation, and the convention for dislodged units with nowhere to go.
 *
 * A retreat or disband order is carried out when it is one of the legal orders of its unit as the listing gives
 * them (`listRetreatRows`, the same rows `legalOrderCodes` lists, held to the retreat adjudicator by
 * test/legal.test.ts); the first such order of a unit counts (4.D.3 a). Any other row sends the phase through the
 * retreat adjudicator of order objects (`adjudicateRetreats`), which says exactly what an unusual order does. Two
 * units retreating to one province are both disbanded (6.H.7); a unit without an order is disbanded.
 */
import { adjudicateRetreats } from '../adjudication/retreat.js';
import { legalCodesOfCoded } from '../legal/enumerate.js';
import { ORDER_STRIDE, RETREAT } from '../orders/codes.js';
import { decodedOrders, setUnits, toPosition } from './convert.js';
import { endOfSeason } from './flow.js';
import { simScratch } from './scratch.js';
import type { Simulation } from './state.js';

/** No order yet, and the disband, in the per-unit targets. */
const NO_ORDER = -2;
const DISBANDED = -1;

export function stepRetreat(sim: Simulation): void {
  const map = sim.map;
  const s = simScratch(map);
  const legal = s.retreats;
  legal.count = 0;
  legalCodesOfCoded(map, sim, -1, sim.settings.rules, legal);
  const target = s.perUnit;
  target.fill(NO_ORDER, 0, sim.dislodgedCount);
  const orders = sim.orders.codes;
  for (let i = 0; i < sim.orders.count; i++) {
    const row = listedRow(legal.codes, legal.count, orders, i);
    if (row < 0) {
      retreatByObjects(sim);
      return;
    }
    const d = dislodgedWithKey(sim, orders[i * ORDER_STRIDE + 2]!);
    if (target[d] !== NO_ORDER) continue; // the unit's first order counts
    target[d] = orders[i * ORDER_STRIDE + 1] === RETREAT ? orders[i * ORDER_STRIDE + 4]! : DISBANDED;
  }
  // Retreats to the same province all fail.
  const arrivals = s.perProvince;
  arrivals.fill(0);
  for (let d = 0; d < sim.dislodgedCount; d++)
    if (target[d]! >= 0) arrivals[map.locationProvince[target[d]!]!]!++;
  const L = map.locationCount;
  for (let d = 0; d < sim.dislodgedCount; d++) {
    const to = target[d]!;
    if (to < 0 || arrivals[map.locationProvince[to]!] !== 1) continue;
    sim.addUnit(sim.dislodged[d * 2]!, (sim.dislodged[d * 2 + 1]! >= L ? L : 0) + to);
  }
  endOfSeason(sim);
}

/** The index of the listed row equal to row i of `orders`, or -1. */
function listedRow(listed: Int32Array, count: number, orders: Int32Array, i: number): number {
  const at = i * ORDER_STRIDE;
  for (let j = 0; j < count; j++) {
    const b = j * ORDER_STRIDE;
    if (
      listed[b + 2] === orders[at + 2] &&
      listed[b + 1] === orders[at + 1] &&
      listed[b + 4] === orders[at + 4] &&
      listed[b] === orders[at] &&
      listed[b + 3] === orders[at + 3]
    )
      return j;
  }
  return -1;
}

function dislodgedWithKey(sim: Simulation, key: number): number {
  for (let d = 0; d < sim.dislodgedCount; d++) if (sim.dislodged[d * 2 + 1] === key) return d;
  return -1;
}

/** The phase through `adjudicateRetreats`, for orders the listing does not have. */
function retreatByObjects(sim: Simulation): void {
  const position = toPosition(sim);
  const result = adjudicateRetreats(sim.map, position, decodedOrders(sim), sim.settings.rules);
  if (result.value === undefined)
    throw new Error(`simulation: ${result.issues.map((i) => i.message).join('; ')}`);
  setUnits(sim, result.value.units);
  endOfSeason(sim);
}

/**
 * The 'disband' convention, right after the movement: dislodged units without a legal retreat are disbanded at
 * once (what dipcc, MILA and godip do), so that the retreat phase holds only units with a choice to make.
 */
export function disbandUnretreatable(sim: Simulation): void {
  const map = sim.map;
  const legal = simScratch(map).retreats;
  legal.count = 0;
  legalCodesOfCoded(map, sim, -1, sim.settings.rules, legal);
  let kept = 0;
  for (let d = 0; d < sim.dislodgedCount; d++) {
    const key = sim.dislodged[d * 2 + 1]!;
    let canRetreat = false;
    for (let j = 0; j < legal.count && !canRetreat; j++)
      canRetreat = legal.codes[j * ORDER_STRIDE + 1] === RETREAT && legal.codes[j * ORDER_STRIDE + 2] === key;
    if (!canRetreat) continue;
    sim.dislodged[kept * 2] = sim.dislodged[d * 2]!;
    sim.dislodged[kept * 2 + 1] = key;
    sim.attackerFrom[kept] = sim.attackerFrom[d]!;
    sim.byConvoy[kept] = sim.byConvoy[d]!;
    kept++;
  }
  sim.dislodgedCount = kept;
}
