/**
 * Reader of the jDip adjudicator test-case format, as in godip's copy of DATC v2.4 chapter 6
 * (`datc_v2.4_06.txt`). The format is line based:
 *
 * ```
 * VARIANT_ALL Standard
 * CASE 6.A.5 (free text)
 * PRESTATE_SETPHASE Spring 1901, Movement
 * PRESTATE_SUPPLYCENTER_OWNERS      Power: A prov   (the unit letter is a placeholder)
 * PRESTATE                          Power: A|F prov
 * PRESTATE_DISLODGED                Power: A|F prov
 * PRESTATE_RESULTS                  SUCCESS: Power: <order>  /  FAILURE: Power: <order>
 * ORDERS                            Power: <order>
 * POSTSTATE                         Power: A|F prov
 * POSTSTATE_DISLODGED               Power: A|F prov
 * POSTSTATE_SAME
 * END
 * ```
 *
 * `#` starts a comment anywhere on a line. Quirks of the real files that are accepted: a missing
 * PRESTATE_SETPHASE means Spring 1901, Movement; an adjustment phase is written `Fall 1901, Adjustment` (read as
 * the winter adjustment phase); the colon after the power is optional in state lines; unit letters may be lower
 * case; province names are whatever the map resolves (godip's `mid`, `nat`, `nrg`, `gol` are aliases); case ids
 * are kept as written (`6.E.15.`, `6.F.E`, a repeated `6.F.14`). An order line whose power is misspelt
 * (`Germnay: A wal S F lon-yor` in 6.A.5) gives an `unknown-power` issue and the order is kept without a power.
 *
 * Environment-free and never throws: every malformed line gives one issue with its line and column, the line is
 * left out, and the other lines and cases still load.
 *
 * Issue codes: unknown-keyword, unexpected-text, outside-case, missing-section, missing-end, end-without-case,
 * missing-case-id, unknown-variant, bad-phase, bad-unit-line, unknown-power, unknown-location, bad-coast,
 * coast-required, army-at-sea, fleet-inland, two-units-in-province, bad-center-line, not-a-supply-center,
 * duplicate-center, bad-result-line, conflicting-poststate, missing-poststate, and the codes of `parseOrder` for
 * order lines that cannot be read.
 */
import { issue, type Issue, type Result } from '../issues.js';
import { locationOf, lookupPower, normalizeName, splitCoast } from '../map/query.js';
import type { GameMap, UnitType } from '../map/types.js';
import { parseOrder } from '../orders/parse.js';
import type { GivenOrder } from '../orders/types.js';
import type { Phase, PhaseType, Season, Unit } from '../position/types.js';

/** One line of PRESTATE_RESULTS: an order of the movement phase before a retreat phase and whether it succeeded. */
export interface JdipPriorResult {
  success: boolean;
  /** The order, with its power and line. */
  order: GivenOrder;
}

export interface JdipCase {
  /** The id as written after CASE, e.g. "6.F.14" or "6.E.15." (not cleaned up). */
  id: string;
  /** Free text after the id on the CASE line ("(Move to own sector with convoy)"), or "". */
  title: string;
  /** 1-based line of the CASE keyword. */
  line: number;
  /** Variant named by VARIANT_ALL before the case, or "" when there was none. */
  variant: string;
  phase: Phase;
  /** False when the case had no PRESTATE_SETPHASE (then `phase` is Spring 1901, Movement). */
  phaseGiven: boolean;
  /** PRESTATE: the units on the board before the phase. Locations are canonical ("SPA/NC"). */
  unitsBefore: Unit[];
  /** PRESTATE_DISLODGED: units dislodged in the movement phase before a retreat phase. */
  dislodgedBefore: Unit[];
  /** PRESTATE_RESULTS: the results of the movement phase before a retreat phase. */
  resultsBefore: JdipPriorResult[];
  /** PRESTATE_SUPPLYCENTER_OWNERS: power to owned province codes; absent when the case has no such section. */
  supplyCenters?: Record<string, string[]>;
  /** ORDERS, in file order, each with its power (when it could be read) and line. */
  orders: GivenOrder[];
  /** POSTSTATE (or a copy of PRESTATE for POSTSTATE_SAME): all units after the phase. */
  unitsAfter: Unit[];
  /** POSTSTATE_DISLODGED: dislodged units after a movement phase (godip leaves out those with no retreat). */
  dislodgedAfter: Unit[];
  /** True when the case used POSTSTATE_SAME. */
  postStateSame: boolean;
}

const KEYWORDS = [
  'VARIANT_ALL',
  'CASE',
  'PRESTATE_SETPHASE',
  'PRESTATE',
  'PRESTATE_DISLODGED',
  'PRESTATE_RESULTS',
  'PRESTATE_SUPPLYCENTER_OWNERS',
  'ORDERS',
  'POSTSTATE',
  'POSTSTATE_DISLODGED',
  'POSTSTATE_SAME',
  'END',
] as const;
type Keyword = (typeof KEYWORDS)[number];

/** Keywords that open a block of data lines. */
type Section =
  | 'PRESTATE'
  | 'PRESTATE_DISLODGED'
  | 'PRESTATE_RESULTS'
  | 'PRESTATE_SUPPLYCENTER_OWNERS'
  | 'ORDERS'
  | 'POSTSTATE'
  | 'POSTSTATE_DISLODGED';

function isKeyword(word: string): word is Keyword {
  return (KEYWORDS as readonly string[]).includes(word);
}

const DEFAULT_PHASE: Phase = { season: 'spring', year: 1901, type: 'movement' };

/** A case being read: the case plus what is needed to finish it. */
interface Draft {
  value: JdipCase;
  postState: boolean;
  /** Line of POSTSTATE_SAME, for the conflict check. */
  sameLine: number;
}

/**
 * Reads all cases of a jDip test-case file. `source` (a file name) is set on every issue. The value is always
 * present (possibly empty); the issues list every line that could not be read.
 */
export function readJdipCases(map: GameMap, text: string, source?: string): Result<JdipCase[]> {
  const issues: Issue[] = [];
  const report = (code: string, message: string, line: number, column: number): void => {
    const i = issue(code, message, line, column);
    if (source !== undefined) i.source = source;
    issues.push(i);
  };
  const cases: JdipCase[] = [];
  let variant = '';
  let draft: Draft | undefined;
  let section: Section | undefined;

  const finish = (d: Draft): void => {
    const c = d.value;
    if (c.postStateSame) {
      if (d.postState) {
        report('conflicting-poststate', `case ${c.id} has both POSTSTATE and POSTSTATE_SAME`, d.sameLine, 1);
      } else {
        c.unitsAfter = c.unitsBefore.map((u) => ({ ...u }));
      }
    } else if (!d.postState) {
      report('missing-poststate', `case ${c.id} has neither POSTSTATE nor POSTSTATE_SAME`, c.line, 1);
    }
    cases.push(c);
  };

  const lines = String(text).split(/\r\n|\r|\n/);
  for (let i = 0; i < lines.length; i++) {
    const lineNo = i + 1;
    const raw = lines[i] ?? '';
    const hash = raw.indexOf('#');
    const body = hash >= 0 ? raw.slice(0, hash) : raw;
    const start = body.search(/\S/);
    if (start < 0) continue;
    const content = body.trimEnd();
    const wordMatch = /^[^\s]+/.exec(content.slice(start));
    const word = wordMatch?.[0] ?? '';
    const restStart = (() => {
      const after = content.slice(start + word.length);
      const s = after.search(/\S/);
      return s < 0 ? -1 : start + word.length + s;
    })();
    const rest = restStart < 0 ? '' : content.slice(restStart);
    const col = (index: number): number => index + 1;

    if (isKeyword(word)) {
      switch (word) {
        case 'VARIANT_ALL':
          variant = rest;
          if (rest === '') report('unknown-variant', 'VARIANT_ALL names no variant', lineNo, col(start));
          else if (normalizeName(rest) !== normalizeName(map.name)) {
            report(
              'unknown-variant',
              `variant "${rest}" is not the map's (${map.name}); the cases are read on that map`,
              lineNo,
              col(restStart),
            );
          }
          break;
        case 'CASE': {
          if (draft) {
            report(
              'missing-end',
              `case ${draft.value.id} has no END before the next CASE`,
              lineNo,
              col(start),
            );
            finish(draft);
          }
          const idMatch = /^(\S+)\s*(.*)$/.exec(rest);
          let id = idMatch?.[1] ?? '';
          if (id === '') {
            id = `line ${lineNo}`;
            report('missing-case-id', 'CASE without an id', lineNo, col(start));
          }
          draft = {
            value: {
              id,
              title: idMatch?.[2] ?? '',
              line: lineNo,
              variant,
              phase: { ...DEFAULT_PHASE },
              phaseGiven: false,
              unitsBefore: [],
              dislodgedBefore: [],
              resultsBefore: [],
              orders: [],
              unitsAfter: [],
              dislodgedAfter: [],
              postStateSame: false,
            },
            postState: false,
            sameLine: 0,
          };
          section = undefined;
          break;
        }
        case 'END':
          if (!draft) report('end-without-case', 'END without a CASE', lineNo, col(start));
          else {
            if (rest !== '') report('unexpected-text', `text after END: "${rest}"`, lineNo, col(restStart));
            finish(draft);
          }
          draft = undefined;
          section = undefined;
          break;
        case 'PRESTATE_SETPHASE':
        case 'PRESTATE':
        case 'PRESTATE_DISLODGED':
        case 'PRESTATE_RESULTS':
        case 'PRESTATE_SUPPLYCENTER_OWNERS':
        case 'ORDERS':
        case 'POSTSTATE':
        case 'POSTSTATE_DISLODGED':
        case 'POSTSTATE_SAME': {
          if (!draft) {
            report('outside-case', `${word} outside a CASE ... END block`, lineNo, col(start));
            section = undefined;
            break;
          }
          const c = draft.value;
          if (word === 'PRESTATE_SETPHASE') {
            section = undefined;
            const phase = readPhase(rest);
            if (phase === undefined) {
              report(
                'bad-phase',
                `cannot read the phase "${rest}": expected e.g. "Spring 1901, Movement" or "Fall 1901, Adjustment"`,
                lineNo,
                col(restStart < 0 ? start : restStart),
              );
            } else {
              c.phase = phase;
              c.phaseGiven = true;
            }
            break;
          }
          if (rest !== '') report('unexpected-text', `text after ${word}: "${rest}"`, lineNo, col(restStart));
          if (word === 'POSTSTATE_SAME') {
            c.postStateSame = true;
            draft.sameLine = lineNo;
            section = undefined;
            if (draft.postState) {
              report(
                'conflicting-poststate',
                `case ${c.id} has both POSTSTATE and POSTSTATE_SAME`,
                lineNo,
                1,
              );
            }
            break;
          }
          if (word === 'POSTSTATE') {
            draft.postState = true;
          }
          section = word;
          break;
        }
      }
      continue;
    }
    if (/^[A-Z]+(_[A-Z]+)+$/.test(word)) {
      report('unknown-keyword', `unknown keyword ${word}`, lineNo, col(start));
      section = undefined;
      continue;
    }
    if (!draft) {
      report('outside-case', 'data line outside a CASE ... END block', lineNo, col(start));
      continue;
    }
    if (section === undefined) {
      report(
        'missing-section',
        'data line before any PRESTATE, ORDERS, POSTSTATE, ... keyword of the case',
        lineNo,
        col(start),
      );
      continue;
    }
    const c = draft.value;
    const at = { line: lineNo, report };
    switch (section) {
      case 'PRESTATE':
        pushUnit(map, c.unitsBefore, content, start, at);
        break;
      case 'PRESTATE_DISLODGED':
        pushUnit(map, c.dislodgedBefore, content, start, at);
        break;
      case 'POSTSTATE':
        pushUnit(map, c.unitsAfter, content, start, at);
        break;
      case 'POSTSTATE_DISLODGED':
        pushUnit(map, c.dislodgedAfter, content, start, at);
        break;
      case 'PRESTATE_SUPPLYCENTER_OWNERS':
        c.supplyCenters ??= {};
        readCenter(map, c.supplyCenters, content, start, at);
        break;
      case 'ORDERS': {
        const order = readOrderLine(map, content, start, at);
        if (order) c.orders.push(order);
        break;
      }
      case 'PRESTATE_RESULTS': {
        const m = /^(SUCCESS|FAILURE)\s*:\s*/i.exec(content.slice(start));
        if (!m) {
          report(
            'bad-result-line',
            'expected "SUCCESS: Power: <order>" or "FAILURE: Power: <order>"',
            lineNo,
            col(start),
          );
          break;
        }
        const order = readOrderLine(map, content, start + m[0].length, at);
        if (order) c.resultsBefore.push({ success: (m[1] ?? '').toUpperCase() === 'SUCCESS', order });
        break;
      }
    }
  }
  if (draft) {
    report('missing-end', `case ${draft.value.id} has no END`, draft.value.line, 1);
    finish(draft);
  }
  return { value: cases, issues };
}

interface At {
  line: number;
  report: (code: string, message: string, line: number, column: number) => void;
}

const SEASONS: Record<string, Season> = {
  spring: 'spring',
  summer: 'spring',
  fall: 'fall',
  autumn: 'fall',
  winter: 'winter',
};
const PHASE_TYPES: Record<string, PhaseType> = {
  movement: 'movement',
  move: 'movement',
  moves: 'movement',
  retreat: 'retreat',
  retreats: 'retreat',
  adjustment: 'adjustment',
  adjustments: 'adjustment',
  build: 'adjustment',
  builds: 'adjustment',
};

/**
 * "Spring 1901, Movement", "Spring 1901, Retreat", "Fall 1901, Adjustment" (jDip writes the adjustment phase as
 * Fall; it is the winter adjustment phase). Undefined when it cannot be read or is not a possible phase.
 */
function readPhase(text: string): Phase | undefined {
  const m = /^([A-Za-z]+)\s+(\d{1,5})\s*,?\s*([A-Za-z]+)$/.exec(text.trim());
  if (!m) return undefined;
  const season = SEASONS[(m[1] ?? '').toLowerCase()];
  const type = PHASE_TYPES[(m[3] ?? '').toLowerCase()];
  const year = Number(m[2]);
  if (season === undefined || type === undefined) return undefined;
  if (type === 'adjustment') return { season: 'winter', year, type };
  if (season === 'winter') return undefined;
  return { season, year, type };
}

/** Reads "Power[:] A|F location" starting at `start`; returns the power and the parsed unit, or reports. */
function readUnitLine(
  map: GameMap,
  content: string,
  start: number,
  at: At,
): { power: string; type: UnitType; location: number; province: number; column: number } | undefined {
  const m = /^([A-Za-z][A-Za-z-]*)(?:\s*:\s*|\s+)([AaFf])\s+(\S(?:.*\S)?)\s*$/d.exec(content.slice(start));
  if (!m) {
    at.report('bad-unit-line', 'expected "Power: A|F location"', at.line, start + 1);
    return undefined;
  }
  const column = (group: number): number => start + (m.indices?.[group]?.[0] ?? 0) + 1;
  const powerText = m[1] ?? '';
  const power = lookupPower(map, powerText);
  if (power < 0) {
    at.report('unknown-power', `unknown power "${powerText}"`, at.line, column(1));
    return undefined;
  }
  const type: UnitType = (m[2] ?? '').toUpperCase() === 'F' ? 'F' : 'A';
  const locText = m[3] ?? '';
  const { province, coast } = splitCoast(map, locText);
  if (province < 0) {
    at.report('unknown-location', `unknown location "${locText}"`, at.line, column(3));
    return undefined;
  }
  const location = locationOf(map, province, coast);
  if (location < 0) {
    at.report(
      'bad-coast',
      `${map.locationCode[province] ?? locText} has no coast "${coast ?? ''}"`,
      at.line,
      column(3),
    );
    return undefined;
  }
  return { power: map.powers[power] ?? '', type, location, province, column: column(3) };
}

/** A state line (PRESTATE, POSTSTATE, and their DISLODGED forms) to a unit, checked against the map. */
function pushUnit(map: GameMap, units: Unit[], content: string, start: number, at: At): void {
  const r = readUnitLine(map, content, start, at);
  if (!r) return;
  const { power, type, province, column } = r;
  let location = r.location;
  const code = map.locationCode[province] ?? '';
  const kind = map.provinceKind[province];
  if (type === 'A') {
    if (kind === 'sea') {
      at.report('army-at-sea', `an army cannot stand in ${code}, a sea province`, at.line, column);
      return;
    }
    location = province; // an army stands in the province, never on a coast
  } else {
    if (kind === 'land') {
      at.report('fleet-inland', `a fleet cannot stand in ${code}, an inland province`, at.line, column);
      return;
    }
    if ((map.provinceCoasts[province]?.length ?? 0) > 0 && location === province) {
      at.report('coast-required', `a fleet in ${code} needs its coast (e.g. ${code}/NC)`, at.line, column);
      return;
    }
  }
  if (units.some((u) => splitCoast(map, u.location).province === province)) {
    at.report('two-units-in-province', `${code} already holds a unit in this list`, at.line, column);
    return;
  }
  units.push({ power, type, location: map.locationCode[location] ?? code });
}

/** A PRESTATE_SUPPLYCENTER_OWNERS line, "Power: A prov" (the letter is a placeholder and may be left out). */
function readCenter(
  map: GameMap,
  owners: Record<string, string[]>,
  content: string,
  start: number,
  at: At,
): void {
  const m = /^([A-Za-z][A-Za-z-]*)(?:\s*:\s*|\s+)(?:[AaFf]\s+)?(\S(?:.*\S)?)\s*$/d.exec(content.slice(start));
  if (!m) {
    at.report('bad-center-line', 'expected "Power: A province"', at.line, start + 1);
    return;
  }
  const column = (group: number): number => start + (m.indices?.[group]?.[0] ?? 0) + 1;
  const powerText = m[1] ?? '';
  const power = lookupPower(map, powerText);
  if (power < 0) {
    at.report('unknown-power', `unknown power "${powerText}"`, at.line, column(1));
    return;
  }
  const provText = m[2] ?? '';
  const { province } = splitCoast(map, provText);
  if (province < 0) {
    at.report('unknown-location', `unknown province "${provText}"`, at.line, column(2));
    return;
  }
  const code = map.locationCode[province] ?? '';
  if (map.supplyCenter[province] !== 1) {
    at.report('not-a-supply-center', `${code} is not a supply centre`, at.line, column(2));
    return;
  }
  for (const [other, list] of Object.entries(owners)) {
    if (list.includes(code)) {
      at.report('duplicate-center', `${code} is already owned by ${other}`, at.line, column(2));
      return;
    }
  }
  const name = map.powers[power] ?? '';
  (owners[name] ??= []).push(code);
}

/**
 * An order line, "Power: <order>", read from `start`. A power the map does not know is reported and the order is
 * kept without a power (the adjudicator then takes the order for whatever unit stands there).
 */
function readOrderLine(map: GameMap, content: string, start: number, at: At): GivenOrder | undefined {
  const text = content.slice(start);
  let offset = start;
  let power: string | undefined;
  const m = /^([A-Za-z][A-Za-z-]*)\s*:\s*/.exec(text);
  if (m) {
    const powerText = m[1] ?? '';
    const p = lookupPower(map, powerText);
    if (p < 0) {
      at.report(
        'unknown-power',
        `unknown power "${powerText}"; the order is kept without a power`,
        at.line,
        start + 1,
      );
    } else {
      power = map.powers[p];
    }
    offset = start + m[0].length;
  }
  const r = parseOrder(map, content.slice(offset));
  if (!r.value) {
    for (const i of r.issues) at.report(i.code, i.message, at.line, offset + (i.column ?? 1));
    if (r.issues.length === 0) at.report('bad-order', 'cannot read the order', at.line, offset + 1);
    return undefined;
  }
  const given: GivenOrder = { order: r.value.order, line: at.line };
  const p = power ?? r.value.power;
  if (p !== undefined) given.power = p;
  return given;
}
