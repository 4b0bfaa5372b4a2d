/**
 * `dipkit datc [FILE...]`: runs DATC test cases and says which pass. Two kinds of file:
 * - the project's DATC v3.2 chapter 6 data (test/data/datc-v3.2.json, the default when no FILE is given), or any
 *   JSON file of that shape: every order's resolution is compared with the document's words exactly
 *   (src/datc/run.ts), with the errata of test/data/datc-errata.json applied;
 * - jDip-format test files (such as godip's DATC v2.4 file): the position after each case is compared with the
 *   expected one (src/datc/jdip.ts). Known deviations of such a file from DATC 3.2 are listed in a JSON object
 *   (case label -> reason; a key ending in "*" matches a prefix; a key starting with "#" is a note). A listed case
 *   that fails is reported as DEVIATION and counted as skipped. A case id that occurs more than once in a file
 *   gets the label "<id>#<n>" from its second occurrence on.
 * A file with no case at all is refused (exit 2). Repeated warnings are capped, per code, on stderr; with --json
 * every issue is in the JSON instead.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { RuleOptions } from '../adjudication/rules.js';
import { applyErrata, readDatcJson, readErrata, type DatcCase, type Erratum } from '../datc/cases.js';
import { runJdipCase } from '../datc/jdip.js';
import { CaseError, caseDifferences, prepareCase, runCase } from '../datc/run.js';
import { readJdipCases } from '../formats/jdip.js';
import { formatIssue, issue, type Issue } from '../issues.js';
import { standardMap } from '../map/compile.js';
import type { GameMap } from '../map/types.js';
import { ruleFlags, ruleFlagsHelp, rulesFromFlags } from './rule-flags.js';
import {
  movementAdjudicator,
  resolverFlag,
  resolverFlagHelp,
  resolverFromFlag,
  type MovementAdjudicator,
} from './resolver-flag.js';

export const summary = 'run the DATC v3.2 cases (or jDip-format test files) and say which pass';

const DATA = new URL('../../../test/data/', import.meta.url);
const DEFAULT_CASES = new URL('datc-v3.2.json', DATA);
const DEFAULT_ERRATA = new URL('datc-errata.json', DATA);
const DEFAULT_DEVIATIONS = new URL('jdip-deviations.json', DATA);

/** Warnings of one code printed before the rest are counted ("... and 6,880 more"). */
const WARNINGS_PER_CODE = 5;

export const usage = `Usage: dipkit datc [--json] [--errata FILE] [--deviations FILE] [--rules PRESET] [--rule ISSUE=CHOICE]... [--resolver NAME] [FILE...]

With no FILE, runs the 176 cases of DATC v3.2 chapter 6 that dipkit ships (test/data/datc-v3.2.json) and
compares every order's resolution with the document's words, exactly. A FILE is either such a DATC JSON file
or a jDip-format test file (such as godip's DATC v2.4 file), whose cases are checked by the units and dislodged
units after the phase. Prints one line per case:

  PASS <id>
  FAIL <id>: <what differs>            e.g. F North Sea - Picardy: "illegal" expected, "fails" given
                                            missing ENGLAND A YOR; unexpected FRANCE A YOR (jDip files)
  SKIP <id>: <why>                     a case that cannot be run (another variant, an unknown order)
  DEVIATION <id>: <reason> (<what differs>)   a failing jDip case listed as a known deviation

then "N passed, N failed" (and ", N skipped" when some were). For jDip files, dislodged units without any
retreat are left out of the comparison, as godip's files leave them out.

Options:
  --errata FILE      corrections to the document's words, case and order each with its reason
                     (default: the bundled test/data/datc-errata.json); applied to DATC JSON files
  --deviations FILE  JSON object "case id" -> reason: known deviations of a jDip file from DATC 3.2
                     (default: the bundled test/data/jdip-deviations.json). A key "6.J.*" matches a
                     prefix, "6.F.14#2" the second case with a repeated id; keys starting with # are notes
${ruleFlagsHelp}
${resolverFlagHelp}
  --json             print a JSON report instead, with every warning in its "issues"
  -h, --help         show this help

Exit status: 0 no case failed, 1 some case failed, 2 a file could not be read or holds no case.`;

export type CaseStatus = 'pass' | 'fail' | 'skip' | 'deviation';

export interface CaseReport {
  file: string;
  /** The id as written in the file. */
  id: string;
  /** The id, with "#n" for the n-th occurrence of a repeated id: the key of the deviations file. */
  label: string;
  /** 1-based line of the case (jDip files). */
  line?: number;
  status: CaseStatus;
  /** What differs from what the file expects, for failures and deviations. */
  differences: string[];
  /** Why a case was skipped, or the deviation's reason. */
  reason?: string;
}

interface Settings {
  map: GameMap;
  rules: RuleOptions;
  adjudicate: MovementAdjudicator;
  errata: Erratum[];
  deviations: ReadonlyMap<string, string>;
}

/** Runs the command; returns the exit code. */
export function run(args: string[]): number {
  let parsed;
  try {
    parsed = parseArgs({
      args,
      options: {
        json: { type: 'boolean' },
        errata: { type: 'string' },
        deviations: { type: 'string' },
        ...ruleFlags,
        ...resolverFlag,
        help: { type: 'boolean', short: 'h' },
      },
      allowPositionals: true,
      strict: true,
    });
  } catch (e) {
    process.stderr.write(`dipkit datc: ${errorMessage(e)}\n${usageHint}`);
    return 2;
  }
  if (parsed.values.help === true) {
    process.stdout.write(`${usage}\n`);
    return 0;
  }

  const rules = rulesFromFlags('datc', parsed.values);
  if (!rules) return 2;
  const resolver = resolverFromFlag('datc', parsed.values.resolver);
  if (!resolver) return 2;
  const deviations = readDeviations(parsed.values.deviations ?? DEFAULT_DEVIATIONS);
  if ('error' in deviations) {
    process.stderr.write(`${deviations.error}\n`);
    return 2;
  }
  const errataPath = parsed.values.errata ?? DEFAULT_ERRATA;
  const errata = readText(errataPath);
  const readErrataResult =
    'text' in errata ? readErrata(errata.text, errata.name) : { issues: [errata.issue] };
  if (!readErrataResult.value) {
    for (const i of readErrataResult.issues) process.stderr.write(`${formatIssue(i)}\n`);
    return 2;
  }

  const settings: Settings = {
    map: standardMap(),
    rules,
    adjudicate: movementAdjudicator(resolver),
    errata: readErrataResult.value,
    deviations: deviations.value,
  };
  const files: (string | URL)[] = parsed.positionals.length > 0 ? parsed.positionals : [DEFAULT_CASES];
  const json = parsed.values.json === true;
  const reports: CaseReport[] = [];
  const issues: Issue[] = [];
  const out: string[] = [];
  let unreadable = false;
  let corrected = 0;
  for (const file of files) {
    const read = readText(file);
    if (!('text' in read)) {
      issues.push(read.issue);
      unreadable = true;
      continue;
    }
    const ran = runFile(read.name, read.text, settings);
    issues.push(...ran.issues);
    if (ran.reports.length === 0) {
      unreadable = true;
      continue;
    }
    corrected += ran.corrected;
    if (files.length > 1 && !json) out.push(`# ${read.name}`);
    reports.push(...ran.reports);
    if (!json) out.push(...ran.reports.map(reportLine));
  }

  const passed = reports.filter((r) => r.status === 'pass').length;
  const failed = reports.filter((r) => r.status === 'fail').length;
  const skipped = reports.length - passed - failed;
  if (json) {
    const report = { passed, failed, skipped, errataApplied: corrected, cases: reports, issues };
    process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
  } else {
    for (const line of cappedWarnings(issues)) process.stderr.write(`${line}\n`);
    if (reports.length > 0) {
      if (corrected > 0) {
        const source = typeof errataPath === 'string' ? errataPath : 'test/data/datc-errata.json';
        out.push(
          `${corrected} expected ${corrected === 1 ? 'word' : 'words'} corrected by the errata in ${source}`,
        );
      }
      out.push(`${passed} passed, ${failed} failed${skipped > 0 ? `, ${skipped} skipped` : ''}`);
      process.stdout.write(`${out.join('\n')}\n`);
    }
  }
  if (unreadable) return 2;
  return failed > 0 ? 1 : 0;
}

const usageHint = 'Run "dipkit datc --help" for usage.\n';

function errorMessage(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

/** A file's text, or the issue of reading it. The bundled files are named by their place in the repository. */
function readText(file: string | URL): { name: string; text: string } | { issue: Issue } {
  const name =
    typeof file === 'string' ? file : `test/data/${fileURLToPath(file).split(/[\\/]/).at(-1) ?? ''}`;
  try {
    return { name, text: readFileSync(file, 'utf8') };
  } catch (e) {
    const code = (e as { code?: string }).code;
    const why = code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'is a directory' : errorMessage(e);
    const i = issue('read-error', `cannot read the file: ${why}`);
    i.source = name;
    return { issue: i };
  }
}

/** Whether a text is a DATC JSON file (an object with "cases") rather than a jDip-format file. */
function looksLikeJson(text: string): boolean {
  return /^\s*[{[]/.test(text);
}

/**
 * Runs the cases of one file. No report means the file holds no case: then its only issue says why, and the
 * reader's other warnings (every line "outside a case") are dropped as noise.
 */
function runFile(
  name: string,
  text: string,
  s: Settings,
): { reports: CaseReport[]; issues: Issue[]; corrected: number } {
  const none = (why: string): { reports: CaseReport[]; issues: Issue[]; corrected: number } => {
    const i = issue('no-cases', why);
    i.source = name;
    return { reports: [], issues: [i], corrected: 0 };
  };
  if (looksLikeJson(text)) {
    const read = readDatcJson(text, name);
    if (!read.value) {
      const i = read.issues.at(-1)!;
      return none(i.code === 'no-cases' ? i.message : `not a DATC JSON file: ${i.message}`);
    }
    const applied = applyErrata(read.value, s.errata);
    const corrected = countCorrections(read.value, applied.value!);
    const reports = applied.value!.map((c) => runJsonCase(name, c, s));
    return {
      reports,
      issues: [...read.issues, ...applied.issues.map((i) => ({ ...i, source: name }))],
      corrected,
    };
  }
  const read = readJdipCases(s.map, text, name);
  if (!read.value || read.value.length === 0)
    return none(
      'no DATC case in this file (expected a jDip test file with CASE ... END blocks, or a DATC JSON file)',
    );
  const reports: CaseReport[] = [];
  const seen = new Map<string, number>();
  for (const c of read.value) {
    const n = (seen.get(c.id) ?? 0) + 1;
    seen.set(c.id, n);
    const label = n === 1 ? c.id : `${c.id}#${n}`;
    const result = runJdipCase(s.map, c, s.rules, s.adjudicate);
    const base = { file: name, id: c.id, label, line: c.line };
    if ('skip' in result) {
      reports.push({ ...base, status: 'skip', differences: [], reason: result.skip });
      continue;
    }
    const differences = 'error' in result ? [result.error] : result.differences;
    const deviation = differences.length > 0 ? deviationFor(s.deviations, label) : undefined;
    if (differences.length === 0) reports.push({ ...base, status: 'pass', differences });
    else if (deviation !== undefined)
      reports.push({ ...base, status: 'deviation', differences, reason: deviation });
    else reports.push({ ...base, status: 'fail', differences });
  }
  return { reports, issues: read.issues, corrected: 0 };
}

function countCorrections(before: readonly DatcCase[], after: readonly DatcCase[]): number {
  let n = 0;
  before.forEach((c, i) =>
    c.orders.forEach((o, j) => (n += o.result === after[i]!.orders[j]!.result ? 0 : 1)),
  );
  return n;
}

/** One case of a DATC JSON file: PASS, FAIL with every order that differs, or SKIP when it cannot be run. */
function runJsonCase(file: string, c: DatcCase, s: Settings): CaseReport {
  const base = { file, id: c.id, label: c.id };
  try {
    const prepared = prepareCase(s.map, c);
    const differences = caseDifferences(c, prepared, runCase(s.map, prepared, s.rules, s.adjudicate));
    return { ...base, status: differences.length === 0 ? 'pass' : 'fail', differences };
  } catch (e) {
    if (e instanceof CaseError) return { ...base, status: 'skip', differences: [], reason: e.message };
    // The adjudicator failing is this case's failure, not the end of the run.
    return { ...base, status: 'fail', differences: [`the adjudicator threw: ${errorMessage(e)}`] };
  }
}

/**
 * The warnings to print: per code, the first few, then one line "... and 6,880 more <code> warnings".
 */
export function cappedWarnings(issues: readonly Issue[]): string[] {
  const shown = new Map<string, number>();
  const lines: string[] = [];
  for (const i of issues) {
    const n = (shown.get(i.code) ?? 0) + 1;
    shown.set(i.code, n);
    if (n <= WARNINGS_PER_CODE) lines.push(formatIssue(i));
  }
  for (const [code, n] of shown) {
    if (n > WARNINGS_PER_CODE)
      lines.push(`... and ${(n - WARNINGS_PER_CODE).toLocaleString('en-US')} more ${code} warnings`);
  }
  return lines;
}

/** Reads the deviations file: a JSON object of strings. */
function readDeviations(path: string | URL): { value: Map<string, string> } | { error: string } {
  const name = typeof path === 'string' ? path : 'test/data/jdip-deviations.json';
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(path, 'utf8'));
  } catch (e) {
    const code = (e as { code?: string }).code;
    return { error: `${name}  bad-deviations  ${code === 'ENOENT' ? 'no such file' : errorMessage(e)}` };
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    return { error: `${name}  bad-deviations  expected a JSON object of "case id": "reason"` };
  }
  const value = new Map<string, string>();
  for (const [key, reason] of Object.entries(data)) {
    if (key.startsWith('#')) continue; // a note
    if (typeof reason !== 'string') {
      return { error: `${name}  bad-deviations  the reason for "${key}" must be a string` };
    }
    value.set(key, reason);
  }
  return { value };
}

/** The reason a case is listed as a deviation: its exact label first, then the longest matching "prefix*" key. */
export function deviationFor(deviations: ReadonlyMap<string, string>, label: string): string | undefined {
  const exact = deviations.get(label);
  if (exact !== undefined) return exact;
  let best: string | undefined;
  let bestLength = -1;
  for (const [key, reason] of deviations) {
    if (!key.endsWith('*')) continue;
    const prefix = key.slice(0, -1);
    if (label.startsWith(prefix) && prefix.length > bestLength) {
      best = reason;
      bestLength = prefix.length;
    }
  }
  return best;
}

function reportLine(r: CaseReport): string {
  switch (r.status) {
    case 'pass':
      return `PASS ${r.label}`;
    case 'fail':
      return `FAIL ${r.label}: ${r.differences.join('; ')}`;
    case 'skip':
      return `SKIP ${r.label}: ${r.reason ?? ''}`;
    case 'deviation':
      return `DEVIATION ${r.label}: ${r.reason ?? ''} (${r.differences.join('; ')})`;
  }
}
