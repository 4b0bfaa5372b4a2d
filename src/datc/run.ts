/**
 * Runs a DATC v3.2 case (src/datc/cases.ts) through the adjudicator and compares every order's resolution with
 * the document's words, exactly: the word and its tag ("fails, dislodged" is neither "illegal, dislodged" nor
 * "fails, destroyed"). Used by `dipkit datc` and by the tests.
 */
import { adjudicateAdjustments, type PowerAdjustment } from '../adjudication/adjustment.js';
import { adjudicateMovement } from '../adjudication/movement/adjudicate.js';
import type { OrderOutcome } from '../adjudication/outcome.js';
import { adjudicateRetreats } from '../adjudication/retreat.js';
import type { RuleOptions } from '../adjudication/rules.js';
import type { MovementAdjudicator } from '../game/game.js';
import { lookupPower, splitCoast } from '../map/query.js';
import type { GameMap } from '../map/types.js';
import { parseOrder } from '../orders/parse.js';
import type { GivenOrder } from '../orders/types.js';
import type { Position, Unit } from '../position/types.js';
import type { DatcCase, DatcLine } from './cases.js';

export interface PreparedCase {
  position: Position;
  orders: GivenOrder[];
  /** The document's words per order, lower case. */
  expected: string[];
  /** The retreat phase after the movement (6.F.7, 6.H). */
  retreats?: { orders: GivenOrder[]; expected: string[] };
  /** Adjustment cases: the units the case says civil disorder removes, as "ITALY A WAR", sorted. */
  automatic?: string[];
}

/** Why a case could not be prepared: a power, unit or order its text names that cannot be read. */
export class CaseError extends Error {}

function canonicalPower(map: GameMap, name: string): string {
  const index = lookupPower(map, name);
  if (index < 0) throw new CaseError(`unknown power "${name}"`);
  return map.powers[index]!;
}

/** A unit named in a DATC line ("F London", "A Spain(nc)") as a unit of the position. */
function unitFromRef(map: GameMap, power: string, type: 'A' | 'F' | undefined, location: string): Unit {
  const { province } = splitCoast(map, location);
  const unitType = type ?? 'A';
  // Armies stand in provinces; a fleet keeps its coast.
  const code = unitType === 'A' ? map.locationCode[province]! : location;
  return { power, type: unitType, location: code };
}

/** A unit as "ENGLAND F NTH": owner, type and province, the identity the DATC's removals name. */
export function unitIdentity(map: GameMap, unit: Unit): string {
  return `${unit.power} ${unit.type} ${map.locationCode[splitCoast(map, unit.location).province]}`;
}

function givenOrders(map: GameMap, lines: readonly DatcLine[]): GivenOrder[] {
  return lines.map((line) => {
    const parsed = parseOrder(map, line.text);
    if (!parsed.value)
      throw new CaseError(`cannot read "${line.text}": ${parsed.issues.map((i) => i.message).join('; ')}`);
    return { power: canonicalPower(map, line.power), order: parsed.value.order };
  });
}

/**
 * The position and orders of a case: the units of the `owns` lines, then the unit of every order line that
 * stands where no unit was placed yet, owned by the power whose heading the line is under. Throws a CaseError
 * when the case names something the map does not know.
 */
export function prepareCase(map: GameMap, c: DatcCase): PreparedCase {
  const units: Unit[] = [];
  const taken = new Set<number>();
  const place = (unit: Unit): void => {
    const province = splitCoast(map, unit.location).province;
    if (province < 0) throw new CaseError(`unknown location "${unit.location}"`);
    if (taken.has(province)) return;
    taken.add(province);
    units.push(unit);
  };
  const supplyCenters: Record<string, string[]> = {};
  for (const own of c.owns) {
    const power = canonicalPower(map, own.power);
    if (own.unit !== undefined) {
      const order = parseOrder(map, `${own.unit} Holds`).value?.order;
      if (order?.kind !== 'hold') throw new CaseError(`cannot read the unit "${own.unit}"`);
      place(unitFromRef(map, power, order.unit.type, order.unit.location));
    } else if (own.center !== undefined) {
      const province = splitCoast(map, own.center).province;
      if (province < 0) throw new CaseError(`unknown supply centre "${own.center}"`);
      (supplyCenters[power] ??= []).push(map.locationCode[province]!);
    }
  }
  const orders = givenOrders(map, c.orders);
  if (c.phase === 'movement') {
    for (const { power, order } of orders) {
      if (order.kind !== 'waive' && order.kind !== 'build')
        place(unitFromRef(map, power!, order.unit.type, order.unit.location));
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
      orders: givenOrders(map, c.retreats),
      expected: c.retreats.map((o) => o.result.toLowerCase()),
    };
  }
  if (c.phase === 'adjustment') prepared.automatic = automaticRemovals(map, c.automatic);
  return prepared;
}

/** Removals written as the DATC writes them ("Automatic disband A Warsaw" under Italy), as unit identities. */
export function automaticRemovals(map: GameMap, lines: readonly { power: string; text: string }[]): string[] {
  return lines
    .map((a) => {
      const order = parseOrder(map, a.text.replace(/^Automatic disband/i, 'Disband')).value?.order;
      if (order?.kind !== 'disband') throw new CaseError(`cannot read the removal "${a.text}"`);
      return unitIdentity(
        map,
        unitFromRef(map, canonicalPower(map, a.power), order.unit.type, order.unit.location),
      );
    })
    .sort();
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
  /** Where every unit is after the phase (and its retreats), as unit identities, sorted. */
  unitsAfter: string[];
  retreatWords?: string[];
  /** The full outcomes of the retreat orders. */
  retreatOutcomes?: OrderOutcome[];
  /** Civil-disorder removals, as unit identities, sorted. */
  automatic?: string[];
  /**
   * Units the retreat or adjustment phase disbanded (the result's `disbanded`: by order, for want of a retreat,
   * by civil disorder), as unit identities, sorted.
   */
  disbanded?: string[];
  /** Adjustment phases: each power's centres, units and builds (+) or disbands (-). */
  adjustments?: PowerAdjustment[];
}

/**
 * Runs a prepared case: the words per order (and per retreat order), in order, the units after the phase and
 * any civil-disorder removals. `adjudicate` decides movement (default `adjudicateMovement`). Throws a CaseError
 * when the adjudicator refuses the position or reports any issue with it.
 */
export function runCase(
  map: GameMap,
  prepared: PreparedCase,
  rules?: Partial<RuleOptions>,
  adjudicate: MovementAdjudicator = adjudicateMovement,
): CaseRun {
  const refused = (issues: readonly { message: string }[]): CaseError =>
    new CaseError(`cannot adjudicate: ${issues.map((i) => i.message).join('; ')}`);
  const identities = (units: readonly Unit[]): string[] => units.map((u) => unitIdentity(map, u)).sort();
  if (prepared.position.phase.type === 'adjustment') {
    const result = adjudicateAdjustments(map, prepared.position, prepared.orders, rules);
    if (!result.value || result.issues.length > 0) throw refused(result.issues);
    return {
      words: result.value.orders.map(datcWords),
      outcomes: result.value.orders,
      unitsAfter: identities(result.value.units),
      automatic: identities(result.value.civilDisorder),
      disbanded: identities(result.value.disbanded),
      adjustments: result.value.adjustments,
    };
  }
  const result = adjudicate(map, prepared.position, prepared.orders, rules);
  if (!result.value || result.issues.length > 0) throw refused(result.issues);
  const run: CaseRun = {
    words: result.value.orders.map(datcWords),
    outcomes: result.value.orders,
    unitsAfter: identities(result.value.position.units),
  };
  if (prepared.retreats) {
    const retreat = adjudicateRetreats(map, result.value.position, prepared.retreats.orders, rules);
    if (!retreat.value || retreat.issues.length > 0) throw refused(retreat.issues);
    run.retreatWords = retreat.value.orders.map(datcWords);
    run.disbanded = identities(retreat.value.disbanded);
    run.retreatOutcomes = retreat.value.orders;
    run.unitsAfter = identities(retreat.value.units);
  }
  return run;
}

/** One order whose resolution is not the expected one. */
export interface WordMismatch {
  text: string;
  expected: string;
  actual: string;
}

/** The orders whose words differ, compared exactly; `texts` names the orders. */
export function wordMismatches(
  expected: readonly string[],
  actual: readonly string[],
  texts: readonly string[],
): WordMismatch[] {
  return expected
    .map((e, i) => ({ text: texts[i]!, expected: e, actual: actual[i] ?? '(no outcome)' }))
    .filter((r) => r.expected !== r.actual);
}

/**
 * Everything in which a run differs from the case: every order, retreat and civil-disorder removal, as lines
 * such as `F North Sea - Picardy: "illegal" expected, "fails" given`. Empty when the case passes.
 */
export function caseDifferences(c: DatcCase, prepared: PreparedCase, run: CaseRun): string[] {
  const line = (m: WordMismatch): string => `${m.text}: "${m.expected}" expected, "${m.actual}" given`;
  const differences = wordMismatches(
    prepared.expected,
    run.words,
    c.orders.map((o) => o.text),
  ).map(line);
  if (prepared.retreats) {
    const texts = c.retreats.map((o) => o.text);
    differences.push(
      ...wordMismatches(prepared.retreats.expected, run.retreatWords ?? [], texts).map(
        (m) => `retreat ${line(m)}`,
      ),
    );
  }
  if (prepared.automatic && run.automatic && prepared.automatic.join() !== run.automatic.join())
    differences.push(
      `civil disorder removes ${run.automatic.join(', ') || 'nothing'}, expected ${prepared.automatic.join(', ') || 'nothing'}`,
    );
  return differences;
}
