/**
 * The DATC v3.2 chapter 6 cases of test/data/datc-v3.2.json (the project's own copy, made by
 * scripts/datc-html-to-json.mjs), read from disk for the tests, with the errata of test/data/datc-errata.json
 * applied. Preparing, running and comparing the cases is src/datc/run.ts, shared with `dipkit datc`.
 */
import { readFileSync } from 'node:fs';
import { standardMap } from '../src/map/compile.js';
import { seededRandom } from '../src/selfplay/random-player.js';
import { resolveRules } from '../src/adjudication/rules.js';
import { adjudicateMovement, type ResolverName } from '../src/adjudication/movement/adjudicate.js';
import type { RuleOptions } from '../src/adjudication/rules.js';
import {
  applyErrata,
  readDatcJson,
  readErrata,
  type DatcCase,
  type DatcLine,
  type Erratum,
} from '../src/datc/cases.js';
import {
  prepareCase,
  runCase as runDatcCase,
  unitIdentity,
  type CaseRun,
  type PreparedCase,
} from '../src/datc/run.js';
import { splitCoast } from '../src/map/query.js';
import { parseOrder } from '../src/orders/parse.js';
import type { Unit } from '../src/position/types.js';
import type { GivenOrder } from '../src/orders/types.js';

export type { DatcCase, DatcLine, Erratum } from '../src/datc/cases.js';
export type { CaseRun, PreparedCase } from '../src/datc/run.js';
export { datcWords, wordMismatches } from '../src/datc/run.js';

export function readDataFile(name: string): string {
  return readFileSync(new URL(`../../test/data/${name}`, import.meta.url), 'utf8');
}

/** The cases as the document words them, without errata. */
export function loadDocumentCases(): DatcCase[] {
  const read = readDatcJson(readDataFile('datc-v3.2.json'), 'datc-v3.2.json');
  if (!read.value || read.issues.length > 0) throw new Error(read.issues.map((i) => i.message).join('; '));
  return read.value;
}

export function loadErrata(): Erratum[] {
  const read = readErrata(readDataFile('datc-errata.json'), 'datc-errata.json');
  if (!read.value) throw new Error(read.issues.map((i) => i.message).join('; '));
  return read.value;
}

/**
 * The DATC cases, with the documented errata applied to the expected words. Every erratum to the main
 * resolutions must find its case, order and document word.
 */
export function loadDatcCases(): DatcCase[] {
  const cases = loadDocumentCases();
  const errata = loadErrata();
  for (const e of errata) {
    if (e.alternatives !== undefined) continue;
    if (!cases.find((c) => c.id === e.case)?.orders.some((o) => o.text === e.order))
      throw new Error(`erratum for ${e.case}: no order "${e.order}"`);
  }
  const applied = applyErrata(cases, errata);
  if (applied.issues.length > 0) throw new Error(applied.issues.map((i) => i.message).join('; '));
  return applied.value!;
}

const map = standardMap();

export function prepareMovementCase(c: DatcCase): PreparedCase {
  return prepareCase(map, c);
}

/** Runs a prepared case on the standard map with the named DATC resolver. */
export function runCase(
  prepared: PreparedCase,
  rules?: Partial<RuleOptions>,
  resolver?: ResolverName,
): CaseRun {
  return runDatcCase(map, prepared, rules, (m, position, orders, r) =>
    adjudicateMovement(m, position, orders, r, resolver ? { resolver } : {}),
  );
}

/** Deterministic shuffle (seededRandom, mulberry32). */
export function shuffled<T>(items: readonly T[], seed: number): { items: T[]; order: number[] } {
  const random = seededRandom(seed);
  const order = items.map((_, i) => i);
  for (let i = order.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  return { items: order.map((i) => items[i]!), order };
}

/** Puts shuffled results back in the original order (`order`: the original place of each item, as shuffled gives). */
export function unshuffle<T>(items: readonly T[], order: readonly number[]): T[] {
  const back = new Array<T>(items.length);
  order.forEach((original, i) => (back[original] = items[i]!));
  return back;
}

/**
 * `order` (positions of a reordered list) changed so that the orders of each unit keep their written sequence, in
 * the places the reordering gave that unit: of several orders to one unit the rules may count the first or the
 * last (4.D.3), so only the order between units is free.
 */
function keepingEachUnitsSequence(orders: readonly GivenOrder[], order: readonly number[]): number[] {
  const unitOf = (i: number): string => {
    const order = orders[i]!.order;
    return order.kind === 'waive' ? `waive ${i}` : order.unit.location.split('/')[0]!;
  };
  const kept = [...order];
  for (const unit of new Set(orders.map((_, i) => unitOf(i)))) {
    const places = order.flatMap((original, place) => (unitOf(original) === unit ? [place] : []));
    const originals = places.map((place) => order[place]!).sort((a, b) => a - b);
    places.forEach((place, k) => (kept[place] = originals[k]!));
  }
  return kept;
}

/**
 * Adjudication does not depend on the order of units and orders: the case run with its units and orders reversed
 * and shuffled (three seeds) must give the same outcome, order by order, the same retreats, position after and
 * civil-disorder removals as in the order written. The orders of one unit keep their sequence (4.D.3), and
 * adjustment orders count from top to bottom (4.D.4-4.D.6), so only the units are reordered there. Returns what
 * changed.
 */
export function orderDependence(
  prepared: PreparedCase,
  rules?: Partial<RuleOptions>,
  resolver?: ResolverName,
): string[] {
  const run = runCase(prepared, rules, resolver);
  const problems: string[] = [];
  const identity = prepared.orders.map((_, i) => i);
  const reordered = (order: readonly number[]): { items: GivenOrder[]; order: number[] } => {
    const kept = keepingEachUnitsSequence(prepared.orders, order);
    return { items: kept.map((i) => prepared.orders[i]!), order: kept };
  };
  const variants = [
    {
      name: 'reversed',
      units: [...prepared.position.units].reverse(),
      orders: reordered([...identity].reverse()),
    },
    ...[1, 2, 3].map((seed) => ({
      name: `shuffle ${seed}`,
      units: shuffled(prepared.position.units, seed).items,
      orders: reordered(shuffled(identity, seed * 7919).items),
    })),
  ];
  const adjustment = prepared.position.phase.type === 'adjustment';
  for (const v of variants) {
    const orders = adjustment ? { items: prepared.orders, order: identity } : v.orders;
    const variant: PreparedCase = {
      ...prepared,
      position: { ...prepared.position, units: v.units },
      orders: orders.items,
    };
    const again = runCase(variant, rules, resolver);
    const changed = (what: string, a: unknown, b: unknown): void => {
      if (JSON.stringify(a) !== JSON.stringify(b)) problems.push(`${v.name} changed ${what}`);
    };
    changed('the outcome', unshuffle(again.words, orders.order), run.words);
    changed('the retreats', again.retreatWords, run.retreatWords);
    changed('the position after', again.unitsAfter, run.unitsAfter);
    changed('the civil-disorder removals', again.automatic, run.automatic);
  }
  return problems;
}

/** What a rule choice other than the DATC's preference gives, as far as the document states it. */
export interface Outcome {
  /** Order text -> the resolution word, for the orders the text states. */
  expect?: Record<string, string>;
  /** Retreat order text -> the resolution word. */
  retreats?: Record<string, string>;
  /** Civil-disorder removals, as "Automatic disband A Warsaw". */
  automatic?: string[];
  /** Units that stay where they are ("A Tuscany"), where movers end ("A Brest": "London"), units removed. */
  positionAfter?: { stays: string[]; moves: Record<string, string>; removed?: string[] };
}

/** An entry of test/data/datc-alternatives.json. */
export interface Alternative extends Outcome {
  case: string;
  rules: string[];
  source: string;
  /** The document says the rule gives no resolution: `fallback` is what the backup rule gives. */
  noResolution?: boolean;
  fallback?: Outcome & { rules: string[]; note: string };
}

/**
 * Where a run of `c` differs from the outcome stated for the rule settings `rules` (joined by a space, as the
 * errata name them): words exactly (with the errata for these settings), removals by identity, every unit that
 * stays and every mover's end. Empty when all agree.
 */
export function outcomeProblems(
  c: DatcCase,
  prepared: PreparedCase,
  run: CaseRun,
  outcome: Outcome,
  rules: string,
  errata: readonly Erratum[],
): string[] {
  const problems: string[] = [];
  const words = (
    stated: Record<string, string>,
    lines: readonly DatcLine[],
    actual: readonly string[] = [],
  ) => {
    for (const [text, word] of Object.entries(stated)) {
      const i = lines.findIndex((o) => o.text === text);
      if (i < 0) {
        problems.push(`no order "${text}"`);
        continue;
      }
      let expected = word;
      const erratum = errata.find(
        (e) => e.case === c.id && e.order === text && e.alternatives?.includes(rules),
      );
      if (erratum) {
        if (erratum.document !== word)
          problems.push(`${text}: erratum for "${erratum.document}", data "${word}"`);
        expected = erratum.corrected;
      }
      if (actual[i] !== expected) problems.push(`${text}: "${expected}" expected, "${actual[i]}" given`);
    }
  };
  words(outcome.expect ?? {}, c.orders, run.words);
  words(outcome.retreats ?? {}, c.retreats, run.retreatWords);

  // A unit named by the text ("A Brest") is the unit of the case's position in that province, owner included.
  const unitAt = (name: string): Unit | undefined => {
    const order = parseOrder(map, `${name} Holds`).value?.order;
    if (order?.kind !== 'hold') return undefined;
    const province = splitCoast(map, order.unit.location).province;
    return prepared.position.units.find(
      (u) => u.type === order.unit.type && splitCoast(map, u.location).province === province,
    );
  };
  const identity = (name: string): string => {
    const unit = unitAt(name);
    if (!unit) problems.push(`no unit "${name}" in the case`);
    return unit ? unitIdentity(map, unit) : `(${name})`;
  };
  if (outcome.automatic) {
    const expected = outcome.automatic.map((a) => identity(a.replace(/^Automatic disband /, ''))).sort();
    if (expected.join() !== (run.automatic ?? []).join())
      problems.push(
        `civil disorder removes ${(run.automatic ?? []).join(', ')}, expected ${expected.join(', ')}`,
      );
  }
  // Units after the phase as a multiset: a unit that stays and one that moves into its place are two units.
  const after = new Map<string, number>();
  for (const u of run.unitsAfter) after.set(u, (after.get(u) ?? 0) + 1);
  const take = (unit: string): boolean => {
    const n = after.get(unit) ?? 0;
    after.set(unit, n - 1);
    return n > 0;
  };
  const moves = Object.entries(outcome.positionAfter?.moves ?? {}).map(([name, to]) => {
    const unit = unitAt(name);
    const province = splitCoast(map, to).province;
    if (!unit || province < 0) {
      problems.push(`cannot read the move "${name}" -> "${to}"`);
      return undefined;
    }
    return {
      from: unitIdentity(map, unit),
      to: unitIdentity(map, { ...unit, location: map.locationCode[province]! }),
    };
  });
  for (const name of outcome.positionAfter?.stays ?? []) {
    const unit = identity(name);
    if (!take(unit)) problems.push(`${unit} does not stay`);
  }
  for (const m of moves) if (m && !take(m.to)) problems.push(`${m.from} does not end as ${m.to}`);
  // Units removed (disbanded after a failed or missing retreat, or in an adjustment phase) are nowhere, and are
  // what the phase says it disbanded.
  const removed = (outcome.positionAfter?.removed ?? []).map(identity);
  for (const unit of removed) if ((after.get(unit) ?? 0) > 0) problems.push(`${unit} is not removed`);
  if (outcome.positionAfter?.removed && run.disbanded && removed.sort().join() !== run.disbanded.join())
    problems.push(
      `the retreat phase disbands ${run.disbanded.join(', ') || 'nothing'}, expected ${removed.join(', ') || 'nothing'}`,
    );
  // What is left: a mover's origin must not still hold it.
  for (const m of moves) if (m && (after.get(m.from) ?? 0) > 0) problems.push(`${m.from} stays`);
  return problems;
}

export function loadAlternatives(): Alternative[] {
  return (JSON.parse(readDataFile('datc-alternatives.json')) as { alternatives: Alternative[] }).alternatives;
}

/** The problems of one entry: its own outcome, or under its fallback rule the fallback's outcome. */
export function alternativeProblems(
  alt: Alternative,
  cases: ReadonlyMap<string, DatcCase>,
  errata: readonly Erratum[],
  resolver?: ResolverName,
): string[] {
  const c = cases.get(alt.case);
  if (!c) return [`unknown case ${alt.case}`];
  const settings = [...alt.rules, ...(alt.fallback?.rules ?? [])];
  const rules = resolveRules('datc', settings);
  if (rules.issues.length > 0) return rules.issues.map((i) => i.message);
  const prepared = prepareCase(map, c);
  const run = runCase(prepared, rules.value, resolver);
  const outcome: Outcome = alt.fallback ?? alt;
  const problems = outcomeProblems(c, prepared, run, outcome, alt.rules.join(' '), errata);
  if (alt.noResolution) {
    if (!alt.fallback) problems.push('no fallback outcome given');
    const fallback = run.outcomes.filter(
      (o) => o.reason.code === 'paradox' && o.reason.fallbackFor !== undefined,
    );
    if (fallback.length === 0) problems.push('no outcome says that the fallback rule was applied');
  }
  return problems;
}
