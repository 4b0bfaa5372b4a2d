/**
 * Which movement orders are legal (DATC 4.E.1), with the coast rules of DATC 4.B and the unit-designation rules of
 * 4.C, under the rule options (rules.ts). At the DATC's preferences only orders that can be valid in the current
 * position are legal; illegal orders are ignored and the unit holds, so it can still be supported in place.
 *
 * The result is an `AcceptedOrder` in integer form, or the reason the order is illegal.
 */
import type { GameMap } from '../../map/types.js';
import { unitOwnerName } from '../../map/neutral.js';
import {
  armyAdjacent,
  fleetAdjacent,
  fleetCanReach,
  splitCoast,
  type SplitLocation,
} from '../../map/query.js';
import type { Order, UnitRef } from '../../orders/types.js';
import { ARMY as ARMY_CODE, FLEET as FLEET_CODE, type Board } from '../board.js';
import { convoyRouteExists, onProperRoute } from '../convoy-routes.js';
import { DATC_PREFERRED, type RuleOptions } from '../rules.js';

// Imported bindings are live: each use reads a cell and checks that it is initialised, even in optimised code.
// Module constants are folded into the code, so the hot loops below use these local copies.
const ARMY = ARMY_CODE;
const FLEET = FLEET_CODE;

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
  /** MOVE: the sea provinces of a written convoy path (4.A.6 b/c), or null. */
  path: number[] | null;
  /**
   * MOVE: an impossible move that is still a move (4.E.1 a/b: it fails, and the unit cannot be supported in
   * place); the reason it is impossible.
   */
  impossible: Illegal | null;
}

/** Stable codes for illegal orders. */
export type IllegalReason =
  | 'no-unit'
  | 'foreign-unit'
  | 'neutral-unit'
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
  | 'wrong-unit-type'
  | 'missing-unit-type'
  | 'wrong-coast'
  | 'unknown-coast'
  | 'missing-nationality'
  | 'wrong-nationality'
  | 'bad-convoy-path'
  | 'convoy-path-required'
  | 'no-convoys'
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

const illegal = (reason: IllegalReason, message: string): LegalityResult => ({
  illegal: { reason, message },
});

/** Convoy orders and moves 'via convoy' on a map whose rules have no convoys (`MapRules.convoys`: Pure). */
const NO_CONVOYS = illegal('no-convoys', 'this map has no convoys: no convoy orders and no moves via convoy');

/**
 * A field that an order of that kind does not have: a hold's destination, a move's target and support coast, the
 * location of a support or convoy. Nothing reads it (the tables read each field only for the kinds that have it).
 */
// Stryker disable next-line UnaryOperator: +1 reads the same: no field filled with UNUSED is ever read (see above).
const UNUSED = -1;

/** An accepted order (one object literal, always of the same shape). */
function accept(
  kind: OrderCode,
  unit: number,
  dest = UNUSED,
  destLocation = UNUSED,
  viaConvoy = false,
  target = UNUSED,
  supportCoast = UNUSED,
  path: number[] | null = null,
  impossible: Illegal | null = null,
): LegalityResult {
  return { accepted: { kind, unit, dest, destLocation, viaConvoy, target, supportCoast, path, impossible } };
}

/** Province of a written location, ignoring any coast. */
export function provinceOf(map: GameMap, code: string): number {
  return splitCoast(map, code).province;
}

/**
 * The coast location named by a written location ("SPA/NC", split by `splitCoast`) of a known province, or -1 when
 * no coast of the province is named (none, or one it does not have: coast locations always have their coast).
 */
function namedCoast(map: GameMap, written: SplitLocation): number {
  const { province, coast } = written;
  for (const location of map.provinceCoasts[province]!) {
    if (map.locationCoast[location] === coast) return location;
  }
  return -1;
}

/** A coast is written that is not a coast of the (known) province (4.B.6: unknown or irrelevant). */
function hasUnknownCoast(map: GameMap, written: SplitLocation): boolean {
  return written.coast !== null && namedCoast(map, written) === -1;
}

/**
 * Checks how an order names a unit that exists: its type (4.C.1, 4.C.2), the coast written for it (4.B.5,
 * 6.B.10, 6.B.16, 6.B.17) and, for a unit of another power than `orderingPower`, its nationality (4.C.5, 4.C.6).
 */
function checkUnitRef(
  board: Board,
  ref: UnitRef,
  unit: number,
  orderingPower: number,
  rules: RuleOptions,
  written: SplitLocation = splitCoast(board.map, ref.location),
): Illegal | null {
  const map = board.map;
  const actualType = board.unitType[unit] === ARMY ? 'A' : 'F';
  if (ref.type === undefined && rules.missingUnitType === 'illegal') {
    return { reason: 'missing-unit-type', message: 'the unit type must be given (4.C.1 a)' };
  }
  if (ref.type !== undefined && ref.type !== actualType && rules.wrongUnitType === 'illegal') {
    return {
      reason: 'wrong-unit-type',
      message: `the unit in ${map.locationCode[board.unitProvince[unit]!]} is ${actualType === 'A' ? 'an army' : 'a fleet'} (4.C.2 a)`,
    };
  }
  const { coast } = written;
  if (coast !== null && map.locationCoast[board.unitLocation[unit]!] !== coast) {
    // A coast the province does not have ("Spain west coast", or any coast of a province without coasts) is an
    // unknown coast (4.B.6); a coast the province has but the unit does not stand on is a wrong one (4.B.5).
    if (hasUnknownCoast(map, written)) {
      if (rules.unknownCoast === 'illegal') {
        return {
          reason: 'unknown-coast',
          message: `${ref.location} is not a coast of ${map.locationCode[written.province]} (4.B.6 a)`,
        };
      }
    } else if (rules.wrongUnneededCoast === 'illegal') {
      return {
        reason: 'wrong-coast',
        message: `the unit stands on ${map.locationCode[board.unitLocation[unit]!]} (4.B.5 a)`,
      };
    }
  }
  const owner = board.unitPower[unit]!;
  if (orderingPower >= 0 && owner !== orderingPower) {
    if (ref.power === undefined && rules.missingNationality === 'illegal') {
      return {
        reason: 'missing-nationality',
        message: `the nationality of the ${map.powerAdjective[owner] ?? 'neutral'} unit must be given (4.C.5 a)`,
      };
    }
  }
  if (
    ref.power !== undefined &&
    ref.power !== unitOwnerName(map, owner) &&
    rules.wrongNationality === 'illegal'
  ) {
    const adjective = map.powerAdjective[owner] ?? 'neutral';
    return { reason: 'wrong-nationality', message: `the unit is ${adjective} (4.C.6 a)` };
  }
  return null;
}

/** The unit an order is for; the power, when the order has one, must own it (6.A.6). */
function orderedUnit(board: Board, ref: UnitRef, power: number, rules: RuleOptions): number | Illegal {
  const written = splitCoast(board.map, ref.location);
  const province = written.province;
  if (province < 0) return { reason: 'unknown-location', message: `unknown location ${ref.location}` };
  const unit = board.unitAt[province]!;
  if (unit < 0)
    return { reason: 'no-unit', message: `there is no unit in ${board.map.locationCode[province]}` };
  if (board.unitPower[unit] === board.map.neutralPower) {
    return {
      reason: 'neutral-unit',
      message: `the unit in ${board.map.locationCode[province]} is neutral: it takes no order and always holds`,
    };
  }
  if (power >= 0 && board.unitPower[unit] !== power) {
    return {
      reason: 'foreign-unit',
      message: `the unit in ${board.map.locationCode[province]} belongs to ${board.map.powers[board.unitPower[unit]!]}`,
    };
  }
  return checkUnitRef(board, ref, unit, power, rules, written) ?? unit;
}

/**
 * The seas that may carry a convoy for legality: fleets there now (4.E.1 d), or any sea at all when legality
 * ignores the current position (4.E.1 c). `except` is a fleet that may not be part of the convoy (6.D.31).
 */
export function convoySeas(board: Board, rules: RuleOptions, except = -1): (sea: number) => boolean {
  if (rules.legalOrders !== 'possible-now') return () => true;
  // An empty sea (-1) is no fleet: it is the default `except`, and otherwise unitType[-1] is undefined.
  return (sea) => {
    const u = board.unitAt[sea]!;
    return u !== except && board.unitType[u] === FLEET;
  };
}

/**
 * The common move, answered without the general rules: over land to a neighbouring province, or by sea to a
 * neighbouring location, written without a coast or with the very coast the fleet reaches. The location moved to,
 * or -1 for anything else (then `moveTarget` decides; where this answers, `moveTarget` gives the same location).
 * Armies have no edges to seas, fleets none to inland provinces (the map reader refuses them), so adjacency alone
 * keeps armies off the sea and fleets off the land.
 *
 * A shortcut, so every mutant that only makes it answer -1 more often is equivalent: `moveTarget` then gives the
 * same answer. Such mutants survive (docs/verification.md); a mark below covers only a mutator whose every mutant
 * on its line is one.
 */
// Stryker disable next-line BlockStatement: undefined is no location (both callers test >= 0), so moveTarget decides, as for -1.
function simpleMove(board: Board, unit: number, written: SplitLocation): number {
  const map = board.map;
  const dest = written.province;
  // Needed: namedCoast reads the coasts of a known province (a fleet to "XYZ/NC", test/adjudication-input.test.ts).
  // `true` survives (docs/verification.md).
  // Stryker disable next-line EqualityOperator: `<= 0` and `>= 0` only answer -1 for more places (province 0, every province), and moveTarget then decides the same.
  if (dest < 0) return -1;
  if (board.unitType[unit] === ARMY) {
    // `true` survives (docs/verification.md): -1, and moveTarget decides.
    if (written.coast !== null) return -1;
    return armyAdjacent(map, board.unitProvince[unit]!, dest) ? dest : -1;
  }
  // `false` survives (docs/verification.md): namedCoast of no coast is -1, and moveTarget decides.
  const target = written.coast === null ? dest : namedCoast(map, written);
  // fleetAdjacent is false for -1 (no coast of that name) and for a province with coasts (a map's fleets move to
  // its coasts: graph.ts refuses a fleet edge to the province itself).
  return fleetAdjacent(map, board.unitLocation[unit]!, target) ? target : -1;
}

/**
 * Where the unit in `unit` may move to `destCode` (coast rules of 4.B), or why not. `except` is a fleet that may
 * not be part of the convoy (6.D.31); `anyCoast` accepts either coast (a support without coast, 4.B.4 c).
 * `written` is `destCode` split by `splitCoast`.
 */
function moveTarget(
  board: Board,
  unit: number,
  destCode: string,
  viaConvoy: boolean,
  rules: RuleOptions,
  except: number,
  anyCoast: boolean,
  written: SplitLocation = splitCoast(board.map, destCode),
): { location: number } | Illegal {
  const map = board.map;
  const from = board.unitProvince[unit]!;
  const dest = written.province;
  if (dest < 0) return { reason: 'unknown-location', message: `unknown location ${destCode}` };
  const destName = map.locationCode[dest]!;
  if (dest === from)
    return { reason: 'same-province', message: `a unit cannot move to its own province (6.A.4)` };
  if (board.unitType[unit] === ARMY) {
    if (map.provinceKind[dest] === 'sea')
      return { reason: 'army-to-sea', message: `an army cannot move to ${destName}` };
    // A coast written for an army is irrelevant: ignored (4.B.6 b, 6.B.12) or illegal (4.B.6 a).
    if (rules.unknownCoast === 'illegal' && written.coast !== null) {
      return { reason: 'unknown-coast', message: 'an army move names a coast (4.B.6 a)' };
    }
    if (!viaConvoy && armyAdjacent(map, from, dest)) return { location: dest };
    if (!map.rules.convoys) return { reason: 'not-adjacent', message: `${destName} is not adjacent` };
    if (convoyRouteExists(map, from, dest, convoySeas(board, rules, except))) return { location: dest };
    if (armyAdjacent(map, from, dest)) {
      return { reason: 'no-convoy-route', message: `no fleets on the board could convoy to ${destName}` };
    }
    if (map.provinceKind[from] === 'coast' && map.provinceKind[dest] === 'coast') {
      return {
        reason: 'no-convoy-route',
        message: `${destName} is not adjacent and no fleets could convoy there`,
      };
    }
    return { reason: 'not-adjacent', message: `${destName} is not adjacent` };
  }
  if (viaConvoy) return { reason: 'fleet-convoyed', message: 'only armies can be convoyed (6.A.7)' };
  if (map.provinceKind[dest] === 'land')
    return { reason: 'fleet-to-land', message: `a fleet cannot move to ${destName}` };
  return fleetTarget(map, board.unitLocation[unit]!, dest, destCode, anyCoast, rules, written);
}

/**
 * Where a fleet at `location` may move in province `dest`, written `destCode`, by the coast rules of DATC 4.B:
 * a named coast must be reachable (4.B.3); without a coast (or with an unknown one, 4.B.6) exactly one coast must
 * be reachable (4.B.1, 4.B.2), or any when `anyCoast` (a support, 4.B.4 c). Used for retreats too.
 */
export function fleetTarget(
  map: GameMap,
  location: number,
  dest: number,
  destCode: string,
  anyCoast: boolean,
  rules: RuleOptions,
  written: SplitLocation = splitCoast(map, destCode),
): { location: number } | Illegal {
  const destName = map.locationCode[dest]!;
  const coasts = map.provinceCoasts[dest]!;
  if (rules.unknownCoast === 'illegal' && hasUnknownCoast(map, written)) {
    return { reason: 'unknown-coast', message: `${destCode} is not a coast of ${destName} (4.B.6 a)` };
  }
  if (coasts.length === 0) {
    return fleetAdjacent(map, location, dest)
      ? { location: dest }
      : { reason: 'not-adjacent', message: `${destName} is not adjacent` };
  }
  const reachable = coasts.filter((c) => fleetAdjacent(map, location, c));
  const named = namedCoast(map, written);
  if (named !== -1) {
    if (fleetAdjacent(map, location, named)) return { location: named };
    // An unreachable coast makes the move illegal (4.B.3 b, 6.B.3), unless the possible coast is taken (4.B.3 a).
    if (rules.impossibleCoast === 'other-coast' && reachable.length === 1) return { location: reachable[0]! };
    return {
      reason: 'impossible-coast',
      message: `${map.locationCode[named]} cannot be reached from ${map.locationCode[location]}`,
    };
  }
  if (reachable.length === 0) return { reason: 'not-adjacent', message: `${destName} is not adjacent` };
  if (reachable.length === 1) {
    if (rules.omittedCoastOnePossible === 'illegal' && !anyCoast) {
      return { reason: 'coast-required', message: `the coast of ${destName} must be given (4.B.2 b)` };
    }
    return { location: reachable[0]! };
  }
  if (anyCoast) return { location: dest };
  if (rules.omittedCoastTwoPossible === 'default-coast') return { location: reachable[0]! };
  return { reason: 'coast-required', message: `the coast of ${destName} must be given (4.B.1, 6.B.1)` };
}

/**
 * Can `unit` reach province `dest` by itself, for giving support? Coasts do not matter (6.B.4), convoys do not
 * count. (No army edge leads to a sea, no fleet edge inland: the map reader refuses them.)
 */
function canReach(board: Board, unit: number, dest: number): boolean {
  const map = board.map;
  if (board.unitType[unit] === ARMY) return armyAdjacent(map, board.unitProvince[unit]!, dest);
  return fleetCanReach(map, board.unitLocation[unit]!, dest);
}

/** The sea provinces of a written convoy path, or why it is no path (4.A.6). */
function convoyPath(board: Board, unit: number, path: readonly string[], dest: number): number[] | Illegal {
  const map = board.map;
  const seas = path.map((code) => provinceOf(map, code));
  const from = board.unitProvince[unit]!;
  // (An unknown place, -1, is no convoyable province either: convoyCapable[-1] is undefined.)
  const bad = seas.findIndex((p) => map.convoyCapable[p] !== 1 || p === from || p === dest);
  if (bad >= 0) {
    const end = seas[bad] === from || seas[bad] === dest;
    const why = end ? 'an end of the convoy route' : 'not a sea province (nor a convoyable one)';
    return { reason: 'bad-convoy-path', message: `${path[bad]} is ${why}` };
  }
  // Each step from a node of the path (a fleet's province, never an end) to the next place, which a fleet there
  // must reach (on any coast of an end).
  const chain = [from, ...seas, dest];
  for (let i = 0; i + 1 < chain.length; i++) {
    const [a, b] = [chain[i]!, chain[i + 1]!];
    const sea = i > 0 ? a : b;
    const other = sea === a ? b : a;
    if (!fleetCanReach(map, sea, other))
      return {
        reason: 'bad-convoy-path',
        message: `${map.locationCode[a]} and ${map.locationCode[b]} are not adjacent`,
      };
  }
  return seas;
}

/**
 * Checks one movement-phase order against the board. `power` is the index of the power that gave the order, or
 * -1 when unknown (then any unit may be ordered).
 */
export function checkMovementOrder(
  board: Board,
  order: Order,
  power: number,
  rules: RuleOptions = DATC_PREFERRED,
): LegalityResult {
  // The kind is read once and each kind is checked by a function of its own, which reads only the fields of its
  // kind: orders of many shapes through one function would make every field access a slow, generic one.
  switch (order.kind) {
    case 'hold': {
      const unit = orderedUnit(board, order.unit, power, rules);
      return typeof unit === 'number' ? accept(HOLD, unit) : { illegal: unit };
    }
    case 'move':
      return checkMove(board, order, power, rules);
    case 'support':
      return checkSupport(board, order, power, rules);
    case 'convoy':
      return checkConvoy(board, order, power, rules);
    case 'disband':
    case 'build':
    case 'waive':
      return illegal('wrong-phase', `a ${order.kind} order is not possible in a movement phase`);
  }
}

function checkMove(
  board: Board,
  order: Extract<Order, { kind: 'move' }>,
  power: number,
  rules: RuleOptions,
): LegalityResult {
  const map = board.map;
  const unit = orderedUnit(board, order.unit, power, rules);
  if (typeof unit !== 'number') return { illegal: unit };
  const here = board.unitProvince[unit]!;
  const written = order.path !== undefined && order.path.length > 0;
  const viaConvoy = order.viaConvoy === true || written;
  if (viaConvoy && !map.rules.convoys) return NO_CONVOYS;
  const to = splitCoast(map, order.to);
  // The shortcut first; skipping it changes nothing but the time taken.
  // `false` and the empty block survive (docs/verification.md), as do `false` and `> 0` below: moveTarget gives the
  // location simpleMove gives.
  if (!viaConvoy) {
    const location = simpleMove(board, unit, to);
    if (location >= 0) return accept(MOVE, unit, map.locationProvince[location], location);
  }
  const target = moveTarget(board, unit, order.to, viaConvoy, rules, -1, false, to);
  if ('reason' in target) {
    // 4.E.1 a/b: a move to a place of the map that is impossible is still a move; it fails (DPTG, 1979 Q&A).
    const dest = to.province;
    if (
      (rules.legalOrders === 'any-format' || rules.legalOrders === 'valid-places') &&
      dest >= 0 &&
      dest !== here
    ) {
      return accept(MOVE, unit, dest, dest, viaConvoy, UNUSED, UNUSED, null, target);
    }
    return { illegal: target };
  }
  const dest = map.locationProvince[target.location]!;
  let path: number[] | null = null;
  // (Only an army gets here with a path: a fleet 'via convoy' was refused by moveTarget.)
  if (written && rules.convoyPath !== 'ignored') {
    const checked = convoyPath(board, unit, order.path!, dest);
    if (!Array.isArray(checked)) return { illegal: checked };
    path = checked;
  }
  return accept(MOVE, unit, dest, target.location, viaConvoy, UNUSED, UNUSED, path);
}

function checkSupport(
  board: Board,
  order: Extract<Order, { kind: 'support' }>,
  power: number,
  rules: RuleOptions,
): LegalityResult {
  const map = board.map;
  const unit = orderedUnit(board, order.unit, power, rules);
  if (typeof unit !== 'number') return { illegal: unit };
  const here = board.unitProvince[unit]!;
  const owner = board.unitPower[unit]!;
  const supportedAt = splitCoast(map, order.supported.location);
  const supportedProvince = supportedAt.province;
  if (supportedProvince < 0)
    return illegal('unknown-location', `unknown location ${order.supported.location}`);
  const supported = board.unitAt[supportedProvince]!;
  const name = map.locationCode[supportedProvince]!;
  if (supported < 0) return illegal('no-unit-to-support', `there is no unit in ${name} to support`);
  if (supported === unit) return illegal('support-self', 'a unit cannot support itself (6.A.8)');
  const refProblem = checkUnitRef(board, order.supported, supported, owner, rules, supportedAt);
  if (refProblem) return { illegal: refProblem };
  if (order.to === undefined) {
    if (!canReach(board, unit, supportedProvince))
      return illegal('cannot-reach', `the supporter cannot reach ${name}`);
    // Stryker disable next-line BooleanLiteral: `true` is never read: viaConvoy is read for moves only.
    return accept(SUPPORT, unit, -1, UNUSED, false, supported);
  }
  const to = splitCoast(map, order.to);
  const dest = to.province;
  if (dest < 0) return illegal('unknown-location', `unknown location ${order.to}`);
  const destName = map.locationCode[dest]!;
  if (dest === here)
    return illegal('support-own-province', `a unit cannot support a move into its own province (6.D.34)`);
  if (!canReach(board, unit, dest))
    return illegal('cannot-reach', `the supporter cannot reach ${destName} (6.A.10, 6.B.5)`);
  // The supported move must be possible itself, without this unit in its convoy (6.D.22-6.D.24, 6.D.31).
  const simple = simpleMove(board, supported, to);
  const supportedMove =
    // `false` and `> 0` survive (docs/verification.md): moveTarget gives the location simpleMove gives.
    // Stryker disable next-line ObjectLiteral: `{}` (no location) reads the same: the location is read only below, for a move into a province with coasts, which is never a simple move.
    simple >= 0 ? { location: simple } : moveTarget(board, supported, order.to, false, rules, unit, true, to);
  if ('reason' in supportedMove) {
    // Only `except` differs from the first try: with a fleet's move or an army's over land it changes nothing, so
    // the move is by convoy, 'via convoy' or not, and the coast choice of a fleet failed already with any coast.
    // Stryker disable next-line BooleanLiteral: both flags read the same, as above.
    const alone = moveTarget(board, supported, order.to, false, rules, -1, true, to);
    if (!('reason' in alone)) {
      return illegal(
        'supporter-needed-for-convoy',
        `the supported move needs this fleet as its convoy (6.D.31)`,
      );
    }
    return illegal(
      'supported-move-impossible',
      `the supported move to ${destName} is impossible: ${supportedMove.message}`,
    );
  }
  // A coast named in a support of a fleet must match the move (4.B.4); one left out when the fleet could
  // reach both coasts is forgiven (4.B.4 c), allowed only for an own unit (b) or illegal (a).
  const supportCoast = board.unitType[supported] === FLEET ? namedCoast(map, to) : -1;
  if (
    board.unitType[supported] === FLEET &&
    // (With a coast named, supportedMove.location is that coast, not dest.)
    supportedMove.location === dest &&
    map.provinceCoasts[dest]!.length > 0
  ) {
    const own = board.unitPower[supported] === owner;
    if (rules.supportCoast === 'illegal' || (rules.supportCoast === 'own-unit-only' && !own)) {
      return illegal('coast-required', `the support must name the coast of ${destName} (4.B.4)`);
    }
  }
  // A support without coast of a fleet that can reach only one coast supports the move to that coast, under either
  // choice of 4.B.2: DATC 4.B.4 only suggests "the same ruling as issue 4.B.2", and dipcc, which fails such a move
  // (4.B.2 b), gives such supports in its recorded games (game 433761, S1903M: Austria's F GRE and A SER S F AEG -
  // BUL carry Italy's F AEG - BUL/SC). E.109.
  // Stryker disable next-line BooleanLiteral: `true` is never read: viaConvoy is read for moves only.
  return accept(SUPPORT, unit, dest, UNUSED, false, supported, supportCoast);
}

function checkConvoy(
  board: Board,
  order: Extract<Order, { kind: 'convoy' }>,
  power: number,
  rules: RuleOptions,
): LegalityResult {
  const map = board.map;
  const unit = orderedUnit(board, order.unit, power, rules);
  if (typeof unit !== 'number') return { illegal: unit };
  if (!map.rules.convoys) return NO_CONVOYS;
  const here = board.unitProvince[unit]!;
  const owner = board.unitPower[unit]!;
  if (board.unitType[unit] !== FLEET) return illegal('convoy-by-army', 'only fleets can convoy');
  if (map.convoyCapable[here] !== 1)
    return illegal(
      'convoy-not-at-sea',
      'only fleets at sea (or in a convoyable province) can convoy (6.F.1)',
    );
  const armyAt = splitCoast(map, order.army.location);
  const from = armyAt.province;
  if (from < 0) return illegal('unknown-location', `unknown location ${order.army.location}`);
  const army = board.unitAt[from]!;
  if (army < 0)
    return illegal('no-army-to-convoy', `there is no unit in ${map.locationCode[from]} to convoy`);
  if (board.unitType[army] !== ARMY) return illegal('convoy-of-fleet', 'only armies can be convoyed (6.A.7)');
  const refProblem = checkUnitRef(board, order.army, army, owner, rules, armyAt);
  if (refProblem) return { illegal: refProblem };
  const dest = provinceOf(map, order.to);
  if (dest < 0) return illegal('unknown-location', `unknown location ${order.to}`);
  if (dest === from)
    return illegal('same-province', 'an army cannot be convoyed to its own province (6.A.5)');
  if (!onProperRoute(map, here, from, dest, convoySeas(board, rules))) {
    return illegal(
      'convoy-not-on-route',
      `this fleet is not on any convoy route from ${map.locationCode[from]} to ${map.locationCode[dest]} (6.F.12, 6.G.19)`,
    );
  }
  // Stryker disable next-line BooleanLiteral: `true` is never read: viaConvoy is read for moves only.
  return accept(CONVOY, unit, dest, UNUSED, false, army);
}
