/**
 * Where a power may build, by the map's build rule (`MapRules.builds`, types.ts). Every part of dipkit that lists,
 * checks or counts build sites asks here: the legal orders, the adjudicator, the game's "builds due" and the
 * simulation. The caller checks the other two conditions of every rule: the power owns the centre and no unit
 * stands in it.
 */
import type { GameMap } from './types.js';

/**
 * Whether `power` (an index into `map.powers`) may build in `province` when it owns it and the province is empty:
 * - "home": a home centre of its own (the standard rule, DATC 6.I.6);
 * - "owned": any supply centre (Hundred, Western World 901);
 * - "owned-home": a home centre of any power, never a centre that was neutral at the start (Twenty Twenty).
 */
export function buildAllowed(map: GameMap, province: number, power: number): boolean {
  if (map.supplyCenter[province] !== 1) return false;
  switch (map.rules.builds) {
    case 'home':
      return map.homePower[province] === power;
    case 'owned':
      return true;
    case 'owned-home':
      return map.homePower[province]! >= 0;
  }
}

/** What the rule says, for messages: "a home centre of FRANCE", "a supply centre", "a home centre". */
export function buildSiteWords(map: GameMap, power: number): string {
  switch (map.rules.builds) {
    case 'home':
      return `a home centre of ${map.powers[power] ?? '?'}`;
    case 'owned':
      return 'a supply centre';
    case 'owned-home':
      return 'a home centre (this map allows builds in any home centre a power owns, never in one neutral at the start)';
  }
}
