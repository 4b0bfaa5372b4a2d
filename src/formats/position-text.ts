/**
 * dipkit's own text form of a position with orders, line oriented and meant to be written by hand:
 *
 * ```
 * # a comment (from # to the end of any line)
 * map: standard                        # optional: the map's id or name ("coldwar", "Cold War"); see below
 * phase: Spring 1901 Movement          # also "Spring 1901, Movement", "S1901M", "F1905R", "W1901A"
 * units:
 *   England: F London, F North Sea, A Yorkshire
 *   France: A Paris
 *   ITALY: F NAP
 *   Russia:                            # a power alone starts a group: one unit per line follows
 *     F St Petersburg(sc)
 *     A MOS
 * centers:                             # optional; "supply centers:" and "centres:" also work
 *   England: LON, EDI, LVP
 * dislodged:                           # a retreat phase: each unit and where its attacker came from
 *   France: A BEL from YOR by convoy
 * contested: BUR                       # a retreat phase: provinces left empty by a standoff
 * orders:                              # anything parseOrders accepts, one order per line
 *   England: F NTH C A YOR - BEL
 *   England: A Yorkshire - Belgium via convoy
 *   France:
 *     A par-bur
 * ```
 *
 * Sections start with `map:`, `phase:`, `units:`, `dislodged:`, `contested:`, `centers:` or `orders:` (any case,
 * in any order; text after the colon counts as the first line of the section). Units are `A` or `F` and a location
 * in any spelling the map knows (`LON`, `London`, `spa/nc`, `Spain(nc)`), separated by commas. Without `phase:` the
 * phase is the Spring movement of the map's start year (1901 on the standard map).
 *
 * `map:` says which map the position is on, by id or name (`map: coldwar`, `map: Cold War`); without it the file
 * is read on the map the caller gives (the standard map unless told otherwise). `positionTextMap` finds the line
 * before the file is read, so that a program can pick the map; `readPositionText` refuses a file whose `map:`
 * names another map than the one it reads with (`wrong-map`). `writePositionText` writes the line for every map
 * but the standard one. On a map with neutral armies (Western World 901) the neutral units are listed as a power
 * of their own, `Neutral: A GEO, A ROM` (in `units:`; never in `centers:`: they own nothing). Without `centers:` no supply centre has an owner. A retreat phase lists its
 * dislodged units with the province their attacker came from, and the provinces a standoff left empty.
 *
 * Environment-free; never throws. Every bad line gives an issue with line and column. The value is present even
 * then (bad lines are left out) so that a caller can decide: `orderIssues` holds the issues of the order lines
 * (reported by the order parser; such an order is left out, and its unit holds), every other issue is about the
 * position itself.
 *
 * Issue codes: unknown-section, unexpected-line, duplicate-phase, duplicate-map, wrong-map, bad-phase, missing-power, unknown-power,
 * bad-unit, unknown-location, bad-coast, army-at-sea, fleet-inland, coast-required, two-units-in-province,
 * unknown-province, not-a-supply-center, duplicate-center, bad-dislodged-unit; and the codes of `parseOrders`
 * for order lines.
 */
import { issue, type Issue, type Result } from '../issues.js';
import { locationOf, lookupPower, splitCoast } from '../map/query.js';
import { mapIdOf } from '../map/id.js';
import { neutralNameOf, unitOwnerNames } from '../map/neutral.js';
import type { GameMap, UnitType } from '../map/types.js';
import { parseOrders } from '../orders/parse.js';
import { firstPhase } from '../game/phases.js';
import type { GivenOrder } from '../orders/types.js';
import type { DislodgedUnit, Phase, PhaseType, Position, Season, Unit } from '../position/types.js';

export interface PositionText {
  position: Position;
  /** The orders that could be read, each with its power (when given) and line. */
  orders: GivenOrder[];
  /** The issues of order lines (also in the result's `issues`): those orders are left out. */
  orderIssues: Issue[];
  /** Line of the `phase:` header, when there is one. */
  phaseLine?: number;
  /** The map named by the `map:` header, as written, when there is one. */
  map?: string;
}

type Section = 'map' | 'phase' | 'units' | 'dislodged' | 'contested' | 'centers' | 'orders';

const SECTION_NAMES: Record<string, Section> = {
  map: 'map',
  phase: 'phase',
  units: 'units',
  centers: 'centers',
  centres: 'centers',
  supplycenters: 'centers',
  supplycentres: 'centers',
  scs: 'centers',
  dislodged: 'dislodged',
  dislodgedunits: 'dislodged',
  contested: 'contested',
  orders: 'orders',
};

const SEASONS: Record<string, Season> = {
  s: 'spring',
  spring: 'spring',
  f: 'fall',
  fall: 'fall',
  autumn: 'fall',
  w: 'winter',
  winter: 'winter',
};
const PHASE_TYPES: Record<string, PhaseType> = {
  m: 'movement',
  movement: 'movement',
  moves: 'movement',
  r: 'retreat',
  retreat: 'retreat',
  retreats: 'retreat',
  a: 'adjustment',
  b: 'adjustment',
  adjustment: 'adjustment',
  adjustments: 'adjustment',
  builds: 'adjustment',
};

/**
 * A phase as people write it: "Spring 1901 Movement", "Fall 1902, Retreats", "Winter 1901 Adjustment", and the
 * short MILA/dipcc form "S1901M", "F1901R", "W1901A". Adjustments are always winter ("Fall 1901 Adjustment" is
 * accepted, as jDip writes it); a season alone ("Fall 1901", "Autumn 1901") is its movement phase, "Winter 1901" its
 * adjustments. Undefined when it cannot be read.
 */
export function parsePhase(text: string): Phase | undefined {
  const t = text.trim();
  const short = /^([SFW])(\d{1,5})([MRA])$/i.exec(t);
  const long = /^([A-Za-z]+)\s+(\d{1,5})\s*(?:,?\s*([A-Za-z]+))?$/.exec(t);
  const m = short ?? long;
  if (!m) return undefined;
  const season = SEASONS[(m[1] ?? '').toLowerCase()];
  // A season alone ("Fall 1901", "Autumn 1901") is its movement phase; "Winter 1901" its adjustments.
  const type = PHASE_TYPES[(m[3] ?? (season === 'winter' ? 'adjustment' : 'movement')).toLowerCase()];
  const year = Number(m[2]);
  if (season === undefined || type === undefined) return undefined;
  if (type === 'adjustment') return season === 'spring' ? undefined : { season: 'winter', year, type };
  if (season === 'winter') return undefined;
  return { season, year, type };
}

/** "Spring 1901 Movement". */
export function phaseName(phase: Phase): string {
  const cap = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);
  return `${cap(phase.season)} ${phase.year} ${cap(phase.type)}`;
}

/** Reads a position and its orders. `source` (a file name) is set on every issue. */
export function readPositionText(map: GameMap, text: string, source?: string): Result<PositionText> {
  const issues: Issue[] = [];
  const report = (code: string, message: string, line: number, column: number): void => {
    const i = issue(code, message, line, column);
    if (source !== undefined) i.source = source;
    issues.push(i);
  };
  const lines = String(text).split(/\r\n|\r|\n/);
  const orderLines: string[] = lines.map(() => '');
  let phase: Phase | undefined;
  let phaseLine: number | undefined;
  let mapName: string | undefined;
  let mapLine: number | undefined;
  const units: Unit[] = [];
  const unitProvince = new Map<number, number>(); // province -> line of the unit there
  const dislodged: DislodgedUnit[] = [];
  const dislodgedProvince = new Map<number, number>();
  const contested: string[] = [];
  const centers: Record<string, string[]> = {};
  const centerOwner = new Map<string, string>();
  let section: Section | undefined;
  let groupPower: string | undefined;

  for (let i = 0; i < lines.length; i++) {
    const lineNo = i + 1;
    const raw = lines[i] ?? '';
    const hash = raw.indexOf('#');
    let body = (hash >= 0 ? raw.slice(0, hash) : raw).trimEnd();
    if (body.trim() === '') continue;

    // A section header: "units:", "phase: S1901M", "supply centers:".
    const header = /^(\s*)([A-Za-z][A-Za-z ]*?)\s*:/.exec(body);
    const name = header ? SECTION_NAMES[(header[2] ?? '').toLowerCase().replace(/\s+/g, '')] : undefined;
    if (header && name !== undefined) {
      section = name;
      groupPower = undefined;
      // The rest of the header line is the section's first line; blank out the header to keep columns.
      body = ' '.repeat(header[0].length) + body.slice(header[0].length);
      if (name === 'map') {
        const valueStart = body.search(/\S/);
        const value = valueStart < 0 ? '' : body.slice(valueStart).trim();
        const column = valueStart < 0 ? header[0].length + 1 : valueStart + 1;
        if (mapLine !== undefined) {
          report(
            'duplicate-map',
            `the map is already given on line ${mapLine}`,
            lineNo,
            (header[1] ?? '').length + 1,
          );
        } else if (mapIdOf(value) !== mapIdOf(map.name)) {
          report(
            'wrong-map',
            value === ''
              ? 'the map is missing after "map:": write its id or name, e.g. "map: standard"'
              : `the position is on the map "${value}" but is read with the map "${map.name}"`,
            lineNo,
            column,
          );
        }
        mapLine ??= lineNo;
        mapName ??= value;
        section = undefined;
        continue;
      }
      if (name === 'phase') {
        const valueStart = body.search(/\S/);
        if (phaseLine !== undefined) {
          report(
            'duplicate-phase',
            `the phase is already given on line ${phaseLine}`,
            lineNo,
            (header[1] ?? '').length + 1,
          );
          continue;
        }
        phaseLine = lineNo;
        const value = valueStart < 0 ? '' : body.slice(valueStart);
        phase = parsePhase(value);
        if (phase === undefined) {
          report(
            'bad-phase',
            `cannot read the phase "${value}": write e.g. "Spring 1901 Movement" or "S1901M"`,
            lineNo,
            valueStart < 0 ? header[0].length + 1 : valueStart + 1,
          );
        }
        section = undefined;
        continue;
      }
      if (body.trim() === '') continue;
    } else if (section === undefined) {
      const start = body.search(/\S/);
      if (header && lookupPower(map, header[2] ?? '') < 0) {
        report(
          'unknown-section',
          `unknown section "${header[2] ?? ''}:"; the sections are map:, phase:, units:, dislodged:, contested:, centers: and orders:`,
          lineNo,
          start + 1,
        );
      } else {
        report(
          'unexpected-line',
          'a line outside any section: start with "units:" or "orders:"',
          lineNo,
          start + 1,
        );
      }
      continue;
    }

    if (section === 'orders') {
      orderLines[i] = body;
      continue;
    }
    if (section === 'contested') {
      for (const item of splitItems(body, 0)) readContested(item.text, item.column);
      continue;
    }

    // units: and centers: lines, "[Power:] item, item, ..." or "Power:" alone.
    let itemsStart = body.search(/\S/);
    let power = groupPower;
    const powerMatch = /^(\s*)([A-Za-z][A-Za-z -]*?)\s*:/.exec(body);
    if (powerMatch) {
      const p = lookupPower(map, powerMatch[2] ?? '');
      const neutral = p < 0 ? neutralNameOf(map, powerMatch[2] ?? '') : undefined;
      if (neutral !== undefined && section === 'centers') {
        const message = 'neutral units own no centre: a centre no power owns is left out of "centers:"';
        report('unknown-power', message, lineNo, (powerMatch[1] ?? '').length + 1);
        continue;
      }
      if (p < 0 && neutral === undefined) {
        report(
          'unknown-power',
          `unknown power "${powerMatch[2] ?? ''}"`,
          lineNo,
          (powerMatch[1] ?? '').length + 1,
        );
        continue;
      }
      power = map.powers[p] ?? neutral;
      itemsStart = powerMatch[0].length;
      if (body.slice(itemsStart).trim() === '') {
        groupPower = power;
        continue;
      }
    }
    if (power === undefined) {
      report(
        'missing-power',
        'whose? write "England: F LON" or a line "England:" first',
        lineNo,
        itemsStart + 1,
      );
      continue;
    }
    for (const item of splitItems(body, itemsStart)) {
      if (section === 'units') readUnit(item.text, item.column, power);
      else if (section === 'dislodged') readDislodged(item.text, item.column, power);
      else readCenters(item.text, item.column, power);
    }

    /** `A BEL from YOR`, `A BEL (from YOR)`, `F NTH from ENG by convoy`: a dislodged unit, its attacker's origin. */
    function readDislodged(itemText: string, column: number, owner: string): void {
      const m = /^(.*?)\s*\(?\s*\bfrom\s+([^()]+?)(\s+(?:by|via)\s+convoy)?\s*\)?$/i.exec(itemText);
      if (!m) {
        report(
          'bad-dislodged-unit',
          `expected a dislodged unit and where its attacker came from, like "A BEL from YOR", got "${itemText}"`,
          lineNo,
          column,
        );
        return;
      }
      const from = splitCoast(map, m[2] ?? '').province;
      if (from < 0) {
        report(
          'unknown-province',
          `unknown province "${m[2] ?? ''}"`,
          lineNo,
          column + itemText.indexOf(m[2] ?? ''),
        );
        return;
      }
      const unit = unitOf(m[1] ?? '', column, owner, dislodgedProvince);
      if (!unit) return;
      const d: DislodgedUnit = { ...unit, attackerFrom: map.locationCode[from] ?? '' };
      if (m[3] !== undefined) d.byConvoy = true;
      dislodged.push(d);
    }

    function readContested(itemText: string, column: number): void {
      for (const part of words(itemText, column)) {
        const province = splitCoast(map, part.text).province;
        if (province < 0) report('unknown-province', `unknown province "${part.text}"`, lineNo, part.column);
        else contested.push(map.locationCode[province] ?? '');
      }
    }

    function readUnit(itemText: string, column: number, owner: string): void {
      const unit = unitOf(itemText, column, owner, unitProvince);
      if (unit) units.push(unit);
    }

    /** A unit `A PAR`, `F Spain(nc)`; `taken` holds the provinces already holding one (province -> line). */
    function unitOf(
      itemText: string,
      column: number,
      owner: string,
      taken: Map<number, number>,
    ): Unit | undefined {
      const m = /^([AaFf])\s+(\S.*)$/.exec(itemText);
      if (!m) {
        report(
          'bad-unit',
          `expected a unit like "A PAR" or "F St Petersburg(sc)", got "${itemText}"`,
          lineNo,
          column,
        );
        return undefined;
      }
      const type: UnitType = (m[1] ?? '').toUpperCase() === 'F' ? 'F' : 'A';
      const locText = m[2] ?? '';
      const locColumn = column + itemText.length - locText.length;
      const { province, coast } = splitCoast(map, locText);
      if (province < 0) {
        report('unknown-location', `unknown location "${locText}"`, lineNo, locColumn);
        return undefined;
      }
      let location = locationOf(map, province, coast);
      const code = map.locationCode[province] ?? '';
      if (location < 0) {
        report('bad-coast', `${code} has no coast "${coast ?? ''}"`, lineNo, locColumn);
        return undefined;
      }
      const kind = map.provinceKind[province];
      if (type === 'A') {
        if (kind === 'sea') {
          report('army-at-sea', `an army cannot stand in ${code}, a sea province`, lineNo, column);
          return undefined;
        }
        location = province;
      } else {
        if (kind === 'land') {
          report('fleet-inland', `a fleet cannot stand in ${code}, an inland province`, lineNo, column);
          return undefined;
        }
        if ((map.provinceCoasts[province]?.length ?? 0) > 0 && location === province) {
          const coasts = (map.provinceCoasts[province] ?? [])
            .map((l) => map.locationCode[l] ?? '')
            .join(' or ');
          report('coast-required', `a fleet in ${code} needs its coast: ${coasts}`, lineNo, locColumn);
          return undefined;
        }
      }
      const other = taken.get(province);
      if (other !== undefined) {
        report('two-units-in-province', `${code} already holds a unit (line ${other})`, lineNo, column);
        return undefined;
      }
      taken.set(province, lineNo);
      return { power: owner, type, location: map.locationCode[location] ?? code };
    }

    function readCenters(itemText: string, column: number, owner: string): void {
      for (const part of words(itemText, column)) {
        const province = splitCoast(map, part.text).province;
        if (province < 0) {
          report('unknown-province', `unknown province "${part.text}"`, lineNo, part.column);
          continue;
        }
        const code = map.locationCode[province] ?? '';
        if (map.supplyCenter[province] !== 1) {
          report('not-a-supply-center', `${code} is not a supply centre`, lineNo, part.column);
          continue;
        }
        const previous = centerOwner.get(code);
        if (previous !== undefined) {
          report('duplicate-center', `${code} is already owned by ${previous}`, lineNo, part.column);
          continue;
        }
        centerOwner.set(code, owner);
        (centers[owner] ??= []).push(code);
      }
    }
  }

  /** "LON EDI LVP" without commas: one item per word when every word is a province, else the item itself. */
  function words(itemText: string, column: number): { text: string; column: number }[] {
    const single = splitCoast(map, itemText).province;
    const split = itemText.split(/\s+/);
    const parts: { text: string; column: number }[] = [];
    if (single < 0 && split.length > 1 && split.every((w) => splitCoast(map, w).province >= 0)) {
      let from = 0;
      for (const w of split) {
        const at = itemText.indexOf(w, from);
        parts.push({ text: w, column: column + at });
        from = at + w.length;
      }
    } else {
      parts.push({ text: itemText, column });
    }
    return parts;
  }

  // Orders: the parser sees the order lines at their own line numbers (other lines blanked).
  const parsed = parseOrders(map, orderLines.join('\n'));
  const orderIssues = parsed.issues.map((i) => {
    const copy: Issue = { ...i };
    if (source !== undefined) copy.source = source;
    return copy;
  });
  issues.push(...orderIssues);
  issues.sort((a, b) => (a.line ?? 0) - (b.line ?? 0) || (a.column ?? 0) - (b.column ?? 0));

  const value: PositionText = {
    position: {
      phase: phase ?? firstPhase(map),
      units,
      dislodged,
      contested,
      supplyCenters: centers,
    },
    orders: parsed.value ?? [],
    orderIssues,
  };
  if (phaseLine !== undefined) value.phaseLine = phaseLine;
  if (mapName !== undefined) value.map = mapName;
  return { value, issues };
}

/**
 * The map a position text names in its `map:` header (before any `orders:` section), as written, with its line
 * and column; undefined when it names none. Read this first to choose the map for `readPositionText`.
 */
export function positionTextMap(text: string): { name: string; line: number; column: number } | undefined {
  const lines = String(text).split(/\r\n|\r|\n/);
  for (let i = 0; i < lines.length; i++) {
    const raw = lines[i] ?? '';
    const hash = raw.indexOf('#');
    const body = hash >= 0 ? raw.slice(0, hash) : raw;
    if (/^\s*orders\s*:/i.test(body)) return undefined;
    const m = /^(\s*map\s*:\s*)(.*?)\s*$/i.exec(body);
    if (m) return { name: m[2] ?? '', line: i + 1, column: (m[1] ?? '').length + 1 };
  }
  return undefined;
}

/** Splits "F London, F North Sea" at commas, with the 1-based column of each trimmed item. */
function splitItems(body: string, start: number): { text: string; column: number }[] {
  const items: { text: string; column: number }[] = [];
  let from = start;
  while (from <= body.length) {
    let comma = body.indexOf(',', from);
    if (comma < 0) comma = body.length;
    const piece = body.slice(from, comma);
    const lead = piece.length - piece.trimStart().length;
    const text = piece.trim();
    if (text !== '') items.push({ text, column: from + lead + 1 });
    from = comma + 1;
  }
  return items;
}

/**
 * A position as dipkit's text form, which `readPositionText` reads back to the same position: `phase:`, `units:`,
 * the `dislodged:` units with their attacker's origin and the `contested:` provinces (when a retreat phase has
 * them), and `centers:`. Powers in map order; an `orders:` section can be appended to adjudicate it.
 */
export function writePositionText(map: GameMap, position: Position): string {
  const out = [`phase: ${phaseName(position.phase)}`];
  if (mapIdOf(map.name) !== 'standard') out.unshift(`map: ${mapIdOf(map.name)}`);
  const byPower = (title: string, items: (power: string) => string[]): void => {
    const lines = (title === 'centers' ? map.powers : unitOwnerNames(map)).flatMap((power) => {
      const list = items(power);
      return list.length === 0 ? [] : [`  ${power}: ${list.join(', ')}`];
    });
    if (lines.length > 0) out.push(`${title}:`, ...lines);
  };
  byPower('units', (power) =>
    position.units.filter((u) => u.power === power).map((u) => `${u.type} ${u.location}`),
  );
  byPower('dislodged', (power) =>
    position.dislodged
      .filter((u) => u.power === power)
      .map((u) => `${u.type} ${u.location} from ${u.attackerFrom}${u.byConvoy === true ? ' by convoy' : ''}`),
  );
  if (position.contested.length > 0) out.push(`contested: ${position.contested.join(', ')}`);
  byPower('centers', (power) => [...(position.supplyCenters[power] ?? [])].sort());
  if (!out.some((l) => l === 'centers:')) out.push('centers:                # none owned');
  return `${out.join('\n')}\n`;
}
