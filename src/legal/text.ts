/**
 * Canonical MILA/dipcc text of the orders `legalOrders` lists, built by concatenation (no parsing, no map): the
 * same text as `formatOrder(map, order, 'mila')` for these orders (moves without a path), except that a retreat is written with `R` as MILA/dipcc data writes it: `F BLA R SEV`, not
 * `F BLA - SEV`.
 */
import type { Order, UnitRef } from '../orders/types.js';

function unit(ref: UnitRef): string {
  const text = ref.type === undefined ? ref.location : `${ref.type} ${ref.location}`;
  return ref.power === undefined ? text : `${ref.power} ${text}`;
}

/** MILA text of an order; `retreat` writes a move as a retreat (`F BLA R SEV`). */
export function milaText(order: Order, retreat = false): string {
  switch (order.kind) {
    case 'hold':
      return `${unit(order.unit)} H`;
    case 'move':
      if (retreat) return `${unit(order.unit)} R ${order.to}`;
      return `${unit(order.unit)} - ${order.to}${order.viaConvoy === true ? ' VIA' : ''}`;
    case 'support':
      return order.to === undefined
        ? `${unit(order.unit)} S ${unit(order.supported)}`
        : `${unit(order.unit)} S ${unit(order.supported)} - ${order.to}`;
    case 'convoy':
      return `${unit(order.unit)} C ${unit(order.army)} - ${order.to}`;
    case 'disband':
      return `${unit(order.unit)} D`;
    case 'build':
      return `${unit(order.unit)} B`;
    case 'waive':
      return 'WAIVE';
  }
}
