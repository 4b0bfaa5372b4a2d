/**
 * The integer tables the decisions read: for every unit its order, and the lists that the equations of DATC 5.B
 * quantify over (supports given to each unit, moves into each province, convoying fleets of each convoyed move).
 * Built once per adjudication from the accepted orders; nothing here scans all orders per query.
 */
import { armyAdjacent, fleetAdjacent } from '../../map/query.js';
import { ARMY as ARMY_CODE, type Board } from '../board.js';
import { seaTouches } from '../convoy-routes.js';
import type { RuleOptions } from '../rules.js';
import * as orderCodes from './legality.js';
import type { AcceptedOrder } from './legality.js';
import { movementScratch, type MovementScratch } from './scratch.js';

// Imported bindings are live: each use reads a cell and checks that it is initialised, even in optimised code.
// Module constants are folded into the code, so the hot loops below use these local copies.
const ARMY = ARMY_CODE;
const { CONVOY, HOLD, MOVE, SUPPORT } = orderCodes;

/** How an army's move travels (DATC 4.A.3). */
export const BY_LAND = 0;
export const BY_CONVOY = 1;
/** By convoy while the convoy holds, else over land (4.A.3, 1971 rulebook with the DATC's recommended handling). */
export const CONVOY_ELSE_LAND = 2;

/** Why a support or convoy does not count, besides not matching. */
export const MATCHES = 1;
export const NOT_MATCHING = 0;
/** A hold support for a unit of a power in civil disorder (4.D.9 a). */
export const CIVIL_DISORDER = 2;

export interface MovementTables {
  readonly board: Board;
  readonly rules: RuleOptions;
  /** HOLD, MOVE, SUPPORT or CONVOY per unit (HOLD for units without a legal order). */
  readonly kind: Uint8Array;
  /** MOVE: destination province; SUPPORT: supported destination or -1; CONVOY: destination. */
  readonly dest: Int32Array;
  readonly destLocation: Int32Array;
  /** SUPPORT/CONVOY: the supported or convoyed unit. */
  readonly target: Int32Array;
  /** MOVE: BY_LAND, BY_CONVOY or CONVOY_ELSE_LAND. */
  readonly route: Uint8Array;
  /** MOVE: 1 when the move cannot have a path at all (no convoy ordered, an impossible move under 4.E.1 a/b). */
  readonly invalidMove: Uint8Array;
  /** SUPPORT/CONVOY: MATCHES, NOT_MATCHING or CIVIL_DISORDER (DATC 4.E.2: "invalid" unless it matches). */
  readonly matches: Uint8Array;
  /**
   * MOVE: the unit at the destination ordered to move to this unit's province, whatever the route, or -1. Without
   * a convoy on either side this is a head-to-head battle.
   */
  readonly opposite: Int32Array;
  /**
   * MOVE, under Brannan's rule (4.A.4 b) only: the partner in a head-to-head battle between a convoyed army and the
   * unit at its destination that moves into the army's last convoying fleet (6.F.30), or -1.
   */
  readonly brannan: Int32Array;
  /** Matching supports of each unit's move or hold, CSR over units. */
  readonly supportStart: Int32Array;
  readonly supporters: Int32Array;
  /** Units ordered to move into each province, CSR over provinces. */
  readonly moveStart: Int32Array;
  readonly movers: Int32Array;
  /** Fleets with a matching convoy order for each convoyed move, CSR over units; a written path orders them. */
  readonly convoyStart: Int32Array;
  readonly convoyers: Int32Array;
  /** MOVE: 1 when a written convoy path must be followed (4.A.6 b/c). */
  readonly followsPath: Uint8Array;
}

/**
 * Builds a CSR table in place: `keys[i]` is the row of item i (or -1); row r lists its items in index order in
 * list[start[r] .. start[r + 1]). `start` needs rows + 1 places, `list` one per listed item.
 */
function csrInto(start: Int32Array, list: Int32Array, rows: number, keys: Int32Array, items: number): void {
  // Count per row, sum up to the end of each row, then place the items from the last one down.
  // Items of no row (key -1) are skipped: `true` for either test survives (docs/verification.md), as a typed array
  // ignores the writes at -1 and NaN, but such writes out of range make the loop many times slower.
  start.fill(0, 0, rows + 1);
  for (let i = 0; i < items; i++) {
    const k = keys[i]!;
    if (k >= 0) start[k]!++;
  }
  // start[rows] counts no item (no key is rows): summed, it ends the last row.
  for (let r = 1; r <= rows; r++) start[r]! += start[r - 1]!;
  for (let i = items - 1; i >= 0; i--) {
    const k = keys[i]!;
    if (k >= 0) list[--start[k]!] = i;
  }
}

/**
 * `orders[u]` is the accepted order of unit u, or undefined (the unit holds). `civilDisorder[p]` is 1 for a power
 * that gave no orders (4.D.9). The tables are written into the map's scratch set (scratch.ts): they are valid
 * until the next adjudication on the same map, and their arrays may be longer than the number of units.
 */
export function buildTables(
  board: Board,
  orders: readonly (AcceptedOrder | undefined)[],
  rules: RuleOptions,
  civilDisorder: Uint8Array,
  scratch: MovementScratch = movementScratch(board.map, board.unitCount),
): MovementTables {
  scratch.reserve(board.unitCount);
  const paths = writeOrderColumns(board.unitCount, orders, scratch);
  return tablesFromColumns(board, rules, civilDisorder, scratch, paths ? orders : undefined);
}

/**
 * Writes each unit's accepted order into the order columns of the scratch set (kind, dest, destLocation, target,
 * supportCoast, viaConvoy, invalidMove); true when some move has a written convoy path.
 */
function writeOrderColumns(
  n: number,
  orders: readonly (AcceptedOrder | undefined)[],
  s: MovementScratch,
): boolean {
  const { kind, dest, destLocation, target, supportCoast, viaConvoy, invalidMove } = s;
  // (Reading written paths when there are none, followPaths, gives the same table anew.)
  // Stryker disable next-line BooleanLiteral: `true` only reads the orders for written paths when none has one, which gives the same table anew (above).
  let paths = false;
  // `u <= n` survives (docs/verification.md): place n holds no unit, and nothing reads its columns.
  for (let u = 0; u < n; u++) {
    const o = orders[u];
    if (o === undefined) {
      kind[u] = HOLD;
      // Stryker disable next-line UnaryOperator: +1 is never read: no reader looks at these columns of a unit that holds (each tests the kind first).
      dest[u] = destLocation[u] = target[u] = supportCoast[u] = -1;
      viaConvoy[u] = invalidMove[u] = 0;
      continue;
    }
    kind[u] = o.kind;
    dest[u] = o.dest;
    destLocation[u] = o.destLocation;
    target[u] = o.target;
    supportCoast[u] = o.supportCoast;
    viaConvoy[u] = o.viaConvoy ? 1 : 0;
    invalidMove[u] = o.impossible ? 1 : 0;
    // Only a move has a path (null for the others). `true` for the test survives (docs/verification.md), as above.
    if (o.path !== null) paths = true;
  }
  return paths;
}

/**
 * The tables, from the order columns of the scratch set (written by `writeOrderColumns`, or by the adjudicator of
 * order codes directly). `orders` is needed only for written convoy paths (4.A.6), which only orders read from
 * text have.
 */
export function tablesFromColumns(
  board: Board,
  rules: RuleOptions,
  civilDisorder: Uint8Array,
  s: MovementScratch,
  orders?: readonly (AcceptedOrder | undefined)[],
): MovementTables {
  const n = board.unitCount;
  const map = board.map;
  const { kind, dest, destLocation, target, supportCoast, invalidMove, keys } = s;

  // Matching (4.E.2): a hold support matches a unit that does not move; a move support the move to that province
  // (and to the named coast, if one was named: 4.B.4, 6.B.9); a convoy the army's move to that province.
  const { matches, followsPath } = s;
  // `u <= n` survives (docs/verification.md): place n holds no unit, and nothing reads what is written there.
  for (let u = 0; u < n; u++) {
    matches[u] = NOT_MATCHING;
    followsPath[u] = 0;
    const t = target[u]!;
    // (As a support a convoy would match an impossible move too (4.E.1 b), but no legal convoy order names one: it
    // has no route. A hold or a move names no unit, and kind[-1] is undefined.)
    // `true` for the test survives (docs/verification.md), by the same argument.
    if (kind[u] === SUPPORT) {
      if (dest[u] === -1) {
        matches[u] = kind[t] !== MOVE ? MATCHES : NOT_MATCHING;
        const foreign = board.unitPower[t] !== board.unitPower[u];
        if (
          matches[u] &&
          foreign &&
          rules.supportInCivilDisorder === 'fails' &&
          civilDisorder[board.unitPower[t]!]
        ) {
          matches[u] = CIVIL_DISORDER;
        }
      } else {
        // supportCoast is -1 or the named coast.
        const coastOk = supportCoast[u] === -1 || supportCoast[u] === destLocation[t];
        matches[u] = kind[t] === MOVE && dest[t] === dest[u] && coastOk ? MATCHES : NOT_MATCHING;
      }
    } else {
      // A convoy; a hold or a move names no unit: kind[-1] is undefined, no match.
      matches[u] = kind[t] === MOVE && dest[t] === dest[u] && !invalidMove[t] ? MATCHES : NOT_MATCHING;
    }
    keys[u] = kind[u] === CONVOY && matches[u] === MATCHES ? t : -1;
  }

  // Convoying fleets per army (CSR over units, in unit order); with a written path to follow (4.A.6 b/c) only the
  // fleets on it, in its order.
  let convoyStart: Int32Array = s.convoyStart;
  let convoyers: Int32Array = s.convoyers;
  csrInto(convoyStart, convoyers, n, keys, n);
  if (orders !== undefined) [convoyStart, convoyers] = followPaths(board, s, orders, convoyStart, convoyers);

  // The route of each move; the move the other way; and the rows of the support and move tables.
  const { route, opposite, brannan, moveKeys } = s;
  // (Place n holds no unit: what is written there is never read; columns the loop reads there are left from an
  // earlier phase at most.)
  // `u <= n` survives (docs/verification.md), as above.
  for (let u = 0; u < n; u++) {
    route[u] = BY_LAND;
    opposite[u] = -1;
    brannan[u] = -1;
    keys[u] = kind[u] === SUPPORT && matches[u] === MATCHES ? target[u]! : -1;
    moveKeys[u] = -1;
    if (kind[u] !== MOVE) continue;
    moveKeys[u] = dest[u]!;
    const v = board.unitAt[dest[u]!]!;
    // (For no unit, kind[-1] is undefined.)
    if (kind[v] === MOVE && dest[v] === board.unitProvince[u]) opposite[u] = v;
    if (board.unitType[u] !== ARMY || invalidMove[u]) continue;
    route[u] = chooseRoute(board, s, rules, convoyStart, convoyers, u);
    if (route[u] === BY_CONVOY) {
      // A move on a written path is ordered: its fleets, in its order, are a chain (legality checks each step), and
      // a sea of it without a convoying fleet already made the move invalid in followPaths.
      const ordered = followsPath[u]! || routeOfConvoyOrders(board, s, convoyStart, convoyers, u);
      if (!ordered || (rules.convoyPath === 'required' && !followsPath[u])) invalidMove[u] = 1;
    }
  }
  csrInto(s.supportStart, s.supporters, n, keys, n);
  csrInto(s.moveStart, s.movers, map.provinceCount, moveKeys, n);

  if (rules.convoyAttackOrigin === 'brannan') {
    for (let v = 0; v < n; v++) {
      // (Only a move has another route than BY_LAND.)
      if (route[v] !== BY_CONVOY || invalidMove[v]) continue;
      const u = board.unitAt[dest[v]!]!;
      // (For no unit, kind[-1] is undefined. A unit that moves back into v's province is no last fleet of v: it
      // stands at dest[u] and convoys nobody, so the loop below finds none.)
      if (kind[u] !== MOVE) continue;
      let last = false;
      for (let i = convoyStart[v]!; i < convoyStart[v + 1]! && !last; i++) {
        const f = convoyers[i]!;
        last = board.unitProvince[f] === dest[u] && seaTouches(map, dest[u]!, dest[v]!);
      }
      if (!last) continue;
      brannan[u] = v;
      brannan[v] = u;
    }
  }

  return {
    board,
    rules,
    kind,
    dest,
    destLocation,
    target,
    route,
    invalidMove,
    matches,
    opposite,
    brannan,
    supportStart: s.supportStart,
    supporters: s.supporters,
    moveStart: s.moveStart,
    movers: s.movers,
    convoyStart,
    convoyers,
    followsPath,
  };
}

// The helpers below are module functions, not closures inside `buildTables`: variables that a closure captures
// live in a heap context, which makes the loops over the columns there several times slower.

/**
 * The convoy table for moves with a written path (rare): each such move keeps, for each sea of its path, the first
 * of its convoying fleets there; a sea without one makes the move invalid. A new table, since a path may name more
 * seas than there are fleets.
 */
function followPaths(
  board: Board,
  s: MovementScratch,
  orders: readonly (AcceptedOrder | undefined)[],
  start: Int32Array,
  list: Int32Array,
): [Int32Array, Int32Array] {
  const n = board.unitCount;
  const lists: number[][] = [];
  // (Place n holds no unit: a list for it would come after every other list, read by no row; it has no order.)
  // `u <= n` survives in both loops (docs/verification.md), as above.
  for (let u = 0; u < n; u++) lists.push(Array.from(list.subarray(start[u], start[u + 1])));
  for (let u = 0; u < n; u++) {
    // Only a move has a path: null when none is written (an empty one is none), undefined for a unit without order.
    const path = orders[u]?.path;
    if (!path) continue;
    s.followsPath[u] = 1;
    const fleets = path.map((sea) => lists[u]!.find((f) => board.unitProvince[f] === sea) ?? -1);
    // (An invalid move's fleets are never read, so its list may keep the -1.)
    if (fleets.includes(-1)) s.invalidMove[u] = 1;
    lists[u] = fleets;
  }
  const newStart = new Int32Array(n + 1);
  for (let u = 0; u < n; u++) newStart[u + 1] = newStart[u]! + lists[u]!.length;
  return [newStart, Int32Array.from(lists.flat())];
}

/**
 * Convoy or land route for army u (4.A.3). An army that cannot walk there goes by convoy. Otherwise, by the 2025EE
 * rules (d, preferred): by convoy when the order says 'via convoy' or a fleet of its own power orders the convoy,
 * with no fallback. The 2000 rules (c) read "could arrive" as "a convoy is ordered": without any, the land route.
 * 1982 (b): intent shown by an own convoying fleet or by the own unit at the destination moving the other way.
 * 1971 with the recommended handling (a): the convoy route only when a convoy is ordered and the unit at the
 * destination moves the other way, and only while the convoy holds. DPTG: only with 'via convoy'. dipcc: only with
 * 'via convoy', and over land when no convoy route holds.
 */
function chooseRoute(
  board: Board,
  s: MovementScratch,
  rules: RuleOptions,
  convoyStart: Int32Array,
  convoyers: Int32Array,
  u: number,
): number {
  const { kind, dest, viaConvoy } = s;
  if (!armyAdjacent(board.map, board.unitProvince[u]!, dest[u]!)) return BY_CONVOY;
  let ownFleet = false;
  for (let i = convoyStart[u]!; i < convoyStart[u + 1]!; i++)
    if (board.unitPower[convoyers[i]!] === board.unitPower[u]) ownFleet = true;
  const v = board.unitAt[dest[u]!]!;
  // With no unit there (-1), kind[-1] is undefined, no MOVE.
  const comesBack = kind[v] === MOVE && dest[v] === board.unitProvince[u];
  // (Not a closure for "a route of convoy orders exists": that would be an allocation per army move.)
  switch (rules.adjacentConvoy) {
    case 'rule-2025':
      return viaConvoy[u] || ownFleet ? BY_CONVOY : BY_LAND;
    case 'rule-2000':
      return (viaConvoy[u] || ownFleet) && routeOfConvoyOrders(board, s, convoyStart, convoyers, u)
        ? BY_CONVOY
        : BY_LAND;
    case 'rule-1982': {
      const ownComesBack = comesBack && board.unitPower[v] === board.unitPower[u];
      return (ownFleet || ownComesBack || viaConvoy[u]) &&
        routeOfConvoyOrders(board, s, convoyStart, convoyers, u)
        ? BY_CONVOY
        : BY_LAND;
    }
    case 'rule-1971':
      return comesBack && routeOfConvoyOrders(board, s, convoyStart, convoyers, u)
        ? CONVOY_ELSE_LAND
        : BY_LAND;
    case 'dptg':
      return viaConvoy[u] ? BY_CONVOY : BY_LAND;
    case 'via-else-land':
      return viaConvoy[u] ? CONVOY_ELSE_LAND : BY_LAND;
  }
}

/**
 * Is there a chain of fleets with matching convoy orders from army u to its destination (ignoring outcomes)?
 * Breadth-first over u's convoying fleets, with marks and a queue from the scratch set.
 */
function routeOfConvoyOrders(
  board: Board,
  s: MovementScratch,
  convoyStart: Int32Array,
  convoyers: Int32Array,
  u: number,
): boolean {
  const map = board.map;
  const from = board.unitProvince[u]!;
  const to = s.dest[u]!;
  const start = convoyStart[u]!;
  const count = convoyStart[u + 1]! - start;
  const base = s.take(count);
  const reached = s.searchMarks;
  const queue = s.searchQueue;
  let tail = base;
  // The marks keep a fleet from being queued twice: without them the queue can overflow before the search reaches
  // a far fleet (test/adjudication-input.test.ts, the 4 by 4 grid).
  for (let i = 0; i < count; i++) {
    if (!seaTouches(map, board.unitProvince[convoyers[start + i]!]!, from)) continue;
    reached[base + i] = 1;
    queue[tail++] = i;
  }
  let found = false;
  for (let head = base; head < tail && !found; head++) {
    const f = convoyers[start + queue[head]!]!;
    if (seaTouches(map, board.unitProvince[f]!, to)) found = true;
    for (let j = 0; j < count; j++) {
      if (
        reached[base + j] ||
        !fleetAdjacent(map, board.unitLocation[f]!, board.unitLocation[convoyers[start + j]!]!)
      )
        continue;
      reached[base + j] = 1;
      queue[tail++] = j;
    }
  }
  s.release(count);
  return found;
}

export { CONVOY, HOLD, MOVE, SUPPORT } from './legality.js';
