/**
 * Validates a `MapDefinition` (plain data, typically JSON) and compiles it into the integer tables of `GameMap`.
 *
 * `compileMap` never throws on bad input: it returns every problem it finds as an `Issue` with a stable code, and a
 * value only when there are none. Ids follow the order of the definition: province i is the i-th province; the
 * coast locations ("SPA/NC") follow, province by province, each in the order of its `coasts` object; adjacency
 * rows keep the order of the neighbour lists.
 *
 * Issue codes: not-an-object, missing-field, bad-field, duplicate-code, duplicate-name, duplicate-power,
 * unknown-neighbour, duplicate-neighbour, one-way-edge, self-edge, bad-coast, missing-coast, fleet-and-coasts,
 * army-edge-to-sea, fleet-edge-to-land, unknown-power, home-not-supply-center, bad-starting-unit, bad-one-way-edge.
 */
import { type Issue, IssuesError, type Result, issue } from '../issues.js';
import { normalizeName } from './query.js';
import type {
  GameMap,
  MapDefinition,
  MapUnit,
  PowerDefinition,
  ProvinceDefinition,
  ProvinceKind,
  StartingUnit,
  UnitType,
} from './types.js';
import data from './standard.json' with { type: 'json' };

type Obj = Record<string, unknown>;

function isObject(v: unknown): v is Obj {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function isStringArray(v: unknown): v is string[] {
  return Array.isArray(v) && v.every((x) => typeof x === 'string');
}

const KINDS: readonly ProvinceKind[] = ['land', 'coast', 'sea'];
const CODE = /^[A-Z0-9_]+$/;

/** Reads fields of one object, recording missing or mistyped ones. */
class Reader {
  private readonly issues: Issue[];
  private readonly obj: Obj;
  private readonly what: string;
  constructor(issues: Issue[], obj: Obj, what: string) {
    this.issues = issues;
    this.obj = obj;
    this.what = what;
  }

  string(field: string, required: boolean): string | undefined {
    const v = this.obj[field];
    if (v === undefined) {
      if (required) this.issues.push(issue('missing-field', `${this.what}: missing field "${field}"`));
      return undefined;
    }
    if (typeof v !== 'string' || v.trim() === '') {
      this.issues.push(issue('bad-field', `${this.what}: "${field}" must be a non-empty string`));
      return undefined;
    }
    return v;
  }

  strings(field: string): string[] | undefined {
    const v = this.obj[field];
    if (v === undefined) return undefined;
    if (!isStringArray(v)) {
      this.issues.push(issue('bad-field', `${this.what}: "${field}" must be an array of strings`));
      return undefined;
    }
    return v;
  }
}

interface ProvinceData {
  def: ProvinceDefinition;
  /** Coast codes, in order, for multi-coast provinces; empty otherwise. */
  coasts: string[];
}

/** Validates and compiles a map definition. Never throws; `value` is present only when there are no issues. */
export function compileMap(input: unknown): Result<GameMap> {
  const issues: Issue[] = [];
  if (!isObject(input)) {
    return { issues: [issue('not-an-object', `map definition must be an object, got ${describe(input)}`)] };
  }
  const top = new Reader(issues, input, 'map');
  const name = top.string('name', true) ?? '';
  const lists: Record<'powers' | 'provinces' | 'startingUnits', unknown[]> = {
    powers: [],
    provinces: [],
    startingUnits: [],
  };
  for (const field of ['powers', 'provinces', 'startingUnits'] as const) {
    const v = input[field];
    if (v === undefined) issues.push(issue('missing-field', `map: missing field "${field}"`));
    else if (!Array.isArray(v)) issues.push(issue('bad-field', `map: "${field}" must be an array`));
    else lists[field] = v;
  }
  let victoryCenters = 0;
  const vc = input['victoryCenters'];
  if (vc === undefined) issues.push(issue('missing-field', 'map: missing field "victoryCenters"'));
  else if (typeof vc !== 'number' || !Number.isInteger(vc) || vc < 1) {
    issues.push(issue('bad-field', 'map: "victoryCenters" must be a positive integer'));
  } else victoryCenters = vc;

  // ---- powers
  const powers: PowerDefinition[] = [];
  const powerIndex = new Map<string, number>();
  lists.powers.forEach((raw, i) => {
    if (!isObject(raw)) {
      issues.push(issue('not-an-object', `powers[${i}] must be an object, got ${describe(raw)}`));
      return;
    }
    const r = new Reader(issues, raw, `powers[${i}]`);
    const pname = r.string('name', true);
    const adjective = r.string('adjective', true);
    const aliases = r.strings('aliases');
    if (pname === undefined || adjective === undefined) return;
    if (powers.some((p) => p.name === pname)) {
      issues.push(issue('duplicate-power', `power ${pname} is declared twice`));
      return;
    }
    const index = powers.length;
    const def: PowerDefinition = { name: pname, adjective };
    if (aliases !== undefined) def.aliases = [...aliases];
    powers.push(def);
    for (const text of [pname, adjective, ...(aliases ?? [])]) {
      const key = normalizeName(text);
      const other = powerIndex.get(key);
      if (key === '')
        issues.push(issue('bad-field', `power ${pname}: name or alias "${text}" has no letters`));
      else if (other === undefined) powerIndex.set(key, index);
      else if (other !== index) {
        issues.push(
          issue(
            'duplicate-name',
            `"${text}" names both power ${powers[other]?.name ?? '?'} and power ${pname}`,
          ),
        );
      }
    }
  });
  const powerOf = (text: string): number => powerIndex.get(normalizeName(text)) ?? -1;

  // ---- provinces: fields, codes, names
  const provinces: ProvinceData[] = [];
  const codeIndex = new Map<string, number>();
  const provinceIndex = new Map<string, number>();
  lists.provinces.forEach((raw, i) => {
    if (!isObject(raw)) {
      issues.push(issue('not-an-object', `provinces[${i}] must be an object, got ${describe(raw)}`));
      return;
    }
    const code0 = new Reader(issues, raw, `provinces[${i}]`).string('code', true);
    const what = code0 === undefined ? `provinces[${i}]` : `province ${code0}`;
    const r = new Reader(issues, raw, what);
    const pname = r.string('name', true);
    const kindRaw = raw['kind'];
    let kind: ProvinceKind | undefined;
    if (kindRaw === undefined) issues.push(issue('missing-field', `${what}: missing field "kind"`));
    else if (typeof kindRaw === 'string' && (KINDS as readonly string[]).includes(kindRaw)) {
      kind = kindRaw as ProvinceKind;
    } else issues.push(issue('bad-field', `${what}: "kind" must be "land", "coast" or "sea"`));
    const sc = raw['supplyCenter'];
    if (sc !== undefined && typeof sc !== 'boolean') {
      issues.push(issue('bad-field', `${what}: "supplyCenter" must be true or false`));
    }
    const home = r.string('home', false);
    const aliases = r.strings('aliases');
    const army = r.strings('army');
    const fleet = r.strings('fleet');
    let coastsRaw: Record<string, string[]> | undefined;
    const c = raw['coasts'];
    if (c !== undefined) {
      if (!isObject(c) || Object.keys(c).length === 0 || !Object.values(c).every(isStringArray)) {
        issues.push(issue('bad-field', `${what}: "coasts" must map coast codes to arrays of location codes`));
      } else coastsRaw = c as Record<string, string[]>;
    }
    if (code0 === undefined || pname === undefined || kind === undefined) return;
    if (!CODE.test(code0)) {
      issues.push(issue('bad-field', `${what}: code must be upper-case letters and digits`));
      return;
    }
    const code = code0;
    if (codeIndex.has(code)) {
      issues.push(issue('duplicate-code', `province code ${code} is used twice`));
      return;
    }
    const id = provinces.length;
    codeIndex.set(code, id);
    const def: ProvinceDefinition = { code, name: pname, kind };
    if (sc === true) def.supplyCenter = true;
    if (raw['convoyable'] === true) def.convoyable = true;
    if (raw['unownedAtStart'] === true) def.unownedAtStart = true;
    if (home !== undefined) {
      def.home = home;
      if (powerOf(home) < 0)
        issues.push(issue('unknown-power', `province ${code}: home power ${home} is not declared`));
      if (sc !== true) {
        issues.push(
          issue(
            'home-not-supply-center',
            `province ${code} is a home centre of ${home} but no supply centre`,
          ),
        );
      }
    }
    if (aliases !== undefined) def.aliases = [...aliases];
    if (army !== undefined) def.army = [...army];
    if (fleet !== undefined) def.fleet = [...fleet];
    const coasts: string[] = [];
    if (coastsRaw !== undefined) {
      def.coasts = {};
      for (const [coast, list] of Object.entries(coastsRaw)) {
        def.coasts[coast] = [...list];
        if (!CODE.test(coast)) issues.push(issue('bad-coast', `province ${code}: bad coast code "${coast}"`));
        else coasts.push(coast);
      }
      if (kind !== 'coast') {
        issues.push(
          issue('bad-coast', `province ${code} is ${kind === 'sea' ? 'a sea' : 'inland'} but has coasts`),
        );
      }
      if (fleet !== undefined) {
        issues.push(
          issue(
            'fleet-and-coasts',
            `province ${code} has coasts, so its fleet edges belong in "coasts", not "fleet"`,
          ),
        );
      }
    }
    if (kind === 'sea' && army !== undefined && army.length > 0) {
      issues.push(
        issue('army-edge-to-sea', `province ${code} is a sea but lists army edges (${army.join(', ')})`),
      );
    }
    if (kind === 'land' && fleet !== undefined && fleet.length > 0) {
      issues.push(
        issue('fleet-edge-to-land', `province ${code} is inland but lists fleet edges (${fleet.join(', ')})`),
      );
    }
    provinces.push({ def, coasts });
    for (const text of [code, pname, ...(aliases ?? [])]) {
      const key = normalizeName(text);
      const other = provinceIndex.get(key);
      if (key === '')
        issues.push(issue('bad-field', `province ${code}: name or alias "${text}" has no letters`));
      else if (other === undefined) provinceIndex.set(key, id);
      else if (other !== id) {
        const otherCode = provinces[other]?.def.code ?? '?';
        issues.push(issue('duplicate-name', `"${text}" names both ${otherCode} and ${code}`));
      }
    }
  });

  // ---- locations
  const provinceCount = provinces.length;
  const locationCode: string[] = provinces.map((p) => p.def.code);
  const locationCoast: string[] = provinces.map(() => '');
  const locationProvince: number[] = provinces.map((_, i) => i);
  const provinceCoasts: number[][] = provinces.map(() => []);
  provinces.forEach((p, i) => {
    for (const coast of p.coasts) {
      provinceCoasts[i]?.push(locationCode.length);
      locationCode.push(`${p.def.code}/${coast}`);
      locationCoast.push(coast);
      locationProvince.push(i);
    }
  });
  const locationCount = locationCode.length;
  const locIndex = new Map<string, number>(locationCode.map((code, i) => [code, i]));
  const kindOf = (province: number): ProvinceKind => provinces[province]?.def.kind ?? 'land';

  const oneWayEdges = readOneWayEdges(issues, input['oneWayEdges'], locIndex);
  const oneWay = new Set(oneWayEdges.map((e) => `${e.type} ${e.from} ${e.to}`));

  // ---- army edges
  const armyRows: number[][] = provinces.map(() => []);
  provinces.forEach((p, from) => {
    const row = armyRows[from] ?? [];
    if (p.def.kind === 'sea') return; // reported above
    for (const entry of p.def.army ?? []) {
      const ref = entry.trim().toUpperCase();
      const at = `province ${p.def.code}: army edge to ${entry}`;
      if (ref.includes('/')) {
        issues.push(issue('bad-coast', `${at}: army edges go to provinces, not coasts`));
        continue;
      }
      const to = codeIndex.get(ref);
      if (to === undefined) issues.push(issue('unknown-neighbour', `${at}: there is no province ${entry}`));
      else if (to === from) issues.push(issue('self-edge', `${at}: a province cannot border itself`));
      else if (kindOf(to) === 'sea') {
        issues.push(issue('army-edge-to-sea', `${at}: ${provinces[to]?.def.code ?? ''} is a sea`));
      } else if (row.includes(to)) issues.push(issue('duplicate-neighbour', `${at}: listed twice`));
      else row.push(to);
    }
  });
  armyRows.forEach((row, a) => {
    for (const b of row) {
      if (!(armyRows[b] ?? []).includes(a) && !oneWay.has(`A ${a} ${b}`)) {
        const ca = locationCode[a] ?? '';
        const cb = locationCode[b] ?? '';
        issues.push(
          issue('one-way-edge', `army edge ${ca} -> ${cb} has no return edge: ${cb} does not list ${ca}`),
        );
      }
    }
  });

  // ---- fleet edges, over locations
  const fleetRows: number[][] = locationCode.map(() => []);
  const fleetLists: { from: number; list: readonly string[] }[] = [];
  provinces.forEach((p, i) => {
    if (p.def.kind !== 'land' && p.def.fleet !== undefined && p.coasts.length === 0) {
      fleetLists.push({ from: i, list: p.def.fleet });
    }
    for (const loc of provinceCoasts[i] ?? []) {
      fleetLists.push({ from: loc, list: p.def.coasts?.[locationCoast[loc] ?? ''] ?? [] });
    }
  });
  for (const { from, list } of fleetLists) {
    const row = fleetRows[from] ?? [];
    const fromCode = locationCode[from] ?? '';
    const fromProvince = locationProvince[from] ?? -1;
    for (const entry of list) {
      const ref = entry.trim().toUpperCase();
      const at = `${fromCode}: fleet edge to ${entry}`;
      const slash = ref.indexOf('/');
      const provCode = slash < 0 ? ref : ref.slice(0, slash);
      const coast = slash < 0 ? null : ref.slice(slash + 1);
      const toProvince = codeIndex.get(provCode);
      if (toProvince === undefined) {
        issues.push(issue('unknown-neighbour', `${at}: there is no province ${provCode}`));
        continue;
      }
      const targetCoasts = provinces[toProvince]?.coasts ?? [];
      let to: number;
      if (coast !== null) {
        if (targetCoasts.length === 0) {
          issues.push(issue('bad-coast', `${at}: ${provCode} has no coasts`));
          continue;
        }
        const loc = locIndex.get(`${provCode}/${coast}`);
        if (loc === undefined) {
          issues.push(
            issue('bad-coast', `${at}: ${provCode} has no coast ${coast} (${targetCoasts.join(', ')})`),
          );
          continue;
        }
        to = loc;
      } else if (targetCoasts.length > 0) {
        issues.push(
          issue('missing-coast', `${at}: ${provCode} has coasts (${targetCoasts.join(', ')}); name one`),
        );
        continue;
      } else to = toProvince;
      if (toProvince === fromProvince)
        issues.push(issue('self-edge', `${at}: a fleet edge cannot stay in ${provCode}`));
      else if (kindOf(toProvince) === 'land') {
        issues.push(issue('fleet-edge-to-land', `${at}: ${provCode} is inland`));
      } else if (row.includes(to)) issues.push(issue('duplicate-neighbour', `${at}: listed twice`));
      else row.push(to);
    }
  }
  fleetRows.forEach((row, a) => {
    for (const b of row) {
      if (!(fleetRows[b] ?? []).includes(a) && !oneWay.has(`F ${a} ${b}`)) {
        const ca = locationCode[a] ?? '';
        const cb = locationCode[b] ?? '';
        issues.push(
          issue('one-way-edge', `fleet edge ${ca} -> ${cb} has no return edge: ${cb} does not list ${ca}`),
        );
      }
    }
  });

  for (const { type, from, to } of oneWayEdges) {
    const rows = type === 'A' ? armyRows : fleetRows;
    const what = `one-way ${type === 'A' ? 'army' : 'fleet'} edge ${locationCode[from] ?? ''} -> ${locationCode[to] ?? ''}`;
    if (!(rows[from] ?? []).includes(to))
      issues.push(issue('bad-one-way-edge', `${what}: the edge is not listed`));
    else if ((rows[to] ?? []).includes(from))
      issues.push(issue('bad-one-way-edge', `${what}: it has a return edge`));
  }

  // ---- starting units
  const startingUnits: MapUnit[] = [];
  const unitDefs: StartingUnit[] = [];
  const occupied = new Map<number, number>();
  lists.startingUnits.forEach((raw, i) => {
    if (!isObject(raw)) {
      issues.push(issue('not-an-object', `startingUnits[${i}] must be an object, got ${describe(raw)}`));
      return;
    }
    const r = new Reader(issues, raw, `startingUnits[${i}]`);
    const power = r.string('power', true);
    const typeRaw = raw['type'];
    const location = r.string('location', true);
    if (typeRaw === undefined)
      issues.push(issue('missing-field', `startingUnits[${i}]: missing field "type"`));
    if (power === undefined || location === undefined || typeRaw === undefined) return;
    const what = `starting unit ${typeof typeRaw === 'string' ? typeRaw : JSON.stringify(typeRaw)} ${location} (${power})`;
    const p = powerOf(power);
    if (p < 0) {
      issues.push(issue('unknown-power', `${what}: power ${power} is not declared`));
      return;
    }
    if (typeRaw !== 'A' && typeRaw !== 'F') {
      issues.push(issue('bad-starting-unit', `${what}: type must be "A" or "F"`));
      return;
    }
    const type: UnitType = typeRaw;
    const loc = locIndex.get(location.trim().toUpperCase());
    if (loc === undefined) {
      issues.push(issue('bad-starting-unit', `${what}: there is no location ${location}`));
      return;
    }
    const prov = locationProvince[loc] ?? -1;
    const kind = kindOf(prov);
    const isCoastLoc = loc >= provinceCount;
    if (type === 'A' && (kind === 'sea' || isCoastLoc)) {
      issues.push(
        issue('bad-starting-unit', `${what}: an army cannot stand ${isCoastLoc ? 'on a coast' : 'at sea'}`),
      );
      return;
    }
    if (type === 'F' && kind === 'land') {
      issues.push(issue('bad-starting-unit', `${what}: a fleet cannot stand inland`));
      return;
    }
    if (type === 'F' && !isCoastLoc && (provinceCoasts[prov]?.length ?? 0) > 0) {
      issues.push(issue('bad-starting-unit', `${what}: a fleet in ${location} must be on one of its coasts`));
      return;
    }
    const other = occupied.get(prov);
    if (other !== undefined) {
      issues.push(issue('bad-starting-unit', `${what}: ${locationCode[prov] ?? ''} already has a unit`));
      return;
    }
    occupied.set(prov, startingUnits.length);
    startingUnits.push(Object.freeze({ power: p, type, location: loc }));
    unitDefs.push({ power: powers[p]?.name ?? power, type, location: locationCode[loc] ?? location });
  });

  // ---- supply centres
  const supplyCenter = new Uint8Array(provinceCount);
  const homePower = new Int32Array(provinceCount).fill(-1);
  const homeCenters: number[][] = powers.map(() => []);
  provinces.forEach((p, i) => {
    if (p.def.supplyCenter === true) supplyCenter[i] = 1;
    if (p.def.home !== undefined) {
      const h = powerOf(p.def.home);
      homePower[i] = h;
      if (h >= 0) homeCenters[h]?.push(i);
    }
  });
  const supplyCenterCount = supplyCenter.reduce((a, b) => a + b, 0);
  if (victoryCenters > supplyCenterCount && provinceCount > 0) {
    issues.push(
      issue(
        'bad-field',
        `map: victoryCenters ${victoryCenters} exceeds the ${supplyCenterCount} supply centres`,
      ),
    );
  }

  if (issues.length > 0) return { issues };

  const definition: MapDefinition = {
    name,
    powers,
    provinces: provinces.map((p) => p.def),
    startingUnits: unitDefs,
    victoryCenters,
  };
  if (oneWayEdges.length > 0) {
    definition.oneWayEdges = oneWayEdges.map((e) => ({
      type: e.type,
      from: locationCode[e.from] ?? '',
      to: locationCode[e.to] ?? '',
    }));
  }
  const [armyStart, armyAdj] = csr(armyRows);
  const [fleetStart, fleetAdj] = csr(fleetRows);
  const map: GameMap = {
    name,
    definition: deepFreeze(definition),
    provinceCount,
    locationCount,
    powers: Object.freeze(powers.map((p) => p.name)),
    locationProvince: Int32Array.from(locationProvince),
    locationCode: Object.freeze(locationCode),
    locationCoast: Object.freeze(locationCoast),
    provinceKind: Object.freeze(provinces.map((p) => p.def.kind)),
    provinceName: Object.freeze(provinces.map((p) => p.def.name)),
    supplyCenter,
    homePower,
    provinceCoasts: Object.freeze(provinceCoasts.map((c) => Object.freeze(c))),
    armyStart,
    armyAdj,
    fleetStart,
    fleetAdj,
    powerAdjective: Object.freeze(powers.map((p) => p.adjective)),
    provinceIndex,
    powerIndex,
    homeCenters: Object.freeze(homeCenters.map((h) => Object.freeze(h))),
    supplyCenterCount,
    victoryCenters,
    startingUnits: Object.freeze(startingUnits),
    // Placeholders until the definition's optional fields are read and validated.
    startYear: 1901,
    rules: Object.freeze({
      builds: 'home',
      convoys: true,
      calendar: Object.freeze({ springToFall: 0, fallToSpring: 1 }),
      leadVictory: undefined,
    }),
    powerColour: Object.freeze(powers.map(() => '')),
  };
  return { value: Object.freeze(map), issues: [] };
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

interface OneWay {
  type: UnitType;
  from: number;
  to: number;
}

/** The edges declared one-way (`oneWayEdges`), as location ids; bad entries are reported. */
function readOneWayEdges(issues: Issue[], raw: unknown, locIndex: ReadonlyMap<string, number>): OneWay[] {
  if (raw === undefined) return [];
  if (!Array.isArray(raw)) {
    issues.push(issue('bad-field', 'map: "oneWayEdges" must be an array'));
    return [];
  }
  const edges: OneWay[] = [];
  raw.forEach((e, i) => {
    const what = `oneWayEdges[${i}]`;
    if (!isObject(e) || (e['type'] !== 'A' && e['type'] !== 'F')) {
      issues.push(issue('bad-field', `${what} must be { "type": "A"|"F", "from": code, "to": code }`));
      return;
    }
    const from = typeof e['from'] === 'string' ? locIndex.get(e['from'].toUpperCase()) : undefined;
    const to = typeof e['to'] === 'string' ? locIndex.get(e['to'].toUpperCase()) : undefined;
    if (from === undefined || to === undefined) {
      issues.push(issue('unknown-neighbour', `${what}: "from" and "to" must be location codes of this map`));
    } else edges.push({ type: e['type'], from, to });
  });
  return edges;
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

function describe(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'an array';
  return typeof v;
}

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}
