/**
 * Every legal order of a position, for its phase (DATC 4.E.1 at the preferred choice: legal means it can be valid
 * in the current position; the coast rules of 4.B). "Legal" is what the adjudicators accept: `checkMovementOrder`
 * for movement, the retreat and adjustment adjudicators for the other phases; test/legal.test.ts checks the list
 * against them order by order. Each legal order is listed once, in its canonical spelling:
 *
 * - Movement: hold; each move (an army's move along a chain of fleets now on the board too; `viaConvoy: true`
 *   only as a second order when the destination is also adjacent by land, since the 2025EE rules need 'via
 *   convoy', or an own fleet convoying, for that; a fleet's move names the coast of a multi-coast province); a
 *   support of the hold of each unit the supporter can reach; a support of each legal move of each other unit into
 *   a province the supporter can reach, unless the move needs the supporter as its convoy (6.D.31) (a support of a
 *   fleet's move to a multi-coast province names the coast); a convoy for each army and destination for which the
 *   fleet is on a proper route of fleets now on the board (6.F.12, 6.G.19).
 * - Retreat: each retreat of each dislodged unit (`F BLA R SEV`) and its disband.
 * - Adjustment: each build (armies in every owned empty home centre, fleets on the coastal ones, one per coast of
 *   a multi-coast province) and a waive, for a power with builds; each disband, for a power with disbands due.
 *
 * Orders come sorted by unit text ("A PAR" before "F BRE"), then by text (ordinal order of the code units). In the
 * movement phase the order is produced directly from neighbour lists sorted by code, not by sorting texts.
 *
 * One enumeration writes every order as an integer row (src/orders/codes.ts) into an `OrderCodeList`:
 * `legalOrderCodes` returns those rows (into a caller's reused list: nothing allocated per order), and
 * `listLegalOrders` builds one entry per row (the order object and `text` are built when first read).
 *
 * Fast: one pass over integer tables (tables.ts, built once per map) with scratch buffers reused between calls.
 * In the movement phase the supports, most of the orders, are found from a per-province bit set of the units that
 * stand or can move there, so that a unit looks only at the few units near it (see listMovement, movement.ts).
 */
import { compileBoard } from '../adjudication/board.js';
import { withDefaults, type RuleOptions } from '../adjudication/rules.js';
import { issue, IssuesError, type Issue, type Result } from '../issues.js';
import { lookupPower, splitCoast } from '../map/query.js';
import type { GameMap } from '../map/types.js';
import {
  codeOrder,
  codeText,
  CONVOY,
  HOLD,
  KIND_FIELD,
  MOVE,
  MOVE_VIA,
  ORDER_STRIDE,
  OTHER_FIELD,
  POWER_FIELD,
  SUPPORT_HOLD,
  SUPPORT_MOVE,
  TO_FIELD,
  UNIT_FIELD,
  WAIVE,
} from '../orders/codes.js';
import type { Order, UnitRef } from '../orders/types.js';
import type { Position } from '../position/types.js';
import {
  boardUnitPairs,
  ownerTableOf,
  PHASE_ADJUSTMENT,
  PHASE_MOVEMENT,
  PHASE_RETREAT,
  retreatCodes,
  type CodedPosition,
} from '../position/coded.js';
import { listMovementByRules, needsRulesPath } from './by-rules.js';
import { listAdjustmentRows, listRetreatRows } from './retreats-adjustments.js';
import {
  FIRST_SUPPORT,
  listLoadedMovement,
  listMovement,
  listUnitSupports,
  loadCodedUnits,
} from './movement.js';
import { newOrderCodeList, pushOrderCode, type OrderCodeList } from './code-list.js';
import { ARMY, FLEET, legalTables, scratchFor, type LegalTables } from './tables.js';

export { validateOrder, type Validation } from './validate.js';
export { milaText } from './text.js';
export { newOrderCodeList, type OrderCodeList } from './code-list.js';

export interface LegalOrder {
  /** Canonical power name: "FRANCE". */
  readonly power: string;
  /** The unit ordered, or built: "A PAR", "F STP/SC"; "" for a waive. */
  readonly unit: string;
  /** The order, as the parser would give it (treat as read-only: parts are shared between entries). */
  readonly order: Order;
  /** Canonical MILA text: `A PAR - BUR`, `A LON - NWY VIA`, `F BLA R SEV`, `F STP/SC B`, `WAIVE` (see text.ts). */
  readonly text: string;
}

export interface LegalOrderOptions {
  /** Rule options (DATC chapter 4 choices); the DATC preferences by default. */
  rules?: Partial<RuleOptions>;
  /** Only this power's orders (any spelling the map knows: "France", "FRA", "French"). */
  power?: string;
  /** Only the orders of the unit in this province, or of builds there ("PAR", "A PAR", "stp/sc", "Paris"). */
  unit?: string;
}

/**
 * A listed order: a copy of its code row; the `order` object and the `text` are built from the tables on first
 * use (and kept), so listing allocates one object per order. `toJSON` gives the four public fields.
 */
class Listed implements LegalOrder {
  readonly power: string;
  readonly unit: string;
  readonly #t: LegalTables;
  readonly #kind: number;
  /** The ordered (or built) unit: type * L + location. */
  readonly #self: number;
  /** The supported or convoyed unit (type * L + location), or -1. */
  readonly #other: number;
  /** The destination location, or -1. */
  readonly #to: number;
  #order: Order | undefined;
  #text: string | undefined;

  /** From row `i` of `codes`. */
  constructor(t: LegalTables, codes: Int32Array, i: number) {
    const at = i * ORDER_STRIDE;
    this.#t = t;
    this.#kind = codes[at + KIND_FIELD]!;
    this.#self = codes[at + UNIT_FIELD]!;
    this.#other = codes[at + OTHER_FIELD]!;
    this.#to = codes[at + TO_FIELD]!;
    this.power = t.map.powers[codes[at + POWER_FIELD]!]!;
    this.unit = this.#kind === WAIVE ? '' : t.unitText[this.#self]!;
    this.#order = undefined;
    this.#text = undefined;
  }

  get order(): Order {
    return (this.#order ??= this.#makeOrder());
  }

  get text(): string {
    return (this.#text ??= this.#makeText());
  }

  toJSON(): { power: string; unit: string; order: Order; text: string } {
    return { power: this.power, unit: this.unit, order: this.order, text: this.text };
  }

  #makeOrder(): Order {
    const t = this.#t;
    const unit = t.unitRef[this.#self]!;
    const other = this.#other >= 0 ? t.unitRef[this.#other]! : unit;
    const to = this.#to >= 0 ? t.map.locationCode[this.#to]! : '';
    return codeOrder(this.#kind, unit, other, to)!;
  }

  /** The text of `milaText(this.order, retreat)`, without building the order. */
  #makeText(): string {
    const t = this.#t;
    if (this.#kind === WAIVE) return 'WAIVE';
    const other = this.#other >= 0 ? t.unitText[this.#other]! : '';
    const to = this.#to >= 0 ? t.map.locationCode[this.#to]! : '';
    return codeText(this.#kind, t.unitText[this.#self]!, other, to);
  }
}

/** What a listing asks for, read from its options. */
interface Request {
  /** Power index, or -1 for all. */
  power: number;
  /** Province, or -1 for all. */
  province: number;
  rules: RuleOptions;
}

const NO_OPTIONS: LegalOrderOptions = {};

/** The request of `options`, or the issues of an unknown power or province. */
function readOptions(map: GameMap, options: LegalOrderOptions): Request | Issue[] {
  let power = -1;
  if (options.power !== undefined) {
    power = lookupPower(map, options.power);
    if (power < 0) return [issue('unknown-power', `unknown power "${options.power}"`)];
  }
  let province = -1;
  if (options.unit !== undefined) {
    province = unitOptionProvince(map, options.unit);
    if (province < 0) return [issue('unknown-location', `unknown location "${options.unit}"`)];
  }
  return { power, province, rules: withDefaults(options.rules) };
}

/**
 * The one enumeration behind both listings: every legal order of the phase, as code rows in `out` (cleared
 * first). Not for a movement phase under rules that need the by-rules path. Issues when the position is not a
 * possible one.
 */
function enumerate(
  t: LegalTables,
  position: Position,
  req: Request,
  out: OrderCodeList,
): Issue[] | undefined {
  out.count = 0;
  switch (position.phase.type) {
    case 'movement':
      return listMovement(t, position.units, req.power, req.province, out);
    case 'retreat':
      return listRetreats(t, position, req.power, req.province, req.rules, out);
    case 'adjustment':
      return listAdjustments(t, position, req.power, req.province, req.rules, out);
  }
}

/** The rows behind `listLegalOrders`, reused by every call: each `Listed` copies its row. */
const objectRows = newOrderCodeList();

/**
 * Every legal order of `position` in its phase, sorted by unit then text. Issues (and no value) when the position
 * is not a possible one (the codes of `compileBoard`, unknown power in the supply centres, ...) or when an option
 * names an unknown power or province.
 */
export function listLegalOrders(
  map: GameMap,
  position: Position,
  options: LegalOrderOptions = NO_OPTIONS,
): Result<LegalOrder[]> {
  const req = readOptions(map, options);
  if (Array.isArray(req)) return { issues: req };
  if (position.phase.type === 'movement' && needsRulesPath(req.rules))
    return listMovementByRules(map, position, req.power, req.province, req.rules);
  const t = legalTables(map);
  const bad = enumerate(t, position, req, objectRows);
  if (bad !== undefined) return { issues: bad };
  const out: LegalOrder[] = [];
  for (let i = 0; i < objectRows.count; i++) out.push(new Listed(t, objectRows.codes, i));
  return { value: out, issues: [] };
}

/**
 * `listLegalOrders` as order code rows (src/orders/codes.ts): the same orders in the same order, row i decoding
 * (`decodeOrder`, `orderCodeText`) to entry i of the object listing. Written into `into` when given (cleared,
 * grown when too small), so that a caller listing many positions with one list allocates nothing per order;
 * otherwise into a new list. Same issues as `listLegalOrders`, with `into` left empty.
 *
 * Under rules that need the slow by-rules path (needsRulesPath: 4.E.1 a-c, 4.C.5 a, 4.A.6) the rows are converted
 * from the object listing. A row has no place for the nationality that 4.C.5 a ('missingNationality: illegal')
 * writes before foreign units: there the rows name the same units and orders, without it.
 */
export function legalOrderCodes(
  map: GameMap,
  position: Position,
  options: LegalOrderOptions = NO_OPTIONS,
  into: OrderCodeList = newOrderCodeList(),
): Result<OrderCodeList> {
  into.count = 0;
  const req = readOptions(map, options);
  if (Array.isArray(req)) return { issues: req };
  const t = legalTables(map);
  if (position.phase.type === 'movement' && needsRulesPath(req.rules)) {
    const listed = listMovementByRules(map, position, req.power, req.province, req.rules);
    if (listed.value === undefined) return { issues: listed.issues };
    for (const o of listed.value) pushOrderRow(t, o.power, o.order, into);
    return { value: into, issues: [] };
  }
  const bad = enumerate(t, position, req, into);
  if (bad !== undefined) return { issues: bad };
  return { value: into, issues: [] };
}

/**
 * `legalOrderCodes` for a position in integer form (src/position/coded.ts), such as the simulation's state: the same
 * rows in the same order, without a `Position` or any object per call. `power` is a power index or -1 for all.
 * The position must be a possible one (it is not checked), and the rules must not need the by-rules path
 * (`needsRulesPath`; the caller lists a `Position` then). Rows are appended to `into` (not cleared).
 */
export function legalCodesOfCoded(
  map: GameMap,
  position: CodedPosition,
  power: number,
  rules: RuleOptions,
  into: OrderCodeList,
): void {
  const t = legalTables(map);
  const s = scratchFor(t, Math.max(position.unitCount, position.dislodgedCount));
  switch (position.phaseType) {
    case PHASE_MOVEMENT:
      loadCodedUnits(t, s, position.units, position.unitCount);
      listLoadedMovement(t, s, position.unitCount, power, -1, into);
      return;
    case PHASE_RETREAT:
      listRetreatRows(t, position, power, -1, rules, s.occupied, into);
      return;
    case PHASE_ADJUSTMENT:
      listAdjustmentRows(t, position, power, -1, rules, s.counts, s.unitAt, into);
      return;
  }
}

/**
 * The movement rows of `legalCodesOfCoded` (every power) with only the first support of each unit: enough for a
 * player that needs to know which units can support but the supports of only a few (the random player). The
 * other supports of a unit are appended by `unitSupportsOfCoded`, called before anything else is listed.
 */
export function movementCodesFirstSupports(map: GameMap, position: CodedPosition, into: OrderCodeList): void {
  const t = legalTables(map);
  const s = scratchFor(t, position.unitCount);
  loadCodedUnits(t, s, position.units, position.unitCount);
  listLoadedMovement(t, s, position.unitCount, -1, -1, into, FIRST_SUPPORT);
}

/**
 * Appends every support of the unit `key` (a unit key) in the position just listed by `movementCodesFirstSupports`,
 * in listing order (the first one included).
 */
export function unitSupportsOfCoded(
  map: GameMap,
  position: CodedPosition,
  key: number,
  into: OrderCodeList,
): void {
  const t = legalTables(map);
  listUnitSupports(t, scratchFor(t, position.unitCount), position.unitCount, key, into);
}

/** Appends the code row of a canonical movement order (as the by-rules path lists them). */
function pushOrderRow(t: LegalTables, power: string, order: Order, out: OrderCodeList): void {
  const key = (ref: UnitRef): number =>
    (ref.type === 'F' ? FLEET : ARMY) * t.L + t.locationByCode.get(ref.location)!;
  const at = (code: string | undefined): number => (code === undefined ? -1 : t.locationByCode.get(code)!);
  const p = t.powerByName.get(power)!;
  switch (order.kind) {
    case 'hold':
      return pushOrderCode(out, p, HOLD, key(order.unit), -1, -1);
    case 'move':
      return pushOrderCode(
        out,
        p,
        order.viaConvoy === true ? MOVE_VIA : MOVE,
        key(order.unit),
        -1,
        at(order.to),
      );
    case 'support': {
      const kind = order.to === undefined ? SUPPORT_HOLD : SUPPORT_MOVE;
      return pushOrderCode(out, p, kind, key(order.unit), key(order.supported), at(order.to));
    }
    case 'convoy':
      return pushOrderCode(out, p, CONVOY, key(order.unit), key(order.army), at(order.to));
    case 'build':
    case 'disband':
    case 'waive':
      throw new Error(`not a movement order: ${order.kind}`);
  }
}

/** The province a `unit` option names ("PAR", "A PAR", "F stp/sc", "Paris"), or -1. */
export function unitOptionProvince(map: GameMap, unit: string): number {
  return splitCoast(map, unit.trim().replace(/^[AF]\s+/i, '')).province;
}

/** `listLegalOrders`, throwing an `IssuesError` that carries the issues when there are any. */
export function legalOrders(map: GameMap, position: Position, options: LegalOrderOptions = {}): LegalOrder[] {
  const result = listLegalOrders(map, position, options);
  if (result.value === undefined) throw new IssuesError(result.issues, 'position');
  return result.value;
}

// ---------------------------------------------------------------------------------------------------------------
// Retreats and adjustments of a Position: converted to integer form, listed by retreats-adjustments.ts.

function listRetreats(
  t: LegalTables,
  position: Position,
  powerFilter: number,
  provinceFilter: number,
  rules: RuleOptions,
  out: OrderCodeList,
): Issue[] | undefined {
  const map = t.map;
  const staying = compileBoard(map, position.units);
  if (staying.value === undefined) return staying.issues;
  const retreating = compileBoard(map, position.dislodged);
  if (retreating.value === undefined) return retreating.issues;
  const coded: CodedPosition = {
    ...NO_POSITION,
    phaseType: PHASE_RETREAT,
    unitCount: staying.value.unitCount,
    units: boardUnitPairs(staying.value),
    dislodgedCount: retreating.value.unitCount,
    dislodged: boardUnitPairs(retreating.value),
    ...retreatCodes(map, position),
  };
  listRetreatRows(t, coded, powerFilter, provinceFilter, rules, new Uint8Array(t.P), out);
  return undefined;
}

function listAdjustments(
  t: LegalTables,
  position: Position,
  powerFilter: number,
  provinceFilter: number,
  rules: RuleOptions,
  out: OrderCodeList,
): Issue[] | undefined {
  const map = t.map;
  const compiled = compileBoard(map, position.units);
  if (compiled.value === undefined) return compiled.issues;
  const owner = ownerTableOf(map, position.supplyCenters);
  if (owner.value === undefined) return owner.issues;
  const coded: CodedPosition = {
    ...NO_POSITION,
    phaseType: PHASE_ADJUSTMENT,
    unitCount: compiled.value.unitCount,
    units: boardUnitPairs(compiled.value),
    owner: owner.value,
  };
  const counts = new Int32Array(map.powers.length + 1); // and the neutral units' slot
  listAdjustmentRows(t, coded, powerFilter, provinceFilter, rules, counts, new Int32Array(t.P), out);
  return undefined;
}

const NO_POSITION: CodedPosition = {
  phaseType: PHASE_MOVEMENT,
  unitCount: 0,
  units: new Int32Array(0),
  dislodgedCount: 0,
  dislodged: new Int32Array(0),
  attackerFrom: new Int32Array(0),
  byConvoy: new Uint8Array(0),
  contested: new Uint8Array(0),
  owner: new Int32Array(0),
};
