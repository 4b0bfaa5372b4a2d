/**
 * What the bot thinks each place is worth, for every power at once, in one phase: a weight per supply centre
 * (a centre to take, or one of its own to keep, more so when enemy units stand next to it), spread over the map by
 * distance, so that a unit's value is the sum over the centres of weight × DECAY^moves. The bot moves units
 * towards value, and the opponents it imagines do the same from their own point of view.
 */
import type { GameMap } from '../map/types.js';
import type { CodedPosition } from '../position/coded.js';
import { distancesOf, FAR, unitDistance, type Distances } from './distances.js';

/** How fast a centre's pull fades with each move between it and the unit. */
const DECAY = 0.45;
const DECAY_POWERS = Float64Array.from({ length: FAR + 1 }, (_, k) => (k >= FAR ? 0 : DECAY ** k));

/** A centre nobody owns; one another power owns; either of them while a foreign unit stands on it. */
const NEUTRAL_WEIGHT = 1.0;
const ENEMY_WEIGHT = 0.8;
const GUARDED_FACTOR = 0.6;
/** One of its own centres: kept a little in mind; more for each enemy unit next to it; much when an enemy is on it. */
const OWN_WEIGHT = 0.15;
const THREAT_WEIGHT = 0.45;
const OCCUPIED_OWN_WEIGHT = 1.2;

export interface View {
  readonly map: GameMap;
  readonly d: Distances;
  readonly position: CodedPosition;
  /** Powers, the neutral units' power aside. */
  readonly powers: number;
  /** Per province: the index of the unit standing there (into position.units), or -1. */
  readonly unitAt: Int32Array;
  /** Per province: the power of the unit standing there, or -1. */
  readonly powerAt: Int32Array;
  /** Per power and supply centre (index into d.centers): units of other powers one move from it. */
  readonly threat: Int32Array;
  /** Per power and unit key: what a unit of that power is worth standing there. */
  readonly value: Float64Array;
}

/** The province of a unit key. */
export function keyProvince(map: GameMap, key: number): number {
  const L = map.locationCount;
  return map.locationProvince[key >= L ? key - L : key]!;
}

/** The values of every power in `position`. */
export function viewOf(map: GameMap, position: CodedPosition): View {
  const d = distancesOf(map);
  const P = map.provinceCount;
  const N = map.powers.length;
  const C = d.centers.length;
  const K = 2 * map.locationCount;
  const unitAt = new Int32Array(P).fill(-1);
  const powerAt = new Int32Array(P).fill(-1);
  for (let u = 0; u < position.unitCount; u++) {
    const p = keyProvince(map, position.units[u * 2 + 1]!);
    unitAt[p] = u;
    powerAt[p] = position.units[u * 2]!;
  }
  // Threats: a unit one move from a centre threatens it for every power but its own (neutral units never move).
  const threat = new Int32Array(N * C);
  for (let u = 0; u < position.unitCount; u++) {
    const power = position.units[u * 2]!;
    if (power >= N) continue;
    const key = position.units[u * 2 + 1]!;
    for (let c = 0; c < C; c++) {
      if (unitDistance(map, d, key, d.centers[c]!) !== 1) continue;
      for (let q = 0; q < N; q++) if (q !== power) threat[q * C + c]!++;
    }
  }
  const weight = new Float64Array(C);
  const value = new Float64Array(N * K);
  for (let power = 0; power < N; power++) {
    for (let c = 0; c < C; c++) {
      const p = d.centers[c]!;
      const standing = powerAt[p]!;
      if (position.owner[p] === power) {
        if (standing >= 0 && standing !== power) weight[c] = OCCUPIED_OWN_WEIGHT;
        else weight[c] = OWN_WEIGHT + THREAT_WEIGHT * Math.min(2, threat[power * C + c]!);
      } else {
        const base = position.owner[p]! < 0 ? NEUTRAL_WEIGHT : ENEMY_WEIGHT;
        weight[c] = standing >= 0 && standing !== power ? base * GUARDED_FACTOR : base;
      }
    }
    for (let key = 0; key < K; key++) {
      let v = 0;
      for (let c = 0; c < C; c++) {
        if (weight[c] === 0) continue;
        v += weight[c]! * DECAY_POWERS[unitDistance(map, d, key, d.centers[c]!)]!;
      }
      value[power * K + key] = v;
    }
  }
  return { map, d, position, powers: N, unitAt, powerAt, threat, value };
}

/** What a unit of `power` with key `key` is worth. */
export function unitValue(view: View, power: number, key: number): number {
  return view.value[power * 2 * view.map.locationCount + key]!;
}

/** Enemy units one move from province `p` (0 unless it is a supply centre), as `power` sees them. */
export function threatAt(view: View, power: number, p: number): number {
  const c = centerIndex(view, p);
  return c < 0 ? 0 : view.threat[power * view.d.centers.length + c]!;
}

const centerIndexes = new WeakMap<GameMap, Int32Array>();

/** The index of province `p` in `d.centers`, or -1. */
export function centerIndex(view: View, p: number): number {
  let index = centerIndexes.get(view.map);
  if (index === undefined) {
    index = new Int32Array(view.map.provinceCount).fill(-1);
    view.d.centers.forEach((c, i) => (index![c] = i));
    centerIndexes.set(view.map, index);
  }
  return index[p]!;
}
