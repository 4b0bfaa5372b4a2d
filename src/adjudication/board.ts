/**
 * A position compiled against a map: units as integer columns, and which unit stands in each province.
 * Built once per adjudication; the legality checks and the resolver read only this.
 */
import type { GameMap } from '../map/types.js';
import { lookupCode, lookupLocation } from '../map/query.js';
import { isNeutral, unitOwnerIndex } from '../map/neutral.js';
import { issue, type Issue, type Result } from '../issues.js';
import type { Unit } from '../position/types.js';

export const ARMY = 0;
export const FLEET = 1;

export interface Board {
  readonly map: GameMap;
  readonly units: readonly Unit[];
  readonly unitCount: number;
  readonly unitProvince: Int32Array;
  readonly unitLocation: Int32Array;
  /** ARMY or FLEET. */
  readonly unitType: Uint8Array;
  /** Index into map.powers, or `map.neutralPower` for a neutral unit. */
  readonly unitPower: Int32Array;
  /** Unit standing in each province, or -1. */
  readonly unitAt: Int32Array;
}

/**
 * Checks that a list of units is a possible position on the map: known powers and locations, one unit per
 * province, armies on land, fleets on water or coast, fleets on multi-coast provinces with their coast.
 */
export function compileBoard(map: GameMap, units: readonly Unit[]): Result<Board> {
  const issues: Issue[] = [];
  const n = units.length;
  const unitProvince = new Int32Array(n);
  const unitLocation = new Int32Array(n);
  const unitType = new Uint8Array(n);
  const unitPower = new Int32Array(n);
  const unitAt = new Int32Array(map.provinceCount).fill(-1);
  for (let u = 0; u < n; u++) {
    const unit = units[u]!;
    const where = `unit ${u + 1} (${unit.type} ${unit.location})`;
    const power = unitOwnerIndex(map, unit.power);
    if (power < 0) issues.push(issue('unknown-power', `${where}: unknown power "${unit.power}"`));
    if (unit.type !== 'A' && unit.type !== 'F') {
      issues.push(issue('bad-unit-type', `${where}: unit type must be A or F`));
      continue;
    }
    let location = lookupLocation(map, unit.location);
    if (location < 0) {
      issues.push(issue('unknown-location', `${where}: unknown location "${unit.location}"`));
      continue;
    }
    const province = map.locationProvince[location]!;
    const kind = map.provinceKind[province];
    const coasts = map.provinceCoasts[province]!;
    if (unit.type === 'A') {
      if (kind === 'sea')
        issues.push(issue('army-at-sea', `${where}: an army cannot stand in a sea province`));
      location = province; // an army stands in the province, never on a coast
    } else {
      if (kind === 'land')
        issues.push(issue('fleet-inland', `${where}: a fleet cannot stand in an inland province`));
      if (coasts.length > 0 && location === province) {
        issues.push(
          issue('coast-required', `${where}: a fleet in ${map.locationCode[province]} needs its coast`),
        );
      }
    }
    const other = unitAt[province]!;
    if (other >= 0) {
      issues.push(
        issue('two-units-in-province', `${where}: ${map.locationCode[province]} already holds a unit`),
      );
      continue;
    }
    unitAt[province] = u;
    unitProvince[u] = province;
    unitLocation[u] = location;
    unitType[u] = unit.type === 'A' ? ARMY : FLEET;
    unitPower[u] = power;
  }
  if (issues.length > 0) return { issues };
  return {
    value: { map, units, unitCount: n, unitProvince, unitLocation, unitType, unitPower, unitAt },
    issues,
  };
}

/** Where `loadBoard` writes the board: columns with room for the units, and `unitAt` for every province. */
export interface BoardColumns {
  readonly unitProvince: Int32Array;
  readonly unitLocation: Int32Array;
  readonly unitType: Uint8Array;
  readonly unitPower: Int32Array;
  readonly unitAt: Int32Array;
  /** Canonical power name to index. */
  readonly powerByName: ReadonlyMap<string, number>;
}

/**
 * `compileBoard` into reused columns (the movement adjudicator's scratch set): the same board, without allocating
 * arrays. Units written with canonical codes and power names take a fast path; anything else (another spelling,
 * or a position with issues) goes through `compileBoard`, whose board or issues are returned.
 */
export function loadBoard(columns: BoardColumns, map: GameMap, units: readonly Unit[]): Result<Board> {
  const { unitProvince, unitLocation, unitType, unitPower, unitAt } = columns;
  const n = units.length;
  unitAt.fill(-1);
  for (let u = 0; u < n; u++) {
    const unit = units[u]!;
    const power =
      columns.powerByName.get(unit.power) ?? (isNeutral(map, unit.power) ? map.neutralPower : undefined);
    const location = lookupCode(map, unit.location);
    // An unknown code (-1) has no province.
    const province = map.locationProvince[location];
    if (power === undefined || province === undefined) return compileBoard(map, units);
    const kind = map.provinceKind[province];
    if (unitAt[province]! >= 0) return compileBoard(map, units);
    if (unit.type === 'A') {
      if (kind === 'sea') return compileBoard(map, units);
      unitLocation[u] = province; // an army stands in the province, never on a coast
      unitType[u] = ARMY;
    } else if (unit.type === 'F') {
      // `true` for `location === province` survives (docs/verification.md): a fleet on a named coast then goes to
      // compileBoard too, which builds the same board, only slower.
      if (kind === 'land' || (location === province && map.provinceCoasts[province]!.length > 0))
        return compileBoard(map, units);
      unitLocation[u] = location;
      unitType[u] = FLEET;
    } else return compileBoard(map, units);
    unitAt[province] = u;
    unitProvince[u] = province;
    unitPower[u] = power;
  }
  return {
    value: { map, units, unitCount: n, unitProvince, unitLocation, unitType, unitPower, unitAt },
    // Stryker disable next-line ArrayDeclaration: a non-empty list here is never read: the callers (adjudicate.ts, codes.ts; the package does not export loadBoard) read the issues only of a result without a value.
    issues: [],
  };
}
