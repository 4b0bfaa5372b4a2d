/**
 * `dipkit datc FILE...`: runs the cases of jDip-format DATC test files (src/formats/jdip.ts) and compares the
 * position after adjudication with the expected one, both ways, for units and for dislodged units. Movement,
 * retreat and adjustment cases are run; a case of another variant than the map's is skipped.
 *
 * Known deviations of a file from DATC 3.2 are listed in a JSON object (case label -> reason; a key ending in "*"
 * matches every label that starts with what comes before it; a key starting with "#" is a note and is ignored). A listed case that fails is reported as DEVIATION
 * and counted as skipped; a listed case that passes is a PASS. A case id that occurs more than once in a file gets
 * the label "<id>#<n>" from its second occurrence on (the second "6.F.14" of godip's file is "6.F.14#2").
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { adjudicateAdjustments } from '../adjudication/adjustment.js';
import { adjudicateMovement } from '../adjudication/movement/adjudicate.js';
import { adjudicateRetreats } from '../adjudication/retreat.js';
import type { RuleOptions } from '../adjudication/rules.js';
import { ruleFlags, ruleFlagsHelp, rulesFromFlags } from './rule-flags.js';
import {
  movementAdjudicator,
  resolverFlag,
  resolverFlagHelp,
  resolverFromFlag,
  type MovementAdjudicator,
} from './resolver-flag.js';
import { readJdipCases, type JdipCase } from '../formats/jdip.js';
import { formatIssue, type Issue } from '../issues.js';
import { standardMap } from '../map/compile.js';
import { armyAdjacent, normalizeName, splitCoast } from '../map/query.js';
import type { GameMap } from '../map/types.js';
import type { DislodgedUnit, Position, Unit } from '../position/types.js';

export const summary = 'run jDip-format DATC test files and compare the resulting positions';

const DEFAULT_DEVIATIONS = new URL('../../../test/data/jdip-deviations.json', import.meta.url);

export const usage = `Usage: dipkit datc [--json] [--deviations FILE] [--rules PRESET] [--rule ISSUE=CHOICE]... [--resolver NAME] FILE...

Runs every case of jDip-format adjudicator test files (such as godip's DATC v2.4 file) and compares the units
and dislodged units after the phase with the expected ones. Prints one line per case:

  PASS <id>
  FAIL <id>: <what differs>            e.g. missing A YOR; unexpected F YOR; dislodged missing A YOR
  SKIP <id>: <why>                     a case that cannot be run (another variant)
  DEVIATION <id>: <reason> (<what differs>)   a failing case listed as a known deviation

then "N passed, N failed, N skipped". Dislodged units without any retreat are left out of the comparison, as
godip's files leave them out.

Options:
  --deviations FILE  JSON object "case id" -> reason: known deviations of the file from DATC 3.2
                     (default: the bundled test/data/jdip-deviations.json). A key "6.J.*" matches a
                     prefix, "6.F.14#2" the second case with a repeated id; keys starting with # are notes
${ruleFlagsHelp}
${resolverFlagHelp}
  --json             print a JSON report instead
  -h, --help         show this help

Exit status: 0 no case failed, 1 some case failed, 2 a file could not be read.`;

export type CaseStatus = 'pass' | 'fail' | 'skip' | 'deviation';

export interface CaseReport {
  file: string;
  /** The id as written in the file. */
  id: string;
  /** The id, with "#n" for the n-th occurrence of a repeated id: the key of the deviations file. */
  label: string;
  line: number;
  status: CaseStatus;
  /** What differs between the expected and the actual position ("missing A YOR"), for failures and deviations. */
  differences: string[];
  /** Why a case was skipped, or the deviation's reason, or why it could not be adjudicated. */
  reason?: string;
}

/** Result of running one case: the differences, or why it could not be run. */
type CaseRun = { differences: string[] } | { skip: string } | { error: string };

/** Runs the command; returns the exit code. */
export function run(args: string[]): number {
  let parsed;
  try {
    parsed = parseArgs({
      args,
      options: {
        json: { type: 'boolean' },
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
  if (parsed.positionals.length === 0) {
    process.stderr.write(`dipkit datc: no FILE given\n${usageHint}`);
    return 2;
  }

  const rules = rulesFromFlags('datc', parsed.values);
  if (!rules) return 2;
  const resolver = resolverFromFlag('datc', parsed.values.resolver);
  if (!resolver) return 2;
  const adjudicate = movementAdjudicator(resolver);
  const deviationsPath = parsed.values.deviations ?? DEFAULT_DEVIATIONS;
  const deviations = readDeviations(deviationsPath);
  if ('error' in deviations) {
    process.stderr.write(`${deviations.error}\n`);
    return 2;
  }

  const map = standardMap();
  const reports: CaseReport[] = [];
  const warnings: Issue[] = [];
  let unreadable = false;
  const files = parsed.positionals;
  const json = parsed.values.json === true;
  const out: string[] = [];
  for (const file of files) {
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch (e) {
      process.stderr.write(`${file}  read-error  ${errorMessage(e)}\n`);
      unreadable = true;
      continue;
    }
    const read = readJdipCases(map, text, file);
    for (const i of read.issues) process.stderr.write(`${formatIssue(i)}\n`);
    warnings.push(...read.issues);
    if (!read.value) {
      unreadable = true;
      continue;
    }
    if (files.length > 1 && !json) out.push(`# ${file}`);
    const seen = new Map<string, number>();
    for (const c of read.value) {
      const n = (seen.get(c.id) ?? 0) + 1;
      seen.set(c.id, n);
      const label = n === 1 ? c.id : `${c.id}#${n}`;
      const report = judge(file, c, label, runCase(map, c, rules, adjudicate), deviations.value);
      reports.push(report);
      if (!json) out.push(reportLine(report));
    }
  }

  const passed = reports.filter((r) => r.status === 'pass').length;
  const failed = reports.filter((r) => r.status === 'fail').length;
  const skipped = reports.length - passed - failed;
  if (json) {
    const issues = warnings.map((i) => ({ ...i }));
    process.stdout.write(`${JSON.stringify({ passed, failed, skipped, cases: reports, issues }, null, 2)}\n`);
  } else {
    out.push(`${passed} passed, ${failed} failed, ${skipped} skipped`);
    process.stdout.write(`${out.join('\n')}\n`);
  }
  if (unreadable) return 2;
  return failed > 0 ? 1 : 0;
}

const usageHint = 'Run "dipkit datc --help" for usage.\n';

function errorMessage(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

/** Reads the deviations file: a JSON object of strings. */
function readDeviations(path: string | URL): { value: Map<string, string> } | { error: string } {
  const name = typeof path === 'string' ? path : fileURLToPath(path);
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(path, 'utf8'));
  } catch (e) {
    return { error: `${name}  bad-deviations  ${errorMessage(e)}` };
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

function judge(
  file: string,
  c: JdipCase,
  label: string,
  result: CaseRun,
  deviations: ReadonlyMap<string, string>,
): CaseReport {
  const base = { file, id: c.id, label, line: c.line };
  if ('skip' in result) return { ...base, status: 'skip', differences: [], reason: result.skip };
  const differences = 'error' in result ? [result.error] : result.differences;
  if (differences.length === 0) return { ...base, status: 'pass', differences };
  const deviation = deviationFor(deviations, label);
  if (deviation !== undefined) return { ...base, status: 'deviation', differences, reason: deviation };
  return { ...base, status: 'fail', differences };
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

/** Runs one case with the adjudicator of its phase (`adjudicate` for movement). */
export function runCase(
  map: GameMap,
  c: JdipCase,
  rules?: RuleOptions,
  adjudicate: MovementAdjudicator = adjudicateMovement,
): CaseRun {
  if (c.variant !== '' && normalizeName(c.variant) !== normalizeName(map.name)) {
    return { skip: `variant "${c.variant}" not supported (only ${map.name})` };
  }
  try {
    switch (c.phase.type) {
      case 'movement':
        return runMovementCase(map, c, rules, adjudicate);
      case 'retreat':
        return runRetreatCase(map, c, rules);
      case 'adjustment':
        return runAdjustmentCase(map, c, rules);
    }
  } catch (e) {
    // The adjudicator is a work in progress: a crash is this case's failure, not the end of the run.
    return { error: `the adjudicator threw: ${errorMessage(e)}` };
  }
}

function cannotAdjudicate(issues: readonly Issue[]): CaseRun {
  return { error: `cannot adjudicate: ${issues.map((i) => `${i.code} ${i.message}`).join('; ')}` };
}

function runMovementCase(
  map: GameMap,
  c: JdipCase,
  rules: RuleOptions | undefined,
  adjudicate: MovementAdjudicator,
): CaseRun {
  const position: Position = {
    phase: c.phase,
    units: c.unitsBefore.map((u) => ({ ...u })),
    dislodged: [],
    contested: [],
    supplyCenters: c.supplyCenters ?? {},
  };
  const result = adjudicate(map, position, c.orders, rules);
  if (!result.value) return cannotAdjudicate(result.issues);
  const { position: after, dislodged } = result.value;
  // godip leaves out dislodged units that have no retreat (they are destroyed at once).
  const destroyed = new Set(dislodged.filter((d) => d.retreats.length === 0).map((d) => d.location));
  const retreating = after.dislodged.filter((d) => !destroyed.has(d.location));
  return {
    differences: [
      ...compareUnits(c.unitsAfter, after.units, ''),
      ...compareUnits(c.dislodgedAfter, retreating, 'dislodged '),
    ],
  };
}

/**
 * A retreat case. jDip gives the dislodged units without their attackers; they come from PRESTATE_RESULTS: a
 * successful move into a dislodged unit's province gives the attacker's origin (and whether it came by convoy), a
 * failed move that was not via convoy marks its target as a standoff province, unless it lost a head-to-head
 * battle (the unit of the target moved into its place).
 */
function runRetreatCase(map: GameMap, c: JdipCase, rules?: RuleOptions): CaseRun {
  const province = (code: string): number => splitCoast(map, code).province;
  const moves = c.resultsBefore.filter((r) => r.order.order.kind === 'move');
  const convoyed = (from: number, to: number): boolean =>
    c.resultsBefore.some(
      (r) =>
        r.order.order.kind === 'convoy' &&
        province(r.order.order.army.location) === from &&
        province(r.order.order.to) === to,
    );
  const dislodged: DislodgedUnit[] = c.dislodgedBefore.map((u) => {
    const here = province(u.location);
    for (const r of moves) {
      const order = r.order.order;
      if (!r.success || order.kind !== 'move' || province(order.to) !== here) continue;
      const from = province(order.unit.location);
      const entry: DislodgedUnit = { ...u, attackerFrom: map.locationCode[from] ?? '' };
      const byConvoy =
        order.viaConvoy === true ||
        (order.path?.length ?? 0) > 0 ||
        convoyed(from, here) ||
        (order.unit.type === 'A' && !armyAdjacent(map, from, here));
      if (byConvoy) entry.byConvoy = true;
      return entry;
    }
    return { ...u, attackerFrom: '' };
  });
  // A move that lost a head-to-head battle does not make a standoff (6.H.9): the other unit moved into its place.
  const succeeded = (from: number, to: number): boolean =>
    moves.some(
      (r) =>
        r.success &&
        r.order.order.kind === 'move' &&
        province(r.order.order.unit.location) === from &&
        province(r.order.order.to) === to,
    );
  const contested = new Set<string>();
  for (const r of moves) {
    const order = r.order.order;
    if (r.success || order.kind !== 'move' || order.viaConvoy === true || (order.path?.length ?? 0) > 0)
      continue;
    const from = province(order.unit.location);
    const to = province(order.to);
    if (to >= 0 && !succeeded(to, from)) contested.add(map.locationCode[to] ?? '');
  }
  const position: Position = {
    phase: c.phase,
    units: c.unitsBefore.map((u) => ({ ...u })),
    dislodged,
    contested: [...contested].sort(),
    supplyCenters: c.supplyCenters ?? {},
  };
  const result = adjudicateRetreats(map, position, c.orders, rules);
  if (!result.value) return cannotAdjudicate(result.issues);
  return {
    differences: [
      ...compareUnits(c.unitsAfter, result.value.units, ''),
      ...compareUnits(c.dislodgedAfter, [], 'dislodged '),
    ],
  };
}

/** An adjustment case: supply-centre owners from PRESTATE_SUPPLYCENTER_OWNERS. */
function runAdjustmentCase(map: GameMap, c: JdipCase, rules?: RuleOptions): CaseRun {
  const position: Position = {
    phase: c.phase,
    units: c.unitsBefore.map((u) => ({ ...u })),
    dislodged: [],
    contested: [],
    supplyCenters: c.supplyCenters ?? {},
  };
  const result = adjudicateAdjustments(map, position, c.orders, rules);
  if (!result.value) return cannotAdjudicate(result.issues);
  return {
    differences: [
      ...compareUnits(c.unitsAfter, result.value.units, ''),
      ...compareUnits(c.dislodgedAfter, [], 'dislodged '),
    ],
  };
}

/**
 * Differences between two lists of units, compared by type and location (coast included), as a multiset:
 * "missing A YOR" (expected, not there), "unexpected F YOR" (there, not expected), each with `prefix`.
 */
export function compareUnits(expected: readonly Unit[], actual: readonly Unit[], prefix: string): string[] {
  const key = (u: Unit): string => `${u.type} ${u.location}`;
  const remaining = new Map<string, number>();
  for (const u of actual) remaining.set(key(u), (remaining.get(key(u)) ?? 0) + 1);
  const missing: string[] = [];
  for (const u of expected) {
    const k = key(u);
    const n = remaining.get(k) ?? 0;
    if (n > 0) remaining.set(k, n - 1);
    else missing.push(k);
  }
  const unexpected: string[] = [];
  for (const u of actual) {
    const k = key(u);
    const n = remaining.get(k) ?? 0;
    if (n > 0) {
      unexpected.push(k);
      remaining.set(k, n - 1);
    }
  }
  return [
    ...missing.map((k) => `${prefix}missing ${k}`),
    ...unexpected.map((k) => `${prefix}unexpected ${k}`),
  ];
}
