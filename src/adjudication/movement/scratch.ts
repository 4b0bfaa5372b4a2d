/**
 * Scratch memory of the movement adjudicator, one set per map, reused from one adjudication to the next so that a
 * phase allocates no typed arrays: the board's columns, the order tables, the solver's state and the arrays the
 * result is worked out in. Unit-indexed arrays are sized for the most units seen so far (grown by doubling),
 * province-indexed ones for the map. Every user clears what it reads, for the units and provinces of its call.
 *
 * Adjudication is synchronous and never re-entered, so one set per map is enough; a worker thread has its own
 * module instance and so its own sets. The sets are kept in a WeakMap by map.
 */
import type { GameMap } from '../../map/types.js';
import type { Adjudicate, BackupRule } from './resolver.js';
import { Resolver } from './resolver.js';
import type { BackupLog } from './backup-rule.js';
import type { MovementDecisions } from './decisions.js';
import type { MovementCodesResult } from './codes.js';
import { GuessResolver } from './guess-resolver.js';

export class MovementScratch {
  readonly map: GameMap;
  /** Units the unit-indexed arrays hold. */
  capacity = 0;

  // Board (board.ts): columns per unit, and the unit in each province.
  unitProvince = new Int32Array(0);
  unitLocation = new Int32Array(0);
  unitType = new Uint8Array(0);
  unitPower = new Int32Array(0);
  readonly unitAt: Int32Array;

  // Order choice (adjudicate.ts): per unit, the first legal order given to it and how many.
  firstLegal = new Int32Array(0);
  legalCount = new Int32Array(0);
  acceptedFrom = new Int32Array(0);
  /** Per power: 1 for a power that gave no orders (4.D.9). */
  readonly civilDisorder: Uint8Array;

  // Tables (tables.ts).
  kind = new Uint8Array(0);
  dest = new Int32Array(0);
  destLocation = new Int32Array(0);
  target = new Int32Array(0);
  supportCoast = new Int32Array(0);
  viaConvoy = new Uint8Array(0);
  invalidMove = new Uint8Array(0);
  matches = new Uint8Array(0);
  followsPath = new Uint8Array(0);
  route = new Uint8Array(0);
  opposite = new Int32Array(0);
  brannan = new Int32Array(0);
  supportStart = new Int32Array(0);
  supporters = new Int32Array(0);
  convoyStart = new Int32Array(0);
  convoyers = new Int32Array(0);
  readonly moveStart: Int32Array;
  movers = new Int32Array(0);
  /** Row of each unit, while the CSR tables are built. */
  keys = new Int32Array(0);
  moveKeys = new Int32Array(0);

  /**
   * Marks and a queue for searches over convoying fleets, used as a stack: a search takes the region above `top`
   * and gives it back when done, so that searches nested in the recursion of the solver do not share marks.
   */
  searchMarks = new Uint8Array(0);
  searchQueue = new Int32Array(0);
  searchTop = 0;

  // Solving (adjudicate.ts, decisions.ts, backup-rule.ts).
  success = new Uint8Array(0);
  pathBlocked = new Uint8Array(0);
  fallback = new Uint8Array(0);
  readonly resolver = new Resolver(0);
  readonly guessResolver = new GuessResolver(0);
  /**
   * The decisions, the backup-rule log and the solver's two callbacks, made by the first adjudication on this map
   * and reset by each next one (adjudicate.ts `solve`), so that solving allocates no objects.
   */
  solving:
    | { decisions: MovementDecisions; log: BackupLog; adjudicate: Adjudicate; backupRule: BackupRule }
    | undefined;

  /** Order rows of `resolveMovement` taking the integer way (codes.ts `resolveByCodes`), and its result. */
  #rows = new Int32Array(0);
  codesResult: MovementCodesResult | undefined = undefined;

  /** Room for `size` integers of order rows (the array may be longer). */
  orderRows(size: number): Int32Array {
    // `<=` survives (docs/verification.md): growing at an equal length only allocates more often.
    // Stryker disable next-line ArithmeticOperator: `/ 2` still gives room for `size` (Math.max), and the caller writes every row it reads, so only how often the array regrows differs.
    if (this.#rows.length < size) this.#rows = new Int32Array(Math.max(size, this.#rows.length * 2, 160));
    return this.#rows;
  }

  // Result (adjudicate.ts).
  dislodgedBy = new Int32Array(0);
  readonly arriving: Int32Array;
  readonly occupied: Uint8Array;
  readonly contested: Uint8Array;

  /**
   * Is there a fleet in sea province `sea` (of the board in these columns)? `convoySeas` of legality.ts at the
   * DATC's preferred 4.E.1, made once rather than per convoy order.
   */
  readonly fleetAtSea: (sea: number) => boolean;
  /**
   * `fleetAtSea` but for the fleet `exceptFleet` (when it is one): `convoySeas(board, rules, except)`, for a
   * support of a move by convoy, which must not need the supporter as its convoy (6.D.31).
   */
  readonly fleetAtSeaExcept: (sea: number) => boolean;
  // Stryker disable next-line UnaryOperator: never read as it starts: fleetAtSeaExcept reads it, and only supportOfConvoyedMove (codes.ts) passes fleetAtSeaExcept to a search, right after setting it.
  exceptFleet = -1;

  /** "A PAR", "F SPA/NC" for unit type t (0 army, 1 fleet) at location l: unitText[t * locationCount + l]. */
  readonly unitText: readonly string[];
  /** Canonical power name to index. */
  readonly powerByName: ReadonlyMap<string, number>;

  constructor(map: GameMap) {
    this.map = map;
    this.solving = undefined;
    const provinces = map.provinceCount;
    // Filled with -1 before every use, by loadBoard (board.ts) and loadCodedBoard (codes.ts).
    this.unitAt = new Int32Array(provinces);
    this.moveStart = new Int32Array(provinces + 1);
    this.arriving = new Int32Array(provinces).fill(-1);
    this.occupied = new Uint8Array(provinces);
    this.contested = new Uint8Array(provinces);
    this.civilDisorder = new Uint8Array(map.powers.length);
    this.unitText = [
      ...map.locationCode.map((code) => `A ${code}`),
      ...map.locationCode.map((code) => `F ${code}`),
    ];
    this.powerByName = new Map(map.powers.map((name, i) => [name, i]));
    // A `false` answer costs only speed: the integer way (codes.ts) then hands the order to the general check,
    // which judges it the same.
    // An empty sea (-1) has no unit type: unitType[-1] is undefined. 1 is FLEET (board.ts). `false` for the test
    // survives (docs/verification.md): a false answer costs only speed (above).
    // Stryker disable next-line ArrowFunction: undefined is a false answer, which costs only speed (above).
    this.fleetAtSea = (sea) => this.unitType[this.unitAt[sea]!] === 1;
    // `false` for the whole test survives too, for the same reason.
    // Stryker disable next-line ArrowFunction: undefined is a false answer, which costs only speed (above).
    this.fleetAtSeaExcept = (sea) => this.unitAt[sea] !== this.exceptFleet && this.fleetAtSea(sea);
  }

  /** Makes room for `units` units. */
  reserve(units: number): void {
    // `<` survives (docs/verification.md): reserving for as many units as there is room for happens only as an
    // adjudication begins, before anything is written, and every user clears what it reads.
    if (units <= this.capacity) return;
    // Stryker disable next-line ArithmeticOperator: `/ 2` still gives room for `units` (Math.max); only how often the arrays regrow differs.
    const n = Math.max(units, this.capacity * 2, 16);
    this.capacity = n;
    this.unitProvince = new Int32Array(n);
    this.unitLocation = new Int32Array(n);
    this.unitType = new Uint8Array(n);
    this.unitPower = new Int32Array(n);
    this.firstLegal = new Int32Array(n);
    this.legalCount = new Int32Array(n);
    this.acceptedFrom = new Int32Array(n);
    this.kind = new Uint8Array(n);
    this.dest = new Int32Array(n);
    this.destLocation = new Int32Array(n);
    this.target = new Int32Array(n);
    this.supportCoast = new Int32Array(n);
    this.viaConvoy = new Uint8Array(n);
    this.invalidMove = new Uint8Array(n);
    this.matches = new Uint8Array(n);
    this.followsPath = new Uint8Array(n);
    this.route = new Uint8Array(n);
    this.opposite = new Int32Array(n);
    this.brannan = new Int32Array(n);
    this.supportStart = new Int32Array(n + 1);
    this.supporters = new Int32Array(n);
    this.convoyStart = new Int32Array(n + 1);
    this.convoyers = new Int32Array(n);
    this.movers = new Int32Array(n);
    this.keys = new Int32Array(n);
    this.moveKeys = new Int32Array(n);
    this.success = new Uint8Array(n);
    this.pathBlocked = new Uint8Array(n);
    this.fallback = new Uint8Array(n);
    this.dislodgedBy = new Int32Array(n);
  }

  /** `size` marks (cleared) and queue places for one search; give them back with `release(size)`. */
  take(size: number): number {
    const base = this.searchTop;
    const top = base + size;
    // `>=` survives (docs/verification.md): growing at an equal length copies the marks in use, only allocating more.
    if (top > this.searchMarks.length) {
      // Stryker disable next-line ArithmeticOperator: `/ 2` still gives room for `top` (Math.max); only how often the stack regrows differs.
      const grown = Math.max(top, this.searchMarks.length * 2, 64);
      const marks = new Uint8Array(grown);
      marks.set(this.searchMarks.subarray(0, base));
      const queue = new Int32Array(grown);
      queue.set(this.searchQueue.subarray(0, base));
      this.searchMarks = marks;
      this.searchQueue = queue;
    }
    this.searchMarks.fill(0, base, top);
    this.searchTop = top;
    return base;
  }

  // Stryker disable next-line BlockStatement: without the release the stack only grows within one adjudication (solve() empties it for each set of decisions) and take() clears every place it hands out, so the answers stay the same; only that adjudication's memory is spent.
  release(size: number): void {
    // Stryker disable next-line AssignmentOperator: `+=` only makes the stack grow instead of shrinking, as above.
    this.searchTop -= size;
  }
}

const scratches = new WeakMap<GameMap, MovementScratch>();

/** The scratch set of `map`, with room for `units` units. */
export function movementScratch(map: GameMap, units: number): MovementScratch {
  let s = scratches.get(map);
  // `true` survives (docs/verification.md): a new set per call answers the same (every user clears what it reads,
  // and callers within one adjudication read only tables it was made for); it only allocates.
  if (s === undefined) {
    s = new MovementScratch(map);
    scratches.set(map, s);
  }
  s.reserve(units);
  return s;
}
