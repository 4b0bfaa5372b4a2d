/**
 * The bot's movement orders: a search over its own legal orders, each set of them judged by adjudicating it (the
 * integer engine, `resolveMovementRows`) against a few imagined replies of the other powers (imagined.ts): all of
 * them holding, and noisy greedy orders. It starts from its own greedy orders and changes one unit at a time (a
 * move, a hold, a support of what another of its units is ordered to do, a convoy with the fleets that carry it),
 * keeping a change when the replies, on average and at worst, leave it better off: more centres after the phase,
 * units worth more where they end, fewer of its units dislodged. So supports appear where an attack needs them and
 * a threatened centre is covered, because that is what wins against the replies.
 */
import type { GameMap } from '../map/types.js';
import type { RuleOptions } from '../adjudication/rules.js';
import { newMovementCodesResult, resolveMovementRows } from '../adjudication/movement/codes.js';
import { newOrderCodeList, pushOrderCode, type OrderCodeList } from '../legal/code-list.js';
import { CONVOY, HOLD, MOVE, ORDER_STRIDE, SUPPORT_HOLD, SUPPORT_MOVE } from '../orders/codes.js';
import { captureBonus, imagineOrders } from './imagined.js';
import { keyProvince, threatAt, unitValue, type View } from './values.js';

/** Imagined replies: the first is every other power holding; the others noisy greedy orders. */
const REPLIES = 5;
const REPLY_NOISE = 0.6;
/** How a set of orders is judged over the replies: this much of the worst case, the rest the average. */
const WORST_SHARE = 0.25;
/** Passes over the units, and a bound on the sets judged (the search is deterministic: no clock is read). */
const PASSES = 3;
const MAX_TRIALS = 300;
/** Moves tried per unit, the best by value first. */
const MOVES_TRIED = 6;

/** Weights of the score of a set of orders after one reply. */
const CENTRE_WEIGHT_FALL = 2.0;
const CENTRE_WEIGHT_SPRING = 0.7;
const DISLODGED_PENALTY = 0.9;
const ENEMY_DISLODGED_BONUS = 0.2;

export interface MovementInput {
  map: GameMap;
  rules: RuleOptions;
  view: View;
  power: number;
  fall: boolean;
  /** The legal orders of `power` (rows of src/orders/codes.ts). */
  legal: OrderCodeList;
  random: () => number;
}

/** One of the bot's units and the rows of its legal orders. */
interface OwnUnit {
  /** Index into the position's units. */
  index: number;
  key: number;
  hold: number;
  moves: number[];
  /** Moves by convoy, each with the rows of the bot's fleets that convoy it (none: the move is left out). */
  convoyed: { row: number; fleets: number[] }[];
  supports: number[];
  convoys: number[];
}

/** Appends the movement orders of `input.power` to `out`. */
export function chooseMovement(input: MovementInput, out: OrderCodeList): void {
  const own = ownUnits(input);
  if (own.length === 0) return;
  const search = new Search(input, own);
  search.run();
  for (let i = 0; i < own.length; i++) copyRow(input.legal.codes, search.chosen[i]!, out);
}

function copyRow(c: Int32Array, i: number, out: OrderCodeList): void {
  const at = i * ORDER_STRIDE;
  pushOrderCode(out, c[at]!, c[at + 1]!, c[at + 2]!, c[at + 3]!, c[at + 4]!);
}

/** The bot's units with their legal rows sorted by kind. */
function ownUnits(input: MovementInput): OwnUnit[] {
  const { map, view, legal, power } = input;
  const { position, d } = view;
  const c = legal.codes;
  const byKey = new Map<number, OwnUnit>();
  const units: OwnUnit[] = [];
  for (let u = 0; u < position.unitCount; u++) {
    if (position.units[u * 2] !== power) continue;
    const unit: OwnUnit = {
      index: u,
      key: position.units[u * 2 + 1]!,
      hold: -1,
      moves: [],
      convoyed: [],
      supports: [],
      convoys: [],
    };
    byKey.set(unit.key, unit);
    units.push(unit);
  }
  const P = map.provinceCount;
  const L = map.locationCount;
  for (let i = 0; i < legal.count; i++) {
    const at = i * ORDER_STRIDE;
    const unit = byKey.get(c[at + 2]!);
    if (unit === undefined || c[at] !== power) continue;
    const kind = c[at + 1]!;
    if (kind === HOLD) unit.hold = i;
    else if (kind === MOVE) {
      const to = map.locationProvince[c[at + 4]!]!;
      const adjacent = unit.key >= L || d.army[unit.key * P + to] === 1;
      if (adjacent) unit.moves.push(i);
      else unit.convoyed.push({ row: i, fleets: [] });
    } else if (kind === SUPPORT_HOLD || kind === SUPPORT_MOVE) {
      // Only supports of the bot's own units: it has no allies.
      if (byKey.has(c[at + 3]!)) unit.supports.push(i);
    } else if (kind === CONVOY) {
      if (byKey.has(c[at + 3]!)) unit.convoys.push(i);
    }
  }
  // The convoys that carry each move by convoy: the fleets of the bot that may convoy that army there.
  for (const unit of units) {
    for (const move of unit.convoyed) {
      const to = map.locationProvince[c[move.row * ORDER_STRIDE + 4]!]!;
      for (const fleet of units) {
        for (const r of fleet.convoys) {
          const at = r * ORDER_STRIDE;
          if (c[at + 3] === unit.key && map.locationProvince[c[at + 4]!] === to) move.fleets.push(r);
        }
      }
    }
    unit.convoyed = unit.convoyed.filter((m) => m.fleets.length > 0);
    // The moves worth most first; only the first few are tried.
    const worth = (row: number): number => {
      const at = row * ORDER_STRIDE;
      const to = c[at + 4]!;
      const toKey = unit.key >= L ? L + to : to;
      const q = map.locationProvince[to]!;
      const capture =
        map.supplyCenter[q] === 1 && view.position.owner[q] !== power ? captureBonus(input.fall) : 0;
      return unitValue(view, power, toKey) + capture;
    };
    unit.moves.sort((a, b) => worth(b) - worth(a) || a - b);
    if (unit.hold < 0) throw new Error(`bot: no hold order listed for unit ${unit.key}`);
  }
  return units;
}

class Search {
  readonly input: MovementInput;
  readonly own: OwnUnit[];
  /** Per own unit: the legal row chosen. */
  readonly chosen: Int32Array;
  /** Per reply: the orders, own rows first (one per own unit, in `own` order), then the reply's. */
  readonly buffers: Int32Array[] = [];
  readonly rows: number[] = [];
  readonly result = newMovementCodesResult();
  /** Per province: the power standing there after a phase (scratch of `scoreAfter`). */
  readonly after: Int32Array;
  trials = 0;

  constructor(input: MovementInput, own: OwnUnit[]) {
    this.input = input;
    this.own = own;
    this.chosen = new Int32Array(own.length);
    this.after = new Int32Array(input.map.provinceCount);
    this.start();
    this.imagineReplies();
  }

  /** Starts from the bot's own greedy orders (rows of the legal list; a hold where none matches). */
  start(): void {
    const { view, power, fall, random, legal, map } = this.input;
    const greedy = newOrderCodeList(this.own.length);
    imagineOrders(view, power, fall, 0.05, random, greedy);
    const c = legal.codes;
    const g = greedy.codes;
    for (let i = 0; i < this.own.length; i++) {
      const unit = this.own[i]!;
      this.chosen[i] = unit.hold;
      for (let j = 0; j < greedy.count; j++) {
        const at = j * ORDER_STRIDE;
        if (g[at + 2] !== unit.key) continue;
        const kind = g[at + 1]!;
        const candidates = kind === MOVE ? unit.moves : kind === SUPPORT_MOVE ? unit.supports : [];
        for (const r of candidates) {
          const b = r * ORDER_STRIDE;
          if (
            c[b + 1] === kind &&
            c[b + 3] === g[at + 3] &&
            map.locationProvince[c[b + 4]!] === map.locationProvince[g[at + 4]!] &&
            (kind !== MOVE || c[b + 4] === g[at + 4])
          ) {
            this.chosen[i] = r;
            break;
          }
        }
      }
    }
  }

  imagineReplies(): void {
    const { view, power, fall, random } = this.input;
    const n = this.own.length;
    for (let s = 0; s < REPLIES; s++) {
      const reply = newOrderCodeList(view.position.unitCount);
      if (s > 0) {
        for (let p = 0; p < view.powers; p++)
          if (p !== power) imagineOrders(view, p, fall, REPLY_NOISE, random, reply);
      }
      const buffer = new Int32Array((n + reply.count) * ORDER_STRIDE);
      buffer.set(reply.codes.subarray(0, reply.count * ORDER_STRIDE), n * ORDER_STRIDE);
      this.buffers.push(buffer);
      this.rows.push(n + reply.count);
    }
    for (let i = 0; i < n; i++) this.write(i, this.chosen[i]!);
  }

  /** Gives own unit i the legal row `row` in every reply's orders. */
  write(i: number, row: number): void {
    this.chosen[i] = row;
    const c = this.input.legal.codes;
    for (const buffer of this.buffers) {
      for (let k = 0; k < ORDER_STRIDE; k++) buffer[i * ORDER_STRIDE + k] = c[row * ORDER_STRIDE + k]!;
    }
  }

  /** The score of the current orders over the replies. */
  judge(): number {
    this.trials++;
    const { map, rules, view } = this.input;
    const position = view.position;
    let sum = 0;
    let worst = Infinity;
    for (let s = 0; s < this.buffers.length; s++) {
      const r = resolveMovementRows(
        map,
        position.units,
        position.unitCount,
        this.buffers[s]!,
        this.rows[s]!,
        rules,
        this.result,
      );
      if (r.value === undefined) throw new Error(`bot: ${r.issues.map((i) => i.message).join('; ')}`);
      const score = this.scoreAfter();
      sum += score;
      if (score < worst) worst = score;
    }
    return (1 - WORST_SHARE) * (sum / this.buffers.length) + WORST_SHARE * worst;
  }

  /** How good the adjudicated phase in `this.result` is for the bot. */
  scoreAfter(): number {
    const { map, view, power, fall } = this.input;
    const position = view.position;
    const r = this.result;
    const L = map.locationCount;
    const after = this.after;
    after.fill(-1);
    let score = 0;
    for (let u = 0; u < position.unitCount; u++) {
      const owner = position.units[u * 2]!;
      const key = position.units[u * 2 + 1]!;
      if (r.dislodgedFrom[u]! >= 0) {
        if (owner === power) score -= DISLODGED_PENALTY;
        else score += ENEMY_DISLODGED_BONUS;
        continue;
      }
      const location = r.location[u]!;
      after[map.locationProvince[location]!] = owner;
      if (owner === power) score += unitValue(view, power, (key >= L ? L : 0) + location);
    }
    let centres = 0;
    for (const p of view.d.centers) {
      const standing = after[p]!;
      const owner = standing >= 0 && standing < view.powers ? standing : position.owner[p]!;
      if (owner === power) centres++;
    }
    return score + (fall ? CENTRE_WEIGHT_FALL : CENTRE_WEIGHT_SPRING) * centres;
  }

  run(): void {
    const { random } = this.input;
    let best = this.judge();
    const order = this.own.map((_, i) => i);
    for (let pass = 0; pass < PASSES && this.trials < MAX_TRIALS; pass++) {
      for (let i = order.length - 1; i > 0; i--) {
        const j = Math.floor(random() * (i + 1));
        [order[i], order[j]] = [order[j]!, order[i]!];
      }
      let improved = false;
      for (const i of order) {
        const score = this.improveUnit(i, best);
        if (score > best) [best, improved] = [score, true];
        if (this.trials >= MAX_TRIALS) break;
      }
      if (!improved) break;
    }
    // A support or convoy left pointing at an order no longer given is replaced by the unit's best consistent order.
    for (let i = 0; i < this.own.length; i++) {
      if (!this.consistent(this.chosen[i]!)) {
        this.write(i, this.own[i]!.hold);
        best = this.improveUnit(i, this.judge(), true);
      }
    }
  }

  /**
   * Tries the orders of own unit i, alone or with a second own unit changed too: a move with the unit that moved
   * there going elsewhere, a move into an enemy's reach with a support of it, a move by convoy with its fleets'
   * convoys. Keeps the best. Returns the score of the orders kept. `always`: judge even past the trial bound (the
   * clean-up after the passes).
   */
  improveUnit(i: number, current: number, always = false): number {
    const { map, legal, view, power } = this.input;
    const c = legal.codes;
    const unit = this.own[i]!;
    const start = this.chosen[i]!;
    let best = current;
    let bestChange: (readonly [number, number])[] = [];
    const tryChange = (change: (readonly [number, number])[]): void => {
      const saved = change.map(([k]) => [k, this.chosen[k]!] as const);
      for (const [k, r] of change) this.write(k, r);
      const score = this.judgeUnless(always);
      if (score > best) [best, bestChange] = [score, change];
      for (let n = saved.length - 1; n >= 0; n--) this.write(saved[n]![0], saved[n]![1]);
    };
    if (unit.hold !== start) tryChange([[i, unit.hold]]);
    for (const row of unit.moves.slice(0, MOVES_TRIED)) {
      if (row !== start) tryChange([[i, row]]);
      const q = map.locationProvince[c[row * ORDER_STRIDE + 4]!]!;
      const other = this.movingInto(q, i);
      if (other >= 0) {
        const now = this.chosen[other]!;
        for (const alternative of [this.own[other]!.hold, ...this.own[other]!.moves.slice(0, MOVES_TRIED)])
          if (alternative !== now)
            tryChange([
              [i, row],
              [other, alternative],
            ]);
      }
      const enemy = view.powerAt[q]!;
      if ((enemy < 0 || enemy === power) && threatAt(view, power, q) === 0) continue;
      for (let j = 0; j < this.own.length; j++) {
        if (j === i || j === other) continue;
        const support = this.own[j]!.supports.find(
          (r) =>
            c[r * ORDER_STRIDE + 1] === SUPPORT_MOVE &&
            c[r * ORDER_STRIDE + 3] === unit.key &&
            map.locationProvince[c[r * ORDER_STRIDE + 4]!] === q,
        );
        if (support !== undefined && support !== this.chosen[j])
          tryChange([
            [i, row],
            [j, support],
          ]);
      }
    }
    for (const row of unit.supports) if (row !== start && this.consistent(row)) tryChange([[i, row]]);
    for (const row of unit.convoys) if (row !== start && this.consistent(row)) tryChange([[i, row]]);
    for (const move of unit.convoyed)
      tryChange([[i, move.row], ...move.fleets.map((f) => [this.fleetIndex(f), f] as const)]);
    for (const [k, r] of bestChange) this.write(k, r);
    return best;
  }

  /** The score of the current orders, or -Infinity without judging once the trials are spent (unless `always`). */
  judgeUnless(always: boolean): number {
    return !always && this.trials >= MAX_TRIALS ? -Infinity : this.judge();
  }

  /** The own unit (other than `except`) ordered to move into province `q`, or -1. */
  movingInto(q: number, except: number): number {
    const { legal, map } = this.input;
    for (let j = 0; j < this.own.length; j++) {
      const at = this.chosen[j]! * ORDER_STRIDE;
      if (j !== except && legal.codes[at + 1] === MOVE && map.locationProvince[legal.codes[at + 4]!] === q)
        return j;
    }
    return -1;
  }

  /** The own unit giving legal row `row`. */
  fleetIndex(row: number): number {
    const key = this.input.legal.codes[row * ORDER_STRIDE + 2]!;
    return this.own.findIndex((u) => u.key === key);
  }

  /** Does a support or convoy row match what the unit it names is ordered to do (other rows always do)? */
  consistent(row: number): boolean {
    const { legal, map } = this.input;
    const c = legal.codes;
    const at = row * ORDER_STRIDE;
    const kind = c[at + 1]!;
    if (kind !== SUPPORT_HOLD && kind !== SUPPORT_MOVE && kind !== CONVOY) return true;
    const other = this.own.findIndex((u) => u.key === c[at + 3]);
    if (other < 0) return false;
    const b = this.chosen[other]! * ORDER_STRIDE;
    const moving = c[b + 1] === MOVE;
    if (kind === SUPPORT_HOLD) return !moving;
    if (!moving) return false;
    if (map.locationProvince[c[b + 4]!] !== map.locationProvince[c[at + 4]!]) return false;
    if (kind === SUPPORT_MOVE) return true;
    // A convoy carries a move by convoy only (not a move to a neighbour over land).
    const army = c[b + 2]!;
    const P = map.provinceCount;
    return this.input.view.d.army[keyProvince(map, army) * P + map.locationProvince[c[b + 4]!]!] !== 1;
  }
}
