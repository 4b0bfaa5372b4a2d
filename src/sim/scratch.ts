/**
 * Working arrays of the simulation steps, one set per map, made on first use and reused by every step of every
 * state of that map: a state holds only what the game needs, so that copies stay small.
 */
import type { GameMap } from '../map/types.js';
import { newMovementCodesResult, type MovementCodesResult } from '../adjudication/movement/codes.js';
import { newOrderCodeList, type OrderCodeList } from '../legal/code-list.js';

export interface SimScratch {
  /** The movement adjudication's result, reused. */
  movement: MovementCodesResult;
  /** Legal retreats of the dislodged units (the 'disband' convention). */
  retreats: OrderCodeList;
  /** Per unit or dislodged unit: a location, an order row, or a mark (-1 for none). */
  perUnit: Int32Array;
  /** Per province: a count, or the unit standing there (-1 for none). */
  perProvince: Int32Array;
  /** Per province: steps to an owned supply centre (civil disorder). */
  distance: Int32Array;
  /** Per province: the build claiming it, a mark. */
  claimed: Uint8Array;
  /** Per power: builds (+) or disbands (-) due; how many of them the orders used. */
  change: Int32Array;
  used: Int32Array;
}

const scratches = new WeakMap<GameMap, SimScratch>();

export function simScratch(map: GameMap): SimScratch {
  let s = scratches.get(map);
  if (s === undefined) {
    const P = map.provinceCount;
    s = {
      movement: newMovementCodesResult(),
      retreats: newOrderCodeList(64),
      perUnit: new Int32Array(P),
      perProvince: new Int32Array(P),
      distance: new Int32Array(P),
      claimed: new Uint8Array(P),
      // One slot more for the neutral units (map.neutralPower), which no loop over the powers reads.
      change: new Int32Array(map.powers.length + 1),
      used: new Int32Array(map.powers.length + 1),
    };
    scratches.set(map, s);
  }
  return s;
}
