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
 * stand or can move there, so that a unit looks only at the few units near it (see listMovement).
 */
import { compileBoard, type Board } from '../adjudication/board.js';
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
import type { Position, Unit } from '../position/types.js';
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
import { newOrderCodeList, pushOrderCode, type OrderCodeList } from './code-list.js';
import { ARMY, bitWords, FLEET, legalTables, scratchFor, type LegalTables, type Scratch } from './tables.js';

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
// The board, in scratch columns

/**
 * Fills the scratch columns with the units, as `compileBoard` would. Canonical codes and power names take a fast
 * path; anything else (other spellings, or a position `compileBoard` rejects) goes through `compileBoard` itself,
 * whose issues are returned.
 */
function loadBoard(t: LegalTables, s: Scratch, units: readonly Unit[]): Issue[] | undefined {
  const map = t.map;
  const n = units.length;
  s.unitAt.fill(-1);
  let fast = true;
  // Units usually come grouped by power: the previous unit's power name is compared first (one pointer compare
  // when the position shares its strings), before the map lookup.
  let lastName = '';
  let lastPower: number | undefined = -1;
  for (let u = 0; u < n && fast; u++) {
    const unit = units[u]!;
    const power: number | undefined = unit.power === lastName ? lastPower : t.powerByName.get(unit.power);
    lastName = unit.power;
    lastPower = power;
    const location = t.locationByCode.get(unit.location);
    if (power === undefined || location === undefined) {
      fast = false;
      break;
    }
    const province = map.locationProvince[location]!;
    if (s.unitAt[province]! >= 0) fast = false;
    else if (unit.type === 'A') {
      if (t.isSea[province]) fast = false;
      s.unitType[u] = ARMY;
      s.unitLocation[u] = province;
    } else if (unit.type === 'F') {
      if (t.isLand[province] || (location === province && map.provinceCoasts[province]!.length > 0))
        fast = false;
      s.unitType[u] = FLEET;
      s.unitLocation[u] = location;
    } else fast = false;
    s.unitAt[province] = u;
    s.unitProvince[u] = province;
    s.unitPower[u] = power;
  }
  if (fast) return undefined;
  const compiled = compileBoard(map, units);
  if (compiled.value === undefined) return compiled.issues;
  copyBoard(s, compiled.value);
  return undefined;
}

/** Fills the scratch columns with n units given as (power, unit key) pairs, which must be a possible position. */
function loadCodedUnits(t: LegalTables, s: Scratch, units: Int32Array, n: number): void {
  const L = t.L;
  const locationProvince = t.map.locationProvince;
  s.unitAt.fill(-1);
  for (let u = 0; u < n; u++) {
    const key = units[u * 2 + 1]!;
    const fleet = key >= L;
    const location = fleet ? key - L : key;
    const province = locationProvince[location]!;
    s.unitAt[province] = u;
    s.unitProvince[u] = province;
    s.unitLocation[u] = location;
    s.unitType[u] = fleet ? FLEET : ARMY;
    s.unitPower[u] = units[u * 2]!;
  }
}

function copyBoard(s: Scratch, board: Board): void {
  s.unitAt.set(board.unitAt);
  s.unitProvince.set(board.unitProvince);
  s.unitLocation.set(board.unitLocation);
  s.unitType.set(board.unitType);
  s.unitPower.set(board.unitPower);
}

/**
 * Units in output order: by unit text, that is by type (A before F), then by location code. The sort key (type * L
 * + rank of the location code) is unique per unit, so the units are placed by key in a bit set and read back in
 * key order: no comparisons.
 */
function sortUnits(t: LegalTables, s: Scratch, n: number): void {
  const byKey = s.unitByKey;
  const keyBits = s.keyBits;
  keyBits.fill(0);
  for (let u = 0; u < n; u++) {
    const key = s.unitType[u]! * t.L + t.rank[s.unitLocation[u]!]!;
    byKey[key] = u;
    keyBits[key >>> 5]! |= 1 << (key & 31);
  }
  let i = 0;
  for (let w = 0; w < keyBits.length; w++) {
    let bits = keyBits[w]!;
    while (bits !== 0) {
      const low = bits & -bits;
      bits ^= low;
      s.order[i++] = byKey[(w << 5) + 31 - Math.clz32(low)]!;
    }
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Movement

/** Is bit `r` (a province's rank) set in the bit set at `base`? */
function hasBit(bits: Uint32Array, base: number, r: number): boolean {
  return (bits[base + (r >>> 5)]! & (1 << (r & 31))) !== 0;
}

function setBit(bits: Uint32Array, base: number, r: number): void {
  bits[base + (r >>> 5)]! |= 1 << (r & 31);
}

/**
 * `convoyRouteExists` for every destination at once: a breadth-first search over the sea provinces holding a fleet
 * (`except` left out), from the seas next to `from`. Sets the bits of the coastal destinations in `dest` at
 * `destBase` and of the visited seas in `seas` at `seasBase` (when `seas` is given). The bits must be clear.
 */
function convoySearch(
  t: LegalTables,
  s: Scratch,
  from: number,
  except: number,
  dest: Uint32Array,
  destBase: number,
  seas: Uint32Array | undefined,
  seasBase: number,
): void {
  const W = bitWords(t);
  const queue = s.queue;
  const seen = s.seen;
  const fleetSeas = s.fleetSeas;
  let tail = 0;
  const exceptRank = except >= 0 ? t.prank[except]! : -1;
  for (let w = 0; w < W; w++) {
    let bits = t.startSeaBits[from * W + w]! & fleetSeas[w]!;
    if (exceptRank >>> 5 === w) bits &= ~(1 << (exceptRank & 31));
    seen[w] = bits;
    while (bits !== 0) {
      const low = bits & -bits;
      bits ^= low;
      queue[tail++] = t.provincesByRank[(w << 5) + 31 - Math.clz32(low)]!;
    }
  }
  for (let head = 0; head < tail; head++) {
    const sea = queue[head]!;
    for (let w = 0; w < W; w++) {
      dest[destBase + w]! |= t.seaCoastBits[sea * W + w]!;
      let bits = t.seaSeaBits[sea * W + w]! & fleetSeas[w]! & ~seen[w]!;
      if (exceptRank >>> 5 === w) bits &= ~(1 << (exceptRank & 31));
      seen[w]! |= bits;
      while (bits !== 0) {
        const low = bits & -bits;
        bits ^= low;
        queue[tail++] = t.provincesByRank[(w << 5) + 31 - Math.clz32(low)]!;
      }
    }
  }
  const r = t.prank[from]!;
  dest[destBase + (r >>> 5)]! &= ~(1 << (r & 31));
  if (seas !== undefined) for (let w = 0; w < W; w++) seas[seasBase + w] = seen[w]!;
}

/**
 * `onProperRoute` for every fleet and destination at once, for the army in coastal province `from`: a depth-first
 * search over the proper chains (DATC 4.E.1, 6.G.19) of sea provinces holding a fleet. A chain starts at a sea that
 * touches `from`; each next sea touches neither `from` nor any node before the last one. A chain is a proper route
 * to each coastal province its last sea touches and no earlier sea does; every fleet on it gets that destination
 * in `convoyOrder`.
 */
function properChains(t: LegalTables, s: Scratch, from: number, armySlot: number, armies: number): void {
  const W = bitWords(t);
  for (let i = t.touchingSeaStart[from]!; i < t.touchingSeaStart[from + 1]!; i++) {
    const sea = t.touchingSea[i]!;
    if (s.seaFleet[sea]! < 0) continue;
    extendChain(t, s, from, sea, 0, armySlot, armies, W);
  }
}

function extendChain(
  t: LegalTables,
  s: Scratch,
  from: number,
  sea: number,
  depth: number,
  armySlot: number,
  armies: number,
  W: number,
): void {
  const P = t.P;
  const chain = s.chain;
  const touched = s.touched;
  chain[depth] = sea;
  s.inChain[sea] = 1;
  const c0 = t.seaCoastStart[sea]!;
  const c1 = t.seaCoastStart[sea + 1]!;
  for (let i = c0; i < c1; i++) touched[t.seaCoast[i]!]!++;
  // Destinations this chain is a proper route to.
  for (let i = c0; i < c1; i++) {
    const q = t.seaCoast[i]!;
    if (touched[q] !== 1 || q === from) continue;
    const r = t.prank[q]!;
    for (let j = 0; j <= depth; j++) {
      const slot = s.fleetSlot[s.seaFleet[chain[j]!]!]!;
      setBit(s.convoyOrder, (slot * armies + armySlot) * W, r);
    }
  }
  for (let i = t.seaSeaStart[sea]!; i < t.seaSeaStart[sea + 1]!; i++) {
    const next = t.seaSea[i]!;
    if (s.seaFleet[next]! < 0 || s.inChain[next] || t.fleetReachM[next * P + from]) continue;
    let minimal = true;
    for (let j = 0; j < depth; j++) {
      if (t.fleetAdjM[chain[j]! * t.L + next]) {
        minimal = false;
        break;
      }
    }
    if (minimal) extendChain(t, s, from, next, depth + 1, armySlot, armies, W);
  }
  for (let i = c0; i < c1; i++) touched[t.seaCoast[i]!]!--;
  s.inChain[sea] = 0;
}

function listMovement(
  t: LegalTables,
  units: readonly Unit[],
  powerFilter: number,
  provinceFilter: number,
  out: OrderCodeList,
): Issue[] | undefined {
  const s = scratchFor(t, units.length);
  const bad = loadBoard(t, s, units);
  if (bad !== undefined) return bad;
  listLoadedMovement(t, s, units.length, powerFilter, provinceFilter, out);
  return undefined;
}

/** The movement orders of the n units in the scratch columns. */
function listLoadedMovement(
  t: LegalTables,
  s: Scratch,
  n: number,
  powerFilter: number,
  provinceFilter: number,
  out: OrderCodeList,
): void {
  const map = t.map;
  const P = t.P;
  const L = t.L;
  const W = bitWords(t);
  const unitType = s.unitType;
  const unitProvince = s.unitProvince;
  const unitLocation = s.unitLocation;
  // Tables used in the inner loops, in locals.
  const { reachBits, provincesByRank, prank, armyAdjBits, fleetAdjM, reachStart, reach, multiCoast } = t;
  sortUnits(t, s, n);

  // Fleets at sea, and the convoy searches of the coastal armies.
  s.seaFleet.fill(-1);
  s.fleetSeas.fill(0);
  let fleets = 0;
  let armies = 0;
  for (let u = 0; u < n; u++) {
    s.fleetSlot[u] = -1;
    s.armySlot[u] = -1;
    if (unitType[u] === FLEET && t.isSea[unitProvince[u]!]) {
      s.seaFleet[unitProvince[u]!] = u;
      setBit(s.fleetSeas, 0, prank[unitProvince[u]!]!);
      s.fleetSlot[u] = fleets++;
    }
  }
  const convoyDest = s.convoyDest;
  const convoySeas = s.convoySeas;
  convoyDest.fill(0, 0, n * W);
  convoySeas.fill(0, 0, n * W);
  if (fleets > 0) {
    for (let u = 0; u < n; u++) {
      if (unitType[u] !== ARMY || !t.isCoast[unitProvince[u]!]) continue;
      convoySearch(t, s, unitProvince[u]!, -1, convoyDest, u * W, convoySeas, u * W);
      let any = 0;
      for (let w = 0; w < W; w++) any |= convoyDest[u * W + w]!;
      if (any !== 0) s.armySlot[u] = armies++;
    }
  }
  // Where each unit can move, for the supports.
  const moveBits = s.moveBits;
  for (let u = 0; u < n; u++) {
    const base = (unitType[u]! * L + unitLocation[u]!) * W;
    for (let w = 0; w < W; w++) {
      moveBits[u * W + w] = reachBits[base + w]! | (unitType[u] === ARMY ? convoyDest[u * W + w]! : 0);
    }
  }
  // Convoy orders, when a fleet at sea is listed.
  let convoysWanted = false;
  for (let u = 0; u < n && !convoysWanted; u++) {
    if (s.fleetSlot[u]! >= 0 && wanted(s, u, powerFilter, provinceFilter)) convoysWanted = true;
  }
  if (convoysWanted && armies > 0) {
    s.convoyOrder.fill(0, 0, fleets * armies * W);
    for (let u = 0; u < n; u++)
      if (s.armySlot[u]! >= 0) properChains(t, s, unitProvince[u]!, s.armySlot[u]!, armies);
  }

  const order = s.order;
  const except = s.except;

  // Which units a unit may support: `movers` has, per province, a bit set over the output positions (index into
  // `order`) of the units that stand there or can move there. A unit supports only units among the movers of the
  // provinces it can reach ("near" units below), about 5 of 30 in a midgame: testing every pair instead took most
  // of the time of the listing.
  const VW = (n + 31) >>> 5;
  const movers = s.movers;
  movers.fill(0, 0, P * VW);
  for (let i = 0; i < n; i++) {
    const v = order[i]!;
    const word = i >>> 5;
    const bit = 1 << (i & 31);
    movers[unitProvince[v]! * VW + word]! |= bit;
    for (let w = 0; w < W; w++) {
      let bits = moveBits[v * W + w]!;
      while (bits !== 0) {
        const low = bits & -bits;
        bits ^= low;
        movers[provincesByRank[(w << 5) + 31 - Math.clz32(low)]! * VW + word]! |= bit;
      }
    }
  }

  for (let i = 0; i < n; i++) {
    const u = order[i]!;
    if (!wanted(s, u, powerFilter, provinceFilter)) continue;
    const p = s.unitPower[u]!;
    const type = unitType[u]!;
    const here = unitProvince[u]!;
    const loc = unitLocation[u]!;
    const key = type * L + loc;

    // Moves.
    if (type === ARMY) {
      let anyConvoy = 0;
      for (let w = 0; w < W; w++) anyConvoy |= convoyDest[u * W + w]!;
      if (anyConvoy === 0) {
        for (let k = t.armyStart[here]!; k < t.armyStart[here + 1]!; k++) {
          const q = t.armyAdj[k]!;
          if (t.isSea[q] || q === here) continue;
          pushOrderCode(out, p, MOVE, key, -1, q);
        }
      } else {
        // Land neighbours and convoy destinations, in code order.
        for (let w = 0; w < W; w++) {
          const land = armyAdjBits[here * W + w]!;
          const sea = convoyDest[u * W + w]!;
          let bits = land | sea;
          while (bits !== 0) {
            const low = bits & -bits;
            bits ^= low;
            const q = provincesByRank[(w << 5) + 31 - Math.clz32(low)]!;
            pushOrderCode(out, p, MOVE, key, -1, q);
            if ((land & low) !== 0 && (sea & low) !== 0) pushOrderCode(out, p, MOVE_VIA, key, -1, q);
          }
        }
      }
    } else {
      for (let k = t.fleetStart[loc]!; k < t.fleetStart[loc + 1]!; k++) {
        const d = t.fleetAdj[k]!;
        const q = map.locationProvince[d]!;
        if (q === here || t.isLand[q] || (d < P && multiCoast[d])) continue;
        pushOrderCode(out, p, MOVE, key, -1, d);
      }
      // Convoys: by army, then destination.
      const slot = s.fleetSlot[u]!;
      if (slot >= 0 && armies > 0) {
        for (let j = 0; j < n; j++) {
          const a = order[j]!;
          if (unitType[a] !== ARMY) break;
          const aSlot = s.armySlot[a]!;
          if (aSlot < 0) continue;
          const base = (slot * armies + aSlot) * W;
          const aKey = unitLocation[a]!;
          for (let w = 0; w < W; w++) {
            let bits = s.convoyOrder[base + w]!;
            while (bits !== 0) {
              const low = bits & -bits;
              bits ^= low;
              const q = provincesByRank[(w << 5) + 31 - Math.clz32(low)]!;
              pushOrderCode(out, p, CONVOY, key, aKey, q);
            }
          }
        }
      }
    }

    // Hold.
    pushOrderCode(out, p, HOLD, key, -1, -1);

    // Supports: by supported unit, its hold first, then its moves by destination: into the provinces both this
    // unit can reach and the supported unit can move to (6.A.10, 6.D.34: never into this unit's own province).
    const reachBase = key * W;
    const atSea = type === FLEET && t.isSea[here] === 1;
    // The near units in output order, 32 output positions (one word of `movers`) at a time.
    for (let nw = 0; nw < VW; nw++) {
      let nearBits = 0;
      for (let k = reachStart[key]!; k < reachStart[key + 1]!; k++) nearBits |= movers[reach[k]! * VW + nw]!;
      while (nearBits !== 0) {
        const nearLow = nearBits & -nearBits;
        nearBits ^= nearLow;
        const v = order[(nw << 5) + 31 - Math.clz32(nearLow)]!;
        if (v === u) continue;
        const there = unitProvince[v]!;
        const vType = unitType[v]!;
        const vLoc = unitLocation[v]!;
        const vKey = vType * L + vLoc;
        if (hasBit(reachBits, reachBase, prank[there]!)) {
          pushOrderCode(out, p, SUPPORT_HOLD, key, vKey, -1);
        }
        // Moves into the provinces both units reach. An army's move by convoy is supportable only if the
        // army has a route without this unit (6.D.31): when this fleet is on one of its routes, destinations
        // that are not adjacent by land are checked against a search with this fleet left out.
        const vAtSeaRoute = vType === ARMY && atSea && hasBit(convoySeas, v * W, prank[here]!);
        let exceptDone = false;
        for (let w = 0; w < W; w++) {
          const reachWord = reachBits[reachBase + w]!;
          if (reachWord === 0) continue; // a unit reaches only provinces near it: often one or two words of W
          let bits = reachWord & moveBits[v * W + w]!;
          if (vAtSeaRoute && (bits & ~armyAdjBits[there * W + w]!) !== 0) {
            if (!exceptDone) {
              except.fill(0);
              convoySearch(t, s, there, here, except, 0, undefined, 0);
              exceptDone = true;
            }
            bits &= armyAdjBits[there * W + w]! | except[w]!;
          }
          while (bits !== 0) {
            const low = bits & -bits;
            bits ^= low;
            const q = provincesByRank[(w << 5) + 31 - Math.clz32(low)]!;
            if (vType === FLEET && multiCoast[q]) {
              // A fleet's move names the coast: one support per coast it can move to.
              for (const c of map.provinceCoasts[q]!) {
                if (fleetAdjM[vLoc * L + c]) pushOrderCode(out, p, SUPPORT_MOVE, key, vKey, c);
              }
            } else {
              // A fleet that reaches a province without coasts is adjacent to it; an army's moves are all here.
              pushOrderCode(out, p, SUPPORT_MOVE, key, vKey, q);
            }
          }
        }
      }
    }
  }
}

function wanted(s: Scratch, u: number, powerFilter: number, provinceFilter: number): boolean {
  return (
    (powerFilter < 0 || s.unitPower[u] === powerFilter) &&
    (provinceFilter < 0 || s.unitProvince[u] === provinceFilter)
  );
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
  const counts = new Int32Array(map.powers.length);
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
