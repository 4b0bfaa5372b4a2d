/**
 * Which order each unit carries out in a movement phase: the legality of every given order (4.E.1, legality.ts),
 * the choice among several orders to one unit (4.D.3) and the implicit orders of 4.E.3 a.
 */
import type { GameMap } from '../../map/types.js';
import { lookupPower } from '../../map/query.js';
import type { GivenOrder, Order } from '../../orders/types.js';
import type { Board } from '../board.js';
import type { RuleOptions } from '../rules.js';
import { checkMovementOrder, type AcceptedOrder } from './legality.js';
import type { MovementScratch } from './scratch.js';

export type Verdict = { accepted: AcceptedOrder } | { illegal: { reason: string; message: string } };

/** What the orders come to, per given order and per unit, before any decision. */
export interface OrderChoice {
  verdicts: Verdict[];
  /** The order each unit carries out (undefined: it holds). */
  accepted: (AcceptedOrder | undefined)[];
  /** Index of the given order each unit carries out, or -1 (none, or an implicit order). */
  acceptedFrom: Int32Array;
  /** Implicit orders (4.E.3 a), per unit. */
  implicit: (Order | undefined)[];
  /** 1 for a power that gave no orders at all (civil disorder, 4.D.9). */
  civilDisorder: Uint8Array;
}

/**
 * Legality of every order (4.E.1), which of several legal orders to one unit counts (4.D.3), and the implicit
 * orders of 4.E.3 a.
 */
export function chooseOrders(
  map: GameMap,
  board: Board,
  orders: readonly GivenOrder[],
  rules: RuleOptions,
  s: MovementScratch,
): OrderChoice {
  const n = board.unitCount;
  // Stryker disable next-line ArrayDeclaration: `new Array()` reads the same: every read is by a unit's index (here, buildTables, outcomes), where a hole and a place past the end are both undefined; nothing reads its length or iterates it.
  const accepted = new Array<AcceptedOrder | undefined>(n);
  const acceptedFrom = s.acceptedFrom;
  acceptedFrom.fill(-1, 0, n);
  const civilDisorder = s.civilDisorder;
  civilDisorder.fill(1);
  // Per unit: the first legal order given to it, and how many there are.
  const { firstLegal, legalCount } = s;
  legalCount.fill(0, 0, n);
  const verdicts: Verdict[] = [];
  for (let i = 0; i < orders.length; i++) {
    const given = orders[i]!;
    const power =
      given.power === undefined ? -1 : (s.powerByName.get(given.power) ?? lookupPower(map, given.power));
    if (given.power !== undefined && power < 0) {
      verdicts.push({ illegal: { reason: 'unknown-power', message: `unknown power ${given.power}` } });
      continue;
    }
    // An order without a power (-1) writes past the typed array, which ignores it.
    civilDisorder[power] = 0;
    const verdict = checkMovementOrder(board, given.order, power, rules);
    // Stryker disable next-line UpdateOperator: counting down (0, -1, -2) still sets firstLegal at the first order and leaves 0 for a unit without one; a unit with one order (-1, not 1) then goes through chooseAmongSeveral, which finds that one order and picks it.
    if ('accepted' in verdict && legalCount[verdict.accepted.unit]!++ === 0)
      firstLegal[verdict.accepted.unit] = i;
    verdicts.push(verdict);
  }
  for (let u = 0; u < n; u++) {
    // Shortcuts: `false` for either test survives (docs/verification.md), chooseAmongSeveral gives the same, slower.
    if (legalCount[u] === 0) continue;
    const chosen = legalCount[u] === 1 ? firstLegal[u]! : chooseAmongSeveral(u);
    if (chosen >= 0) {
      accepted[u] = (verdicts[chosen] as { accepted: AcceptedOrder }).accepted;
      acceptedFrom[u] = chosen;
    }
  }

  // Stryker disable next-line ArrayDeclaration: `new Array()` reads the same: every read is by a unit's index (here, outcomes), where a hole and a place past the end are both undefined; nothing reads its length or iterates it.
  const implicit = new Array<Order | undefined>(n);
  if (rules.implicitOrders === 'allowed') {
    // An own support or convoy of a move implies that move for an own unit without an order (4.E.3 a).
    orders.forEach((given, i) => {
      const verdict = verdicts[i]!;
      // An accepted verdict left is the order its unit carries out (chooseAmongSeveral made the others illegal).
      if (!('accepted' in verdict)) return;
      const o = given.order;
      // Only a support of a move and a convoy name a move: a hold (and a support of one) has no `to`, and a move
      // names no unit (target -1), whose power, unitPower[-1], is undefined: no power of a unit.
      const to = 'to' in o ? o.to : undefined;
      if (to === undefined) return;
      const named = verdict.accepted.target;
      if (accepted[named] !== undefined || board.unitPower[named] !== board.unitPower[verdict.accepted.unit])
        return;
      const move: Order = {
        kind: 'move',
        unit: { location: map.locationCode[board.unitLocation[named]!]! },
        to,
      };
      if (o.kind === 'convoy') move.viaConvoy = true;
      const check = checkMovementOrder(board, move, board.unitPower[named]!, rules);
      if (!('accepted' in check)) return;
      accepted[named] = check.accepted;
      implicit[named] = move;
    });
  }
  return { verdicts, accepted, acceptedFrom, implicit, civilDisorder };

  /**
   * Unit u has several legal orders (4.D.3). Orders that are the same order, as the adjudicator reads them, are
   * one order whatever their spelling or object shape; otherwise the first, the last, or none counts. The others
   * become illegal, each saying why; returns the one that counts, or -1.
   */
  function chooseAmongSeveral(u: number): number {
    const list: number[] = [];
    for (let i = firstLegal[u]!; i < orders.length; i++) {
      const verdict = verdicts[i]!;
      if ('accepted' in verdict && verdict.accepted.unit === u) list.push(i);
    }
    const key = (i: number): string => acceptedKey((verdicts[i] as { accepted: AcceptedOrder }).accepted);
    const identical = new Set(list.map(key)).size === 1;
    let chosen = rules.multipleOrders === 'last' ? list[list.length - 1]! : list[0]!;
    if (!identical && rules.multipleOrders === 'all-illegal') chosen = -1;
    for (const i of list) {
      if (i === chosen) continue;
      const why =
        chosen < 0
          ? 'the unit has several different orders; all are void (4.D.3 c)'
          : key(i) === key(chosen)
            ? 'the same order was given to the unit more than once; it counts once (4.D.3)'
            : `the unit has several different orders; the ${rules.multipleOrders} one counts (4.D.3 ${rules.multipleOrders === 'first' ? 'a' : 'b'})`;
      verdicts[i] = { illegal: { reason: 'duplicate-order', message: why } };
    }
    return chosen;
  }
}

/**
 * An accepted order as the adjudicator reads it: its code and the units and places it names. Two orders with the
 * same key are the same order, however they were written (absent and undefined fields, key order, spelling).
 */
function acceptedKey(o: AcceptedOrder): string {
  return JSON.stringify([o.kind, o.dest, o.destLocation, o.viaConvoy, o.target, o.supportCoast, o.path]);
}
