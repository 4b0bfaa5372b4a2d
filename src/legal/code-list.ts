/**
 * A growable list of order code rows (src/orders/codes.ts), the output of `legalOrderCodes`. A caller that lists
 * many positions passes the same list each time: it is cleared and refilled, and grows (by doubling) only when a
 * position has more orders than any before, so listing allocates nothing per order.
 */
import { ORDER_STRIDE } from '../orders/codes.js';

export interface OrderCodeList {
  /** Rows of ORDER_STRIDE integers; rows 0 .. count-1 are the orders, the rest is spare capacity. */
  codes: Int32Array;
  /** Number of rows in use. */
  count: number;
}

/** An empty list with room for `capacity` orders (it grows as needed). */
export function newOrderCodeList(capacity = 1024): OrderCodeList {
  return { codes: new Int32Array(Math.max(1, capacity) * ORDER_STRIDE), count: 0 };
}

/** Appends the row (power, kind, unit, other, to). */
export function pushOrderCode(
  list: OrderCodeList,
  power: number,
  kind: number,
  unit: number,
  other: number,
  to: number,
): void {
  const at = list.count * ORDER_STRIDE;
  let codes = list.codes;
  if (at + ORDER_STRIDE > codes.length) codes = grow(list);
  codes[at] = power;
  codes[at + 1] = kind;
  codes[at + 2] = unit;
  codes[at + 3] = other;
  codes[at + 4] = to;
  list.count++;
}

/** Makes room for `rows` rows (keeping the rows in use) and returns the codes array. */
export function ensureRows(list: OrderCodeList, rows: number): Int32Array {
  while (list.codes.length < rows * ORDER_STRIDE) grow(list);
  return list.codes;
}

// Kept out of pushOrderCode so that the hot function stays small enough to inline.
function grow(list: OrderCodeList): Int32Array {
  const codes = new Int32Array(Math.max(list.codes.length * 2, 64 * ORDER_STRIDE));
  codes.set(list.codes);
  list.codes = codes;
  return codes;
}
