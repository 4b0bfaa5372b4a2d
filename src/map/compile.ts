/**
 * Validates a `MapDefinition` (plain data, typically JSON) and compiles it into the integer tables of `GameMap`.
 *
 * `compileMap` never throws on bad input: it returns every problem it finds as an `Issue` with a stable code and the
 * JSON path of what it is about (`$.provinces[12].army[3]`), and a value only when there are none. The work is in
 * three steps: read-definition.ts reads and checks each field on its own, this module resolves the names (powers,
 * provinces, home centres, starting units), graph.ts builds and checks the adjacency, and this module lays out the
 * tables. The format is described in docs/map-format.md and map-definition.schema.json.
 *
 * Ids follow the order of the definition: province i is the i-th province with a good code; the coast locations
 * ("SPA/NC") follow, province by province, each in the order of its `coasts` object; adjacency rows keep the order
 * of the neighbour lists.
 *
 * Issue codes (besides those of read-definition.ts and graph.ts): duplicate-power, duplicate-code, duplicate-name,
 * unknown-power, unknown-location, army-at-sea, fleet-inland, coast-required, bad-coast, unit-on-impassable,
 * two-units-in-province, bad-value.
 */
import { type Issue, IssuesError, type Result } from '../issues.js';
import { nearest } from '../nearest.js';
import { fillPowerColours } from './colours.js';
import {
  armyEdges,
  checkReachable,
  checkReturnEdges,
  declaredOneWayEdges,
  fleetEdges,
  layOutLocations,
  type Locations,
  type Province,
} from './graph.js';
import { NEUTRAL } from './neutral.js';
import { normalizeName } from './query.js';
import { child, issueAt, readDefinition, type ReadDefinition } from './read-definition.js';
import type {
  CompiledRules,
  GameMap,
  MapDefinition,
  MapRules,
  MapUnit,
  PowerDefinition,
  StartingUnit,
} from './types.js';
import data from './standard.json' with { type: 'json' };

/** The rules of the standard game, which a map's `rules` change. */
export const STANDARD_RULES: CompiledRules = Object.freeze({
  builds: 'home',
  convoys: true,
  calendar: Object.freeze({ springToFall: 0, fallToSpring: 1 }),
  leadVictory: undefined,
  neutralArmies: false,
});

/** The year of the first phase when a map does not say. */
export const DEFAULT_START_YEAR = 1901;

/** Validates and compiles a map definition. Never throws; `value` is present only when there are no issues. */
export function compileMap(input: unknown): Result<GameMap> {
  const read = readDefinition(input);
  if (!read.value) return { issues: read.issues };
  const issues = read.issues;
  const def = read.value;

  const powers = indexPowers(issues, def);
  const powerOf = (text: string): number => powers.index.get(normalizeName(text)) ?? -1;
  const unknownPower = (path: string, what: string, name: string): void => {
    const near = nearest(
      name,
      powers.list.map((p) => p.def.name),
    );
    const hint =
      near === undefined
        ? `; the powers are ${powers.list.map((p) => p.def.name).join(', ') || 'none'}`
        : ` (did you mean ${near}?)`;
    issues.push(issueAt(path, 'unknown-power', `${what}: power ${name} is not declared${hint}`));
  };
  const provinces = indexProvinces(issues, def);
  const locs = layOutLocations(provinces.list);

  // Adjacency: each edge checked, then every edge's return edge, then the map as one whole.
  const army = armyEdges(issues, locs);
  const fleet = fleetEdges(issues, locs);
  const oneWay = declaredOneWayEdges(issues, locs, def.oneWayEdges, { A: army, F: fleet });
  checkReturnEdges(issues, locs, army, oneWay);
  checkReturnEdges(issues, locs, fleet, oneWay);
  checkReachable(issues, locs, [army, fleet]);

  // Supply centres and home centres.
  const provinceCount = provinces.list.length;
  const supplyCenter = new Uint8Array(provinceCount);
  const homePower = new Int32Array(provinceCount).fill(-1);
  const homeCenters: number[][] = powers.list.map(() => []);
  provinces.list.forEach((p, i) => {
    if (p.def.supplyCenter === true) supplyCenter[i] = 1;
    if (p.def.home === undefined) return;
    const h = powerOf(p.def.home);
    if (h < 0)
      unknownPower(child(child('$.provinces', p.index), 'home'), `province ${p.def.code}`, p.def.home);
    homePower[i] = h;
    if (h >= 0) homeCenters[h]?.push(i);
  });
  const { startOwner, convoyCapable } = provinceSwitches(issues, provinces.list, locs, homePower);
  const supplyCenterCount = supplyCenter.reduce((a, b) => a + b, 0);
  const victoryCenters = def.victoryCenters ?? 0;
  if (def.victoryCenters !== undefined && victoryCenters > supplyCenterCount) {
    issues.push(
      issueAt(
        '$.victoryCenters',
        'bad-value',
        `map: victoryCenters ${victoryCenters} exceeds the ${supplyCenterCount} supply centres`,
      ),
    );
  }

  const units = placeStartingUnits(issues, def, locs, powerOf, unknownPower);
  const rules = compileRules(def.rules);
  if (rules.neutralArmies) checkNeutralName(issues, powers.list);
  if (issues.length > 0) return { issues };
  const neutralPower = rules.neutralArmies ? powers.list.length : -1;
  const armyCanStand = provinces.list.map((p) => p.def.kind === 'land' || p.def.kind === 'coast');
  const neutralUnits =
    neutralPower < 0
      ? []
      : neutralArmiesAtStart(neutralPower, supplyCenter, startOwner, armyCanStand, held(units, locs));

  const [armyStart, armyAdj] = csr(army.rows);
  const [fleetStart, fleetAdj] = csr(fleet.rows);
  const map: GameMap = {
    name: def.name,
    definition: deepFreeze(definitionOf(def, powers.list, provinces.list, locs, units)),
    provinceCount,
    locationCount: locs.locationCode.length,
    powers: Object.freeze(powers.list.map((p) => p.def.name)),
    locationProvince: Int32Array.from(locs.locationProvince),
    locationCode: Object.freeze([...locs.locationCode]),
    locationCoast: Object.freeze(locs.locationCoast),
    provinceKind: Object.freeze(provinces.list.map((p) => p.def.kind)),
    provinceName: Object.freeze(provinces.list.map((p) => p.def.name)),
    supplyCenter,
    homePower,
    startOwner,
    convoyCapable,
    provinceCoasts: Object.freeze(locs.provinceCoasts.map((c) => Object.freeze([...c]))),
    armyStart,
    armyAdj,
    fleetStart,
    fleetAdj,
    powerAdjective: Object.freeze(powers.list.map((p) => p.def.adjective)),
    provinceIndex: provinces.index,
    powerIndex: powers.index,
    homeCenters: Object.freeze(homeCenters.map((h) => Object.freeze(h))),
    supplyCenterCount,
    victoryCenters,
    startingUnits: Object.freeze([...units, ...neutralUnits]),
    startYear: def.startYear ?? DEFAULT_START_YEAR,
    rules,
    powerColour: Object.freeze(fillPowerColours(powers.list.map((p) => p.def.colour))),
    neutralPower,
  };
  return { value: Object.freeze(map), issues: [] };
}

/** `MapRules` with the standard rule wherever the map says nothing. */
export function compileRules(rules: MapRules): CompiledRules {
  return Object.freeze({
    builds: rules.builds ?? STANDARD_RULES.builds,
    convoys: rules.convoys ?? STANDARD_RULES.convoys,
    calendar: Object.freeze({ ...(rules.calendar ?? STANDARD_RULES.calendar) }),
    leadVictory: rules.leadVictory === undefined ? undefined : Object.freeze({ ...rules.leadVictory }),
    neutralArmies: rules.neutralArmies ?? STANDARD_RULES.neutralArmies,
  });
}

/**
 * The per-province switches `unownedAtStart` and `convoyable`, as tables: the owner of each province at the start
 * (a home centre's power, unless the centre starts unowned) and where a fleet can convoy (a sea, or a convoyable
 * coast). A switch where it means nothing is reported: `unownedAtStart` on a province that is no home centre;
 * `convoyable` on a province that is not a coast, or on one with coasts (a convoy route goes from province to
 * province, and a fleet there would stand on one coast).
 */
function provinceSwitches(
  issues: Issue[],
  provinces: readonly Province[],
  locs: Locations,
  homePower: Int32Array,
): { startOwner: Int32Array; convoyCapable: Uint8Array } {
  const startOwner = new Int32Array(provinces.length).fill(-1);
  const convoyCapable = new Uint8Array(provinces.length);
  provinces.forEach((p, i) => {
    const path = child('$.provinces', p.index);
    if (p.def.unownedAtStart === true && (p.def.home === undefined || p.def.supplyCenter !== true))
      issues.push(
        issueAt(
          child(path, 'unownedAtStart'),
          'bad-value',
          `province ${p.def.code}: "unownedAtStart" is for a home centre (a supply centre with a "home")`,
        ),
      );
    if (p.def.unownedAtStart !== true) startOwner[i] = homePower[i]!;
    const inland = p.def.kind === 'land' || p.def.kind === 'impassable';
    if (p.def.convoyable === true && (inland || (locs.provinceCoasts[i]?.length ?? 0) > 0))
      issues.push(
        issueAt(
          child(path, 'convoyable'),
          'bad-value',
          `province ${p.def.code}: "convoyable" is for a coastal province without coasts`,
        ),
      );
    convoyCapable[i] = p.def.kind === 'sea' || (p.def.kind === 'coast' && p.def.convoyable === true) ? 1 : 0;
  });
  return { startOwner, convoyCapable };
}

interface Indexed<T> {
  list: T[];
  /** Name, adjective, code or alias, normalised with `normalizeName`, to the index in `list`. */
  index: Map<string, number>;
}

/**
 * Gives `names` to entry `id` in `index`: a name that normalises to nothing, or that another entry has, is
 * reported at its path.
 */
function addNames(
  issues: Issue[],
  index: Map<string, number>,
  id: number,
  names: readonly { text: string; path: string }[],
  label: (id: number) => string,
): void {
  for (const { text, path } of names) {
    const key = normalizeName(text);
    const other = index.get(key);
    if (key === '')
      issues.push(issueAt(path, 'bad-value', `${label(id)}: the name "${text}" has no letters or digits`));
    else if (other === undefined) index.set(key, id);
    else if (other !== id)
      issues.push(issueAt(path, 'duplicate-name', `"${text}" names both ${label(other)} and ${label(id)}`));
  }
}

/** The names of a definition entry at `path`: its `primary` fields, then its aliases. */
function namesOf(
  path: string,
  entry: { aliases?: string[] },
  primary: readonly [string, string][],
): { text: string; path: string }[] {
  return [
    ...primary.map(([field, text]) => ({ text, path: child(path, field) })),
    ...(entry.aliases ?? []).map((text, k) => ({ text, path: child(child(path, 'aliases'), k) })),
  ];
}

function indexPowers(issues: Issue[], def: ReadDefinition): Indexed<{ def: PowerDefinition; index: number }> {
  const out: Indexed<{ def: PowerDefinition; index: number }> = { list: [], index: new Map() };
  def.powers.forEach((p, index) => {
    if (p === undefined) return;
    const path = child('$.powers', index);
    if (out.list.some((q) => q.def.name === p.name)) {
      issues.push(issueAt(child(path, 'name'), 'duplicate-power', `power ${p.name} is declared twice`));
      return;
    }
    const id = out.list.length;
    out.list.push({ def: p, index });
    const names = namesOf(path, p, [
      ['name', p.name],
      ['adjective', p.adjective],
    ]);
    addNames(issues, out.index, id, names, (i) => `power ${out.list[i]?.def.name ?? '?'}`);
  });
  return out;
}

function indexProvinces(issues: Issue[], def: ReadDefinition): Indexed<Province> {
  const out: Indexed<Province> = { list: [], index: new Map() };
  const codes = new Set<string>();
  def.provinces.forEach((p, index) => {
    if (p === undefined) return;
    const path = child('$.provinces', index);
    if (codes.has(p.code)) {
      issues.push(issueAt(child(path, 'code'), 'duplicate-code', `province code ${p.code} is used twice`));
      return;
    }
    codes.add(p.code);
    const id = out.list.length;
    out.list.push({ def: p, index, coasts: Object.keys(p.coasts ?? {}) });
    const names = namesOf(path, p, [
      ['code', p.code],
      ['name', p.name],
    ]);
    addNames(issues, out.index, id, names, (i) => out.list[i]?.def.code ?? '?');
  });
  return out;
}

/**
 * On a map with neutral armies, "NEUTRAL" is the power of the neutral units in every text form (positions, game
 * files): no power may be called so or take it as an alias.
 */
function checkNeutralName(issues: Issue[], powers: readonly { def: PowerDefinition; index: number }[]): void {
  for (const p of powers) {
    const names = [p.def.name, p.def.adjective, ...(p.def.aliases ?? [])];
    if (!names.some((n) => normalizeName(n) === normalizeName(NEUTRAL))) continue;
    const message = `power ${p.def.name}: "${NEUTRAL}" names the neutral units on a map with rules.neutralArmies`;
    issues.push(issueAt(child('$.powers', p.index), 'bad-value', message));
  }
}

/** The provinces the starting units stand in. */
function held(units: readonly MapUnit[], locs: Locations): Set<number> {
  return new Set(units.map((u) => locs.locationProvince[u.location] ?? -1));
}

/**
 * A neutral army on every supply centre no power owns at the start and no starting unit holds (map order); a
 * centre on which no army can stand (a sea) gets none.
 */
function neutralArmiesAtStart(
  neutralPower: number,
  supplyCenter: Uint8Array,
  startOwner: Int32Array,
  armyCanStand: readonly boolean[],
  held: ReadonlySet<number>,
): MapUnit[] {
  const armies: MapUnit[] = [];
  for (let p = 0; p < supplyCenter.length; p++) {
    if (supplyCenter[p] === 1 && startOwner[p]! < 0 && armyCanStand[p] === true && !held.has(p))
      armies.push(Object.freeze({ power: neutralPower, type: 'A', location: p }));
  }
  return armies;
}

/** The starting units on their locations, each on the terrain its type needs, one per province. */
function placeStartingUnits(
  issues: Issue[],
  def: ReadDefinition,
  locs: Locations,
  powerOf: (name: string) => number,
  unknownPower: (path: string, what: string, name: string) => void,
): MapUnit[] {
  const units: MapUnit[] = [];
  const occupied = new Map<number, number>();
  const provinceCount = locs.provinces.length;
  def.startingUnits.forEach((u, i) => {
    if (u === undefined) return;
    const path = child('$.startingUnits', i);
    const at = child(path, 'location');
    const what = `starting unit ${u.type} ${u.location} (${u.power})`;
    const power = powerOf(u.power);
    if (power < 0) unknownPower(child(path, 'power'), what, u.power);
    const loc = locs.locIndex.get(u.location.trim().toUpperCase());
    if (loc === undefined) {
      const near = nearest(u.location.trim().toUpperCase(), locs.locationCode);
      const hint = near === undefined ? '' : ` (did you mean ${near}?)`;
      issues.push(issueAt(at, 'unknown-location', `${what}: there is no location ${u.location}${hint}`));
      return;
    }
    const province = locs.locationProvince[loc] ?? -1;
    const kind = locs.provinces[province]?.def.kind;
    const code = locs.locationCode[province] ?? '';
    const onCoast = loc >= provinceCount;
    const coasts = locs.provinceCoasts[province] ?? [];
    let problem: [string, string] | undefined;
    if (kind === 'impassable') problem = ['unit-on-impassable', `${code} is impassable`];
    else if (u.type === 'A' && kind === 'sea')
      problem = ['army-at-sea', `an army cannot stand in ${code}, a sea`];
    else if (u.type === 'A' && onCoast)
      problem = ['bad-coast', 'an army stands in a province, not on one of its coasts'];
    else if (u.type === 'F' && kind === 'land')
      problem = ['fleet-inland', `a fleet cannot stand in ${code}, an inland province`];
    else if (u.type === 'F' && !onCoast && coasts.length > 0) {
      const names = coasts.map((c) => locs.locationCode[c] ?? '').join(' or ');
      problem = ['coast-required', `a fleet in ${code} stands on one of its coasts: ${names}`];
    }
    if (problem) {
      issues.push(issueAt(at, problem[0], `${what}: ${problem[1]}`));
      return;
    }
    const other = occupied.get(province);
    if (other !== undefined) {
      const message = `${what}: ${code} already holds startingUnits[${other}]; one unit per province`;
      issues.push(issueAt(path, 'two-units-in-province', message));
      return;
    }
    occupied.set(province, i);
    if (power < 0) return;
    units.push(Object.freeze({ power, type: u.type, location: loc }));
  });
  return units;
}

/** The definition as compiled: what was read, in canonical spelling, without the entries that were left out. */
function definitionOf(
  def: ReadDefinition,
  powers: readonly { def: PowerDefinition }[],
  provinces: readonly Province[],
  locs: Locations,
  units: readonly MapUnit[],
): MapDefinition {
  const out: MapDefinition = {
    name: def.name,
    powers: powers.map((p) => ({ ...p.def })),
    provinces: provinces.map((p) => ({ ...p.def })),
    startingUnits: units.map((u): StartingUnit => ({
      power: powers[u.power]?.def.name ?? '',
      type: u.type,
      location: locs.locationCode[u.location] ?? '',
    })),
    victoryCenters: def.victoryCenters ?? 0,
  };
  if (def.description !== undefined) out.description = def.description;
  if (def.source !== undefined) out.source = def.source;
  if (def.startYear !== undefined) out.startYear = def.startYear;
  if (Object.keys(def.rules).length > 0) out.rules = def.rules;
  const oneWay = def.oneWayEdges.filter((e) => e !== undefined);
  if (oneWay.length > 0) out.oneWayEdges = oneWay;
  if (def.art !== undefined) out.art = def.art;
  return out;
}

/** `compileMap`, throwing an `IssuesError` that carries the issues when the definition is bad. */
export function compileMapOrThrow(input: unknown): GameMap {
  const result = compileMap(input);
  if (result.value === undefined || result.issues.length > 0) throw new IssuesError(result.issues, 'map');
  return result.value;
}

let standard: GameMap | undefined;

/** The standard map (standard.json), compiled on first use and cached. */
export function standardMap(): GameMap {
  standard ??= compileMapOrThrow(data);
  return standard;
}

function csr(rows: readonly (readonly number[])[]): [Int32Array, Int32Array] {
  const start = new Int32Array(rows.length + 1);
  let n = 0;
  rows.forEach((row, i) => {
    start[i] = n;
    n += row.length;
  });
  start[rows.length] = n;
  const adj = new Int32Array(n);
  let k = 0;
  for (const row of rows) for (const x of row) adj[k++] = x;
  return [start, adj];
}

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}
