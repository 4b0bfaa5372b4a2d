/**
 * The first half of compiling a map (compile.ts): reading a map definition, plain JSON data, field by field. Every
 * field is checked for its type and for what it can say on its own (a colour is "#rrggbb", a kind is one of four,
 * a calendar moves forward, a sea lists no army edges); a field nobody knows is named, with the known field it is
 * probably a typing slip of. What refers to other parts of the map (names, edges, units) is checked by compile.ts
 * and graph.ts.
 *
 * Every issue carries the JSON path of what it is about (`$.provinces[12].army[3]`), and reading goes on after a
 * problem so that one run names them all. An entry of a list that cannot be read at all is left `undefined`, so
 * that the indices, and with them the paths, stay those of the input.
 *
 * Issue codes: not-an-object, missing-field, wrong-type, bad-value, unknown-field, fleet-and-coasts, bad-coast,
 * army-edge-to-sea, fleet-edge-to-land, impassable-edge, impassable-supply-center, home-not-supply-center.
 */
import type { Issue } from '../issues.js';
import { nearest } from '../nearest.js';
import type {
  BuildRule,
  Calendar,
  MapRules,
  OneWayEdge,
  PowerDefinition,
  ProvinceDefinition,
  ProvinceKind,
  StartingUnit,
  UnitType,
} from './types.js';

export type Obj = Record<string, unknown>;

export function isObject(v: unknown): v is Obj {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** An issue about the part of the definition at `path`. */
export function issueAt(path: string, code: string, message: string): Issue {
  return { code, message, path };
}

/** The path of a field or an element below `path`: `$.provinces` + 3 → `$.provinces[3]`; + "NC" → `.NC`. */
export function child(path: string, key: string | number): string {
  if (typeof key === 'number') return `${path}[${key}]`;
  return /^[A-Za-z_$][\w$]*$/.test(key) ? `${path}.${key}` : `${path}[${JSON.stringify(key)}]`;
}

/** A value's JSON type in words, for messages. */
export function describe(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'an array';
  if (typeof v === 'object') return 'an object';
  if (typeof v === 'string') return `the string ${JSON.stringify(v)}`;
  if (typeof v === 'number' || typeof v === 'boolean') return `${typeof v} ${String(v)}`;
  return typeof v;
}

export const PROVINCE_KINDS: readonly ProvinceKind[] = ['land', 'coast', 'sea', 'impassable'];
export const BUILD_RULES: readonly BuildRule[] = ['home', 'owned', 'owned-home'];
/** Province and coast codes: upper-case letters, digits and "_". */
export const CODE = /^[A-Z0-9_]+$/;
/** Power colours: "#rrggbb". */
export const COLOUR = /^#[0-9A-Fa-f]{6}$/;
/** The years a map may start in: what a phase name (`S1901M`, five digits at most) can say. */
export const YEAR_RANGE = [0, 99999] as const;
/** The years between the turns of a calendar: the next Spring must come in a later year. */
export const SPRING_TO_FALL_RANGE = [0, 100] as const;
export const FALL_TO_SPRING_RANGE = [1, 100] as const;

const TOP_FIELDS = [
  '$schema',
  'name',
  'description',
  'source',
  'powers',
  'provinces',
  'startingUnits',
  'victoryCenters',
  'startYear',
  'rules',
  'oneWayEdges',
  'art',
];
const POWER_FIELDS = ['name', 'adjective', 'aliases', 'colour', 'display'];
const PROVINCE_FIELDS = [
  'code',
  'name',
  'kind',
  'supplyCenter',
  'home',
  'aliases',
  'army',
  'fleet',
  'coasts',
  'convoyable',
  'unownedAtStart',
];
const UNIT_FIELDS = ['power', 'type', 'location'];
const RULES_FIELDS = ['builds', 'convoys', 'calendar', 'leadVictory', 'neutralArmies'];
const CALENDAR_FIELDS = ['springToFall', 'fallToSpring', 'seasonName'];
const LEAD_VICTORY_FIELDS = ['untilYear'];
const ONE_WAY_FIELDS = ['type', 'from', 'to'];

/** The fields of each kind of object, for the test that holds the JSON Schema to the same lists. */
export const DEFINITION_FIELDS: Readonly<Record<string, readonly string[]>> = {
  map: TOP_FIELDS,
  power: POWER_FIELDS,
  province: PROVINCE_FIELDS,
  startingUnit: UNIT_FIELDS,
  rules: RULES_FIELDS,
  calendar: CALENDAR_FIELDS,
  leadVictory: LEAD_VICTORY_FIELDS,
  oneWayEdge: ONE_WAY_FIELDS,
};

/** What could be read of a definition: every field of the right type and value. */
export interface ReadDefinition {
  name: string;
  description?: string;
  source?: string;
  victoryCenters?: number;
  startYear?: number;
  rules: MapRules;
  powers: (PowerDefinition | undefined)[];
  provinces: (ProvinceDefinition | undefined)[];
  startingUnits: (StartingUnit | undefined)[];
  oneWayEdges: (OneWayEdge | undefined)[];
  art?: Obj;
}

/** The fields of one JSON object at `path`: typed getters that record what is missing or wrong. */
class Fields {
  readonly obj: Obj;
  readonly path: string;
  private readonly issues: Issue[];
  private readonly what: string;

  /** Reports at once every field of `obj` that is not in `known`, with the known field it most looks like. */
  constructor(issues: Issue[], obj: Obj, path: string, what: string, known: readonly string[]) {
    this.issues = issues;
    this.obj = obj;
    this.path = path;
    this.what = what;
    for (const field of Object.keys(obj)) {
      if (known.includes(field)) continue;
      const near = nearest(field, known);
      const hint = near === undefined ? `; known fields: ${known.join(', ')}` : ` (did you mean "${near}"?)`;
      this.report(field, 'unknown-field', `unknown field "${field}"${hint}`);
    }
  }

  report(field: string | undefined, code: string, message: string): void {
    const path = field === undefined ? this.path : child(this.path, field);
    this.issues.push(issueAt(path, code, `${this.what}: ${message}`));
  }

  /** The raw value, or undefined after a missing-field issue when it is required and absent. */
  private value(field: string, required: boolean): unknown {
    const v = this.obj[field];
    if (v === undefined && required) this.report(field, 'missing-field', `missing field "${field}"`);
    return v;
  }

  private wrongType(field: string, expected: string, v: unknown): undefined {
    this.report(field, 'wrong-type', `"${field}" must be ${expected}, not ${describe(v)}`);
    return undefined;
  }

  string(field: string, required = false): string | undefined {
    const v = this.value(field, required);
    if (v === undefined) return undefined;
    if (typeof v !== 'string') return this.wrongType(field, 'a string', v);
    if (v.trim() === '') {
      this.report(field, 'bad-value', `"${field}" must not be empty`);
      return undefined;
    }
    return v;
  }

  boolean(field: string): boolean | undefined {
    const v = this.value(field, false);
    if (v === undefined) return undefined;
    return typeof v === 'boolean' ? v : this.wrongType(field, 'true or false', v);
  }

  integer(field: string, required: boolean, [min, max]: readonly [number, number]): number | undefined {
    const v = this.value(field, required);
    if (v === undefined) return undefined;
    if (typeof v !== 'number' || !Number.isInteger(v)) return this.wrongType(field, 'a whole number', v);
    if (v < min || v > max) {
      const range = max === Infinity ? `at least ${min}` : `from ${min} to ${max}`;
      this.report(field, 'bad-value', `"${field}" must be ${range}, not ${v}`);
      return undefined;
    }
    return v;
  }

  /** One of `choices` (strings), or undefined after an issue listing them. */
  choice<T extends string>(field: string, required: boolean, choices: readonly T[]): T | undefined {
    const v = this.value(field, required);
    if (v === undefined) return undefined;
    if (typeof v === 'string' && (choices as readonly string[]).includes(v)) return v as T;
    const list = choices.map((c) => `"${c}"`).join(', ');
    if (typeof v !== 'string') return this.wrongType(field, `one of ${list}`, v);
    const near = nearest(v, choices);
    const hint = near === undefined ? '' : ` (did you mean "${near}"?)`;
    this.report(field, 'bad-value', `"${field}" must be one of ${list}, not "${v}"${hint}`);
    return undefined;
  }

  /** An array of non-empty strings; each bad element is reported at its own path and left out. */
  strings(field: string): string[] | undefined {
    const v = this.value(field, false);
    if (v === undefined) return undefined;
    return Array.isArray(v)
      ? stringList(this.issues, v, child(this.path, field), this.what)
      : this.wrongType(field, 'an array of strings', v);
  }

  array(field: string, required: boolean): unknown[] | undefined {
    const v = this.value(field, required);
    if (v === undefined) return undefined;
    return Array.isArray(v) ? v : this.wrongType(field, 'an array', v);
  }

  object(field: string): Obj | undefined {
    const v = this.value(field, false);
    if (v === undefined) return undefined;
    return isObject(v) ? v : this.wrongType(field, 'an object', v);
  }
}

/** The non-empty strings of `list`; every other element is reported at its path. */
function stringList(issues: Issue[], list: readonly unknown[], path: string, what: string): string[] {
  const out: string[] = [];
  list.forEach((x, i) => {
    if (typeof x === 'string' && x.trim() !== '') out.push(x);
    else
      issues.push(
        issueAt(child(path, i), 'wrong-type', `${what}: must be a non-empty string, not ${describe(x)}`),
      );
  });
  return out;
}

/** The fields of the element `raw` of a list, or undefined after a not-an-object issue. */
function element(
  issues: Issue[],
  raw: unknown,
  path: string,
  what: string,
  known: readonly string[],
): Fields | undefined {
  if (isObject(raw)) return new Fields(issues, raw, path, what, known);
  issues.push(issueAt(path, 'not-an-object', `${what} must be an object, not ${describe(raw)}`));
  return undefined;
}

/**
 * Reads a map definition: returns what could be read (undefined only when the input is not an object at all) and
 * every issue found.
 */
export function readDefinition(input: unknown): { value?: ReadDefinition; issues: Issue[] } {
  const issues: Issue[] = [];
  if (!isObject(input)) {
    return {
      issues: [issueAt('$', 'not-an-object', `a map definition must be an object, not ${describe(input)}`)],
    };
  }
  const top = new Fields(issues, input, '$', 'map', TOP_FIELDS);
  top.string('$schema');
  const value: ReadDefinition = {
    name: top.string('name', true) ?? '',
    rules: {},
    powers: [],
    provinces: [],
    startingUnits: [],
    oneWayEdges: [],
  };
  const description = top.string('description');
  if (description !== undefined) value.description = description;
  const source = top.string('source');
  if (source !== undefined) value.source = source;
  const victoryCenters = top.integer('victoryCenters', true, [1, Infinity]);
  if (victoryCenters !== undefined) value.victoryCenters = victoryCenters;
  const startYear = top.integer('startYear', false, YEAR_RANGE);
  if (startYear !== undefined) value.startYear = startYear;
  const rules = top.object('rules');
  if (rules !== undefined) value.rules = readRules(issues, rules, startYear ?? 1901);
  // The board's own art (docs/geometry.md): checked against the map when it is drawn (readGeometry).
  const art = top.object('art');
  if (art !== undefined) value.art = art;

  const list = (field: string): { raw: unknown; path: string }[] =>
    (top.array(field, field !== 'oneWayEdges') ?? []).map((raw, i) => ({
      raw,
      path: child(child('$', field), i),
    }));
  value.powers = list('powers').map(({ raw, path }, i) => readPower(issues, raw, path, i));
  value.provinces = list('provinces').map(({ raw, path }, i) => readProvince(issues, raw, path, i));
  value.startingUnits = list('startingUnits').map(({ raw, path }, i) => readUnit(issues, raw, path, i));
  value.oneWayEdges = list('oneWayEdges').map(({ raw, path }, i) => readOneWayEdge(issues, raw, path, i));
  return { value, issues };
}

function readRules(issues: Issue[], raw: Obj, startYear: number): MapRules {
  const f = new Fields(issues, raw, '$.rules', 'rules', RULES_FIELDS);
  const rules: MapRules = {};
  const builds = f.choice('builds', false, BUILD_RULES);
  if (builds !== undefined) rules.builds = builds;
  const convoys = f.boolean('convoys');
  if (convoys !== undefined) rules.convoys = convoys;
  const neutralArmies = f.boolean('neutralArmies');
  if (neutralArmies !== undefined) rules.neutralArmies = neutralArmies;
  const calendarRaw = f.object('calendar');
  if (calendarRaw !== undefined) {
    const c = new Fields(issues, calendarRaw, '$.rules.calendar', 'calendar', CALENDAR_FIELDS);
    const springToFall = c.integer('springToFall', true, SPRING_TO_FALL_RANGE);
    const fallToSpring = c.integer('fallToSpring', true, FALL_TO_SPRING_RANGE);
    const seasonName = c.string('seasonName');
    if (springToFall !== undefined && fallToSpring !== undefined) {
      const calendar: Calendar = { springToFall, fallToSpring };
      if (seasonName !== undefined) calendar.seasonName = seasonName;
      rules.calendar = calendar;
    }
  }
  const leadRaw = f.object('leadVictory');
  if (leadRaw !== undefined) {
    const l = new Fields(issues, leadRaw, '$.rules.leadVictory', 'leadVictory', LEAD_VICTORY_FIELDS);
    // The lead needed shrinks to nothing in `untilYear`, so that year must come after the start.
    const untilYear = l.integer('untilYear', true, [startYear + 1, YEAR_RANGE[1]]);
    if (untilYear !== undefined) rules.leadVictory = { untilYear };
  }
  return rules;
}

function readPower(issues: Issue[], raw: unknown, path: string, i: number): PowerDefinition | undefined {
  const f = element(issues, raw, path, `powers[${i}]`, POWER_FIELDS);
  if (!f) return undefined;
  const name = f.string('name', true);
  const adjective = f.string('adjective', true);
  const aliases = f.strings('aliases');
  const colour = f.string('colour');
  const display = f.string('display');
  if (colour !== undefined && !COLOUR.test(colour)) {
    f.report('colour', 'bad-value', `"colour" must be "#rrggbb" (six hex digits), not "${colour}"`);
  }
  if (name === undefined || adjective === undefined) return undefined;
  const def: PowerDefinition = { name, adjective };
  if (aliases !== undefined) def.aliases = aliases;
  if (colour !== undefined && COLOUR.test(colour)) def.colour = colour;
  if (display !== undefined) def.display = display;
  return def;
}

function readProvince(
  issues: Issue[],
  raw: unknown,
  path: string,
  i: number,
): ProvinceDefinition | undefined {
  // Messages name the province by its code when it has one: "province LON: ...".
  const code0 = isObject(raw) && typeof raw['code'] === 'string' ? raw['code'] : '';
  const f = element(issues, raw, path, code0 ? `province ${code0}` : `provinces[${i}]`, PROVINCE_FIELDS);
  if (!f) return undefined;
  let code = f.string('code', true);
  if (code !== undefined && !CODE.test(code)) {
    f.report('code', 'bad-value', `"code" must be upper-case letters, digits and "_", not "${code}"`);
    code = undefined;
  }
  const name = f.string('name', true);
  const kind = f.choice('kind', true, PROVINCE_KINDS);
  const supplyCenter = f.boolean('supplyCenter');
  const home = f.string('home');
  const aliases = f.strings('aliases');
  const army = f.strings('army');
  const fleet = f.strings('fleet');
  const convoyable = f.boolean('convoyable');
  const unownedAtStart = f.boolean('unownedAtStart');
  const coasts = readCoasts(issues, f);
  if (code === undefined) return undefined;
  // Without a good name or kind the province still takes part under its code, as the kind that allows the most
  // (a coast), so that what refers to it is not reported too; there are issues, so no map is compiled.
  const def: ProvinceDefinition = { code, name: name ?? code, kind: kind ?? 'coast' };
  if (supplyCenter !== undefined) def.supplyCenter = supplyCenter;
  if (home !== undefined) def.home = home;
  if (aliases !== undefined) def.aliases = aliases;
  if (army !== undefined) def.army = army;
  if (fleet !== undefined) def.fleet = fleet;
  if (coasts !== undefined) def.coasts = coasts;
  if (convoyable !== undefined) def.convoyable = convoyable;
  if (unownedAtStart !== undefined) def.unownedAtStart = unownedAtStart;
  if (kind !== undefined) checkProvinceKind(f, def);
  return def;
}

/** `coasts`: coast code to a list of locations; bad coast codes and lists are reported and left out. */
function readCoasts(issues: Issue[], f: Fields): Record<string, string[]> | undefined {
  const raw = f.object('coasts');
  if (raw === undefined) return undefined;
  const coasts: Record<string, string[]> = {};
  const path = child(f.path, 'coasts');
  const entries = Object.entries(raw);
  if (entries.length === 0) f.report('coasts', 'bad-value', '"coasts" must name at least one coast');
  for (const [coast, list] of entries) {
    const at = child(path, coast);
    if (!CODE.test(coast)) {
      issues.push(
        issueAt(at, 'bad-coast', `coast code "${coast}" must be upper-case letters and digits, like "NC"`),
      );
    } else if (!Array.isArray(list)) {
      issues.push(
        issueAt(
          at,
          'wrong-type',
          `coast ${coast} must list its fleet neighbours in an array, not ${describe(list)}`,
        ),
      );
    } else coasts[coast] = stringList(issues, list, at, `coast ${coast}`);
  }
  return coasts;
}

/** What a province's kind forbids: coasts off the coast, army edges at sea, fleet edges inland, anything impassable. */
function checkProvinceKind(f: Fields, def: ProvinceDefinition): void {
  const { kind, code } = def;
  const listed = (field: 'army' | 'fleet'): boolean => (def[field]?.length ?? 0) > 0;
  if (kind === 'impassable') {
    for (const field of ['army', 'fleet', 'coasts'] as const) {
      if (def[field] !== undefined && (field === 'coasts' || listed(field)))
        f.report(
          field,
          'impassable-edge',
          `${code} is impassable: no unit moves in or out, so it has no "${field}"`,
        );
    }
    if (def.supplyCenter === true || def.home !== undefined) {
      const field = def.supplyCenter === true ? 'supplyCenter' : 'home';
      f.report(
        field,
        'impassable-supply-center',
        `${code} is impassable: no unit can take it, so it is no supply centre`,
      );
    }
    return;
  }
  if (def.coasts !== undefined) {
    if (kind !== 'coast')
      f.report('coasts', 'bad-coast', `${code} is ${kind === 'sea' ? 'a sea' : 'inland'} but has coasts`);
    if (def.fleet !== undefined)
      f.report(
        'fleet',
        'fleet-and-coasts',
        `${code} has coasts, so its fleet edges belong in "coasts", not "fleet"`,
      );
  }
  if (kind === 'sea' && listed('army'))
    f.report(
      'army',
      'army-edge-to-sea',
      `${code} is a sea, so it has no army edges (${def.army?.join(', ')})`,
    );
  if (kind === 'land' && listed('fleet'))
    f.report(
      'fleet',
      'fleet-edge-to-land',
      `${code} is inland, so it has no fleet edges (${def.fleet?.join(', ')})`,
    );
  if (def.home !== undefined && def.supplyCenter !== true)
    f.report(
      'home',
      'home-not-supply-center',
      `${code} is a home centre of ${def.home} but no supply centre`,
    );
}

function readUnit(issues: Issue[], raw: unknown, path: string, i: number): StartingUnit | undefined {
  const f = element(issues, raw, path, `startingUnits[${i}]`, UNIT_FIELDS);
  if (!f) return undefined;
  const power = f.string('power', true);
  const type = f.choice<UnitType>('type', true, ['A', 'F']);
  const location = f.string('location', true);
  return power === undefined || type === undefined || location === undefined
    ? undefined
    : { power, type, location };
}

function readOneWayEdge(issues: Issue[], raw: unknown, path: string, i: number): OneWayEdge | undefined {
  const f = element(issues, raw, path, `oneWayEdges[${i}]`, ONE_WAY_FIELDS);
  if (!f) return undefined;
  const type = f.choice<UnitType>('type', true, ['A', 'F']);
  const from = f.string('from', true);
  const to = f.string('to', true);
  return type === undefined || from === undefined || to === undefined ? undefined : { type, from, to };
}
