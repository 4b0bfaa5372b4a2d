/**
 * Quick orders for any power, by the values of values.ts and nothing else: each unit (in a random order) holds or
 * moves to the neighbour worth most to its power, with some noise, never two units of one power into one province;
 * a unit that stays where it is supports a move of its own power next to it into a province an enemy stands on or
 * reaches. The bot imagines its opponents' replies this way, and starts its own search from these orders.
 */
import { pushOrderCode, type OrderCodeList } from '../legal/code-list.js';
import { HOLD, MOVE, SUPPORT_MOVE } from '../orders/codes.js';
import { unitDistance } from './distances.js';
import { keyProvince, threatAt, unitValue, type View } from './values.js';

/** What taking a centre this phase is worth on top of standing there: after a Fall move it is owned. */
export function captureBonus(fall: boolean): number {
  return fall ? 0.8 : 0.3;
}

/** Orders for the units of `power` in `view`, appended to `out`. */
export function imagineOrders(
  view: View,
  power: number,
  fall: boolean,
  noise: number,
  random: () => number,
  out: OrderCodeList,
): void {
  const { map, position, d } = view;
  const L = map.locationCount;
  const P = map.provinceCount;
  const units: number[] = [];
  for (let u = 0; u < position.unitCount; u++) if (position.units[u * 2] === power) units.push(u);
  // A random order of the units (Fisher-Yates), so that no unit always chooses first.
  for (let i = units.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [units[i], units[j]] = [units[j]!, units[i]!];
  }
  const claimed = new Uint8Array(P);
  const destination = new Int32Array(units.length); // key moved to, or -1 for a hold
  for (let i = 0; i < units.length; i++) {
    const key = position.units[units[i]! * 2 + 1]!;
    const here = keyProvince(map, key);
    const defend = position.owner[here] === power ? 0.4 * threatAt(view, power, here) : 0;
    let best = -1;
    let bestScore = unitValue(view, power, key) + defend + noise * random();
    const consider = (to: number, q: number): void => {
      let s = unitValue(view, power, to) + noise * random();
      if (map.supplyCenter[q] === 1 && position.owner[q] !== power) s += captureBonus(fall);
      if (claimed[q] === 1) s -= 3;
      if (view.powerAt[q] === power) s -= 0.3;
      if (s > bestScore) [best, bestScore] = [to, s];
    };
    if (key < L) {
      for (let k = map.armyStart[key]!; k < map.armyStart[key + 1]!; k++) {
        const q = map.armyAdj[k]!;
        if (d.armyCan[q] === 1) consider(q, q);
      }
    } else {
      const at = key - L;
      for (let k = map.fleetStart[at]!; k < map.fleetStart[at + 1]!; k++) {
        const m = map.fleetAdj[k]!;
        if (d.fleetCan[m] === 1) consider(L + m, map.locationProvince[m]!);
      }
    }
    destination[i] = best;
    claimed[best < 0 ? here : keyProvince(map, best)] = 1;
  }
  for (let i = 0; i < units.length; i++) {
    const key = position.units[units[i]! * 2 + 1]!;
    const to = destination[i]!;
    if (to >= 0) {
      pushOrderCode(out, power, MOVE, key, -1, to >= L ? to - L : to);
      continue;
    }
    // A unit that stays supports a contested move of its own power, when it can.
    let supported = -1;
    for (let j = 0; j < units.length && supported < 0; j++) {
      const target = destination[j]!;
      if (target < 0) continue;
      const q = keyProvince(map, target);
      const contested = (view.powerAt[q]! >= 0 && view.powerAt[q] !== power) || threatAt(view, power, q) > 0;
      if (contested && unitDistance(map, d, key, q) === 1) supported = j;
    }
    if (supported < 0) pushOrderCode(out, power, HOLD, key, -1, -1);
    else {
      const other = position.units[units[supported]! * 2 + 1]!;
      pushOrderCode(out, power, SUPPORT_MOVE, key, other, keyProvince(map, destination[supported]!));
    }
  }
}
