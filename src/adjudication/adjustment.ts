/**
 * The adjustment phase (DATC 6.I, 6.J, 4.C.3-4.C.4, 4.D.4-4.D.8): a power with more supply centres than units may
 * build in its owned, empty home centres (or wherever the map's build rule allows: src/map/builds.ts); one with
 * fewer must disband. Orders are taken from top to bottom and the
 * first legal ones count (4.D.4 b, 4.D.5 b, 4.D.6 b); a build may be waived (4.D.7 a). A power that disbands too
 * few loses units by the civil-disorder rule of the 2023 rulebook (4.D.8 c, 6.J): farthest from an owned supply
 * centre first, counting every adjacent province whatever the unit type; fleets before armies; then alphabetical.
 * The other 4.D.8 choices: see `civilDisorderDistances` and `alphabeticalOrder`.
 */
import type { GameMap } from '../map/types.js';
import { buildAllowed, buildSiteWords } from '../map/builds.js';
import { NEUTRAL, neutralRebuilds } from '../map/neutral.js';
import { lookupPower, splitCoast } from '../map/query.js';
import { issue, type Result } from '../issues.js';
import type { GivenOrder } from '../orders/types.js';
import type { Position, Unit } from '../position/types.js';
import { ARMY, compileBoard, FLEET, type Board } from './board.js';
import { provinceOf, type Illegal } from './movement/legality.js';
import type { OrderOutcome, Reason } from './outcome.js';
import { withDefaults, type RuleOptions } from './rules.js';

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
  /** Neutral armies rebuilt on the neutral centres left empty (`rules.neutralArmies`; none on other maps). */
  rebuilt: Unit[];
  units: Unit[];
}

/**
 * The neutral armies an adjustment phase rebuilds (`rules.neutralArmies`): one on every supply centre still
 * neutral (`owner` -1) that none of `units` stands on. Also applied after a Fall whose adjustment phase is skipped.
 */
export function rebuildNeutralArmies(map: GameMap, owner: ArrayLike<number>, units: readonly Unit[]): Unit[] {
  // (Without neutral armies, neutralRebuilds returns none.)
  const occupied = new Uint8Array(map.provinceCount);
  for (const unit of units) {
    // The units are on the map (compileBoard checked them); occupied[-1] would be past the typed array anyway.
    occupied[provinceOf(map, unit.location)] = 1;
  }
  return neutralRebuilds(map, owner, (p) => occupied[p] === 1).map((p): Unit => ({
    power: NEUTRAL,
    type: 'A',
    location: map.locationCode[p]!,
  }));
}

export function adjudicateAdjustments(
  map: GameMap,
  position: Position,
  orders: readonly GivenOrder[],
  rules?: Partial<RuleOptions>,
): Result<AdjustmentResult> {
  const options = withDefaults(rules);
  if (position.phase.type !== 'adjustment') {
    return {
      issues: [
        issue('wrong-phase', `the position is in a ${position.phase.type} phase, not an adjustment phase`),
      ],
    };
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
      // An unknown place (-1) is no supply centre either: supplyCenter[-1] is undefined.
      if (!map.supplyCenter[p])
        return {
          issues: [issue('not-a-supply-center', `${name} owns "${code}", which is not a supply centre`)],
        };
      owner[p] = power;
    }
  }
  const centers = new Int32Array(powers);
  // A province of no power (-1) adds to centers[-1], past the typed array, which ignores it.
  for (const o of owner) centers[o]!++;
  const unitCount = new Int32Array(powers);
  // `u <= unitCount` survives (docs/verification.md): it adds to unitCount[undefined], which is no place of the typed array.
  for (let u = 0; u < board.unitCount; u++) unitCount[board.unitPower[u]!]!++;
  const change = centers.map((c, power) => c - unitCount[power]!);
  // Each order on its own: what it would build or disband, or why it is illegal.
  type Standalone =
    | { build: Unit; province: number; power: number }
    | { waive: number }
    | { disband: number }
    | { illegal: Illegal; unit: string | undefined };
  const unitName = (u: number): string =>
    `${board.unitType[u] === ARMY ? 'A' : 'F'} ${map.locationCode[board.unitLocation[u]!]}`;
  const standalone: Standalone[] = orders.map((given): Standalone => {
    const power = given.power === undefined ? -1 : lookupPower(map, given.power);
    const order = given.order;
    const no = (reason: Illegal['reason'], message: string, unit?: string): Standalone => ({
      illegal: { reason, message },
      unit,
    });
    if (order.kind === 'build' || order.kind === 'waive') {
      if (power < 0) return no('unknown-power' as never, 'a build order needs its power');
      if (change[power]! <= 0) return no('no-builds-allowed', `${map.powers[power]} may not build`);
      if (order.kind === 'waive') {
        return options.declineBuilds === 'allowed'
          ? { waive: power }
          : no('wrong-phase', 'builds may not be declined (4.D.7 b)');
      }
      const province = provinceOf(map, order.unit.location);
      if (province < 0) return no('unknown-location', `unknown location ${order.unit.location}`);
      const name = map.locationCode[province]!;
      if (!buildAllowed(map, province, power))
        return no('not-home-center', `${name} is not ${buildSiteWords(map, power)} (6.I.6)`);
      if (owner[province] !== power)
        return no('center-not-owned', `${map.powers[power]} does not own ${name} (6.I.5)`);
      if (board.unitAt[province]! >= 0) return no('center-occupied', `${name} is occupied (6.I.3, 6.I.4)`);
      const inland = map.provinceKind[province] === 'land';
      let type = order.unit.type ?? (inland || options.missingBuildType === 'army' ? 'A' : undefined);
      if (type === undefined)
        return no('unit-type-required', `the unit type must be given for a coastal province (4.C.3)`);
      if (type === 'F' && inland) {
        if (options.fleetBuiltInland === 'fails')
          return no('fleet-inland', `a fleet cannot be built in ${name} (4.C.4 a, 6.I.2)`);
        type = 'A';
      }
      let location = province;
      if (type === 'F' && map.provinceCoasts[province]!.length > 0) {
        const coast = splitCoast(map, order.unit.location).coast;
        const coasts = map.provinceCoasts[province]!;
        location =
          coasts.find((c) => map.locationCoast[c] === coast) ??
          (options.buildCoast === 'default-coast' ? coasts[0]! : -1);
        if (location === -1)
          return no('coast-required', `the coast of ${name} must be given (4.B.7, 6.B.14)`);
      }
      return {
        build: { power: map.powers[power]!, type, location: map.locationCode[location]! },
        province,
        power,
      };
    }
    if (order.kind === 'disband') {
      const province = provinceOf(map, order.unit.location);
      const u = province < 0 ? -1 : board.unitAt[province]!;
      if (u < 0) return no('no-unit', `there is no unit in ${order.unit.location} (6.J.1)`);
      const owned = board.unitPower[u]!;
      if (owned === map.neutralPower)
        return no('neutral-unit', 'the unit is neutral: no power disbands it', unitName(u));
      if (power >= 0 && owned !== power)
        return no('foreign-unit', `the unit belongs to ${map.powers[owned]}`, unitName(u));
      if (change[owned]! >= 0)
        return no('no-disbands-required', `${map.powers[owned]} need not disband`, unitName(u));
      return { disband: u };
    }
    return no('wrong-phase', `a ${order.kind} order is not possible in an adjustment phase`);
  });

  // Which of the legal orders count: one per province or unit (4.D.5, 6.J.2), then up to the number due
  // (4.D.4, 4.D.6); earlier orders first unless the rules say the last ones count.
  const verdict: (Illegal | null)[] = standalone.map((o) => ('illegal' in o ? o.illegal : null));
  const order = orders.map((_, i) => i);
  const buildsFirst = options.tooManyBuilds === 'last' ? [...order].reverse() : order;
  const provinceRule = options.twoBuildsOneProvince;
  const claimed = new Map<number, number[]>();
  for (const i of provinceRule === 'last' ? [...order].reverse() : order) {
    const o = standalone[i]!;
    if ('build' in o) claimed.set(o.province, [...(claimed.get(o.province) ?? []), i]);
  }
  for (const list of claimed.values()) {
    const keep = provinceRule === 'both-fail' && list.length > 1 ? -1 : list[0]!;
    for (const i of list) {
      if (i !== keep)
        verdict[i] = {
          reason: 'center-occupied',
          message: `another build order is for the same province (4.D.5)`,
        };
    }
  }
  const seenUnit = new Set<number>();
  for (const i of options.tooManyDisbands === 'last' ? [...order].reverse() : order) {
    const o = standalone[i]!;
    if (!('disband' in o) || verdict[i]) continue;
    if (seenUnit.has(o.disband))
      verdict[i] = { reason: 'duplicate-order' as never, message: 'the unit is already disbanded (6.J.2)' };
    seenUnit.add(o.disband);
  }
  const used = new Int32Array(powers);
  // Asked only about builds, waives and disbands (the loops below skip the rest).
  const powerOf = (o: Standalone): number =>
    // Stryker disable next-line UnaryOperator: the -1 (an illegal order) is never asked for: every caller skips orders with a verdict, and an order without one is a build, waive or disband (below).
    'build' in o ? o.power : 'waive' in o ? o.waive : 'disband' in o ? board.unitPower[o.disband]! : -1;
  const wanted = new Int32Array(powers);
  // (An illegal order has its verdict from the start, so an order without one is a build, waive or disband.)
  for (let i = 0; i < orders.length; i++) if (!verdict[i]) wanted[powerOf(standalone[i]!)]!++;
  for (const i of buildsFirst) {
    const o = standalone[i]!;
    if (verdict[i] || !('build' in o || 'waive' in o)) continue;
    const power = powerOf(o);
    if (options.tooManyBuilds === 'all-illegal' && wanted[power]! > change[power]!) {
      verdict[i] = {
        reason: 'too-many-builds',
        message: 'more builds were ordered than allowed: all are void (4.D.4 a)',
      };
    } else if (used[power]! >= change[power]!) {
      verdict[i] = {
        reason: 'too-many-builds',
        message: `all builds are used; the ${options.tooManyBuilds} orders count (4.D.4, 6.I.1)`,
      };
    } else used[power]!++;
  }
  for (const i of options.tooManyDisbands === 'last' ? [...order].reverse() : order) {
    const o = standalone[i]!;
    if (verdict[i] || !('disband' in o)) continue;
    const power = powerOf(o);
    if (options.tooManyDisbands === 'civil-disorder' && wanted[power]! > -change[power]!) {
      verdict[i] = {
        reason: 'too-many-disbands',
        message: 'more disbands were ordered than due: civil disorder chooses (4.D.6 a)',
      };
    } else if (used[power]! >= -change[power]!) {
      verdict[i] = {
        reason: 'too-many-disbands',
        message: `enough units are disbanded; the ${options.tooManyDisbands} orders count (4.D.6)`,
      };
    } else used[power]!++;
  }

  const disbandedUnit = new Uint8Array(board.unitCount);
  const built: Unit[] = [];
  const outcomes: OrderOutcome[] = orders.map((given, i) => {
    const o = standalone[i]!;
    const bad = verdict[i];
    const unit =
      'build' in o
        ? `${o.build.type} ${o.build.location}`
        : 'disband' in o
          ? unitName(o.disband)
          : 'illegal' in o
            ? o.unit
            : undefined;
    const base: OrderOutcome =
      unit === undefined ? ({ given } as OrderOutcome) : ({ given, unit } as OrderOutcome);
    if (bad) {
      const reason: Reason = { code: 'illegal', rule: bad.reason, message: bad.message };
      return { ...base, resolution: 'illegal', reason, message: `illegal: ${bad.message}` };
    }
    if ('build' in o) {
      built.push(o.build);
      return { ...base, resolution: 'succeeds', reason: { code: 'built' }, message: 'built' };
    }
    if ('disband' in o) {
      disbandedUnit[o.disband] = 1;
      return { ...base, resolution: 'succeeds', reason: { code: 'disbanded' }, message: 'disbanded' };
    }
    return { ...base, resolution: 'succeeds', reason: { code: 'waived' }, message: 'build waived' };
  });

  // Civil disorder for powers that disbanded too few (4.D.8).
  const civilDisorder: Unit[] = [];
  for (let power = 0; power < powers; power++) {
    // Never positive for a power that builds or stays even (change >= 0).
    let missing = -change[power]! - used[power]!;
    // A shortcut: `missing < 0` and `false` survive (docs/verification.md), as with nothing missing the loop below
    // removes nothing.
    if (missing <= 0) continue;
    const distance = civilDisorderDistances(map, board, owner, power, options);
    const candidates: number[] = [];
    // `u <= unitCount` survives (docs/verification.md): unitPower[undefined] is no power.
    for (let u = 0; u < board.unitCount; u++)
      if (board.unitPower[u] === power && !disbandedUnit[u]) candidates.push(u);
    const alphabetical = alphabeticalOrder(map, board, options);
    candidates.sort(
      (a, b) =>
        distance(b) - distance(a) ||
        (board.unitType[a] === FLEET ? 0 : 1) - (board.unitType[b] === FLEET ? 0 : 1) ||
        alphabetical(a, b),
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
  const rebuilt = rebuildNeutralArmies(map, owner, units);
  units.push(...rebuilt);
  const adjustments: PowerAdjustment[] = map.powers.map((name, power) => ({
    power: name,
    centers: centers[power]!,
    units: unitCount[power]!,
    change: change[power]!,
  }));
  return {
    value: { orders: outcomes, adjustments, built, disbanded, civilDisorder, rebuilt, units },
    issues: [],
  };
}

/**
 * The last tie-break of civil disorder: the rulebooks' "alphabetical order" of the provinces' (English) names; dipcc
 * and MILA compare the units' location codes instead ("BUL/EC" < "LVN" < "LVP"; by name, Liverpool comes before
 * Livonia).
 */
function alphabeticalOrder(map: GameMap, board: Board, rules: RuleOptions): (a: number, b: number) => number {
  if (rules.civilDisorder === 'rule-1971-codes') {
    return (a, b) => {
      const x = map.locationCode[board.unitLocation[a]!]!;
      const y = map.locationCode[board.unitLocation[b]!]!;
      // Two units never share a location (one unit per province), so the codes are never equal.
      // `x <= y` survives (docs/verification.md), as the codes are never equal.
      return x < y ? -1 : 1;
    };
  }
  return (a, b) =>
    map.provinceName[board.unitProvince[a]!]!.localeCompare(map.provinceName[board.unitProvince[b]!]!, 'en');
}

/**
 * Steps from every province to the nearest supply centre owned by `power`, over all adjacent provinces whatever
 * the unit type (the 2023 rule, 4.D.8 c; 6.J.5, 6.J.11). Unreachable provinces get a very large distance. Written
 * into `into` when given (a province-sized array: the simulation reuses one), else into a new array.
 */
export function distanceToOwnedCenters(
  map: GameMap,
  owner: Int32Array,
  power: number,
  into: Int32Array = new Int32Array(map.provinceCount),
): Int32Array {
  const { start, next, queue } = provinceNeighbours(map);
  const distance = into.fill(1 << 30, 0, map.provinceCount);
  let tail = 0;
  // `p <= provinceCount` survives (docs/verification.md): owner[undefined] is no power.
  for (let p = 0; p < map.provinceCount; p++) {
    if (owner[p] === power) {
      distance[p] = 0;
      queue[tail++] = p;
    }
  }
  // `head <= tail` survives (docs/verification.md): the place after the last entry holds no province or one whose
  // distance is final, which changes nothing.
  for (let head = 0; head < tail; head++) {
    const p = queue[head]!;
    for (let i = start[p]!; i < start[p + 1]!; i++) {
      const q = next[i]!;
      if (distance[q]! > distance[p]! + 1) {
        distance[q] = distance[p]! + 1;
        queue[tail++] = q;
      }
    }
  }
  return distance;
}

/**
 * Per province, the provinces next to it by an army's or a fleet's move from it or one of its coasts (CSR, without
 * repeats), and a queue for the search above: made once per map, so that a search allocates nothing (self-play
 * runs one in every civil disorder).
 */
function provinceNeighbours(map: GameMap): { start: Int32Array; next: Int32Array; queue: Int32Array } {
  let n = neighbourTables.get(map);
  // `true` survives (docs/verification.md): the tables made anew are the same.
  if (n === undefined) {
    const P = map.provinceCount;
    const start = new Int32Array(P + 1);
    // Stryker disable next-line ArrayDeclaration: a first entry too many is never read: start[0] then counts it, so every row starts after it.
    const next: number[] = [];
    for (let p = 0; p < P; p++) {
      start[p] = next.length;
      const row = new Set<number>();
      for (let i = map.armyStart[p]!; i < map.armyStart[p + 1]!; i++) row.add(map.armyAdj[i]!);
      for (const location of [p, ...map.provinceCoasts[p]!]) {
        for (let i = map.fleetStart[location]!; i < map.fleetStart[location + 1]!; i++)
          row.add(map.locationProvince[map.fleetAdj[i]!]!);
      }
      next.push(...row);
    }
    start[P] = next.length;
    // A province enters the queue at most once per decrease of its distance: P entries are enough for a search
    // from the owned centres (each province is queued once, at its final distance, as the search is breadth-first).
    n = { start, next: Int32Array.from(next), queue: new Int32Array(P) };
    neighbourTables.set(map, n);
  }
  return n;
}

const neighbourTables = new WeakMap<GameMap, { start: Int32Array; next: Int32Array; queue: Int32Array }>();

/**
 * The distance of each unit that civil disorder compares (4.D.8): 2023 (c) to an owned centre over any adjacent
 * province; 2000 (b) the same, but to a home centre (the rulebook's "home country" read as its home centres);
 * 1971/1982 (a, as the DPTG and DATC 2.x read it) to a home centre, fleets counting fleet moves only and armies
 * crossing land and water; dipcc and MILA (d) count as a and break ties differently (`alphabeticalOrder`).
 */
function civilDisorderDistances(
  map: GameMap,
  board: Board,
  owner: Int32Array,
  power: number,
  rules: RuleOptions,
): (u: number) => number {
  if (rules.civilDisorder === 'rule-2023') {
    const distance = distanceToOwnedCenters(map, owner, power);
    return (u) => distance[board.unitProvince[u]!]!;
  }
  // Home centres as the targets: mark them as "owned" by a pseudo-owner for the shared search.
  const home = new Int32Array(map.provinceCount).fill(-1);
  for (const p of map.homeCenters[power]!) home[p] = power;
  const anyWay = distanceToOwnedCenters(map, home, power);
  if (rules.civilDisorder === 'rule-2000') return (u) => anyWay[board.unitProvince[u]!]!;
  const byFleet = fleetDistances(map, map.homeCenters[power]!);
  return (u) =>
    board.unitType[u] === FLEET ? byFleet[board.unitLocation[u]!]! : anyWay[board.unitProvince[u]!]!;
}

/** Fleet moves from every location to the nearest location of the target provinces (1971 civil disorder). */
function fleetDistances(map: GameMap, targets: readonly number[]): Int32Array {
  const distance = new Int32Array(map.locationCount).fill(1 << 30);
  // Stryker disable next-line ArrayDeclaration: an extra first entry is no location: fleetStart[...] of it is undefined and the loop below does nothing for it.
  const queue: number[] = [];
  for (const p of targets) {
    for (const location of [p, ...map.provinceCoasts[p]!]) {
      distance[location] = 0;
      queue.push(location);
    }
  }
  // The loop also takes the locations pushed while it runs.
  for (const l of queue) {
    for (let i = map.fleetStart[l]!; i < map.fleetStart[l + 1]!; i++) {
      const m = map.fleetAdj[i]!;
      // `>=` survives (docs/verification.md): a location queued again at the same distance (the queue is unbounded)
      // changes no distance, and the search still ends.
      if (distance[m]! > distance[l]! + 1) {
        distance[m] = distance[l]! + 1;
        queue.push(m);
      }
    }
  }
  return distance;
}
