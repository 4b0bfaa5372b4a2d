/**
 * What adjudication says about each order: the DATC's resolution word (4.E.2) and the reason, as data.
 * Units are written as in MILA/dipcc data: "A PAR", "F SPA/NC".
 */
import type { GivenOrder, Order } from '../orders/types.js';
import type { DislodgedUnit, Position, Unit } from '../position/types.js';
import type { IllegalReason } from './movement/legality.js';

/** The resolution words of DATC 4.E.2, as the test cases use them. */
export type Resolution =
  'succeeds' | 'fails' | 'illegal' | 'invalid' | 'given' | 'cut' | 'available' | 'disrupted' | 'stands';

/** A strength that stopped a move: whose, of which kind (DATC 5.B), and how strong. */
export interface OpposingStrength {
  kind: 'hold' | 'defend' | 'prevent';
  unit: string;
  strength: number;
}

export type Reason =
  /** Moves */
  | { code: 'moved'; attack: number }
  | { code: 'circular-movement' }
  | { code: 'bounced'; attack: number; against: OpposingStrength }
  | { code: 'own-unit'; unit: string }
  | { code: 'no-path' }
  | { code: 'no-convoy-ordered' }
  /** Supports */
  | { code: 'given' }
  | { code: 'cut'; by: string }
  | { code: 'cut-by-dislodgement'; by: string }
  /** Convoys */
  | { code: 'available' }
  | { code: 'convoy-dislodged'; by: string }
  /** Settled by a backup rule: the convoy paradox rule, or (all-hold) a move of a paradox. */
  | {
      code: 'paradox';
      rule: 'circular-movement' | 'szykman' | 'all-hold' | 'dptg';
      fallbackFor?: string;
    }
  /** A move that is impossible but still a move (4.E.1 a/b): it fails and cannot be supported in place. */
  | { code: 'impossible-move'; rule: IllegalReason; message: string }
  /** A hold support for a unit of a power in civil disorder (4.D.9 a). */
  | { code: 'civil-disorder' }
  /** Supports and convoys that do not match the order of the unit they name */
  | { code: 'not-matching'; actual: string }
  /** Retreats */
  | { code: 'retreated' }
  | { code: 'retreat-clash'; with: string[] }
  | { code: 'disbanded' }
  /** Adjustments */
  | { code: 'built' }
  | { code: 'waived' }
  /** Holds, and units without orders */
  | { code: 'stands' }
  /** Orders that are ignored (DATC 4.E.1); the unit holds */
  | { code: 'illegal'; rule: IllegalReason | 'duplicate-order' | 'unknown-power'; message: string };

export interface Dislodgement {
  /** The unit that dislodged it: "A BEL". */
  by: string;
  /** Province the attacker came from. */
  from: string;
  byConvoy: boolean;
  /** Locations the unit may retreat to; empty when it is destroyed. */
  retreats: string[];
}

export interface OrderOutcome {
  /** The order as given. */
  given: GivenOrder;
  /** The unit the order is for, when there is one: "F NTH". */
  unit?: string;
  resolution: Resolution;
  reason: Reason;
  /** Set when the ordered unit was dislodged (the DATC writes ", dislodged" or ", destroyed"). */
  dislodged?: Dislodgement;
  /** One line for people: "A PAR - BUR fails: attack strength 1 against hold strength 1 of A BUR". */
  message: string;
}

/** Each unit of the position and what became of it. */
export interface UnitOutcome {
  unit: Unit;
  /** The order the unit carried out (its first legal order, or a hold). */
  order: Order;
  /** Where the unit is after the phase (unchanged when it did not move). */
  location: string;
  moved: boolean;
  dislodged?: Dislodgement;
}

export interface MovementResult {
  /** One per given order, in the order given. */
  orders: OrderOutcome[];
  /** One per unit, in the order of the position. */
  units: UnitOutcome[];
  /** Dislodged units with the attacker's origin and their retreat options. */
  dislodged: (DislodgedUnit & { retreats: string[] })[];
  /** Provinces left empty by a standoff: no retreat there. Sorted. */
  contested: string[];
  /** The position after the phase (the retreat phase of the same season). */
  position: Position;
}
