/**
 * Which movement orders are legal (DATC 4.E.1, the preferred choice: only orders that can be valid in the current
 * position are legal; illegal orders are ignored and the unit holds, so it can still be supported in place).
 * Also the coast rules of DATC 4.B and the unit-designation rules of 4.C, at the DATC's preferred choices.
 *
 * The result is an `AcceptedOrder` in integer form, or the reason the order is illegal.
 */
import type { GameMap } from '../../map/types.js';
import { armyAdjacent, fleetAdjacent, fleetCanReach, splitCoast } from '../../map/query.js';
import type { Order, UnitRef } from '../../orders/types.js';
import { ARMY, FLEET, type Board } from '../board.js';
import { convoyRouteExists, onProperRoute } from '../convoy-routes.js';

export const HOLD = 0;
export const MOVE = 1;
export const SUPPORT = 2;
export const CONVOY = 3;
export type OrderCode = typeof HOLD | typeof MOVE | typeof SUPPORT | typeof CONVOY;

export interface AcceptedOrder {
  kind: OrderCode;
  /** The ordered unit (index into the board's units). */
  unit: number;
  /** MOVE: destination province. SUPPORT: destination of the supported move, or -1 for a hold support. CONVOY: destination. */
  dest: number;
  /** MOVE: the location moved to (with its coast for a fleet moving to a multi-coast province). */
  destLocation: number;
  /** MOVE: written "via convoy" (or with a convoy path). */
  viaConvoy: boolean;
  /** SUPPORT / CONVOY: the supported or convoyed unit. */
  target: number;
  /** SUPPORT of a fleet's move: the coast location named in the support, or -1 when none was named. */
  supportCoast: number;
}

/** Stable codes for illegal orders. */
export type IllegalReason =
  | 'no-unit'
  | 'foreign-unit'
  | 'wrong-phase'
  | 'same-province'
  | 'unknown-location'
  | 'army-to-sea'
  | 'fleet-to-land'
  | 'not-adjacent'
  | 'no-convoy-route'
  | 'fleet-convoyed'
  | 'coast-required'
  | 'impossible-coast'
  | 'no-unit-to-support'
  | 'support-self'
  | 'support-own-province'
  | 'cannot-reach'
  | 'supported-move-impossible'
  | 'supporter-needed-for-convoy'
  | 'convoy-by-army'
  | 'convoy-not-at-sea'
  | 'no-army-to-convoy'
  | 'convoy-of-fleet'
  | 'convoy-not-on-route'
  // retreat phase
  | 'not-dislodged'
  | 'retreat-to-attacker'
  | 'retreat-contested'
  | 'retreat-occupied'
  // adjustment phase
  | 'no-builds-allowed'
  | 'not-home-center'
  | 'center-not-owned'
  | 'center-occupied'
  | 'fleet-inland'
  | 'unit-type-required'
  | 'too-many-builds'
  | 'no-disbands-required'
  | 'too-many-disbands';

export interface Illegal {
  reason: IllegalReason;
  message: string;
}

export type LegalityResult = { accepted: AcceptedOrder } | { illegal: Illegal };

const illegal = (reason: IllegalReason, message: string): LegalityResult => ({ illegal: { reason, message } });

/** Province of a written location, ignoring any coast (DATC 4.B.5, 4.B.6: a coast that is not needed is ignored). */
export function provinceOf(map: GameMap, code: string): number {
  return splitCoast(map, code).province;
}

/** The coast location named by a written location ("SPA/NC"), or -1 when no known coast of the province is named. */
function namedCoast(map: GameMap, code: string): number {
  const { province, coast } = splitCoast(map, code);
  if (province < 0 || coast === null) return -1;
  for (const location of map.provinceCoasts[province]!) {
    if (map.locationCoast[location] === coast) return location;
  }
  return -1;
}

/**
 * The unit an order is for. Type letter and coast written for the unit are ignored (DATC 4.C.2 b, 4.B.5 b,
 * test case 6.B.10); the power, when the order has one, must own the unit (6.A.6).
 */
function orderedUnit(board: Board, ref: UnitRef, power: number): number | Illegal {
  const province = provinceOf(board.map, ref.location);
  if (province < 0) return { reason: 'unknown-location', message: `unknown location ${ref.location}` };
  const unit = board.unitAt[province]!;
  if (unit < 0) return { reason: 'no-unit', message: `there is no unit in ${board.map.locationCode[province]}` };
  if (power >= 0 && board.unitPower[unit] !== power) {
    return {
      reason: 'foreign-unit',
      message: `the unit in ${board.map.locationCode[province]} belongs to ${board.map.powers[board.unitPower[unit]!]}`,
    };
  }
  return unit;
}

/** Fleets in sea provinces, optionally leaving one out: the fleets that could convoy. */
function seaFleets(board: Board, except = -1): (sea: number) => boolean {
  return (sea) => {
    const u = board.unitAt[sea]!;
    return u >= 0 && u !== except && board.unitType[u] === FLEET;
  };
}

/**
 * Where the unit in `unit` may move to `destCode`, by the coast rules of DATC 4.B at the preferred choices:
 * the resolved location, or why not. `except` is a fleet that may not be part of the convoy (6.D.31).
 */
function moveTarget(
  board: Board,
  unit: number,
  destCode: string,
  viaConvoy: boolean,
  except = -1,
  anyCoast = false,
): { location: number } | Illegal {
  const map = board.map;
  const from = board.unitProvince[unit]!;
  const dest = provinceOf(map, destCode);
  if (dest < 0) return { reason: 'unknown-location', message: `unknown location ${destCode}` };
  const destName = map.locationCode[dest]!;
  if (dest === from) return { reason: 'same-province', message: `a unit cannot move to its own province (6.A.4)` };
  if (board.unitType[unit] === ARMY) {
    if (map.provinceKind[dest] === 'sea') return { reason: 'army-to-sea', message: `an army cannot move to ${destName}` };
    // A coast written for an army is ignored (4.B.6 b, 6.B.12).
    if (!viaConvoy && armyAdjacent(map, from, dest)) return { location: dest };
    if (convoyRouteExists(map, from, dest, seaFleets(board, except))) return { location: dest };
    if (armyAdjacent(map, from, dest)) {
      return { reason: 'no-convoy-route', message: `no fleets on the board could convoy to ${destName}` };
    }
    if (map.provinceKind[from] === 'coast' && map.provinceKind[dest] === 'coast') {
      return { reason: 'no-convoy-route', message: `${destName} is not adjacent and no fleets could convoy there` };
    }
    return { reason: 'not-adjacent', message: `${destName} is not adjacent` };
  }
  if (viaConvoy) return { reason: 'fleet-convoyed', message: 'only armies can be convoyed (6.A.7)' };
  if (map.provinceKind[dest] === 'land') return { reason: 'fleet-to-land', message: `a fleet cannot move to ${destName}` };
  return fleetTarget(map, board.unitLocation[unit]!, dest, destCode, anyCoast);
}

/**
 * Where a fleet at `location` may move in province `dest`, written `destCode`, by the coast rules of DATC 4.B:
 * a named coast must be reachable (4.B.3 b); without a coast (or with an unknown one, 4.B.6 b) exactly one coast
 * must be reachable (4.B.1, 4.B.2 a), or any when `anyCoast` (a support, 4.B.4 c). Used for retreats too.
 */
export function fleetTarget(
  map: GameMap,
  location: number,
  dest: number,
  destCode: string,
  anyCoast = false,
): { location: number } | Illegal {
  const destName = map.locationCode[dest]!;
  const coasts = map.provinceCoasts[dest]!;
  if (coasts.length === 0) {
    // A coast written for a province without coasts is ignored (4.B.6 b).
    return fleetAdjacent(map, location, dest) ? { location: dest } : { reason: 'not-adjacent', message: `${destName} is not adjacent` };
  }
  const named = namedCoast(map, destCode);
  if (named >= 0) {
    // A coast that cannot be reached makes the move illegal (4.B.3 b, 6.B.3), even when the other coast could be.
    return fleetAdjacent(map, location, named)
      ? { location: named }
      : { reason: 'impossible-coast', message: `${map.locationCode[named]} cannot be reached from ${map.locationCode[location]}` };
  }
  // No coast (or an unknown coast, ignored by 4.B.6 b): fine when exactly one coast can be reached (4.B.2 a, 6.B.2).
  const reachable = coasts.filter((c) => fleetAdjacent(map, location, c));
  if (reachable.length === 1) return { location: reachable[0]! };
  // A support that names no coast supports the move to either coast (4.B.4 c, 6.B.7, 6.B.15).
  if (anyCoast && reachable.length > 1) return { location: dest };
  if (reachable.length === 0) return { reason: 'not-adjacent', message: `${destName} is not adjacent` };
  return { reason: 'coast-required', message: `the coast of ${destName} must be given (4.B.1, 6.B.1)` };
}

/** Can `unit` reach province `dest` by itself, for giving support? Coasts do not matter (6.B.4), convoys do not count. */
function canReach(board: Board, unit: number, dest: number): boolean {
  const map = board.map;
  if (board.unitType[unit] === ARMY) {
    return map.provinceKind[dest] !== 'sea' && armyAdjacent(map, board.unitProvince[unit]!, dest);
  }
  return map.provinceKind[dest] !== 'land' && fleetCanReach(map, board.unitLocation[unit]!, dest);
}

/**
 * Checks one movement-phase order against the board. `power` is the index of the power that gave the order, or
 * -1 when unknown (then any unit may be ordered).
 */
export function checkMovementOrder(board: Board, order: Order, power: number): LegalityResult {
  const map = board.map;
  if (order.kind === 'disband' || order.kind === 'build' || order.kind === 'waive') {
    return illegal('wrong-phase', `a ${order.kind} order is not possible in a movement phase`);
  }
  const unit = orderedUnit(board, order.unit, power);
  if (typeof unit !== 'number') return { illegal: unit };
  const base: AcceptedOrder = { kind: HOLD, unit, dest: -1, destLocation: -1, viaConvoy: false, target: -1, supportCoast: -1 };
  const here = board.unitProvince[unit]!;

  switch (order.kind) {
    case 'hold':
      return { accepted: base };

    case 'move': {
      // A convoy path written in the order is ignored (4.A.6 a), but it shows the intent to convoy.
      const viaConvoy = order.viaConvoy === true || (order.path !== undefined && order.path.length > 0);
      const target = moveTarget(board, unit, order.to, viaConvoy);
      if ('reason' in target) return { illegal: target };
      const dest = map.locationProvince[target.location]!;
      return { accepted: { ...base, kind: MOVE, dest, destLocation: target.location, viaConvoy } };
    }

    case 'support': {
      const supportedProvince = provinceOf(map, order.supported.location);
      if (supportedProvince < 0) return illegal('unknown-location', `unknown location ${order.supported.location}`);
      const supported = board.unitAt[supportedProvince]!;
      const name = map.locationCode[supportedProvince]!;
      if (supported < 0) return illegal('no-unit-to-support', `there is no unit in ${name} to support`);
      if (supported === unit) return illegal('support-self', 'a unit cannot support itself (6.A.8)');
      if (order.to === undefined) {
        // Hold support; a coast written for the supported fleet is not needed and ignored (4.B.5 b, 6.B.16).
        if (!canReach(board, unit, supportedProvince)) return illegal('cannot-reach', `the supporter cannot reach ${name}`);
        return { accepted: { ...base, kind: SUPPORT, target: supported } };
      }
      const dest = provinceOf(map, order.to);
      if (dest < 0) return illegal('unknown-location', `unknown location ${order.to}`);
      const destName = map.locationCode[dest]!;
      if (dest === here) return illegal('support-own-province', `a unit cannot support a move into its own province (6.D.34)`);
      if (!canReach(board, unit, dest)) return illegal('cannot-reach', `the supporter cannot reach ${destName} (6.A.10, 6.B.5)`);
      // The supported move must be possible itself, without this unit in its convoy (6.D.22-6.D.24, 6.D.31).
      const supportedMove = moveTarget(board, supported, order.to, false, unit, true);
      if ('reason' in supportedMove) {
        const alone = moveTarget(board, supported, order.to, false, -1, true);
        if (!('reason' in alone)) {
          return illegal('supporter-needed-for-convoy', `the supported move needs this fleet as its convoy (6.D.31)`);
        }
        return illegal('supported-move-impossible', `the supported move to ${destName} is impossible: ${supportedMove.message}`);
      }
      // A coast named in a support of a fleet must match the move (4.B.4); none named supports either coast (4.B.4 c).
      const supportCoast = board.unitType[supported] === FLEET ? namedCoast(map, order.to) : -1;
      return { accepted: { ...base, kind: SUPPORT, dest, target: supported, supportCoast } };
    }

    case 'convoy': {
      if (board.unitType[unit] !== FLEET) return illegal('convoy-by-army', 'only fleets can convoy');
      if (map.provinceKind[here] !== 'sea') return illegal('convoy-not-at-sea', 'only fleets at sea can convoy (6.F.1)');
      const from = provinceOf(map, order.army.location);
      if (from < 0) return illegal('unknown-location', `unknown location ${order.army.location}`);
      const army = board.unitAt[from]!;
      if (army < 0) return illegal('no-army-to-convoy', `there is no unit in ${map.locationCode[from]} to convoy`);
      if (board.unitType[army] !== ARMY) return illegal('convoy-of-fleet', 'only armies can be convoyed (6.A.7)');
      const dest = provinceOf(map, order.to);
      if (dest < 0) return illegal('unknown-location', `unknown location ${order.to}`);
      if (dest === from) return illegal('same-province', 'an army cannot be convoyed to its own province (6.A.5)');
      if (!onProperRoute(map, here, from, dest, seaFleets(board))) {
        return illegal('convoy-not-on-route', `this fleet is not on any convoy route from ${map.locationCode[from]} to ${map.locationCode[dest]} (6.F.12, 6.G.19)`);
      }
      return { accepted: { ...base, kind: CONVOY, dest, target: army } };
    }
  }
}
