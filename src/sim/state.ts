/**
 * The simulation: a mutable game state for one map in integer form, for self-play, reinforcement learning and
 * search, where whole games are played millions of times and states are copied constantly. It plays the same game
 * as the immutable `Game` (src/game/game.ts) — the same phases, skipped phases, centre ownership after the Fall,
 * victory, year limit, civil disorder, rule options and retreat conventions — without strings, order objects or
 * history records on the way. test/sim.test.ts holds the two to the same game, phase by phase.
 *
 * Units are (power index, unit key) pairs and orders are rows of src/orders/codes.ts, the forms `legalOrderCodes`
 * writes and `resolveMovementCodes` reads. Every array of a state lives in one buffer, so that `copyFrom` is one
 * copy and `clone` (from a pool of released states) allocates nothing once warm.
 *
 * The modules: state.ts (this: the state and its methods), legal.ts (legal orders of the phase), movement.ts,
 * retreat.ts and adjustment.ts (one step of each phase type), flow.ts (what follows a phase: skipped phases,
 * ownership, victory, year limit), clone.ts (copy, clone, pool), convert.ts (to and from `Game` and `Position`).
 */
import { IssuesError } from '../issues.js';
import type { GameMap } from '../map/types.js';
import { DEFAULT_FLOW, resolveRules, type RuleOptions, type Unretreatable } from '../adjudication/rules.js';
import { ORDER_STRIDE, unitKey, ARMY, FLEET } from '../orders/codes.js';
import { newOrderCodeList, pushOrderCode, type OrderCodeList } from '../legal/code-list.js';
import { PHASE_MOVEMENT, PHASE_RETREAT, type CodedPosition } from '../position/coded.js';
import { cloneState, copyState, releaseState } from './clone.js';
import { listLegalCodes } from './legal.js';
import { stepMovement } from './movement.js';
import { stepRetreat } from './retreat.js';
import { stepAdjustment } from './adjustment.js';

export { PHASE_ADJUSTMENT, PHASE_MOVEMENT, PHASE_RETREAT } from '../position/coded.js';
export type { Unretreatable } from '../adjudication/rules.js';

// Typed `number`, not as literals: `while (sim.status === ACTIVE) { sim.step(); ... }` must not narrow the field.

/** Seasons, in the order of the year. */
export const SPRING: number = 0;
export const FALL: number = 1;
export const WINTER: number = 2;

/** Game status. */
export const ACTIVE: number = 0;
export const WON: number = 1;
export const DRAW: number = 2;

export interface SimulationOptions {
  /** Supply centres for a solo victory (the map's number by default). */
  victoryCenters?: number;
  /** When set, the game is drawn once every phase of this year is played. */
  maxYear?: number;
  /** Rule settings where they differ from the DATC preferences ("4.A.2=all-hold"; see `dipkit rules`). */
  rules?: readonly string[];
  /**
   * What becomes of a dislodged unit that has nowhere to retreat, as `GameOptions.unretreatable` says: 'disband'
   * (the default: at once, and a retreat phase in which no unit can retreat is skipped) or 'retreat-phase'.
   */
  unretreatable?: Unretreatable;
}

/** The options of a simulation, complete and read once: shared, never changed, by every clone. */
export interface SimulationSettings {
  readonly victoryCenters: number;
  /** Infinity when the game has no year limit. */
  readonly maxYear: number;
  readonly ruleSettings: readonly string[];
  readonly rules: Readonly<RuleOptions>;
  readonly unretreatable: Unretreatable;
}

/** The settings of `options`; throws an `IssuesError` for an unknown rule setting. */
export function simulationSettings(map: GameMap, options: SimulationOptions = {}): SimulationSettings {
  const ruleSettings = [...(options.rules ?? [])];
  const rules = resolveRules('datc', ruleSettings);
  if (rules.value === undefined) throw new IssuesError(rules.issues, 'rules');
  return Object.freeze({
    victoryCenters: options.victoryCenters ?? map.victoryCenters,
    maxYear: options.maxYear ?? Infinity,
    ruleSettings: Object.freeze(ruleSettings),
    rules: Object.freeze(rules.value),
    unretreatable: options.unretreatable ?? DEFAULT_FLOW.unretreatable,
  });
}

/**
 * A game in progress. Read the phase (`year`, `season`, `phaseType`), `status` and `winner`, the units, dislodged
 * units, contested provinces and centre owners from the fields; list legal orders with `legalOrders`, give orders
 * with `addOrder` (or write rows into `orders`), and play the phase with `step`. Units without orders hold (or are
 * disbanded, in a retreat phase); missing disbands are chosen by the civil-disorder rule, missing builds waived.
 */
export class Simulation implements CodedPosition {
  readonly map: GameMap;
  /** Shared by clones; `copyFrom` takes the other state's. */
  settings: SimulationSettings;
  year: number;
  /** SPRING, FALL or WINTER. */
  season = SPRING;
  /** PHASE_MOVEMENT, PHASE_RETREAT or PHASE_ADJUSTMENT. */
  phaseType = PHASE_MOVEMENT;
  /** ACTIVE, WON or DRAW; once the game is over the phase is the one that would follow. */
  status = ACTIVE;
  /** The winning power's index, or -1. */
  winner = -1;
  unitCount = 0;
  /** Two integers per unit: power index, unit key (`type * map.locationCount + location`). */
  readonly units: Int32Array;
  dislodgedCount = 0;
  /** The units dislodged in the last movement phase, waiting to retreat: as `units`. */
  readonly dislodged: Int32Array;
  /** Per dislodged unit: the province its attacker came from. */
  readonly attackerFrom: Int32Array;
  /** Per dislodged unit: 1 when the attacker came by convoy. */
  readonly byConvoy: Uint8Array;
  /** Per province: 1 when a standoff left it empty in the movement phase before this retreat phase. */
  readonly contested: Uint8Array;
  /** Per province: the index of the power owning the supply centre, or -1. */
  readonly owner: Int32Array;
  /** The orders given for the current phase, as rows of src/orders/codes.ts. */
  readonly orders: OrderCodeList;
  /** The one buffer behind the typed arrays above (orders aside): what `copyFrom` copies. */
  readonly buffer: Int32Array;

  /** A new game on `map`: the Spring of its start year, the starting units, every power owning its home centres. */
  constructor(map: GameMap, options: SimulationOptions | SimulationSettings = {}) {
    this.map = map;
    this.year = map.startYear;
    this.settings = 'ruleSettings' in options ? options : simulationSettings(map, options);
    const P = map.provinceCount;
    // Int32 words: units, dislodged (2 per province each), attackerFrom, owner (1 each); then bytes, a word per 4.
    const bytes = (P + 3) >>> 2;
    this.buffer = new Int32Array(6 * P + 2 * bytes);
    const b = this.buffer.buffer;
    this.units = new Int32Array(b, 0, 2 * P);
    this.dislodged = new Int32Array(b, 8 * P, 2 * P);
    this.attackerFrom = new Int32Array(b, 16 * P, P);
    this.owner = new Int32Array(b, 20 * P, P);
    this.contested = new Uint8Array(b, 24 * P, P);
    this.byConvoy = new Uint8Array(b, 24 * P + 4 * bytes, P);
    this.orders = newOrderCodeList(64);
    this.owner.set(map.startOwner);
    for (const u of map.startingUnits) {
      const location = u.type === 'A' ? map.locationProvince[u.location]! : u.location;
      this.addUnit(u.power, unitKey(map, u.type === 'A' ? ARMY : FLEET, location));
    }
  }

  /** "S1901M", "F1901R", "W1901A". */
  phaseName(): string {
    return `${'SFW'[this.season]!}${this.year}${'MRA'[this.phaseType]!}`;
  }

  /** Appends a unit (power index, unit key); the caller keeps one unit per province. */
  addUnit(power: number, key: number): void {
    this.units[this.unitCount * 2] = power;
    this.units[this.unitCount * 2 + 1] = key;
    this.unitCount++;
  }

  /** Supply centres owned by `power`. */
  centerCount(power: number): number {
    let n = 0;
    for (let p = 0; p < this.map.provinceCount; p++) if (this.owner[p] === power) n++;
    return n;
  }

  /** Units of `power` on the board (dislodged units aside). */
  unitCountOf(power: number): number {
    let n = 0;
    for (let u = 0; u < this.unitCount; u++) if (this.units[u * 2] === power) n++;
    return n;
  }

  /**
   * Every legal order of the current phase (of `power`, a power index, or of all powers when -1), as
   * `legalOrderCodes` lists them for the same position: rows in `into`, which is cleared first and returned.
   */
  legalOrders(into: OrderCodeList = newOrderCodeList(), power = -1): OrderCodeList {
    into.count = 0;
    listLegalCodes(this, power, into);
    return into;
  }

  /** Forgets the orders given for the current phase. */
  clearOrders(): void {
    this.orders.count = 0;
  }

  /** Gives the order row (power, kind, unit, other, to); see src/orders/codes.ts. */
  addOrder(power: number, kind: number, unit: number, other = -1, to = -1): void {
    pushOrderCode(this.orders, power, kind, unit, other, to);
  }

  /** Gives order row `i` of `codes` (a legal-order list's `codes`, for instance). */
  addOrderRow(codes: Int32Array, i: number): void {
    const at = i * ORDER_STRIDE;
    pushOrderCode(this.orders, codes[at]!, codes[at + 1]!, codes[at + 2]!, codes[at + 3]!, codes[at + 4]!);
  }

  /**
   * Plays the current phase with the orders given, clears them, and moves to the next phase to play (empty retreat
   * and adjustment phases skipped); after the Fall, updates the centre owners and checks victory and the year
   * limit. Does nothing once the game is over.
   */
  step(): void {
    if (this.status !== ACTIVE) return;
    if (this.phaseType === PHASE_MOVEMENT) stepMovement(this);
    else if (this.phaseType === PHASE_RETREAT) stepRetreat(this);
    else stepAdjustment(this);
    this.orders.count = 0;
  }

  /** Makes this state a copy of `other` (same map), allocating nothing once the order list is large enough. */
  copyFrom(other: Simulation): this {
    copyState(this, other);
    return this;
  }

  /** A copy of this state: a released state reused when there is one (see `release`), else a new one. */
  clone(): Simulation {
    return cloneState(this);
  }

  /** Gives this state back for `clone` to reuse; it must not be used afterwards. */
  release(): void {
    releaseState(this);
  }
}
