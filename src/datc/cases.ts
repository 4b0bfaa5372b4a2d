/**
 * The DATC v3.2 chapter 6 cases as JSON (test/data/datc-v3.2.json, made from the document by
 * scripts/datc-html-to-json.mjs) and the errata to their resolution words (test/data/datc-errata.json). Reading
 * only: the caller reads the files (src/cli/datc.ts, the tests) and gives the text.
 */
import { issue, type Issue, type Result } from '../issues.js';

/** One order line of a case, under its power's heading, with the document's resolution ("fails, dislodged"). */
export interface DatcLine {
  power: string;
  text: string;
  result: string;
}

export interface DatcCase {
  id: string;
  section: string;
  title: string;
  phase: 'movement' | 'adjustment';
  /** Units and supply centres the case's text gives besides the ordered units ("Russia owns St Petersburg"). */
  owns: { power: string; unit?: string; center?: string }[];
  orders: DatcLine[];
  /** The retreat phase after the movement (6.F.7, 6.H). */
  retreats: DatcLine[];
  /** Civil-disorder removals the case states, as "Automatic disband A Warsaw". */
  automatic: { power: string; text: string }[];
}

/**
 * A word of the document that contradicts its own rules, corrected for one order. `alternatives`, when given,
 * makes it an erratum to test/data/datc-alternatives.json instead: the rule settings of each entry it applies
 * to, joined by a space ("4.A.2=rule-1971").
 */
export interface Erratum {
  case: string;
  order: string;
  document: string;
  corrected: string;
  reason: string;
  alternatives?: string[];
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function isLine(v: unknown): v is DatcLine {
  return (
    isRecord(v) && typeof v.power === 'string' && typeof v.text === 'string' && typeof v.result === 'string'
  );
}

/**
 * Reads the cases of a DATC JSON file. A case that is not well formed is an issue (its index and what is wrong)
 * and is left out; a file with no case at all gives no value.
 */
export function readDatcJson(text: string, source?: string): Result<DatcCase[]> {
  const issues: Issue[] = [];
  const fail = (code: string, message: string): Result<DatcCase[]> => {
    const i = issue(code, message);
    if (source !== undefined) i.source = source;
    return { issues: [...issues, i] };
  };
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (e) {
    return fail('bad-json', e instanceof Error ? e.message : String(e));
  }
  if (!isRecord(data) || !Array.isArray(data.cases))
    return fail('no-cases', 'not a DATC JSON file: expected an object with a "cases" array');
  const cases: DatcCase[] = [];
  data.cases.forEach((c: unknown, index) => {
    const why = caseProblem(c);
    if (why === undefined) {
      const d = c as DatcCase & {
        retreats?: DatcLine[];
        owns?: DatcCase['owns'];
        automatic?: DatcCase['automatic'];
      };
      cases.push({
        id: d.id,
        section: typeof d.section === 'string' ? d.section : '',
        title: typeof d.title === 'string' ? d.title : '',
        phase: d.phase,
        owns: d.owns ?? [],
        orders: d.orders,
        retreats: d.retreats ?? [],
        automatic: d.automatic ?? [],
      });
      return;
    }
    const i = issue(
      'bad-case',
      `case ${index + 1}${isRecord(c) && typeof c.id === 'string' ? ` (${c.id})` : ''}: ${why}`,
    );
    if (source !== undefined) i.source = source;
    issues.push(i);
  });
  if (cases.length === 0) return fail('no-cases', 'the file holds no DATC case');
  return { value: cases, issues };
}

/** What is wrong with one case object, or undefined. */
function caseProblem(c: unknown): string | undefined {
  if (!isRecord(c)) return 'not an object';
  if (typeof c.id !== 'string') return 'no "id"';
  if (c.phase !== 'movement' && c.phase !== 'adjustment') return '"phase" must be "movement" or "adjustment"';
  if (!Array.isArray(c.orders) || !c.orders.every(isLine))
    return '"orders" must be a list of { power, text, result }';
  if (c.retreats !== undefined && (!Array.isArray(c.retreats) || !c.retreats.every(isLine)))
    return '"retreats" must be a list of { power, text, result }';
  if (
    c.owns !== undefined &&
    (!Array.isArray(c.owns) || !c.owns.every((o) => isRecord(o) && typeof o.power === 'string'))
  )
    return '"owns" must be a list of { power, unit or center }';
  if (
    c.automatic !== undefined &&
    (!Array.isArray(c.automatic) ||
      !c.automatic.every((a) => isRecord(a) && typeof a.power === 'string' && typeof a.text === 'string'))
  )
    return '"automatic" must be a list of { power, text }';
  return undefined;
}

/** Reads an errata file: `{ "errata": [ Erratum... ] }`. */
export function readErrata(text: string, source?: string): Result<Erratum[]> {
  const bad = (message: string): Result<Erratum[]> => {
    const i = issue('bad-errata', message);
    if (source !== undefined) i.source = source;
    return { issues: [i] };
  };
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (e) {
    return bad(e instanceof Error ? e.message : String(e));
  }
  if (!isRecord(data) || !Array.isArray(data.errata)) return bad('expected an object with an "errata" array');
  const errata: Erratum[] = [];
  for (const [index, e] of data.errata.entries()) {
    const fields = ['case', 'order', 'document', 'corrected', 'reason'] as const;
    if (!isRecord(e) || !fields.every((f) => typeof e[f] === 'string'))
      return bad(`erratum ${index + 1}: needs the strings ${fields.join(', ')}`);
    if (
      e.alternatives !== undefined &&
      (!Array.isArray(e.alternatives) || !e.alternatives.every((a) => typeof a === 'string'))
    )
      return bad(`erratum ${index + 1}: "alternatives" must be a list of strings`);
    errata.push(e as unknown as Erratum);
  }
  return { value: errata, issues: [] };
}

/**
 * The cases with the errata to the main resolutions applied (a copy; `cases` is not changed). An erratum whose
 * case and order are in the cases but whose document word is not the one found is an issue: the data and the
 * errata disagree. Errata for cases that are not there (another file) are passed over.
 */
export function applyErrata(cases: readonly DatcCase[], errata: readonly Erratum[]): Result<DatcCase[]> {
  const issues: Issue[] = [];
  const copy = cases.map((c) => ({ ...c, orders: c.orders.map((o) => ({ ...o })) }));
  for (const e of errata) {
    if (e.alternatives !== undefined) continue;
    const line = copy.find((c) => c.id === e.case)?.orders.find((o) => o.text === e.order);
    if (!line) continue;
    if (line.result.toLowerCase() !== e.document) {
      issues.push(
        issue(
          'erratum-mismatch',
          `erratum for ${e.case} "${e.order}": the data says "${line.result}", not "${e.document}"`,
        ),
      );
      continue;
    }
    line.result = e.corrected;
  }
  return { value: copy, issues };
}
