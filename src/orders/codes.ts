/**
 * Orders and units as integers, for programs that adjudicate or enumerate millions of phases (self-play, datasets,
 * search): no strings, no objects per order. The legal-order listing can write its orders in this form
 * (`legalOrderCodes`) and the movement adjudicator reads it (`resolveMovementCodes`), so a program can pick among
 * listed codes and adjudicate them without any text.
 *
 * A unit is a *unit key*: `type * map.locationCount + location`, type 0 for an army and 1 for a fleet, location the
 * map's location id (a fleet on a multi-coast province stands on its coast location; an army on the province).
 *
 * An order is a row of ORDER_STRIDE (5) integers in an Int32Array:
 *
 * | index | field | |
 * |---|---|---|
 * | 0 | power | index into `map.powers` of the power that gives the order |
 * | 1 | kind  | HOLD, MOVE, MOVE_VIA, SUPPORT_HOLD, SUPPORT_MOVE, CONVOY, RETREAT, DISBAND, BUILD, WAIVE |
 * | 2 | unit  | the ordered (or built) unit's key; -1 for WAIVE |
 * | 3 | other | the supported or convoyed unit's key; -1 otherwise |
 * | 4 | to    | destination location id (a coast location where a coast is named); -1 otherwise |
 *
 * A support of a fleet's move into a multi-coast province names the coast in `to` (a coast location) or not (the
 * province location). A convoy's `to` is the army's destination province.
 */
import type { GameMap } from '../map/types.js';
import type { GivenOrder, Order, UnitRef } from './types.js';

export const ORDER_STRIDE = 5;

// Field offsets in an order row.
export const POWER_FIELD = 0;
export const KIND_FIELD = 1;
export const UNIT_FIELD = 2;
export const OTHER_FIELD = 3;
export const TO_FIELD = 4;

// Order kinds.
export const HOLD = 0;
export const MOVE = 1;
/** A move that says "via convoy" (needed by the 2025 rules to go by convoy between adjacent provinces, 4.A.3). */
export const MOVE_VIA = 2;
export const SUPPORT_HOLD = 3;
export const SUPPORT_MOVE = 4;
export const CONVOY = 5;
export const RETREAT = 6;
export const DISBAND = 7;
export const BUILD = 8;
export const WAIVE = 9;

/** Unit types in a unit key. */
export const ARMY = 0;
export const FLEET = 1;

/** The key of a unit of `type` (ARMY or FLEET) at `location`. */
export function unitKey(map: GameMap, type: number, location: number): number {
  return type * map.locationCount + location;
}

/** The location of a unit key. */
export function keyLocation(map: GameMap, key: number): number {
  return key % map.locationCount;
}

/** The type (ARMY or FLEET) of a unit key. */
export function keyType(map: GameMap, key: number): number {
  return key >= map.locationCount ? FLEET : ARMY;
}

/** "A PAR", "F SPA/NC": the MILA text of a unit key ("" for -1 or a key out of range). */
export function keyText(map: GameMap, key: number): string {
  if (key < 0 || key >= 2 * map.locationCount) return '';
  return `${key >= map.locationCount ? 'F' : 'A'} ${map.locationCode[key % map.locationCount]!}`;
}

function unitRef(map: GameMap, key: number): UnitRef {
  return {
    type: keyType(map, key) === FLEET ? 'F' : 'A',
    location: map.locationCode[keyLocation(map, key)]!,
  };
}

/**
 * The order in row `i` of `codes`, as the parser would give it, with its power; undefined for a row that is not a
 * well-formed order code (an unknown kind, power, unit key or location).
 */
export function decodeOrder(map: GameMap, codes: Int32Array, i: number): GivenOrder | undefined {
  const at = i * ORDER_STRIDE;
  if (i < 0 || at + ORDER_STRIDE > codes.length) return undefined;
  const power = codes[at + POWER_FIELD]!;
  const kind = codes[at + KIND_FIELD]!;
  const unit = codes[at + UNIT_FIELD]!;
  const other = codes[at + OTHER_FIELD]!;
  const to = codes[at + TO_FIELD]!;
  const L = map.locationCount;
  const keyOk = (k: number): boolean => k >= 0 && k < 2 * L;
  if (power < 0 || power >= map.powers.length) return undefined;
  const name = map.powers[power]!;
  if (kind === WAIVE) return { power: name, order: { kind: 'waive' } };
  if (!keyOk(unit)) return undefined;
  const self = unitRef(map, unit);
  const needsTo =
    kind === MOVE || kind === MOVE_VIA || kind === SUPPORT_MOVE || kind === CONVOY || kind === RETREAT;
  if (needsTo && (to < 0 || to >= L)) return undefined;
  const dest = needsTo ? map.locationCode[to]! : '';
  let order: Order;
  switch (kind) {
    case HOLD:
      order = { kind: 'hold', unit: self };
      break;
    case MOVE:
    case RETREAT:
      order = { kind: 'move', unit: self, to: dest };
      break;
    case MOVE_VIA:
      order = { kind: 'move', unit: self, to: dest, viaConvoy: true };
      break;
    case SUPPORT_HOLD:
      if (!keyOk(other)) return undefined;
      order = { kind: 'support', unit: self, supported: unitRef(map, other) };
      break;
    case SUPPORT_MOVE:
      if (!keyOk(other)) return undefined;
      order = { kind: 'support', unit: self, supported: unitRef(map, other), to: dest };
      break;
    case CONVOY:
      if (!keyOk(other)) return undefined;
      order = { kind: 'convoy', unit: self, army: unitRef(map, other), to: dest };
      break;
    case DISBAND:
      order = { kind: 'disband', unit: self };
      break;
    case BUILD:
      order = { kind: 'build', unit: self };
      break;
    default:
      return undefined;
  }
  return { power: name, order };
}

/**
 * The canonical MILA text of row `i` (`A PAR - BUR`, `A LON - NWY VIA`, `F BLA R SEV`, `F STP/SC B`, `WAIVE`), as
 * the legal-order listing writes it; "" for a row that is not a well-formed order code.
 */
export function orderCodeText(map: GameMap, codes: Int32Array, i: number): string {
  if (decodeOrder(map, codes, i) === undefined) return '';
  const at = i * ORDER_STRIDE;
  const kind = codes[at + KIND_FIELD]!;
  const unit = keyText(map, codes[at + UNIT_FIELD]!);
  const other = keyText(map, codes[at + OTHER_FIELD]!);
  const to = map.locationCode[codes[at + TO_FIELD]!] ?? '';
  switch (kind) {
    case HOLD:
      return `${unit} H`;
    case MOVE:
      return `${unit} - ${to}`;
    case MOVE_VIA:
      return `${unit} - ${to} VIA`;
    case SUPPORT_HOLD:
      return `${unit} S ${other}`;
    case SUPPORT_MOVE:
      return `${unit} S ${other} - ${to}`;
    case CONVOY:
      return `${unit} C ${other} - ${to}`;
    case RETREAT:
      return `${unit} R ${to}`;
    case DISBAND:
      return `${unit} D`;
    case BUILD:
      return `${unit} B`;
    default:
      return 'WAIVE';
  }
}
