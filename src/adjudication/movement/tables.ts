/**
 * The integer tables the decisions read: for every unit its order, and the lists that the equations of DATC 5.B
 * quantify over (supports given to each unit, moves into each province, convoying fleets of each convoyed move).
 * Built once per adjudication from the accepted orders; nothing here scans all orders per query.
 */
import { fleetAdjacent } from '../../map/query.js';
import { ARMY, type Board } from '../board.js';
import { seaTouches } from '../convoy-routes.js';
import type { RuleOptions } from '../rules.js';
import { CONVOY, HOLD, MOVE, SUPPORT, type AcceptedOrder } from './legality.js';

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

/** Builds a CSR table: `keyOf(i)` gives the row of item i (or -1), items listed in index order. */
function csr(
  rows: number,
  items: number,
  keyOf: (i: number) => number,
): { start: Int32Array; list: Int32Array } {
  const start = new Int32Array(rows + 1);
  for (let i = 0; i < items; i++) {
    const k = keyOf(i);
    if (k >= 0) start[k + 1]!++;
  }
  for (let r = 0; r < rows; r++) start[r + 1]! += start[r]!;
  const fill = start.slice(0, rows);
  const list = new Int32Array(start[rows]!);
  for (let i = 0; i < items; i++) {
    const k = keyOf(i);
    if (k >= 0) list[fill[k]!++] = i;
  }
  return { start, list };
}

/**
 * `orders[u]` is the accepted order of unit u, or undefined (the unit holds). `civilDisorder[p]` is 1 for a power
 * that gave no orders (4.D.9).
 */
export function buildTables(
  board: Board,
  orders: readonly (AcceptedOrder | undefined)[],
  rules: RuleOptions,
  civilDisorder?: Uint8Array,
): MovementTables {
  const n = board.unitCount;
  const map = board.map;
  const kind = new Uint8Array(n);
  const dest = new Int32Array(n).fill(-1);
  const destLocation = new Int32Array(n).fill(-1);
  const target = new Int32Array(n).fill(-1);
  const supportCoast = new Int32Array(n).fill(-1);
  const viaConvoy = new Uint8Array(n);
  const invalidMove = new Uint8Array(n);
  for (let u = 0; u < n; u++) {
    const o = orders[u];
    if (o === undefined) continue;
    kind[u] = o.kind;
    dest[u] = o.dest;
    destLocation[u] = o.destLocation;
    target[u] = o.target;
    supportCoast[u] = o.supportCoast;
    viaConvoy[u] = o.viaConvoy ? 1 : 0;
    if (o.impossible) invalidMove[u] = 1;
  }

  // Matching (4.E.2): a hold support matches a unit that does not move; a move support the move to that province
  // (and to the named coast, if one was named: 4.B.4, 6.B.9); a convoy the army's move to that province.
  const matches = new Uint8Array(n);
  for (let u = 0; u < n; u++) {
    const t = target[u]!;
    if (kind[u] === SUPPORT) {
      if (dest[u] === -1) {
        matches[u] = kind[t] !== MOVE ? MATCHES : NOT_MATCHING;
        const foreign = board.unitPower[t] !== board.unitPower[u];
        if (
          matches[u] &&
          foreign &&
          rules.supportInCivilDisorder === 'fails' &&
          civilDisorder?.[board.unitPower[t]!]
        ) {
          matches[u] = CIVIL_DISORDER;
        }
      } else {
        const coastOk = supportCoast[u]! < 0 || supportCoast[u] === destLocation[t];
        matches[u] = kind[t] === MOVE && dest[t] === dest[u] && coastOk ? MATCHES : NOT_MATCHING;
      }
    } else if (kind[u] === CONVOY) {
      matches[u] = kind[t] === MOVE && dest[t] === dest[u] && !invalidMove[t] ? MATCHES : NOT_MATCHING;
    }
  }

  // Convoying fleets per army; with a written path to follow (4.A.6 b/c) only the fleets on it, in its order.
  const followsPath = new Uint8Array(n);
  const convoyLists: number[][] = [];
  for (let u = 0; u < n; u++) convoyLists.push([]);
  for (let f = 0; f < n; f++)
    if (kind[f] === CONVOY && matches[f] === MATCHES) convoyLists[target[f]!]!.push(f);
  for (let u = 0; u < n; u++) {
    const path = orders[u]?.path;
    if (kind[u] !== MOVE || path === null || path === undefined) continue;
    followsPath[u] = 1;
    const fleets = path.map((sea) => convoyLists[u]!.find((f) => board.unitProvince[f] === sea) ?? -1);
    if (fleets.includes(-1)) invalidMove[u] = 1;
    convoyLists[u] = fleets.filter((f) => f >= 0);
  }
  const convoyStart = new Int32Array(n + 1);
  for (let u = 0; u < n; u++) convoyStart[u + 1] = convoyStart[u]! + convoyLists[u]!.length;
  const convoyers = Int32Array.from(convoyLists.flat());

  const route = new Uint8Array(n);
  for (let u = 0; u < n; u++) {
    if (kind[u] !== MOVE || board.unitType[u] !== ARMY || invalidMove[u]) continue;
    route[u] = chooseRoute(u);
    if (route[u] === BY_CONVOY) {
      const ordered = followsPath[u] ? convoyLists[u]!.length > 0 : routeOfConvoyOrders(u);
      if (!ordered || (rules.convoyPath === 'required' && !followsPath[u])) invalidMove[u] = 1;
    }
  }

  const opposite = new Int32Array(n).fill(-1);
  for (let u = 0; u < n; u++) {
    if (kind[u] !== MOVE) continue;
    const v = board.unitAt[dest[u]!]!;
    if (v >= 0 && kind[v] === MOVE && dest[v] === board.unitProvince[u]) opposite[u] = v;
  }

  const brannan = new Int32Array(n).fill(-1);
  if (rules.convoyAttackOrigin === 'brannan') {
    for (let v = 0; v < n; v++) {
      if (kind[v] !== MOVE || route[v] !== BY_CONVOY || invalidMove[v]) continue;
      const u = board.unitAt[dest[v]!]!;
      if (u < 0 || kind[u] !== MOVE || opposite[u]! >= 0) continue;
      const last = convoyLists[v]!.some(
        (f) => board.unitProvince[f] === dest[u] && seaTouches(map, dest[u]!, dest[v]!),
      );
      if (!last) continue;
      brannan[u] = v;
      brannan[v] = u;
    }
  }

  const supportTable = csr(n, n, (s) => (kind[s] === SUPPORT && matches[s] === MATCHES ? target[s]! : -1));
  const moveTable = csr(map.provinceCount, n, (u) => (kind[u] === MOVE ? dest[u]! : -1));

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
    supportStart: supportTable.start,
    supporters: supportTable.list,
    moveStart: moveTable.start,
    movers: moveTable.list,
    convoyStart,
    convoyers,
    followsPath,
  };

  /**
   * Convoy or land route for an army (4.A.3). An army that cannot walk there goes by convoy. Otherwise, by the
   * 2025EE rules (d, preferred): by convoy when the order says 'via convoy' or a fleet of its own power orders the
   * convoy, with no fallback. The 2000 rules (c) read "could arrive" as "a convoy is ordered": without any, the
   * land route. 1982 (b): intent shown by an own convoying fleet or by the own unit at the destination moving the
   * other way. 1971 with the recommended handling (a): the convoy route only when a convoy is ordered and the unit
   * at the destination moves the other way, and only while the convoy holds. DPTG: only with 'via convoy'.
   */
  function chooseRoute(u: number): number {
    if (!adjacentByLand(u)) return BY_CONVOY;
    const ownFleet = convoyLists[u]!.some((f) => board.unitPower[f] === board.unitPower[u]);
    const v = board.unitAt[dest[u]!]!;
    const comesBack = v >= 0 && kind[v] === MOVE && dest[v] === board.unitProvince[u];
    switch (rules.adjacentConvoy) {
      case 'rule-2025':
        return viaConvoy[u] || ownFleet ? BY_CONVOY : BY_LAND;
      case 'rule-2000':
        return (viaConvoy[u] || ownFleet) && routeOfConvoyOrders(u) ? BY_CONVOY : BY_LAND;
      case 'rule-1982': {
        const ownComesBack = comesBack && board.unitPower[v] === board.unitPower[u];
        return (ownFleet || ownComesBack || viaConvoy[u]) && routeOfConvoyOrders(u) ? BY_CONVOY : BY_LAND;
      }
      case 'rule-1971':
        return comesBack && routeOfConvoyOrders(u) ? CONVOY_ELSE_LAND : BY_LAND;
      case 'dptg':
        return viaConvoy[u] ? BY_CONVOY : BY_LAND;
    }
  }

  function adjacentByLand(u: number): boolean {
    const from = board.unitProvince[u]!;
    const to = dest[u]!;
    for (let i = map.armyStart[from]!; i < map.armyStart[from + 1]!; i++)
      if (map.armyAdj[i] === to) return true;
    return false;
  }

  /** Is there a chain of fleets with matching convoy orders from the army to its destination (ignoring outcomes)? */
  function routeOfConvoyOrders(u: number): boolean {
    const from = board.unitProvince[u]!;
    const to = dest[u]!;
    const fleets = convoyLists[u]!;
    const reached = new Uint8Array(fleets.length);
    let frontier = fleets.filter((f, i) => seaTouches(map, board.unitProvince[f]!, from) && (reached[i] = 1));
    while (frontier.length > 0) {
      if (frontier.some((f) => seaTouches(map, board.unitProvince[f]!, to))) return true;
      const next: number[] = [];
      for (const f of frontier) {
        fleets.forEach((g, i) => {
          if (!reached[i] && fleetAdjacent(map, board.unitLocation[f]!, board.unitLocation[g]!)) {
            reached[i] = 1;
            next.push(g);
          }
        });
      }
      frontier = next;
    }
    return false;
  }
}

export { CONVOY, HOLD, MOVE, SUPPORT };
