/**
 * The integer tables the decisions read: for every unit its order, and the lists that the equations of DATC 5.B
 * quantify over (supports given to each unit, moves into each province, convoying fleets of each convoyed move).
 * Built once per adjudication from the accepted orders; nothing here scans all orders per query.
 */
import { fleetAdjacent } from '../../map/query.js';
import { ARMY, type Board } from '../board.js';
import { seaTouches } from '../convoy-routes.js';
import { CONVOY, HOLD, MOVE, SUPPORT, type AcceptedOrder } from './legality.js';

export interface MovementTables {
  readonly board: Board;
  /** HOLD, MOVE, SUPPORT or CONVOY per unit (HOLD for units without a legal order). */
  readonly kind: Uint8Array;
  /** MOVE: destination province; SUPPORT: supported destination or -1; CONVOY: destination. */
  readonly dest: Int32Array;
  readonly destLocation: Int32Array;
  /** SUPPORT/CONVOY: the supported or convoyed unit. */
  readonly target: Int32Array;
  /** MOVE: 1 when the move goes by convoy (DATC 4.A.3). */
  readonly byConvoy: Uint8Array;
  /** MOVE by convoy: 1 when no route of matching convoy orders exists at all; the move is then invalid. */
  readonly invalidMove: Uint8Array;
  /** SUPPORT/CONVOY: 1 when the order matches the order of the unit it names (DATC 4.E.2, "invalid" otherwise). */
  readonly matches: Uint8Array;
  /** MOVE: the unit at the destination moving the opposite way without convoy (head-to-head battle), or -1. */
  readonly opponent: Int32Array;
  /** Matching supports of each unit's move or hold, CSR over units. */
  readonly supportStart: Int32Array;
  readonly supporters: Int32Array;
  /** Units ordered to move into each province, CSR over provinces. */
  readonly moveStart: Int32Array;
  readonly movers: Int32Array;
  /** Fleets with a matching convoy order for each convoyed move, CSR over units. */
  readonly convoyStart: Int32Array;
  readonly convoyers: Int32Array;
}

/** Builds a CSR table: `keyOf(i)` gives the row of item i (or -1), items listed in index order. */
function csr(rows: number, items: number, keyOf: (i: number) => number): { start: Int32Array; list: Int32Array } {
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

/** `orders[u]` is the accepted order of unit u, or undefined (the unit holds). */
export function buildTables(board: Board, orders: readonly (AcceptedOrder | undefined)[]): MovementTables {
  const n = board.unitCount;
  const map = board.map;
  const kind = new Uint8Array(n);
  const dest = new Int32Array(n).fill(-1);
  const destLocation = new Int32Array(n).fill(-1);
  const target = new Int32Array(n).fill(-1);
  const supportCoast = new Int32Array(n).fill(-1);
  const viaConvoy = new Uint8Array(n);
  for (let u = 0; u < n; u++) {
    const o = orders[u];
    if (o === undefined) continue;
    kind[u] = o.kind;
    dest[u] = o.dest;
    destLocation[u] = o.destLocation;
    target[u] = o.target;
    supportCoast[u] = o.supportCoast;
    viaConvoy[u] = o.viaConvoy ? 1 : 0;
  }

  // Matching (4.E.2): a hold support matches a unit that does not move; a move support the move to that province
  // (and to the named coast, if one was named: 4.B.4, 6.B.9); a convoy the army's move to that province.
  const matches = new Uint8Array(n);
  for (let u = 0; u < n; u++) {
    const t = target[u]!;
    if (kind[u] === SUPPORT) {
      if (dest[u] === -1) matches[u] = kind[t] !== MOVE ? 1 : 0;
      else {
        matches[u] =
          kind[t] === MOVE && dest[t] === dest[u] && (supportCoast[u]! < 0 || supportCoast[u] === destLocation[t]) ? 1 : 0;
      }
    } else if (kind[u] === CONVOY) {
      matches[u] = kind[t] === MOVE && dest[t] === dest[u] ? 1 : 0;
    }
  }

  const convoyTable = csr(n, n, (f) => (kind[f] === CONVOY && matches[f] ? target[f]! : -1));

  // A move goes by convoy when the army cannot walk there, or when it says "via convoy", or when a fleet of its
  // own power orders the convoy (DATC 4.A.3, the 2025EE rules: no fallback to the land route).
  const byConvoy = new Uint8Array(n);
  const invalidMove = new Uint8Array(n);
  for (let u = 0; u < n; u++) {
    if (kind[u] !== MOVE || board.unitType[u] !== ARMY) continue;
    let convoy = viaConvoy[u] === 1 || !adjacentByLand(u);
    for (let i = convoyTable.start[u]!; !convoy && i < convoyTable.start[u + 1]!; i++) {
      if (board.unitPower[convoyTable.list[i]!] === board.unitPower[u]) convoy = true;
    }
    if (!convoy) continue;
    byConvoy[u] = 1;
    if (!routeOfConvoyOrders(u)) invalidMove[u] = 1;
  }

  const opponent = new Int32Array(n).fill(-1);
  for (let u = 0; u < n; u++) {
    if (kind[u] !== MOVE || byConvoy[u]) continue;
    const v = board.unitAt[dest[u]!]!;
    if (v >= 0 && kind[v] === MOVE && !byConvoy[v] && dest[v] === board.unitProvince[u]) opponent[u] = v;
  }

  const supportTable = csr(n, n, (s) => (kind[s] === SUPPORT && matches[s] ? target[s]! : -1));
  const moveTable = csr(map.provinceCount, n, (u) => (kind[u] === MOVE ? dest[u]! : -1));

  return {
    board,
    kind,
    dest,
    destLocation,
    target,
    byConvoy,
    invalidMove,
    matches,
    opponent,
    supportStart: supportTable.start,
    supporters: supportTable.list,
    moveStart: moveTable.start,
    movers: moveTable.list,
    convoyStart: convoyTable.start,
    convoyers: convoyTable.list,
  };

  function adjacentByLand(u: number): boolean {
    const from = board.unitProvince[u]!;
    const to = dest[u]!;
    for (let i = map.armyStart[from]!; i < map.armyStart[from + 1]!; i++) if (map.armyAdj[i] === to) return true;
    return false;
  }

  /** Is there a chain of fleets with matching convoy orders from the army to its destination (ignoring outcomes)? */
  function routeOfConvoyOrders(u: number): boolean {
    const from = board.unitProvince[u]!;
    const to = dest[u]!;
    const fleets: number[] = [];
    for (let i = convoyTable.start[u]!; i < convoyTable.start[u + 1]!; i++) fleets.push(convoyTable.list[i]!);
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
