/**
 * Neutral units (`rules.neutralArmies`, Western World 901): an army on every supply centre no power owns, which
 * always holds, is disbanded when dislodged, and is rebuilt in an adjustment phase while its centre is still
 * neutral and empty. A neutral unit belongs to no power: in text form its power is "NEUTRAL", in integer form it
 * is `map.neutralPower` (one past the players' indices). It is never ordered, never owns a centre, and never
 * counts for any power's adjustments or victory.
 */
import { normalizeName } from './query.js';
import type { GameMap } from './types.js';

/** The power name of a neutral unit in positions and game files. */
export const NEUTRAL = 'NEUTRAL';

/**
 * The integer owner of a unit given its power name: the power's index, `map.neutralPower` for "NEUTRAL" on a map
 * with neutral armies, or -1 for a name that is neither. Canonical names only (positions store those).
 */
export function unitOwnerIndex(map: GameMap, name: string): number {
  const power = map.powers.indexOf(name);
  if (power >= 0) return power;
  return name === NEUTRAL ? map.neutralPower : -1;
}

/** The power name of a unit's integer owner: a power's name, or "NEUTRAL" for `map.neutralPower`. */
export function unitOwnerName(map: GameMap, power: number): string {
  return map.powers[power] ?? (power === map.neutralPower && power >= 0 ? NEUTRAL : '');
}

/** The power names a unit may have on the map: its powers, then "NEUTRAL" on a map with neutral armies. */
export function unitOwnerNames(map: GameMap): readonly string[] {
  return map.neutralPower >= 0 ? [...map.powers, NEUTRAL] : map.powers;
}

/**
 * A power name as written in a position ("Neutral:", any case and spacing): "NEUTRAL" on a map with neutral
 * armies, else undefined.
 */
export function neutralNameOf(map: GameMap, written: string): string | undefined {
  return map.neutralPower >= 0 && normalizeName(written) === normalizeName(NEUTRAL) ? NEUTRAL : undefined;
}

/** Whether a unit of this power name is a neutral unit of the map. */
export function isNeutral(map: GameMap, name: string): boolean {
  return map.neutralPower >= 0 && name === NEUTRAL;
}

/**
 * The provinces that get a new neutral army in an adjustment phase: every supply centre still neutral (no owner)
 * with no unit on it, in map order; none on a map without neutral armies. `occupied(p)` tells whether a unit
 * stands in province p.
 */
export function neutralRebuilds(
  map: GameMap,
  owner: ArrayLike<number>,
  occupied: (province: number) => boolean,
): number[] {
  const out: number[] = [];
  if (map.neutralPower < 0) return out;
  for (let p = 0; p < map.provinceCount; p++) {
    const kind = map.provinceKind[p];
    if (map.supplyCenter[p] === 1 && owner[p]! < 0 && (kind === 'land' || kind === 'coast') && !occupied(p))
      out.push(p);
  }
  return out;
}
