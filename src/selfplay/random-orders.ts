/**
 * Random legal orders, chosen among the rows of a legal-order listing (src/legal: `legalOrderCodes`, or a
 * simulation's `legalOrders`) and written as rows: no text and no objects, so that self-play runs at the speed of
 * the simulation. The game API's random player (random-player.ts) chooses with the same function, so a seed plays
 * the same game either way.
 *
 * Picking uniformly among all legal orders of a unit would make nearly every unit support something (a unit has
 * many more supports than moves), so a unit first draws a kind (move 55%, support 25%, hold 12%, convoy 8%, as far
 * as it has such orders), then an order of that kind (moves over land or sea only: a move that needs a convoy is
 * ordered only with the convoy); a unit that supports prefers to support what a unit of its own power was ordered
 * to do, and an army that a fleet of its power convoys is ordered onto that convoy. Retreats: a random retreat (or,
 * one time in eight, a disband). Builds: random builds in random free home centres, sometimes one waived; disbands:
 * random units, and one time in six one disband too few, so that the civil-disorder rule is exercised.
 */
import type { GameMap } from '../map/types.js';
import { legalTables } from '../legal/tables.js';
import * as oc from '../orders/codes.js';
import { pushOrderCode, type OrderCodeList } from '../legal/code-list.js';
import { PHASE_MOVEMENT, PHASE_RETREAT, type CodedPosition } from '../position/coded.js';

// Imported bindings are live (each use checks that the binding is initialised, even in optimised code); module
// constants are folded, so the loops below use these copies.
const { BUILD, CONVOY, DISBAND, HOLD, MOVE, MOVE_VIA, ORDER_STRIDE, RETREAT, SUPPORT_HOLD, WAIVE } = oc;

/** A seeded random number generator (mulberry32): numbers in [0, 1). */
export function seededRandom(seed: number): () => number {
  // The state in a typed array: a captured `let` above 2^30 is boxed, one heap number per draw.
  const state = new Uint32Array([seed >>> 0]);
  return () => {
    state[0]! += 0x6d2b79f5; // wraps to 32 bits
    let x = state[0]!;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * What a unit draws first, and the chances (drawn in this order; what is left over is a hold). A listing gives a
 * unit's orders sorted by text: its moves ("A PAR - BUR") and convoys ("F NTH C ..."), its hold ("A PAR H"), then
 * its supports ("A PAR S ..."), so each kind is found from the position of the hold without looking at every row.
 */
const MOVE_CLASS = 0;
const SUPPORT_CLASS = 1;
const HOLD_CLASS = 2;
const CONVOY_CLASS = 3;
const CHANCES: readonly number[] = [0.55, 0.25, 0.12, 0.08];

/** Working arrays per map, reused: per unit (a group of rows), its rows and choice. */
interface Scratch {
  /** `armyAdjacent` as a matrix (the legal-order tables'): [p * provinceCount + q]. */
  armyAdjM: Uint8Array;
  /** Per unit key: the group of the unit's rows, or -1. */
  groupOfKey: Int32Array;
  /** Per group: first row, its hold row (movement), row after the last, unit key, power, chosen row (-1: none). */
  start: Int32Array;
  hold: Int32Array;
  end: Int32Array;
  key: Int32Array;
  power: Int32Array;
  chosen: Int32Array;
  /** Per group: 1 when the unit supports (chosen once the other units' orders are known). */
  supporter: Uint8Array;
  /** The groups power by power; where each power's begin (one entry per power, and one after the last). */
  byPower: Int32Array;
  powerStart: Int32Array;
  /** Per listed row: 1 when taken out of the choice (adjustments). */
  removed: Uint8Array;
  /** The rows a pick chooses among, gathered in one pass (see `picksFor`). */
  picks: Int32Array;
  /** Per power: builds (+) or disbands (-) due. */
  due: Int32Array;
}

const scratches = new WeakMap<GameMap, Scratch>();

function scratchOf(map: GameMap, rows: number): Scratch {
  let s = scratches.get(map);
  if (s === undefined) {
    const P = map.provinceCount;
    s = {
      armyAdjM: legalTables(map).armyAdjM,
      groupOfKey: new Int32Array(2 * map.locationCount).fill(-1),
      start: new Int32Array(P + 1),
      hold: new Int32Array(P + 1),
      end: new Int32Array(P + 1),
      key: new Int32Array(P + 1),
      power: new Int32Array(P + 1),
      chosen: new Int32Array(P + 1),
      supporter: new Uint8Array(P + 1),
      byPower: new Int32Array(P + 1),
      powerStart: new Int32Array(map.powers.length + 1),
      removed: new Uint8Array(0),
      picks: new Int32Array(64),
      due: new Int32Array(map.powers.length),
    };
    scratches.set(map, s);
  }
  if (s.removed.length < rows) s.removed = new Uint8Array(Math.max(rows, 2 * s.removed.length));
  return s;
}

/** Room for `rows` rows in `s.picks`. */
function picksFor(s: Scratch, rows: number): Int32Array {
  if (s.picks.length < rows) s.picks = new Int32Array(Math.max(rows, 2 * s.picks.length));
  return s.picks;
}

/**
 * Appends to `out` random orders for `power` (a power index; -1: every power, in map order) in the phase of
 * `position`, chosen among the rows of `legal`: the legal orders of the phase (of that power or of every power) as
 * a listing gives them, sorted by unit, then text. Deterministic for a given `random`; each power draws from it in
 * turn. With `moreSupports`, a movement listing may hold only the first support of each unit: the supports of a
 * unit that supports are then appended to `legal` by `moreSupports(unit key, legal)` (the same choices follow).
 */
export function chooseRandomOrders(
  map: GameMap,
  position: CodedPosition,
  legal: OrderCodeList,
  power: number,
  random: () => number,
  out: OrderCodeList,
  moreSupports?: (unitKey: number, into: OrderCodeList) => void,
): void {
  const first = power < 0 ? 0 : power;
  const last = power < 0 ? map.powers.length - 1 : power;
  if (position.phaseType !== PHASE_MOVEMENT && position.phaseType !== PHASE_RETREAT) {
    const due = scratchOf(map, legal.count).due;
    adjustmentsDue(map, position, due);
    for (let p = first; p <= last; p++) chooseAdjustments(map, legal, p, due[p]!, random, out);
    return;
  }
  const s = scratchOf(map, legal.count);
  const groups = groupRows(s, legal, power);
  orderByPower(s, groups, map.powers.length);
  const { byPower, powerStart, chosen } = s;
  for (let p = first; p <= last; p++) {
    const from = powerStart[p]!;
    const to = powerStart[p + 1]!;
    if (position.phaseType === PHASE_MOVEMENT) chooseMovement(map, s, legal, from, to, random, moreSupports);
    else chooseRetreats(s, legal.codes, from, to, random);
    for (let k = from; k < to; k++) {
      const row = chosen[byPower[k]!]!;
      if (row >= 0) copyRow(legal.codes, row, out);
    }
  }
  for (let g = 0; g < groups; g++) s.groupOfKey[s.key[g]!] = -1;
}

/** The groups power by power (each power's in listing order) into `byPower`, power p's from `powerStart[p]`. */
function orderByPower(s: Scratch, groups: number, powers: number): void {
  const { powerStart, byPower, power } = s;
  powerStart.fill(0, 0, powers + 1);
  for (let g = 0; g < groups; g++) powerStart[power[g]! + 1]!++;
  for (let p = 0; p < powers; p++) powerStart[p + 1]! += powerStart[p]!;
  for (let g = 0; g < groups; g++) byPower[powerStart[power[g]!]!++] = g;
  for (let p = powers; p > 0; p--) powerStart[p] = powerStart[p - 1]!;
  powerStart[0] = 0;
}

/**
 * Splits the rows (of `power`, or all when -1) into groups, one per unit: a unit's rows are consecutive. Once a
 * group's hold is found, the rest of its rows (its supports, most rows of a movement listing) are only skipped.
 */
function groupRows(s: Scratch, legal: OrderCodeList, power: number): number {
  const { start, hold, end, key: keys, power: powers, chosen, supporter, groupOfKey } = s;
  const c = legal.codes;
  const count = legal.count;
  let groups = 0;
  let i = 0;
  while (i < count) {
    const at = i * ORDER_STRIDE;
    const key = c[at + 2]!;
    if (power >= 0 && c[at] !== power) {
      i++;
      continue;
    }
    start[groups] = i;
    hold[groups] = -1;
    keys[groups] = key;
    powers[groups] = c[at]!;
    chosen[groups] = -1;
    supporter[groups] = 0;
    groupOfKey[key] = groups;
    // The unit's rows up to its hold, then the rest of them.
    while (i < count && c[i * ORDER_STRIDE + 2] === key && c[i * ORDER_STRIDE + 1] !== HOLD) i++;
    if (i < count && c[i * ORDER_STRIDE + 2] === key) {
      hold[groups] = i++;
      while (i < count && c[i * ORDER_STRIDE + 2] === key) i++;
    }
    end[groups++] = i;
  }
  return groups;
}

function copyRow(c: Int32Array, i: number, out: OrderCodeList): void {
  const at = i * ORDER_STRIDE;
  pushOrderCode(out, c[at]!, c[at + 1]!, c[at + 2]!, c[at + 3]!, c[at + 4]!);
}

/** Is row i a move over land or by sea (one that needs no convoy), or a convoy order, as `cls` asks? */
function ofClass(map: GameMap, s: Scratch, c: Int32Array, i: number, cls: number): boolean {
  const at = i * ORDER_STRIDE;
  if (cls === CONVOY_CLASS) return c[at + 1] === CONVOY;
  if (c[at + 1] !== MOVE) return false;
  const key = c[at + 2]!;
  // An army's key is its province.
  return key >= map.locationCount || s.armyAdjM[key * map.provinceCount + c[at + 4]!] === 1;
}

/**
 * A uniform pick among group g's rows of class `cls` (from the rows before its hold, for moves and convoys);
 * -1, drawing nothing, when there are none.
 */
function pickOfClass(
  map: GameMap,
  s: Scratch,
  c: Int32Array,
  g: number,
  cls: number,
  random: () => number,
): number {
  const hold = s.hold[g]!;
  if (cls === HOLD_CLASS) {
    if (hold < 0) return -1;
    random(); // a pick among one order still draws
    return hold;
  }
  if (cls === SUPPORT_CLASS) {
    const count = s.end[g]! - hold - 1;
    return count <= 0 ? -1 : hold + 1 + Math.floor(random() * count);
  }
  const from = s.start[g]!;
  const picks = picksFor(s, hold - from);
  let count = 0;
  for (let i = from; i < hold; i++) if (ofClass(map, s, c, i, cls)) picks[count++] = i;
  return count === 0 ? -1 : picks[Math.floor(random() * count)]!;
}

function isMove(c: Int32Array, i: number): boolean {
  const k = c[i * ORDER_STRIDE + 1];
  return k === MOVE || k === MOVE_VIA;
}

/**
 * Does support row i help the order chosen for its supported unit, a unit of the same power: a support of a hold
 * for a unit that does not move, a support of a move into the province the unit moves to?
 */
function helps(map: GameMap, s: Scratch, c: Int32Array, i: number): boolean {
  const at = i * ORDER_STRIDE;
  const g = s.groupOfKey[c[at + 3]!]!;
  const target = g < 0 || s.power[g] !== c[at] ? -1 : s.chosen[g]!;
  if (target < 0) return false;
  if (c[at + 1] === SUPPORT_HOLD) return !isMove(c, target);
  return (
    isMove(c, target) &&
    map.locationProvince[c[target * ORDER_STRIDE + 4]!] === map.locationProvince[c[at + 4]!]
  );
}

function chooseMovement(
  map: GameMap,
  s: Scratch,
  legal: OrderCodeList,
  from: number,
  to: number,
  random: () => number,
  moreSupports: ((unitKey: number, into: OrderCodeList) => void) | undefined,
): void {
  const { byPower, chosen, hold, end, supporter, groupOfKey, start } = s;
  let c = legal.codes;
  for (let k = from; k < to; k++) {
    const g = byPower[k]!;
    let r = random();
    let cls = HOLD_CLASS;
    for (let j = 0; j < CHANCES.length; j++) {
      if (r < CHANCES[j]!) {
        cls = j;
        break;
      }
      r -= CHANCES[j]!;
    }
    if (cls === SUPPORT_CLASS && hold[g]! >= 0 && end[g]! - hold[g]! > 1) {
      supporter[g] = 1;
      continue;
    }
    const order = pickOfClass(map, s, c, g, cls, random);
    chosen[g] = order >= 0 ? order : pickOfClass(map, s, c, g, MOVE_CLASS, random);
  }
  // Convoys: the convoyed army of the same power goes along.
  for (let k = from; k < to; k++) {
    const g = byPower[k]!;
    const order = chosen[g]!;
    if (order < 0 || c[order * ORDER_STRIDE + 1] !== CONVOY) continue;
    const army = groupOfKey[c[order * ORDER_STRIDE + 3]!]!;
    if (army < 0 || s.power[army] !== s.power[g] || supporter[army] === 1) continue;
    const dest = c[order * ORDER_STRIDE + 4];
    for (let i = start[army]!; i < end[army]!; i++) {
      if (isMove(c, i) && c[i * ORDER_STRIDE + 4] === dest) {
        chosen[army] = i;
        break;
      }
    }
  }
  // Supports: of an order of our own when one can be supported (four times in five), otherwise any.
  for (let k = from; k < to; k++) {
    const g = byPower[k]!;
    if (supporter[g] !== 1) continue;
    let first = hold[g]! + 1;
    let last = end[g]!;
    if (moreSupports !== undefined) {
      // The listing has only the unit's first support: its supports are appended after the listed rows.
      first = legal.count;
      moreSupports(s.key[g]!, legal);
      last = legal.count;
      c = legal.codes; // grown, perhaps
    }
    const picks = picksFor(s, last - first);
    let helpful = 0;
    for (let i = first; i < last; i++) if (helps(map, s, c, i)) picks[helpful++] = i;
    if (helpful > 0 && random() < 0.8) chosen[g] = picks[Math.floor(random() * helpful)]!;
    else chosen[g] = first + Math.floor(random() * (last - first));
  }
}

function chooseRetreats(s: Scratch, c: Int32Array, from: number, to: number, random: () => number): void {
  for (let k = from; k < to; k++) {
    const g = s.byPower[k]!;
    let disband = -1;
    let retreats = 0;
    for (let i = s.start[g]!; i < s.end[g]!; i++) {
      const kind = c[i * ORDER_STRIDE + 1];
      if (kind === DISBAND && disband < 0) disband = i;
      else if (kind === RETREAT) retreats++;
    }
    let order = -1;
    if (random() < 0.125) order = disband;
    else if (retreats > 0) {
      let n = Math.floor(random() * retreats);
      for (let i = s.start[g]!; i < s.end[g]! && order < 0; i++)
        if (c[i * ORDER_STRIDE + 1] === RETREAT && n-- === 0) order = i;
    }
    s.chosen[g] = order >= 0 ? order : disband;
  }
}

/** Builds (+) or disbands (-) due to each power (owned centres less units), into `due`, in one pass. */
function adjustmentsDue(map: GameMap, position: CodedPosition, due: Int32Array): void {
  due.fill(0);
  for (let p = 0; p < map.provinceCount; p++) if (position.owner[p]! >= 0) due[position.owner[p]!]!++;
  for (let u = 0; u < position.unitCount; u++) due[position.units[u * 2]!]!--;
}

/** A uniform pick among the power's rows of `kind` not yet removed; -1, drawing nothing, when there are none. */
function pickRow(
  s: Scratch,
  legal: OrderCodeList,
  power: number,
  kind: number,
  random: () => number,
): number {
  const c = legal.codes;
  let count = 0;
  for (let i = 0; i < legal.count; i++)
    if (c[i * ORDER_STRIDE] === power && c[i * ORDER_STRIDE + 1] === kind && s.removed[i] === 0) count++;
  if (count === 0) return -1;
  let k = Math.floor(random() * count);
  for (let i = 0; i < legal.count; i++)
    if (c[i * ORDER_STRIDE] === power && c[i * ORDER_STRIDE + 1] === kind && s.removed[i] === 0 && k-- === 0)
      return i;
  return -1;
}

function chooseAdjustments(
  map: GameMap,
  legal: OrderCodeList,
  power: number,
  change: number,
  random: () => number,
  out: OrderCodeList,
): void {
  if (change === 0) return;
  const s = scratchOf(map, legal.count);
  const c = legal.codes;
  const L = map.locationCount;
  s.removed.fill(0, 0, legal.count);
  if (change > 0) {
    for (let n = 0; n < change; n++) {
      if (random() < 0.1) {
        pushOrderCode(out, power, WAIVE, -1, -1, -1);
        continue;
      }
      const b = pickRow(s, legal, power, BUILD, random);
      if (b < 0) return;
      copyRow(c, b, out);
      // One build per province.
      const key = c[b * ORDER_STRIDE + 2]!;
      const province = map.locationProvince[key >= L ? key - L : key];
      for (let i = 0; i < legal.count; i++) {
        const k = c[i * ORDER_STRIDE + 2]!;
        if (c[i * ORDER_STRIDE + 1] === BUILD && map.locationProvince[k >= L ? k - L : k] === province)
          s.removed[i] = 1;
      }
    }
    return;
  }
  const count = -change - (random() < 1 / 6 ? 1 : 0);
  for (let n = 0; n < count; n++) {
    const d = pickRow(s, legal, power, DISBAND, random);
    if (d < 0) return;
    copyRow(c, d, out);
    s.removed[d] = 1;
  }
}
