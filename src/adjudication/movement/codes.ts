/**
 * Adjudication of a movement phase given as integers (src/orders/codes.ts): units as (power, unit key) pairs,
 * orders as code rows. The same adjudication as `resolveMovement` — the same legality (4.E.1), the same tables,
 * decisions and solver — without strings or objects on the way: for self-play, search and datasets, where
 * millions of phases are adjudicated and only where the units end up matters.
 *
 * Legality: the common orders (holds, moves to a neighbour, supports whose supported move is such a move) are
 * checked here on integers; they are exactly the cases `checkMovementOrder` answers the same way whatever the
 * rule options. Every other row (convoys, moves via convoy, anything unusual or illegal) is decoded and checked by
 * `checkMovementOrder` itself, so both ways in agree on every order (test/codes.test.ts checks this).
 */
import { armyAdjacent, fleetAdjacent, fleetCanReach, lookupCode } from '../../map/query.js';
import type { GameMap } from '../../map/types.js';
import { unitOwnerName } from '../../map/neutral.js';
import { issue, type Issue, type Result } from '../../issues.js';
import type { GivenOrder, UnitRef } from '../../orders/types.js';
import type { Position, Unit } from '../../position/types.js';
import * as oc from '../../orders/codes.js';
import { decodeOrder, encodeOrder, type OrderEncoding } from '../../orders/codes.js';
import { convoyRouteExists, onProperRoute } from '../convoy-routes.js';
import { ARMY as ARMY_CODE, FLEET as FLEET_CODE, loadBoard, type Board } from '../board.js';
import { withDefaults, type RuleOptions } from '../rules.js';
// adjudicate.ts imports `resolveByCodes` from here: a cycle of function declarations only, resolved at call time.
import { decide, positionAfter, solve, whoEndsWhere, type EngineOptions } from './adjudicate.js';
import type { MovementDecisions } from './decisions.js';
import { checkMovementOrder, convoySeas, type AcceptedOrder } from './legality.js';
import { movementScratch, type MovementScratch } from './scratch.js';
import * as codes from './tables.js';
import { tablesFromColumns, type MovementTables } from './tables.js';

// Imported bindings are live: each use reads a cell and checks that it is initialised, even in optimised code.
// Module constants are folded into the code, so the hot loops below use these local copies.
const ARMY = ARMY_CODE;
const FLEET = FLEET_CODE;
const { CONVOY, HOLD, MOVE, SUPPORT } = codes;
const STRIDE = oc.ORDER_STRIDE;
// The power is a row's first field (POWER_FIELD is 0): it is read as `orders[at]`.
const { KIND_FIELD, UNIT_FIELD, OTHER_FIELD, TO_FIELD } = oc;
const C_HOLD = oc.HOLD;
const C_MOVE = oc.MOVE;
const C_SUPPORT_HOLD = oc.SUPPORT_HOLD;
const C_SUPPORT_MOVE = oc.SUPPORT_MOVE;
const C_MOVE_VIA = oc.MOVE_VIA;
const C_CONVOY = oc.CONVOY;

/** Integers in a row of the units array: the owner's power index, then the unit key. */
export const UNIT_STRIDE = 2;

/** What `resolveMovementCodes` writes. Arrays may be longer than the counts; read the first `unitCount`. */
export interface MovementCodesResult {
  unitCount: number;
  /** Per unit (in input order): its location after the phase (where it moved, or where it stands). */
  location: Int32Array;
  /** Per unit: the province the unit that dislodged it came from, or -1 when it is not dislodged. */
  dislodgedFrom: Int32Array;
  /** Per unit: 1 when it was dislodged by a convoyed army (its retreats may then include that army's origin). */
  byConvoy: Uint8Array;
  /** Per unit: 1 when its MOVE, SUPPORT or CONVOY decision succeeded (0 for a unit that holds). */
  success: Uint8Array;
  /** Per order row: 1 when it is the order its unit carried out; 0 when it was illegal or did not count (4.D.3). */
  counted: Uint8Array;
  /** Per province of the map: 1 when a standoff left it empty (no retreat there). */
  contested: Uint8Array;
}

/** A result to pass to `resolveMovementCodes` again and again: its arrays are reused, and grown when needed. */
export function newMovementCodesResult(): MovementCodesResult {
  return {
    unitCount: 0,
    location: new Int32Array(0),
    dislodgedFrom: new Int32Array(0),
    byConvoy: new Uint8Array(0),
    success: new Uint8Array(0),
    counted: new Uint8Array(0),
    contested: new Uint8Array(0),
  };
}

// Stryker disable next-line ArrayDeclaration: equivalent, nothing reads the units of a coded board (only adjudicateMovement's outcome writer reads `board.units`).
const NO_UNITS: readonly Unit[] = Object.freeze([]);

/**
 * Adjudicates a movement phase in integer form: `units` holds UNIT_STRIDE integers per unit (power index, unit
 * key), `orders` ORDER_STRIDE integers per order (src/orders/codes.ts). Writes the outcome into `into` (a new
 * result when not given) and returns it; issues, and no value, when the units are not a possible position
 * (unknown power or key, two units in a province, an army at sea, a fleet inland or off its coast). Orders are
 * never issues: an illegal order is not counted and its unit holds.
 */
export function resolveMovementCodes(
  map: GameMap,
  units: Int32Array,
  orders: Int32Array,
  rules?: Partial<RuleOptions>,
  into: MovementCodesResult = newMovementCodesResult(),
  engine: EngineOptions = {},
): Result<MovementCodesResult> {
  if (units.length % UNIT_STRIDE !== 0 || orders.length % STRIDE !== 0) {
    return {
      issues: [
        issue(
          'bad-codes',
          `units need ${UNIT_STRIDE} integers each and orders ${STRIDE} each (got ${units.length} and ${orders.length})`,
        ),
      ],
    };
  }
  const n = units.length / UNIT_STRIDE;
  return resolveMovementRows(
    map,
    units,
    n,
    orders,
    // Stryker disable next-line ArithmeticOperator: equivalent, rows past the end read as undefined, which no check takes for an order (decodeOrder refuses them), and `counted` is sized for them.
    orders.length / STRIDE,
    withDefaults(rules),
    into,
    engine,
  );
}

/**
 * `resolveMovementCodes` for the first `n` units of `units` and the first `rows` rows of `orders` (arrays that may be
 * longer, such as the simulation's), with complete rule options: nothing is copied or allocated on the way.
 */
export function resolveMovementRows(
  map: GameMap,
  units: Int32Array,
  n: number,
  orders: Int32Array,
  rows: number,
  options: RuleOptions,
  into: MovementCodesResult,
  engine: EngineOptions = {},
): Result<MovementCodesResult> {
  const s = movementScratch(map, n);
  const loaded = loadCodedBoard(map, s, units, n);
  if (!Array.isArray(loaded)) {
    const out = prepareResult(map, into, n, rows);
    // Survivors (docs/verification.md; the mark also hid killed mutants): equivalent for true (the false mutants were killed): every phase then goes to the fallback, the adjudicator of order objects, which gives the same outcome, only slower.
    if (options.implicitOrders === 'allowed' || !chooseCodedOrders(loaded, orders, rows, options, s, out)) {
      // Implicit orders (4.E.3 a) and several legal orders for one unit (4.D.3) are rare; the adjudicator of
      // order objects handles them, with the rows decoded.
      return fallback(map, units, n, orders, rows, options, engine, out);
    }
    const tables = tablesFromColumns(loaded, options, s.civilDisorder, s);
    const { success, decisions } = solve(tables, engine.resolver, s);
    writeOutcome(tables, decisions, success, out);
    return { value: out, issues: [] };
  }
  return { issues: loaded };
}

/** Sizes the result's arrays for n units and `rows` order rows. */
function prepareResult(map: GameMap, out: MovementCodesResult, n: number, rows: number): MovementCodesResult {
  // `<=` survives (docs/verification.md): growing at an equal length only allocates more often.
  if (out.location.length < n) {
    // Stryker disable next-line ArithmeticOperator: equivalent, another growth step changes only how often the arrays are replaced (the capacity is at least n either way).
    const capacity = Math.max(n, out.location.length * 2, 16);
    out.location = new Int32Array(capacity);
    out.dislodgedFrom = new Int32Array(capacity);
    out.byConvoy = new Uint8Array(capacity);
    out.success = new Uint8Array(capacity);
  }
  // `<=` survives, as above.
  if (out.counted.length < rows) {
    // Stryker disable next-line ArithmeticOperator: equivalent, as above: only how often `counted` is replaced (it holds at least `rows` either way, and they are cleared below).
    out.counted = new Uint8Array(Math.max(rows, out.counted.length * 2, 16));
  }
  // Survivors (docs/verification.md; the mark also hid killed mutants): equivalent for true (false was killed): a new array of the same size each time, and `writeOutcome` sets all of it.
  if (out.contested.length !== map.provinceCount) out.contested = new Uint8Array(map.provinceCount);
  out.unitCount = n;
  out.counted.fill(0, 0, rows);
  return out;
}

/**
 * The board of the units, in the scratch columns, as `compileBoard` checks a position: issues for an impossible
 * one.
 */
function loadCodedBoard(map: GameMap, s: MovementScratch, units: Int32Array, n: number): Board | Issue[] {
  const L = map.locationCount;
  const { unitProvince, unitLocation, unitType, unitPower, unitAt } = s;
  unitAt.fill(-1);
  let issues: Issue[] | undefined;
  for (let u = 0; u < n; u++) {
    const power = units[u * UNIT_STRIDE]!;
    const key = units[u * UNIT_STRIDE + 1]!;
    const problem = unitProblem(map, power, key, unitAt);
    if (problem !== undefined) {
      (issues ??= []).push(issue(problem[0], `unit ${u + 1} (power ${power}, key ${key}): ${problem[1]}`));
      continue;
    }
    const location = key >= L ? key - L : key; // not %: an integer division costs tens of cycles
    const province = map.locationProvince[location]!;
    unitAt[province] = u;
    unitProvince[u] = province;
    unitLocation[u] = location;
    unitType[u] = key >= L ? FLEET : ARMY;
    unitPower[u] = power;
  }
  if (issues !== undefined) return issues;
  return { map, units: NO_UNITS, unitCount: n, unitProvince, unitLocation, unitType, unitPower, unitAt };
}

/** Why a (power, key) pair cannot stand on the board, as an issue code and message; undefined when it can. */
function unitProblem(
  map: GameMap,
  power: number,
  key: number,
  unitAt: Int32Array,
): [string, string] | undefined {
  const L = map.locationCount;
  // The neutral power is one past the players' indices, and -1 on a map without neutral armies: no owner.
  if (!(power >= 0 && (power < map.powers.length || power === map.neutralPower)))
    return ['unknown-power', 'no such power'];
  if (!(key >= 0 && key < 2 * L)) return ['unknown-location', 'no such unit key'];
  const location = key >= L ? key - L : key; // not %: an integer division costs tens of cycles
  const province = map.locationProvince[location]!;
  const kind = map.provinceKind[province];
  if (key < L) {
    if (kind === 'sea') return ['army-at-sea', 'an army cannot stand in a sea province'];
    if (location !== province) return ['bad-unit-location', 'an army stands in a province, not on a coast'];
  } else {
    if (kind === 'land') return ['fleet-inland', 'a fleet cannot stand in an inland province'];
    if (location === province && map.provinceCoasts[province]!.length > 0)
      return ['coast-required', `a fleet in ${map.locationCode[province]} needs its coast`];
  }
  if (unitAt[province]! >= 0)
    return ['two-units-in-province', `${map.locationCode[province]} already holds a unit`];
  return undefined;
}

/**
 * Legality of every row (4.E.1) into the order columns, and which row each unit carries out. False when some unit
 * has more than one legal order (4.D.3: left to the adjudicator of order objects).
 */
// Stryker disable BlockStatement: equivalent for the body (restored inside), undefined is a false answer: the phase goes to the fallback, which gives the same outcome.
function chooseCodedOrders(
  board: Board,
  orders: Int32Array,
  rows: number,
  rules: RuleOptions,
  s: MovementScratch,
  out: MovementCodesResult,
): boolean {
  // Stryker restore BlockStatement
  const n = board.unitCount;
  const { kind, dest, destLocation, target, supportCoast, viaConvoy, invalidMove, civilDisorder } = s;
  const chosen = s.acceptedFrom;
  // `<=` survives (docs/verification.md): the entries one past the last unit are never read (and the scratch columns
  // have room for them or ignore the write).
  for (let u = 0; u < n; u++) {
    kind[u] = HOLD;
    dest[u] = destLocation[u] = target[u] = supportCoast[u] = -1;
    viaConvoy[u] = invalidMove[u] = 0;
    chosen[u] = -1;
  }
  civilDisorder.fill(1);
  for (let i = 0; i < rows; i++) {
    // A power that orders is not in civil disorder. (A row's power out of range, -1 included, writes nowhere: a
    // typed array ignores the write.)
    civilDisorder[orders[i * STRIDE]!] = 0;
    const u = checkCommonOrder(board, orders, i, rules, s);
    // `false` and `u > 0` survive (docs/verification.md): `checkOtherOrder` (the general check) judges every row as
    // the common check does, only slower.
    const unit = u >= 0 ? u : checkOtherOrder(board, orders, i, rules, s);
    if (unit < 0) continue;
    // Survivors (docs/verification.md; the mark also hid killed mutants): equivalent, false sends the phase to the fallback, which gives the same outcome (the mutants that let a second order through were killed).
    if (chosen[unit]! >= 0) return false;
    chosen[unit] = i;
    out.counted[i] = 1;
  }
  return true;
}

/** The unit of the row's unit key, if it stands exactly there and belongs to the row's power; else -1. */
// Stryker disable next-line BlockStatement: equivalent, undefined is no unit: every row then ends in the general check (undefined >= 0 is false, and an undefined supported unit equals the undefined ordered one).
function unitOfKey(board: Board, key: number, power: number): number {
  const L = board.map.locationCount;
  // A key out of range needs no test of its own: its location has no province, so `u` below is undefined, whose
  // location is undefined too, and -1 follows.
  // Stryker disable next-line ConditionalExpression,EqualityOperator,ArithmeticOperator: equivalent, a wrong location is out of range or the location of no unit of this key, so the test below answers -1 and the general check decides.
  const location = key >= L ? key - L : key; // not %: an integer division costs tens of cycles
  const u = board.unitAt[board.map.locationProvince[location]!]!;
  // Survivors (docs/verification.md; the mark also hid killed mutants): equivalent for these (the mutants accepting a unit of another place or type were killed): -1 more often sends the row to the general check, and -1 as a unit has undefined as its location. (`key > L` is not among them: it read key L, a fleet in the first location, as an army; killed by a Cold War case of test/codes-cases.test.ts.)
  if (u < 0 || board.unitLocation[u] !== location || board.unitType[u] !== (key >= L ? FLEET : ARMY))
    return -1;
  // The mutants that answer -1 more often survive (docs/verification.md): the general check then decides.
  return power < 0 || board.unitPower[u] === power ? u : -1;
}

/**
 * Where unit u moves to `to` over land or by sea to a neighbouring location, named exactly (a fleet's coast of a
 * multi-coast province named, an army's province without coast); -1 for anything else. What `simpleMove` of
 * legality.ts answers for such a move.
 */
// Stryker disable next-line BlockStatement: equivalent, undefined is no location: a support then finds no province it reaches, and a move by an army tries a route of fleets, which gives the columns the general check gives for the same move (a fleet's goes to the general check).
function neighbourMove(board: Board, u: number, to: number): number {
  // No test of the place is needed: armies have no edges to seas or coasts, fleets none to inland provinces or to
  // a province with coasts (the map reader refuses them), and no edge leads out of range.
  if (board.unitType[u] === ARMY) return armyAdjacent(board.map, board.unitProvince[u]!, to) ? to : -1;
  return fleetAdjacent(board.map, board.unitLocation[u]!, to) ? to : -1;
}

/** Can unit u reach province p to support there (6.B.4: coasts do not matter)? `canReach` of legality.ts. */
// Stryker disable next-line BlockStatement: equivalent, undefined is a false answer: the general check decides.
function reaches(board: Board, u: number, p: number): boolean {
  // Armies have no edges to seas, fleets none to inland provinces: the adjacency answers the kind of p too.
  if (board.unitType[u] === ARMY) return armyAdjacent(board.map, board.unitProvince[u]!, p);
  return fleetCanReach(board.map, board.unitLocation[u]!, p);
}

/**
 * Row i, when it is a common legal order: a hold, a move to a neighbour or an army's move over a route of fleets,
 * a support of a hold or of a move to a neighbour, a convoy by a fleet on a proper route; naming every unit
 * exactly. Writes the order columns and returns the unit; -1 when the row needs the general check.
 */
// Stryker disable BlockStatement: equivalent for the body (restored inside), undefined is no unit (undefined >= 0 is false): every row goes to the general check.
function checkCommonOrder(
  board: Board,
  orders: Int32Array,
  i: number,
  rules: RuleOptions,
  s: MovementScratch,
): number {
  // Stryker restore BlockStatement
  const at = i * STRIDE;
  const power = orders[at]!;
  // No power (-1) is not any power: only the supported or convoyed unit is named without one.
  // Survivors (docs/verification.md; the mark also hid killed mutants): equivalent for true and <= (the +1 mutant was killed): rows of power 0 or any power then go to the general check.
  if (power < 0) return -1;
  const u = unitOfKey(board, orders[at + UNIT_FIELD]!, power);
  // A neutral unit takes no order: the general check says why.
  // Survivors (docs/verification.md; the mark also hid killed mutants): equivalent for these (the mutant that orders a neutral unit was killed): unit -1 finds no order below, and the others only send rows to the general check.
  if (u < 0 || board.unitPower[u] === board.map.neutralPower) return -1;
  const map = board.map;
  const code = orders[at + KIND_FIELD]!;
  // `false` survives (docs/verification.md): a hold then goes to the general check, which accepts it the same way.
  if (code === C_HOLD) return u;
  const to = orders[at + TO_FIELD]!;
  // The `false` mutants of this condition survive (docs/verification.md): a move then goes to the general check (it
  // is no support or convoy), which gives the same columns; `true` is killed.
  // Stryker disable next-line LogicalOperator,BlockStatement: equivalent, as above: a move goes to the general check.
  if (code === C_MOVE || code === C_MOVE_VIA) {
    // `false` survives (docs/verification.md): a move by an army to a neighbour then tries a route of fleets, which
    // gives the columns of the neighbour move (viaConvoy 0, the province as place) or -1; a fleet's goes to the
    // general check. So do `false` and `> 0` below (location 0 is a sea, where no army moves).
    const location = code === C_MOVE ? neighbourMove(board, u, to) : -1;
    // Stryker disable next-line BlockStatement: equivalent, as above: the move then tries a route of fleets, or goes to the general check.
    if (location >= 0) {
      s.kind[u] = MOVE;
      s.dest[u] = map.locationProvince[location]!;
      s.destLocation[u] = location;
      return u;
    }
    // An army's move by convoy, over a route of fleets on the board (4.E.1); written "via convoy" or not. (A place out
    // of range or a coast needs no test: convoyRouteExists finds no route to anything but a coastal province.) The
    // `true` mutants of the two tests below survive (docs/verification.md): the row then goes to the general check.
    if (!map.rules.convoys || board.unitType[u] !== ARMY) return -1;
    if (!convoyRouteExists(map, board.unitProvince[u]!, to, usableSeas(board, rules, s))) return -1;
    s.kind[u] = MOVE;
    s.dest[u] = s.destLocation[u] = to;
    // `true` survives (docs/verification.md): a move without 'via convoy' gets here only to a province that is no
    // neighbour, and the tables read viaConvoy only for moves to a neighbour (4.A.3, chooseRoute).
    s.viaConvoy[u] = code === C_MOVE_VIA ? 1 : 0;
    return u;
  }
  // The mutants that return -1 for more rows survive (docs/verification.md): the general check decides.
  if (code !== C_SUPPORT_HOLD && code !== C_SUPPORT_MOVE && code !== C_CONVOY) return -1;
  // Stryker disable next-line UnaryOperator: equivalent, naming power 1 finds the same unit when it is power 1's and none otherwise (then the general check decides).
  const v = unitOfKey(board, orders[at + OTHER_FIELD]!, -1);
  // Survivors (docs/verification.md; the mark also hid killed mutants): equivalent for true, <= and >= (the false mutant, a unit supporting itself, was killed): unit 0 or every unit then goes to the general check, and -1 finds no order below (it reaches nothing, is no army).
  if (v < 0 || v === u) return -1;
  // A foreign unit named without its nationality: the general check applies 4.C.5.
  // Survivors (docs/verification.md; the mark also hid killed mutants): equivalent for these (the one accepting a foreign unit under 4.C.5 a was killed): they only send more rows to the general check.
  if (board.unitPower[v] !== power && rules.missingNationality === 'illegal') return -1;
  if (code === C_CONVOY) {
    // A fleet at sea on a proper route of fleets for the army's move (6.F.12, 6.G.19).
    // `true` survives here and in the tests below that end in the general check (docs/verification.md).
    if (!map.rules.convoys) return -1;
    const here = board.unitProvince[u]!;
    const from = board.unitProvince[v]!;
    // Survivors (docs/verification.md; the mark also hid killed mutants): equivalent for these (the mutant convoying a fleet was killed): an army or a fleet on a coast gets no proper route (onProperRoute needs a convoy-capable province holding a fleet), so -1 follows anyway; the others only send rows to the general check.
    if (board.unitType[u] !== FLEET || board.unitType[v] !== ARMY || map.convoyCapable[here] !== 1) return -1;
    // Stryker disable next-line ConditionalExpression,LogicalOperator,BooleanLiteral,EqualityOperator: equivalent, a place out of range or a coast is no coastal province, for which onProperRoute finds no route, so -1 follows anyway.
    if (!(to >= 0 && to < map.locationCount) || map.locationProvince[to] !== to) return -1;
    // `true` survives (docs/verification.md): every convoy row then goes to the general check, which decides the same.
    if (!onProperRoute(map, here, from, to, usableSeas(board, rules, s))) return -1;
    s.kind[u] = CONVOY;
    s.dest[u] = to;
    s.target[u] = v;
    return u;
  }
  if (code === C_SUPPORT_HOLD) {
    // `true` survives (docs/verification.md): every support of a hold then goes to the general check, which decides the same.
    if (!reaches(board, u, board.unitProvince[v]!)) return -1;
    s.kind[u] = SUPPORT;
    s.target[u] = v;
    return u;
  }
  const location = neighbourMove(board, v, to);
  // Stryker disable next-line ConditionalExpression,EqualityOperator: equivalent, supportOfConvoyedMove gives a move to a neighbour by a route of fleets the columns of the support of the neighbour move (or -1), and -1 as a place reaches no province; location 0 is a sea, where no army moves.
  if (location < 0) return supportOfConvoyedMove(board, u, v, to, rules, s);
  const province = map.locationProvince[location]!;
  // No unit reaches its own province, so that needs no test of its own. (`true` survives: the general check.)
  if (!reaches(board, u, province)) return -1;
  s.kind[u] = SUPPORT;
  s.dest[u] = province;
  s.target[u] = v;
  // A support of a fleet's move names the coast when the row does (4.B.4).
  // The mutants that name `location` for more supports survive (docs/verification.md): `location` is the province
  // unless a coast is named, and a move to a province without coasts ends at the province itself, the place such a
  // support then names.
  s.supportCoast[u] = board.unitType[v] === FLEET && location !== province ? location : -1;
  return u;
}

/**
 * A support by unit u of army v's move by convoy to province `to` (not a neighbour of v's), as `checkSupport` of
 * legality.ts answers it at the DATC's preferred 4.E.1: legal when u can reach `to` (not its own province, 6.D.34)
 * and a route of fleets on the board, u left out, takes the army there (6.D.31). Writes the order columns and
 * returns u; -1 (the general check) for anything else. Most supports of a listing are common orders; without this
 * one, a support of a convoyed move, about one step in five of a random game, was decoded into an order object and
 * checked by `checkMovementOrder`, a fifth of the adjudication's time.
 */
// Stryker disable BlockStatement: equivalent for the body (restored inside), undefined is no unit: the row goes to the general check.
function supportOfConvoyedMove(
  board: Board,
  u: number,
  v: number,
  to: number,
  rules: RuleOptions,
  s: MovementScratch,
): number {
  // Stryker restore BlockStatement
  const map = board.map;
  // Survivors (docs/verification.md; the mark also hid killed mutants): equivalent for these (the mutant that ignores a map without convoys was killed): the fleets on the board are a subset of the seas the other 4.E.1 choices allow, so a route found here is found by the general check too; the others only send rows there.
  if (rules.legalOrders !== 'possible-now' || !map.rules.convoys) return -1;
  // Survivors (docs/verification.md; the mark also hid killed mutants): equivalent for these (the mutant that lets a fleet be convoyed was killed): a place out of range or a coast is no coastal province, for which convoyRouteExists finds no route; the others only send rows to the general check.
  if (board.unitType[v] !== ARMY || !(to >= 0 && to < map.locationCount) || map.locationProvince[to] !== to)
    return -1;
  const from = board.unitProvince[v]!;
  // Survivors (docs/verification.md; the mark also hid killed mutants): equivalent for these (dropping the reach test was killed): convoyRouteExists refuses a route to the army's own province or to a sea, and no unit reaches its own province; these mutants only drop those tests or send more rows to the general check.
  if (to === from || to === board.unitProvince[u] || map.provinceKind[to] === 'sea' || !reaches(board, u, to))
    return -1;
  s.exceptFleet = u;
  const route = convoyRouteExists(map, from, to, s.fleetAtSeaExcept);
  // `true` survives (docs/verification.md): the row then goes to the general check.
  if (!route) return -1;
  s.kind[u] = SUPPORT;
  s.dest[u] = to;
  s.target[u] = v;
  return u;
}

/**
 * `convoySeas(board, rules)` for the board in the scratch columns, without making a closure at the preferred 4.E.1.
 * Every board here is in the scratch columns: `loadCodedBoard` writes there, and `resolveByCodes` takes the general
 * way for a board `loadBoard` could not load there.
 */
function usableSeas(board: Board, rules: RuleOptions, s: MovementScratch): (sea: number) => boolean {
  // Stryker disable next-line ConditionalExpression,EqualityOperator,StringLiteral: equivalent, fleets on the board are the seas of convoySeas at 4.E.1 d, and a subset of any sea at the other choices: a route found with them is found by the general check too, and one not found only sends the row there.
  return rules.legalOrders === 'possible-now' ? s.fleetAtSea : convoySeas(board, rules);
}

/**
 * Any other row, decoded and checked by `checkMovementOrder`: writes the order columns when it is legal and
 * returns its unit, -1 when it is illegal or not an order.
 */
function checkOtherOrder(
  board: Board,
  orders: Int32Array,
  i: number,
  rules: RuleOptions,
  s: MovementScratch,
): number {
  const given = decodeOrder(board.map, orders, i);
  if (given === undefined) return -1;
  const verdict = checkMovementOrder(board, given.order, orders[i * STRIDE]!, rules);
  if (!('accepted' in verdict)) return -1;
  const o: AcceptedOrder = verdict.accepted;
  const u = o.unit;
  s.kind[u] = o.kind;
  s.dest[u] = o.dest;
  s.destLocation[u] = o.destLocation;
  s.target[u] = o.target;
  s.supportCoast[u] = o.supportCoast;
  s.viaConvoy[u] = o.viaConvoy ? 1 : 0;
  s.invalidMove[u] = o.impossible ? 1 : 0;
  return u;
}

/** Where each unit ends, who is dislodged and from where, the contested provinces, each decision's value. */
function writeOutcome(
  t: MovementTables,
  decisions: MovementDecisions,
  success: Uint8Array,
  out: MovementCodesResult,
): void {
  const board = t.board;
  const n = board.unitCount;
  const { dislodgedBy, contested } = whoEndsWhere(board, t, decisions, success);
  // `!==` rather than `<`: no bound to move by one (past the last unit, `cameByConvoy` would read a stale slot).
  for (let u = 0; u !== n; u++) {
    const moved = t.kind[u] === MOVE && success[u] === 1;
    out.location[u] = moved ? t.destLocation[u]! : board.unitLocation[u]!;
    out.success[u] = success[u]!;
    const a = dislodgedBy[u]!;
    out.dislodgedFrom[u] = a < 0 ? -1 : board.unitProvince[a]!;
    out.byConvoy[u] = a >= 0 && decisions.cameByConvoy(a) ? 1 : 0;
  }
  out.contested.set(contested);
}

/** The phase through the adjudicator of order objects, with units and rows decoded. */
function fallback(
  map: GameMap,
  units: Int32Array,
  n: number,
  orders: Int32Array,
  rows: number,
  rules: Partial<RuleOptions> | undefined,
  engine: EngineOptions,
  out: MovementCodesResult,
): Result<MovementCodesResult> {
  const position: Position = {
    // The season's "" survives (docs/verification.md): decide reads the phase's type only.
    phase: { season: 'spring', year: 1901, type: 'movement' },
    units: Array.from({ length: n }, (_, u): Unit => {
      const key = units[u * UNIT_STRIDE + 1]!;
      return {
        power: unitOwnerName(map, units[u * UNIT_STRIDE]!),
        type: oc.keyType(map, key) === oc.FLEET ? 'F' : 'A',
        location: map.locationCode[oc.keyLocation(map, key)]!,
      };
    }),
    // Stryker disable next-line ArrayDeclaration: equivalent, decide reads the units and the phase only.
    dislodged: [],
    // Stryker disable next-line ArrayDeclaration: equivalent, decide reads the units and the phase only.
    contested: [],
    supplyCenters: {},
  };
  const given: GivenOrder[] = [];
  const rowOf: number[] = [];
  for (let i = 0; i < rows; i++) {
    const g = decodeOrder(map, orders, i);
    if (g === undefined) continue;
    given.push(g);
    rowOf.push(i);
  }
  // loadCodedBoard has refused every position `decide` refuses, and the phase is a movement phase: it decides.
  const { tables, decisions, success, choice } = decide(map, position, given, rules, engine).value!;
  out.counted.fill(0);
  for (let u = 0; u < n; u++) {
    const from = choice.acceptedFrom[u]!;
    // `true` survives (docs/verification.md): for a unit without an order rowOf[-1] is undefined, and a typed array
    // ignores a write at an undefined index.
    if (from >= 0) out.counted[rowOf[from]!] = 1;
  }
  writeOutcome(tables, decisions, success, out);
  return { value: out, issues: [] };
}

// ---------------------------------------------------------------------------------------------------------------
// Order objects through the integer form

/**
 * `resolveMovement` by way of the integer form: the orders as rows (one lookup per location named), then the
 * checks and tables above. Undefined, so that the caller takes the general way, when some order has no exact code
 * form: an order without its power or with a power not written canonically, a unit named with its nationality
 * (4.C.5/4.C.6) or without its type where the rules want one (4.C.1), a written convoy path, a place the map does
 * not know by its canonical code, an order of another phase; or when a unit has several legal orders (4.D.3), the
 * rules allow implicit orders (4.E.3), or the position has issues.
 */
// Stryker disable BlockStatement: equivalent for the body (restored inside), undefined sends the phase the general way, which gives the same position.
export function resolveByCodes(
  map: GameMap,
  position: Position,
  orders: readonly GivenOrder[],
  rules: Partial<RuleOptions> | undefined,
  engine: EngineOptions,
): Position | undefined {
  // Stryker restore BlockStatement
  if (position.phase.type !== 'movement') return undefined;
  const options = withDefaults(rules);
  if (options.implicitOrders === 'allowed') return undefined;
  const s = movementScratch(map, position.units.length);
  const loaded = loadBoard(s, map, position.units);
  const board = loaded.value;
  // Survivors (docs/verification.md; the mark also hid killed mutants): equivalent for these (those that go on without a board were killed): a board loadBoard could not load in the scratch columns leaves there only the units before the one it stopped at, so the convoy checks of the common orders can only miss fleets and give up; every other check reads the board itself.
  if (board === undefined || board.unitAt !== s.unitAt) return undefined;
  const rows = s.orderRows(orders.length * STRIDE);
  // Exact forms only: canonical codes, canonical power names, no nationalities (refKey).
  const encoding: OrderEncoding = {
    place: (code) => lookupCode(map, code),
    unit: (ref) => refKey(board, ref, options),
  };
  for (let i = 0; i < orders.length; i++) {
    const { power, order } = orders[i]!;
    // `false` survives (docs/verification.md): a name looked up for no power finds none either.
    const p = power === undefined ? undefined : s.powerByName.get(power);
    // An order of another phase goes the general way (test/codes.test.ts). The mutants that let it through as a row,
    // or send holds the general way, survive (docs/verification.md): the row's general check refuses such an order
    // as the general way does, and the general way gives the same position.
    const movement =
      order.kind === 'hold' || order.kind === 'move' || order.kind === 'support' || order.kind === 'convoy';
    // Survivors (docs/verification.md): `true` sends the phase the general way (those that encode an order without
    // its power are killed).
    if (p === undefined || !movement || !encodeOrder(map, order, p, encoding, rows, i * STRIDE))
      return undefined;
  }
  const out = prepareResult(
    map,
    (s.codesResult ??= newMovementCodesResult()),
    board.unitCount,
    orders.length,
  );
  // Survivors (docs/verification.md; the mark also hid killed mutants): equivalent for true (false was killed): the general way then gives the same position.
  if (!chooseCodedOrders(board, rows, orders.length, options, s, out)) return undefined;
  const tables = tablesFromColumns(board, options, s.civilDisorder, s);
  const { success, decisions } = solve(tables, engine.resolver, s);
  return positionAfter(map, position, board, tables, decisions, success);
}

/**
 * The unit key an order's unit reference writes: its location as written (the checks see a coast written for a
 * unit that stands elsewhere), its type as written or else the type of the unit there; -1 when the reference has
 * no exact code form.
 */
function refKey(board: Board, ref: UnitRef, rules: RuleOptions): number {
  // Survivors (docs/verification.md; the mark also hid killed mutants): equivalent for true (false was killed): every order then goes the general way.
  if (ref.power !== undefined) return -1;
  const map = board.map;
  const location = lookupCode(map, ref.location);
  // `<=` survives (docs/verification.md): an order naming location 0, a sea where no army stands, then goes the
  // general way.
  if (location < 0) return -1;
  let fleet = ref.type === 'F';
  if (ref.type === undefined) {
    // 4.C.1 a: the general way finds the order illegal. (`true` survives: the general way gives the same position.)
    if (rules.missingUnitType === 'illegal') return -1;
    // The type of the unit there. With no unit there (unitType[-1] is undefined) the row names an army at the place,
    // and its check finds no unit, as the order's check does.
    fleet = board.unitType[board.unitAt[map.locationProvince[location]!]!] === FLEET;
  }
  return fleet ? map.locationCount + location : location;
}
