/**
 * Runs the DATC v3.2 chapter 6 cases of test/data/datc-v3.2.json (the project's own copy, made by
 * scripts/datc-html-to-json.mjs) through the adjudicator and compares every order's resolution with the document's.
 */
import { readFileSync } from 'node:fs';
import { standardMap } from '../src/map/compile.js';
import { lookupPower, splitCoast } from '../src/map/query.js';
import { parseOrder } from '../src/orders/parse.js';
import type { GivenOrder } from '../src/orders/types.js';
import type { Position, Unit } from '../src/position/types.js';
import { adjudicateMovement, type ResolverName } from '../src/adjudication/movement/adjudicate.js';
import type { OrderOutcome } from '../src/adjudication/outcome.js';
import { adjudicateRetreats } from '../src/adjudication/retreat.js';
import { adjudicateAdjustments } from '../src/adjudication/adjustment.js';
import type { RuleOptions } from '../src/adjudication/rules.js';

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
  owns: { power: string; unit?: string; center?: string }[];
  orders: DatcLine[];
  retreats: DatcLine[];
  automatic: { power: string; text: string }[];
}

interface Erratum {
  case: string;
  order: string;
  document: string;
  corrected: string;
  reason: string;
}

function readData<T>(name: string): T {
  return JSON.parse(readFileSync(new URL(`../../test/data/${name}`, import.meta.url), 'utf8')) as T;
}

/** The DATC cases, with the documented errata of test/data/datc-errata.json applied to the expected words. */
export function loadDatcCases(): DatcCase[] {
  const cases = readData<{ cases: DatcCase[] }>('datc-v3.2.json').cases;
  for (const erratum of readData<{ errata: Erratum[] }>('datc-errata.json').errata) {
    const line = cases.find((c) => c.id === erratum.case)?.orders.find((o) => o.text === erratum.order);
    if (line?.result.toLowerCase() !== erratum.document)
      throw new Error(`erratum for ${erratum.case} does not match the data`);
    line.result = erratum.corrected;
  }
  return cases;
}

const map = standardMap();

function canonicalPower(name: string): string {
  const index = lookupPower(map, name);
  if (index < 0) throw new Error(`unknown power ${name}`);
  return map.powers[index]!;
}

/** A unit named in a DATC line ("F London", "A Spain(nc)") as a unit of the position. */
function unitFromRef(power: string, type: 'A' | 'F' | undefined, location: string): Unit {
  const { province } = splitCoast(map, location);
  const unitType = type ?? 'A';
  // Armies stand in provinces; a fleet keeps its coast.
  const code = unitType === 'A' ? map.locationCode[province]! : location;
  return { power, type: unitType, location: code };
}

export interface PreparedCase {
  position: Position;
  orders: GivenOrder[];
  expected: string[];
  /** The retreat phase after the movement (6.F.7, 6.H). */
  retreats?: { orders: GivenOrder[]; expected: string[] };
  /** Adjustment cases: the units removed by civil disorder, as "F ENG". */
  automatic?: string[];
}

function givenOrders(c: DatcCase, lines: readonly DatcLine[]): GivenOrder[] {
  return lines.map((line) => {
    const parsed = parseOrder(map, line.text);
    if (!parsed.value)
      throw new Error(
        `${c.id}: cannot parse "${line.text}": ${parsed.issues.map((i) => i.message).join('; ')}`,
      );
    return { power: canonicalPower(line.power), order: parsed.value.order };
  });
}

/**
 * The position of a movement case: the units of the `owns` lines, then the unit of every order line that stands
 * where no unit was placed yet, owned by the power whose heading the line is under.
 */
export function prepareMovementCase(c: DatcCase): PreparedCase {
  const units: Unit[] = [];
  const taken = new Set<number>();
  const place = (unit: Unit): void => {
    const province = splitCoast(map, unit.location).province;
    if (taken.has(province)) return;
    taken.add(province);
    units.push(unit);
  };
  const supplyCenters: Record<string, string[]> = {};
  for (const own of c.owns) {
    const power = canonicalPower(own.power);
    if (own.unit !== undefined) {
      const order = parseOrder(map, `${own.unit} Holds`).value?.order;
      if (order?.kind !== 'hold') throw new Error(`${c.id}: cannot read "${own.unit}"`);
      place(unitFromRef(power, order.unit.type, order.unit.location));
    } else if (own.center !== undefined) {
      (supplyCenters[power] ??= []).push(map.locationCode[splitCoast(map, own.center).province]!);
    }
  }
  const orders = givenOrders(c, c.orders);
  if (c.phase === 'movement') {
    for (const { power, order } of orders) {
      if (order.kind !== 'waive' && order.kind !== 'build')
        place(unitFromRef(power!, order.unit.type, order.unit.location));
    }
  }
  const prepared: PreparedCase = {
    position: {
      phase:
        c.phase === 'movement'
          ? { season: 'spring', year: 1901, type: 'movement' }
          : { season: 'winter', year: 1901, type: 'adjustment' },
      units,
      dislodged: [],
      contested: [],
      supplyCenters,
    },
    orders,
    expected: c.orders.map((o) => o.result.toLowerCase()),
  };
  if (c.retreats.length > 0) {
    prepared.retreats = {
      orders: givenOrders(c, c.retreats),
      expected: c.retreats.map((o) => o.result.toLowerCase()),
    };
  }
  if (c.phase === 'adjustment') {
    prepared.automatic = c.automatic
      .map((a) => {
        const order = parseOrder(map, a.text.replace(/^Automatic disband/i, 'Disband')).value?.order;
        if (order?.kind !== 'disband') throw new Error(`${c.id}: cannot read "${a.text}"`);
        return unitText(unitFromRef(canonicalPower(a.power), order.unit.type, order.unit.location));
      })
      .sort();
  }
  return prepared;
}

function unitText(unit: Unit): string {
  return `${unit.type} ${map.locationCode[splitCoast(map, unit.location).province]}`;
}

/** The DATC's words for one outcome: "fails, dislodged", "stands", "destroyed", "illegal, dislodged", ... */
export function datcWords(outcome: OrderOutcome): string {
  const d = outcome.dislodged;
  const tag = d === undefined ? '' : d.retreats.length > 0 ? 'dislodged' : 'destroyed';
  if (outcome.resolution === 'stands') return tag || 'stands';
  return tag ? `${outcome.resolution}, ${tag}` : outcome.resolution;
}

export interface CaseRun {
  words: string[];
  /** The full outcomes, for checks beyond the words. */
  outcomes: OrderOutcome[];
  retreatWords?: string[];
  automatic?: string[];
}

/** Runs a prepared case: the words per order (and per retreat order), in order, and any civil-disorder removals. */
export function runCase(
  prepared: PreparedCase,
  rules?: Partial<RuleOptions>,
  resolver?: ResolverName,
): CaseRun {
  if (prepared.position.phase.type === 'adjustment') {
    const result = adjudicateAdjustments(map, prepared.position, prepared.orders, rules);
    if (!result.value) throw new Error(result.issues.map((i) => i.message).join('; '));
    return {
      words: result.value.orders.map(datcWords),
      outcomes: result.value.orders,
      automatic: result.value.civilDisorder.map(unitText).sort(),
    };
  }
  const result = adjudicateMovement(
    map,
    prepared.position,
    prepared.orders,
    rules,
    resolver ? { resolver } : {},
  );
  if (!result.value) throw new Error(result.issues.map((i) => i.message).join('; '));
  const run: CaseRun = { words: result.value.orders.map(datcWords), outcomes: result.value.orders };
  if (prepared.retreats) {
    const retreat = adjudicateRetreats(map, result.value.position, prepared.retreats.orders, rules);
    if (!retreat.value) throw new Error(retreat.issues.map((i) => i.message).join('; '));
    run.retreatWords = retreat.value.orders.map(datcWords);
  }
  return run;
}

/**
 * Compares expected and actual words. Two readings of the document's words are generous on purpose:
 * - "fails" also covers a move that we find illegal (6.B.11 calls an impossible move "fails": the unit does not
 *   move either way);
 * - "dislodged" also covers "destroyed": the document tags "destroyed" where the case is about it (6.D.17, 6.D.34,
 *   6.G.10) but writes "dislodged" for some units that have no retreat either (6.D.8, 6.F.28, 6.H.15).
 * An expected "destroyed" or "illegal" must match exactly.
 */
export function sameWords(expected: string, actual: string): boolean {
  const [expectedWord, expectedTag = ''] = expected.split(', ');
  const [actualWord, actualTag = ''] = actual.split(', ');
  const hold = (word: string | undefined): boolean => word === 'dislodged' || word === 'destroyed';
  if (hold(expectedWord) && hold(actualWord))
    return expectedWord === actualWord || expectedWord === 'dislodged';
  const wordOk = expectedWord === actualWord || (expectedWord === 'fails' && actualWord === 'illegal');
  const tagOk = expectedTag === actualTag || (expectedTag === 'dislodged' && actualTag === 'destroyed');
  return wordOk && tagOk;
}

/** Deterministic shuffle (mulberry32). */
export function shuffled<T>(items: readonly T[], seed: number): { items: T[]; order: number[] } {
  let state = seed >>> 0;
  const random = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let x = state;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
  const order = items.map((_, i) => i);
  for (let i = order.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  return { items: order.map((i) => items[i]!), order };
}
