/**
 * Orders as players write them, after parsing: province and location codes are canonical ("SPA/NC", "NWG"), but
 * nothing is checked against a position yet. Whether an order is legal is decided by the adjudicator (DATC 4.E.1).
 */
import type { UnitType } from '../map/types.js';

/** A unit as an order names it. Type and power are optional: DATC 4.C.1/4.C.5 let players leave them out. */
export interface UnitRef {
  type?: UnitType;
  /** Canonical location code as written, possibly with a coast that need not match the unit's ("SPA/NC"). */
  location: string;
  /** Power named in the order ("FRENCH A Paris"), canonical power name. */
  power?: string;
}

export type Order =
  | { kind: 'hold'; unit: UnitRef }
  /** Movement-phase move, or a retreat when given in a retreat phase. `path`: sea provinces named (4.A.6). */
  | { kind: 'move'; unit: UnitRef; to: string; viaConvoy?: boolean; path?: string[] }
  /** Support of a hold when `to` is absent, of a move to `to` otherwise. */
  | { kind: 'support'; unit: UnitRef; supported: UnitRef; to?: string }
  | { kind: 'convoy'; unit: UnitRef; army: UnitRef; to: string }
  /** Retreat phase disband, or adjustment phase removal. */
  | { kind: 'disband'; unit: UnitRef }
  /** Adjustment phase. `unit.type` may be missing (DATC 4.C.3). */
  | { kind: 'build'; unit: UnitRef }
  /** Adjustment phase: decline one build (DATC 4.D.7). */
  | { kind: 'waive' };

export type OrderKind = Order['kind'];

/** An order with the power that gave it, as read from text. */
export interface GivenOrder {
  /** Canonical power name ("ENGLAND"); absent when the text did not say. */
  power?: string;
  order: Order;
  /** 1-based line in the source text, when read from text. */
  line?: number;
}
