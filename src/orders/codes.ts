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
import { issue, type Issue, type Result } from '../issues.js';
import { lookupLocation, lookupPower } from '../map/query.js';
import type { GameMap } from '../map/types.js';
import { isNeutral } from '../map/neutral.js';
import type { Unit } from '../position/types.js';
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
 * The order of a row's kind, with its unit, the supported or convoyed unit (`other`, read only by the kinds that
 * have one) and the destination code; undefined for an unknown kind. Shared with the legal-order listing.
 */
export function codeOrder(kind: number, unit: UnitRef, other: UnitRef, to: string): Order | undefined {
  switch (kind) {
    case HOLD:
      return { kind: 'hold', unit };
    case MOVE:
    case RETREAT:
      return { kind: 'move', unit, to };
    case MOVE_VIA:
      return { kind: 'move', unit, to, viaConvoy: true };
    case SUPPORT_HOLD:
      return { kind: 'support', unit, supported: other };
    case SUPPORT_MOVE:
      return { kind: 'support', unit, supported: other, to };
    case CONVOY:
      return { kind: 'convoy', unit, army: other, to };
    case DISBAND:
      return { kind: 'disband', unit };
    case BUILD:
      return { kind: 'build', unit };
    case WAIVE:
      return { kind: 'waive' };
    default:
      return undefined;
  }
}

/** The MILA text of a row's kind, with the unit texts ("A PAR") and the destination code. Shared as above. */
export function codeText(kind: number, unit: string, other: string, to: string): string {
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
  const hasOther = kind === SUPPORT_HOLD || kind === SUPPORT_MOVE || kind === CONVOY;
  if (hasOther && !keyOk(other)) return undefined;
  const order = codeOrder(kind, self, hasOther ? unitRef(map, other) : self, dest);
  return order === undefined ? undefined : { power: name, order };
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
  return codeText(kind, unit, other, to);
}

/**
 * The units of a position as (power index, unit key) pairs, the `units` input of `resolveMovementCodes`. Issues
 * name the units whose power or location the map does not know.
 */
export function encodeUnits(map: GameMap, units: readonly Unit[]): Result<Int32Array> {
  const out = new Int32Array(units.length * 2);
  const issues: Issue[] = [];
  units.forEach((unit, u) => {
    const power = isNeutral(map, unit.power) ? map.neutralPower : lookupPower(map, unit.power);
    const location = lookupLocation(map, unit.location);
    if (power < 0 || location < 0) {
      issues.push(
        issue('not-encodable', `unit ${u + 1} (${unit.type} ${unit.location}): unknown power or location`),
      );
      return;
    }
    out[u * 2] = power;
    // An army stands in the province, whatever coast is written (as `compileBoard` reads it).
    out[u * 2 + 1] = unit.type === 'F' ? map.locationCount + location : map.locationProvince[location]!;
  });
  return issues.length > 0 ? { issues } : { value: out, issues };
}

/** How `encodeOrder` reads what an order names. */
export interface OrderEncoding {
  /** The location id of a place as written, or -1. */
  place(code: string): number;
  /** The unit key of a unit reference, or -1 when the reference has no code form. */
  unit(ref: UnitRef): number;
}

/**
 * Writes the row of `order`, given by power index `power`, at `rows[at .. at + ORDER_STRIDE)`; false when it has no
 * code form (a written convoy path, a place or unit `encoding` cannot read).
 */
export function encodeOrder(
  map: GameMap,
  order: Order,
  power: number,
  encoding: OrderEncoding,
  rows: Int32Array,
  at: number,
): boolean {
  let kind = WAIVE;
  let unit = -1;
  let other = -1;
  let to = -1;
  if (order.kind !== 'waive') {
    unit = encoding.unit(order.unit);
    if (unit < 0) return false;
  }
  switch (order.kind) {
    case 'hold':
      kind = HOLD;
      break;
    case 'move':
      if (order.path !== undefined && order.path.length > 0) return false;
      kind = order.viaConvoy === true ? MOVE_VIA : MOVE;
      to = encoding.place(order.to);
      if (to < 0) return false;
      break;
    case 'support':
      kind = order.to === undefined ? SUPPORT_HOLD : SUPPORT_MOVE;
      other = encoding.unit(order.supported);
      if (order.to !== undefined) to = encoding.place(order.to);
      if (other < 0 || (order.to !== undefined && to < 0)) return false;
      break;
    case 'convoy': {
      kind = CONVOY;
      other = encoding.unit(order.army);
      const location = encoding.place(order.to);
      if (other < 0 || location < 0) return false;
      to = map.locationProvince[location]!; // a convoy names a province; a coast written is ignored
      break;
    }
    case 'disband':
      kind = DISBAND;
      break;
    case 'build':
      kind = BUILD;
      break;
    case 'waive':
      break;
  }
  rows[at + POWER_FIELD] = power;
  rows[at + KIND_FIELD] = kind;
  rows[at + UNIT_FIELD] = unit;
  rows[at + OTHER_FIELD] = other;
  rows[at + TO_FIELD] = to;
  return true;
}

/**
 * Orders as code rows, read against the units they are given to (`units`, for the type of a unit an order names
 * without one, and for the power of an order given without one: the owner of the ordered unit). Places and powers
 * in any spelling the map knows. An order that has no code form (a written convoy path, an unknown place or power)
 * is left out, with an issue naming it; the rows of the others are in `value`.
 */
export function encodeOrders(
  map: GameMap,
  units: readonly Unit[],
  orders: readonly GivenOrder[],
): Result<Int32Array> {
  const L = map.locationCount;
  // Per province: the key and power of the unit there.
  const keyAt = new Map<number, [number, number]>();
  for (const unit of units) {
    const location = lookupLocation(map, unit.location);
    if (location < 0) continue;
    const province = map.locationProvince[location]!;
    keyAt.set(province, [unit.type === 'F' ? L + location : province, lookupPower(map, unit.power)]);
  }
  const encoding: OrderEncoding = {
    place: (code) => lookupLocation(map, code),
    unit: (ref) => {
      const location = lookupLocation(map, ref.location);
      if (location < 0) return -1;
      const standing = keyAt.get(map.locationProvince[location]!)?.[0] ?? 0;
      return ((ref.type ?? (standing >= L ? 'F' : 'A')) === 'F' ? L : 0) + location;
    },
  };
  const rows = new Int32Array(orders.length * ORDER_STRIDE);
  let count = 0;
  const issues: Issue[] = [];
  orders.forEach((given, i) => {
    const o = given.order;
    // Without a power: the owner of the ordered unit.
    const self = o.kind === 'waive' ? -1 : encoding.unit(o.unit);
    const owner = self < 0 ? -1 : (keyAt.get(map.locationProvince[self % L]!)?.[1] ?? -1);
    const power = given.power === undefined ? owner : lookupPower(map, given.power);
    if (power >= 0 && encodeOrder(map, o, power, encoding, rows, count * ORDER_STRIDE)) count++;
    else {
      const where = given.line === undefined ? `order ${i + 1}` : `line ${given.line}`;
      issues.push(issue('not-encodable', `${where}: the order has no code form`));
    }
  });
  return { value: rows.slice(0, count * ORDER_STRIDE), issues };
}
