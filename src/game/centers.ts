/**
 * Supply-centre ownership, victory, and what each power must do in the adjustment phase.
 *
 * Ownership changes once a year, after the Fall retreats (after the Fall movement when there is no retreat phase),
 * and never at any other time: a centre then belongs to the power whose unit stands on it; an empty centre keeps
 * its owner. A unit that enters a centre in Spring and leaves it in Fall does not take it; a unit dislodged from a
 * centre in Fall that retreats away leaves it to whoever stands there after the retreats (the attacker), and a
 * dislodged unit retreating onto a centre takes it.
 */
import type { GameMap } from '../map/types.js';
import { buildAllowed } from '../map/builds.js';
import { armyNeighbours, fleetNeighbours, lookupLocation, splitCoast } from '../map/query.js';
import type { Position, Unit } from '../position/types.js';

/** Province id of a location code, or -1. */
function provinceOfCode(map: GameMap, code: string): number {
  return splitCoast(map, code).province;
}

/**
 * The owners after the Fall: each supply centre with a unit on it goes to the unit's power; the others keep their
 * owner. Powers are listed in map order, each with its centres sorted; every power of the map is present.
 */
export function updateOwnership(
  map: GameMap,
  units: readonly Unit[],
  owners: Readonly<Record<string, readonly string[]>>,
): Record<string, string[]> {
  const owner = ownerTable(map, owners);
  for (const unit of units) {
    const p = provinceOfCode(map, unit.location);
    const power = map.powers.indexOf(unit.power);
    if (p >= 0 && map.supplyCenter[p] === 1 && power >= 0) owner[p] = power;
  }
  return ownersRecord(map, owner);
}

/** Owner of each province (index into map.powers), -1 for none. Unknown powers and provinces are ignored. */
export function ownerTable(map: GameMap, owners: Readonly<Record<string, readonly string[]>>): Int32Array {
  const owner = new Int32Array(map.provinceCount).fill(-1);
  for (const power of map.powers) {
    const index = map.powers.indexOf(power);
    for (const code of owners[power] ?? []) {
      const p = provinceOfCode(map, code);
      if (p >= 0) owner[p] = index;
    }
  }
  return owner;
}

/** The owner table as a record: every power of the map, in map order, with its centres sorted. */
export function ownersRecord(map: GameMap, owner: Int32Array): Record<string, string[]> {
  const result: Record<string, string[]> = {};
  for (const power of map.powers) result[power] = [];
  for (let p = 0; p < map.provinceCount; p++) {
    const o = owner[p] ?? -1;
    const name = map.powers[o];
    if (o >= 0 && name !== undefined) result[name]?.push(map.locationCode[p] ?? '');
  }
  for (const list of Object.values(result)) list.sort();
  return result;
}

/**
 * The owners at the start of a game: every power owns its home centres, but for those the map marks
 * `unownedAtStart` (`map.startOwner`).
 */
export function initialOwnership(map: GameMap): Record<string, string[]> {
  return ownersRecord(map, map.startOwner);
}

/** Number of centres per power, every power of the map present. */
export function centerCounts(
  map: GameMap,
  owners: Readonly<Record<string, readonly string[]>>,
): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const power of map.powers) counts[power] = owners[power]?.length ?? 0;
  return counts;
}

/**
 * The winner, or undefined: the power with strictly more centres than any other (godip's rule; ties give no winner
 * yet) that owns at least `victoryCenters` of them or, on a map with a lead victory (Twenty Twenty), leads the
 * next power by more than `untilYear` minus `year`, the year of the Fall just played. On maps without a lead
 * victory this is the classic rule: whoever reaches the threshold with the most centres.
 */
export function winner(
  map: GameMap,
  owners: Readonly<Record<string, readonly string[]>>,
  victoryCenters: number,
  year?: number,
): string | undefined {
  const counts = map.powers.map((power) => owners[power]?.length ?? 0);
  return map.powers[winnerByCounts(map, counts, victoryCenters, year)];
}

/** `winner` on the centre count of each power (parallel to `map.powers`): the power's index, or -1. */
export function winnerByCounts(
  map: GameMap,
  counts: ArrayLike<number>,
  victoryCenters: number,
  year?: number,
): number {
  let leader = -1;
  let most = 0;
  let second = 0;
  for (let power = 0; power < counts.length; power++) {
    const n = counts[power] ?? 0;
    if (n > most) [leader, second, most] = [power, most, n];
    else if (n === most) [leader, second] = [-1, n];
    else if (n > second) second = n;
  }
  if (leader < 0) return -1;
  if (most >= victoryCenters) return leader;
  const lead = map.rules.leadVictory;
  return lead !== undefined && year !== undefined && most - second > lead.untilYear - year ? leader : -1;
}

export interface PowerAdjustments {
  power: string;
  centers: number;
  units: number;
  /** centres - units: positive, builds due; negative, disbands due. */
  change: number;
  /** Where the power may build: owned, unoccupied centres the map's build rule allows (province codes, map order). */
  buildSites: string[];
}

/** What each power must do in the adjustment phase of `position` (every power of the map, map order). */
export function adjustmentsDue(map: GameMap, position: Position): PowerAdjustments[] {
  const owner = ownerTable(map, position.supplyCenters);
  const occupied = new Uint8Array(map.provinceCount);
  const units = new Int32Array(map.powers.length);
  for (const unit of position.units) {
    const p = provinceOfCode(map, unit.location);
    if (p >= 0) occupied[p] = 1;
    const power = map.powers.indexOf(unit.power);
    if (power >= 0) units[power] = (units[power] ?? 0) + 1;
  }
  return map.powers.map((power, index) => {
    const centers = position.supplyCenters[power]?.length ?? 0;
    const count = units[index] ?? 0;
    const buildSites: string[] = [];
    for (let p = 0; p < map.provinceCount; p++) {
      if (owner[p] === index && occupied[p] === 0 && buildAllowed(map, p, index))
        buildSites.push(map.locationCode[p] ?? '');
    }
    return { power, centers, units: count, change: centers - count, buildSites };
  });
}

/**
 * Whether an adjustment phase has anything to do: some power must disband, or has builds due and somewhere to
 * build. A power with builds due but no free build site (`buildAllowed`) cannot act, so alone it does not make the phase
 * happen (as in MILA/dipcc data, where a W phase appears only when some power builds or disbands).
 */
export function adjustmentPhaseNeeded(adjustments: readonly PowerAdjustments[]): boolean {
  return adjustments.some((a) => a.change < 0 || (a.change > 0 && a.buildSites.length > 0));
}

/**
 * Where each dislodged unit of a retreat position may retreat: a neighbour it could move to without convoy, not
 * occupied, not left empty by a standoff (`contested`), not the province the attacker came from unless the attack
 * came by convoy (DATC 4.A.5). The same rule as the retreat adjudicator; keys are `A MUN`, locations sorted.
 */
export function retreatOptions(map: GameMap, position: Position): { unit: Unit; retreats: string[] }[] {
  const occupied = new Uint8Array(map.provinceCount);
  for (const unit of position.units) {
    const p = provinceOfCode(map, unit.location);
    if (p >= 0) occupied[p] = 1;
  }
  const contested = new Uint8Array(map.provinceCount);
  for (const code of position.contested) {
    const p = provinceOfCode(map, code);
    if (p >= 0) contested[p] = 1;
  }
  return position.dislodged.map((d) => {
    const from = provinceOfCode(map, d.attackerFrom);
    const allowed = (p: number): boolean =>
      occupied[p] === 0 && contested[p] === 0 && (p !== from || d.byConvoy === true);
    const options: string[] = [];
    const location = lookupLocation(map, d.location);
    if (location >= 0) {
      if (d.type === 'A') {
        for (const q of armyNeighbours(map, map.locationProvince[location] ?? -1)) {
          if (allowed(q)) options.push(map.locationCode[q] ?? '');
        }
      } else {
        for (const m of fleetNeighbours(map, location)) {
          if (allowed(map.locationProvince[m] ?? -1)) options.push(map.locationCode[m] ?? '');
        }
      }
    }
    const unit: Unit = { power: d.power, type: d.type, location: d.location };
    return { unit, retreats: options.sort() };
  });
}
