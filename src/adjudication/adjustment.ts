/**
 * The adjustment phase (DATC 6.I, 6.J, 4.C.3-4.C.4, 4.D.4-4.D.8): a power with more supply centres than units may
 * build in its owned, empty home centres; one with fewer must disband. Orders are taken from top to bottom and the
 * first legal ones count (4.D.4 b, 4.D.5 b, 4.D.6 b); a build may be waived (4.D.7 a). A power that disbands too
 * few loses units by the civil-disorder rule of the 2023 rulebook (4.D.8 c, 6.J): farthest from an owned supply
 * centre first, counting every adjacent province whatever the unit type; fleets before armies; then alphabetical.
 */
import type { GameMap } from '../map/types.js';
import { lookupPower, splitCoast } from '../map/query.js';
import { issue, type Result } from '../issues.js';
import type { GivenOrder } from '../orders/types.js';
import type { Position, Unit } from '../position/types.js';
import { ARMY, compileBoard, FLEET } from './board.js';
import { provinceOf, type Illegal } from './movement/legality.js';
import type { OrderOutcome, Reason } from './outcome.js';

export interface PowerAdjustment {
  power: string;
  centers: number;
  units: number;
  /** Positive: builds allowed; negative: disbands required. */
  change: number;
}

export interface AdjustmentResult {
  orders: OrderOutcome[];
  adjustments: PowerAdjustment[];
  built: Unit[];
  disbanded: Unit[];
  /** Units removed by the civil-disorder rule because too few disbands were ordered. */
  civilDisorder: Unit[];
  units: Unit[];
}

export function adjudicateAdjustments(map: GameMap, position: Position, orders: readonly GivenOrder[]): Result<AdjustmentResult> {
  if (position.phase.type !== 'adjustment') {
    return { issues: [issue('wrong-phase', `the position is in a ${position.phase.type} phase, not an adjustment phase`)] };
  }
  const compiled = compileBoard(map, position.units);
  if (!compiled.value) return { issues: compiled.issues };
  const board = compiled.value;
  const powers = map.powers.length;

  const owner = new Int32Array(map.provinceCount).fill(-1);
  for (const [name, centers] of Object.entries(position.supplyCenters)) {
    const power = lookupPower(map, name);
    if (power < 0) return { issues: [issue('unknown-power', `supply centres of unknown power "${name}"`)] };
    for (const code of centers) {
      const p = splitCoast(map, code).province;
      if (p < 0 || !map.supplyCenter[p]) return { issues: [issue('not-a-supply-center', `${name} owns "${code}", which is not a supply centre`)] };
      owner[p] = power;
    }
  }
  const centers = new Int32Array(powers);
  for (let p = 0; p < map.provinceCount; p++) if (owner[p]! >= 0) centers[owner[p]!]!++;
  const unitCount = new Int32Array(powers);
  for (let u = 0; u < board.unitCount; u++) unitCount[board.unitPower[u]!]!++;
  const change = centers.map((c, power) => c - unitCount[power]!);
  const used = new Int32Array(powers);
  const builtAt = new Uint8Array(map.provinceCount);
  const disbandedUnit = new Uint8Array(board.unitCount);
  const built: Unit[] = [];

  const outcomes: OrderOutcome[] = orders.map((given) => {
    const power = given.power === undefined ? -1 : lookupPower(map, given.power);
    const order = given.order;
    const illegal = (reason: Illegal['reason'], message: string): OrderOutcome => {
      const r: Reason = { code: 'illegal', rule: reason, message };
      return { given, resolution: 'illegal', reason: r, message: `illegal: ${message}` };
    };
    if (order.kind === 'build' || order.kind === 'waive') {
      if (power < 0) return illegal('unknown-power' as never, 'a build order needs its power');
      if (change[power]! <= 0) return illegal('no-builds-allowed', `${map.powers[power]} may not build`);
      if (used[power]! >= change[power]!) return illegal('too-many-builds', 'all builds are used; the first orders count (4.D.4 b, 6.I.1)');
      if (order.kind === 'waive') {
        used[power]!++;
        return { given, resolution: 'succeeds', reason: { code: 'waived' }, message: 'build waived' };
      }
      const province = provinceOf(map, order.unit.location);
      if (province < 0) return illegal('unknown-location', `unknown location ${order.unit.location}`);
      const name = map.locationCode[province]!;
      if (map.homePower[province] !== power || !map.supplyCenter[province]) return illegal('not-home-center', `${name} is not a home centre of ${map.powers[power]} (6.I.6)`);
      if (owner[province] !== power) return illegal('center-not-owned', `${map.powers[power]} does not own ${name} (6.I.5)`);
      if (board.unitAt[province]! >= 0 || builtAt[province]) return illegal('center-occupied', `${name} is occupied (6.I.3, 6.I.4, 6.I.7)`);
      let location = province;
      const type = order.unit.type ?? (map.provinceKind[province] === 'land' ? 'A' : undefined);
      if (type === undefined) return illegal('unit-type-required', `the unit type must be given for a coastal province (4.C.3)`);
      if (type === 'F') {
        if (map.provinceKind[province] === 'land') return illegal('fleet-inland', `a fleet cannot be built in ${name} (4.C.4 a, 6.I.2)`);
        if (map.provinceCoasts[province]!.length > 0) {
          const coast = splitCoast(map, order.unit.location).coast;
          location = map.provinceCoasts[province]!.find((c) => map.locationCoast[c] === coast) ?? -1;
          if (location < 0) return illegal('coast-required', `the coast of ${name} must be given (4.B.7, 6.B.14)`);
        }
      }
      used[power]!++;
      builtAt[province] = 1;
      const unit: Unit = { power: map.powers[power]!, type, location: map.locationCode[location]! };
      built.push(unit);
      return { given, unit: `${type} ${unit.location}`, resolution: 'succeeds', reason: { code: 'built' }, message: 'built' };
    }
    if (order.kind === 'disband') {
      const province = provinceOf(map, order.unit.location);
      const u = province < 0 ? -1 : board.unitAt[province]!;
      if (u < 0) return illegal('no-unit', `there is no unit in ${order.unit.location} (6.J.1)`);
      const owned = board.unitPower[u]!;
      if (power >= 0 && owned !== power) return illegal('foreign-unit', `the unit belongs to ${map.powers[owned]}`);
      const text = `${board.unitType[u] === ARMY ? 'A' : 'F'} ${map.locationCode[board.unitLocation[u]!]}`;
      if (change[owned]! >= 0) return { ...illegal('no-disbands-required', `${map.powers[owned]} need not disband`), unit: text };
      if (disbandedUnit[u]) return { ...illegal('duplicate-order' as never, 'the unit is already disbanded (6.J.2)'), unit: text };
      if (used[owned]! >= -change[owned]!) return { ...illegal('too-many-disbands', 'enough units are disbanded; the first orders count (4.D.6 b)'), unit: text };
      used[owned]!++;
      disbandedUnit[u] = 1;
      return { given, unit: text, resolution: 'succeeds', reason: { code: 'disbanded' }, message: 'disbanded' };
    }
    return illegal('wrong-phase', `a ${order.kind} order is not possible in an adjustment phase`);
  });

  // Civil disorder for powers that disbanded too few (4.D.8 c).
  const civilDisorder: Unit[] = [];
  for (let power = 0; power < powers; power++) {
    let missing = -change[power]! - used[power]!;
    if (change[power]! >= 0 || missing <= 0) continue;
    const distance = distanceToOwnedCenters(map, owner, power);
    const candidates: number[] = [];
    for (let u = 0; u < board.unitCount; u++) if (board.unitPower[u] === power && !disbandedUnit[u]) candidates.push(u);
    candidates.sort(
      (a, b) =>
        distance[board.unitProvince[b]!]! - distance[board.unitProvince[a]!]! ||
        (board.unitType[a] === FLEET ? 0 : 1) - (board.unitType[b] === FLEET ? 0 : 1) ||
        map.provinceName[board.unitProvince[a]!]!.localeCompare(map.provinceName[board.unitProvince[b]!]!, 'en'),
    );
    for (const u of candidates) {
      if (missing-- <= 0) break;
      disbandedUnit[u] = 1;
      civilDisorder.push(board.units[u]!);
    }
  }

  const disbanded: Unit[] = [];
  const units: Unit[] = [];
  for (let u = 0; u < board.unitCount; u++) (disbandedUnit[u] ? disbanded : units).push(board.units[u]!);
  units.push(...built);
  const adjustments: PowerAdjustment[] = map.powers.map((name, power) => ({
    power: name,
    centers: centers[power]!,
    units: unitCount[power]!,
    change: change[power]!,
  }));
  return { value: { orders: outcomes, adjustments, built, disbanded, civilDisorder, units }, issues: [] };
}

/**
 * Steps from every province to the nearest supply centre owned by `power`, over all adjacent provinces whatever
 * the unit type (the 2023 rule, 4.D.8 c; 6.J.5, 6.J.11). Unreachable provinces get a very large distance.
 */
export function distanceToOwnedCenters(map: GameMap, owner: Int32Array, power: number): Int32Array {
  const distance = new Int32Array(map.provinceCount).fill(1 << 30);
  const queue: number[] = [];
  for (let p = 0; p < map.provinceCount; p++) {
    if (owner[p] === power) {
      distance[p] = 0;
      queue.push(p);
    }
  }
  for (let head = 0; head < queue.length; head++) {
    const p = queue[head]!;
    const visit = (q: number): void => {
      if (distance[q]! > distance[p]! + 1) {
        distance[q] = distance[p]! + 1;
        queue.push(q);
      }
    };
    for (let i = map.armyStart[p]!; i < map.armyStart[p + 1]!; i++) visit(map.armyAdj[i]!);
    for (const location of [p, ...map.provinceCoasts[p]!]) {
      for (let i = map.fleetStart[location]!; i < map.fleetStart[location + 1]!; i++) visit(map.locationProvince[map.fleetAdj[i]!]!);
    }
  }
  return distance;
}
