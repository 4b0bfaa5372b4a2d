/**
 * Cases of our own, judged by hand, in the DATC's shape (test/data/engine-cases.json): a position, orders under
 * some rule choices, the expected words and where the units end. They pin behaviour no DATC case reaches; most
 * were written to kill mutants that survived `npm run test:mutation`.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isDeepStrictEqual } from 'node:util';
import { resolveRules } from '../src/adjudication/rules.js';
import { resolveMovement } from '../src/adjudication/movement/adjudicate.js';
import { resolveByCodes } from '../src/adjudication/movement/codes.js';
import { adjudicateRetreats } from '../src/adjudication/retreat.js';
import { readDatcJson, type DatcCase } from '../src/datc/cases.js';
import { caseDifferences, unitIdentity, type CaseRun } from '../src/datc/run.js';
import { standardMap } from '../src/map/compile.js';
import { parseOrder } from '../src/orders/parse.js';
import type { OrderOutcome } from '../src/adjudication/outcome.js';
import {
  datcWords,
  orderDependence,
  outcomeProblems,
  prepareMovementCase,
  readDataFile,
  runCase,
  type Outcome,
  type PreparedCase,
} from './datc-harness.js';
import type { RuleOptions } from '../src/adjudication/rules.js';
import type { Unit } from '../src/position/types.js';

const text = readDataFile('engine-cases.json');
const read = readDatcJson(text, 'engine-cases.json');
/**
 * An order line may name the reason its word has: `reason.rule` of an illegal order, the units of a retreat clash
 * ("retreat-clash with A BER"), else `reason.code`; the message the adjudicator gives users for it, exactly; and the
 * unit the outcome names ("F ADR", or "none" for an order that names no unit of the board).
 */
interface Line {
  text: string;
  reason?: string;
  message?: string;
  unit?: string;
}
const extra = (
  JSON.parse(text) as {
    cases: {
      id: string;
      rules: string[];
      why: string;
      orders: Line[];
      retreats: Line[];
      positionAfter?: NonNullable<Outcome['positionAfter']> & { built?: string[] };
    }[];
  }
).cases;

const map = standardMap();

/**
 * Each power's centres, units and change as the case's position lists them ("owns" lines; the units of order
 * lines too), for an adjustment phase: the adjudicator's `adjustments` must say the same.
 */
function listedAdjustments(c: DatcCase): { power: string; centers: number; units: number; change: number }[] {
  const count = (power: string, what: 'center' | 'unit'): number =>
    c.owns.filter((o) => o.power.toUpperCase() === power && o[what] !== undefined).length;
  return map.powers.map((power) => {
    const centers = count(power, 'center');
    const units = count(power, 'unit');
    return { power, centers, units, change: centers - units };
  });
}

/** The identity of a unit named "Austria A Trieste" in `positionAfter.built`. */
function builtIdentity(text: string): string {
  const [power = '', ...rest] = text.split(' ');
  const order = parseOrder(map, `${rest.join(' ')} Holds`).value?.order;
  if (order?.kind !== 'hold' || order.unit.type === undefined)
    throw new Error(`cannot read the built unit "${text}"`);
  return unitIdentity(map, {
    power: power.toUpperCase(),
    type: order.unit.type,
    location: order.unit.location,
  });
}

/** The lines whose stated reason differs from the outcome's. */
function reasonProblems(lines: readonly Line[], outcomes: readonly OrderOutcome[] | undefined): string[] {
  return lines.flatMap((line, i) => {
    if (line.reason === undefined) return [];
    const reason = outcomes?.[i]?.reason;
    const actual =
      reason === undefined
        ? 'none'
        : reason.code === 'illegal'
          ? reason.rule
          : reason.code === 'retreat-clash'
            ? `retreat-clash with ${reason.with.join(', ')}`
            : reason.code;
    return actual === line.reason
      ? []
      : [`${line.text}: reason "${line.reason}" expected, "${actual}" given`];
  });
}

/** The lines whose stated message or unit differs from the outcome's. */
function messageProblems(lines: readonly Line[], outcomes: readonly OrderOutcome[] | undefined): string[] {
  return lines.flatMap((line, i) => {
    const outcome = outcomes?.[i];
    const problems: string[] = [];
    if (line.message !== undefined && outcome?.message !== line.message)
      problems.push(`${line.text}: message "${line.message}" expected, "${outcome?.message}" given`);
    const unit = outcome === undefined ? undefined : 'unit' in outcome ? outcome.unit : 'none';
    if (line.unit !== undefined && unit !== line.unit)
      problems.push(`${line.text}: unit "${line.unit}" expected, "${unit}" given`);
    return problems;
  });
}

void test('the engine cases are read without issues', () => {
  assert.deepEqual(read.issues, []);
  assert.equal(read.value?.length, extra.length);
});

/** Each case's run, to compare with a second run in the reverse order. */
const firstRuns: ReturnType<typeof runCase>[] = [];

for (const [i, c] of (read.value ?? []).entries()) {
  const { rules, why, orders, retreats, positionAfter } = extra[i]!;
  void test(`${c.id} ${c.title} (${rules.join(' ')})`, () => {
    const options = resolveRules('datc', rules);
    assert.deepEqual(options.issues, []);
    const prepared = prepareMovementCase(c);
    const run = runCase(prepared, options.value);
    firstRuns[i] = run;
    if (c.phase === 'adjustment') assert.deepEqual(run.adjustments, listedAdjustments(c), why);
    assert.deepEqual(caseDifferences(c, prepared, run), [], why);
    const outcome: Outcome = positionAfter ? { positionAfter } : {};
    assert.deepEqual(outcomeProblems(c, prepared, run, outcome, '', []), [], why);
    assert.deepEqual(
      [
        ...reasonProblems(orders, run.outcomes),
        ...reasonProblems(retreats, run.retreatOutcomes),
        ...messageProblems(orders, run.outcomes),
        ...messageProblems(retreats, run.retreatOutcomes),
      ],
      [],
      why,
    );
    // positionAfter names every unit of an engine case, built ones included, so nothing else may be on the board.
    if (positionAfter) {
      const built = (positionAfter.built ?? []).map(builtIdentity);
      for (const unit of built) assert.ok(run.unitsAfter.includes(unit), `${unit} is not built: ${why}`);
      const named = positionAfter.stays.length + Object.keys(positionAfter.moves).length + built.length;
      assert.equal(run.unitsAfter.length, named, `${run.unitsAfter.join(', ')}: ${why}`);
    }
  });
}

// The adjudicator keeps scratch space per map between calls; what one phase leaves there must not change the next.
void test('the engine cases give the same outcomes run again in the reverse order', () => {
  const cases = read.value ?? [];
  for (let i = cases.length - 1; i >= 0; i--) {
    const options = resolveRules('datc', extra[i]!.rules);
    const run = runCase(prepareMovementCase(cases[i]!), options.value);
    assert.deepEqual(run, firstRuns[i], cases[i]!.id);
  }
});

// Many engine cases put an order first so that a solver meets a paradox inside another question (E.241, E.263):
// the outcome must not depend on that order (orderDependence in datc-harness.ts), with either solver.
void test('the engine cases give the same outcomes with their units and orders reversed and shuffled', () => {
  const problems: string[] = [];
  for (const [i, c] of (read.value ?? []).entries()) {
    const options = resolveRules('datc', extra[i]!.rules);
    const prepared = prepareMovementCase(c);
    for (const resolver of ['partial-information', 'guess'] as const)
      for (const p of orderDependence(prepared, options.value, resolver))
        problems.push(`${c.id} (${resolver}): ${p}`);
  }
  assert.deepEqual(problems, []);
});

/**
 * The second solver (the guess algorithm of DATC 5.F) must give every engine case the same outcome, reasons
 * included. (Under the all-hold rule it once let F Wales - English Channel succeed in E.19, E.21 and E.22: its CONVOY
 * adjudicates the attacks on the fleet itself, so they were not in the cycle the backup rule failed; and it gave
 * another reason than the main solver for the fleets of Pandin's paradox, E.21.) solver-agreement.test.ts compares
 * the two under every single rule choice too.
 */
void test('the engine cases give the same outcomes with the guess resolver', () => {
  const differ: string[] = [];
  for (const [i, c] of (read.value ?? []).entries()) {
    const options = resolveRules('datc', extra[i]!.rules);
    const run = runCase(prepareMovementCase(c), options.value, 'guess');
    if (!isDeepStrictEqual(run, firstRuns[i])) differ.push(c.id);
  }
  assert.deepEqual(differ, []);
});

/**
 * A movement case through `resolveMovement`, the lean entry point, which takes the integer way (movement/codes.ts:
 * its own legality of the common orders, its own order columns) for canonically written orders: the units after
 * the phase and, when the case has a retreat phase, that phase's words (they read who was dislodged, from where,
 * and the provinces left empty by a standoff).
 */
function leanRun(prepared: PreparedCase, rules: Partial<RuleOptions> | undefined): CaseRun {
  const identities = (units: readonly Unit[]): string[] => units.map((u) => unitIdentity(map, u)).sort();
  const position = resolveMovement(map, prepared.position, prepared.orders, rules).value!;
  if (!prepared.retreats) return { words: [], outcomes: [], unitsAfter: identities(position.units) };
  const retreat = adjudicateRetreats(map, position, prepared.retreats.orders, rules).value!;
  return {
    words: [],
    outcomes: [],
    unitsAfter: identities(retreat.units),
    retreatWords: retreat.orders.map(datcWords),
    disbanded: identities(retreat.disbanded),
  };
}

void test('the movement engine cases through resolveMovement (the integer way where it can) end as the cases say', () => {
  const problems: string[] = [];
  let integerWay = 0;
  for (const [i, c] of (read.value ?? []).entries()) {
    const { rules, positionAfter } = extra[i]!;
    if (c.phase !== 'movement' || positionAfter === undefined) continue;
    const options = resolveRules('datc', rules).value;
    const prepared = prepareMovementCase(c);
    if (resolveByCodes(map, prepared.position, prepared.orders, options, {}) !== undefined) integerWay++;
    const run = leanRun(prepared, options);
    for (const p of outcomeProblems(c, prepared, run, { positionAfter }, '', []))
      problems.push(`${c.id}: ${p}`);
    c.retreats.forEach((r, k) => {
      if (run.retreatWords?.[k] !== r.result) problems.push(`${c.id}: ${r.text}: ${run.retreatWords?.[k]}`);
    });
  }
  assert.deepEqual(problems, []);
  assert.ok(integerWay > 50, `${integerWay} cases took the integer way`);
});
