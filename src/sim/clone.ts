/**
 * Copying simulation states. Search copies a state at every node, so a copy must cost next to nothing: every
 * typed array of a state lives in one buffer (one `set` copies them all), the scalars are a few fields, and the
 * orders are copied row by row into a list that only grows. `clone` takes a state from a per-map pool of states
 * given back by `release`, so that once the pool is warm it allocates nothing either (a new typed array costs
 * microseconds: its memory lives outside the JavaScript heap).
 */
import type { GameMap } from '../map/types.js';
import { ensureRows } from '../legal/code-list.js';
import { ORDER_STRIDE } from '../orders/codes.js';
import { Simulation } from './state.js';

/** Released states per map, for `clone` to reuse. */
const pools = new WeakMap<GameMap, Simulation[]>();

/** Makes `into` a copy of `from`. */
export function copyState(into: Simulation, from: Simulation): void {
  if (into.map !== from.map) throw new Error('copyFrom: the states are for different maps');
  into.settings = from.settings;
  into.year = from.year;
  into.season = from.season;
  into.phaseType = from.phaseType;
  into.status = from.status;
  into.winner = from.winner;
  into.unitCount = from.unitCount;
  into.dislodgedCount = from.dislodgedCount;
  into.buffer.set(from.buffer);
  const n = from.orders.count * ORDER_STRIDE;
  const codes = ensureRows(into.orders, from.orders.count);
  const source = from.orders.codes;
  for (let i = 0; i < n; i++) codes[i] = source[i]!;
  into.orders.count = from.orders.count;
}

/** A copy of `from`: a released state of the same map when there is one, else a new one. */
export function cloneState(from: Simulation): Simulation {
  const reused = pools.get(from.map)?.pop();
  const into = reused ?? new Simulation(from.map, from.settings);
  copyState(into, from);
  return into;
}

/** Puts `state` in its map's pool, for `cloneState` to reuse. */
export function releaseState(state: Simulation): void {
  let pool = pools.get(state.map);
  if (pool === undefined) pools.set(state.map, (pool = []));
  pool.push(state);
}
