/**
 * Legal orders of the retreat and adjustment phases, read from a position in integer form (src/position/coded.ts):
 * small lists, sorted at the end. The listing of `Position`s (enumerate.ts) converts the position and comes here;
 * the simulation (src/sim) comes here with its own state, so both list the same rows in the same order.
 */
import type { RuleOptions } from '../adjudication/rules.js';
import {
  BUILD,
  DISBAND,
  KIND_FIELD,
  ORDER_STRIDE,
  POWER_FIELD,
  RETREAT,
  TO_FIELD,
  UNIT_FIELD,
  WAIVE,
} from '../orders/codes.js';
import { buildAllowed } from '../map/builds.js';
import type { CodedPosition } from '../position/coded.js';
import { ensureRows, pushOrderCode, type OrderCodeList } from './code-list.js';
import { ARMY, FLEET, type LegalTables } from './tables.js';

/**
 * Sorts rows [from, count) as the listing orders them: by unit text, then by order text, then by power name. The
 * keys stand for the texts without building them: a unit text is its type letter then its location code (codes
 * rank in code-unit order, `t.rank`), and a waive's unit, "", comes first; after the common unit text "X " the
 * order texts go "B" (build) < "D" (disband) < "R <code>" (retreat, by destination code). Insertion sort in place:
 * these lists are short.
 */
function sortRows(t: LegalTables, out: OrderCodeList, from: number): void {
  // The row being placed waits in the spare row after the list.
  const spare = out.count * ORDER_STRIDE;
  const c = ensureRows(out, out.count + 1);
  for (let i = from + 1; i < out.count; i++) {
    const at = i * ORDER_STRIDE;
    c.copyWithin(spare, at, at + ORDER_STRIDE);
    let j = i - 1;
    while (j >= from && sortsAfter(t, c, j * ORDER_STRIDE, spare)) {
      c.copyWithin((j + 1) * ORDER_STRIDE, j * ORDER_STRIDE, (j + 1) * ORDER_STRIDE);
      j--;
    }
    c.copyWithin((j + 1) * ORDER_STRIDE, spare, spare + ORDER_STRIDE);
  }
}

/** Does the row at `a` sort after the row at `b` (by unit text, order text, power name)? */
function sortsAfter(t: LegalTables, c: Int32Array, a: number, b: number): boolean {
  const ua = unitRank(t, c, a);
  const ub = unitRank(t, c, b);
  if (ua !== ub) return ua > ub;
  const ta = textRank(t, c, a);
  const tb = textRank(t, c, b);
  const powers = t.map.powers;
  return ta !== tb ? ta > tb : powers[c[a + POWER_FIELD]!]! > powers[c[b + POWER_FIELD]!]!;
}

/** The rank of the row's unit text: type, then location code; a waive ("") first. */
function unitRank(t: LegalTables, c: Int32Array, at: number): number {
  if (c[at + KIND_FIELD] === WAIVE) return -1;
  const key = c[at + UNIT_FIELD]!;
  const location = key >= t.L ? key - t.L : key;
  return key - location + t.rank[location]!;
}

/** The rank of the order text after the unit: "B" < "D" < "R <code>". */
function textRank(t: LegalTables, c: Int32Array, at: number): number {
  const kind = c[at + KIND_FIELD]!;
  return kind === BUILD || kind === WAIVE ? 0 : kind === DISBAND ? 1 : 2 + t.rank[c[at + TO_FIELD]!]!;
}

/**
 * Each retreat of each dislodged unit (to a neighbour it could reach without convoy, not occupied, not left empty
 * by a standoff, not its attacker's province unless the attack came by convoy and the rules allow that, 4.A.5) and
 * its disband. `occupied` is scratch of one byte per province.
 */
export function listRetreatRows(
  t: LegalTables,
  position: CodedPosition,
  powerFilter: number,
  provinceFilter: number,
  rules: RuleOptions,
  occupied: Uint8Array,
  out: OrderCodeList,
): void {
  const map = t.map;
  const P = t.P;
  const L = t.L;
  const from = out.count;
  occupied.fill(0);
  for (let u = 0; u < position.unitCount; u++) {
    const key = position.units[u * 2 + 1]!;
    occupied[map.locationProvince[key >= L ? key - L : key]!] = 1;
  }
  const contested = position.contested;
  for (let d = 0; d < position.dislodgedCount; d++) {
    const p = position.dislodged[d * 2]!;
    const key = position.dislodged[d * 2 + 1]!;
    const loc = key >= L ? key - L : key;
    const here = map.locationProvince[loc]!;
    if (powerFilter >= 0 && p !== powerFilter) continue;
    if (provinceFilter >= 0 && here !== provinceFilter) continue;
    if (p === map.neutralPower) continue; // disbanded: a neutral unit takes no order
    const attackerFrom = position.attackerFrom[d]!;
    // Back to the attacker's province only when it came by convoy and the rules allow it (4.A.5).
    const toAttacker = position.byConvoy[d] === 1 && rules.retreatToConvoyOrigin === 'allowed';
    if (key < L) {
      for (let k = t.armyStart[here]!; k < t.armyStart[here + 1]!; k++) {
        const q = t.armyAdj[k]!;
        if (!t.isSea[q] && retreatOpen(q, attackerFrom, toAttacker, contested, occupied))
          pushOrderCode(out, p, RETREAT, key, -1, q);
      }
    } else {
      for (let k = t.fleetStart[loc]!; k < t.fleetStart[loc + 1]!; k++) {
        const dLoc = t.fleetAdj[k]!;
        const q = map.locationProvince[dLoc]!;
        if (
          t.isLand[q] ||
          (dLoc < P && t.multiCoast[dLoc]) ||
          !retreatOpen(q, attackerFrom, toAttacker, contested, occupied)
        )
          continue;
        pushOrderCode(out, p, RETREAT, key, -1, dLoc);
      }
    }
    pushOrderCode(out, p, DISBAND, key, -1, -1);
  }
  sortRows(t, out, from);
}

/** May a dislodged unit retreat into province q (empty, not contested, not its attacker's unless allowed)? */
function retreatOpen(
  q: number,
  attackerFrom: number,
  toAttacker: boolean,
  contested: Uint8Array,
  occupied: Uint8Array,
): boolean {
  return (q !== attackerFrom || toAttacker) && contested[q] === 0 && occupied[q] === 0;
}

/**
 * For a power with builds due: each build (armies in every owned empty centre the map's build rule allows,
 * `buildAllowed`: usually its home centres; fleets on the coastal ones, one per coast of a multi-coast province)
 * and a waive when the rules allow declining; for a power with disbands
 * due: each disband. Written in listing order (by unit text, waives first, by power name): armies, then fleets,
 * each by location code, so that nothing is sorted. `counts` is scratch of one integer per power and one for the
 * neutral units, `unitAt` of one per province.
 */
export function listAdjustmentRows(
  t: LegalTables,
  position: CodedPosition,
  powerFilter: number,
  provinceFilter: number,
  rules: RuleOptions,
  counts: Int32Array,
  unitAt: Int32Array,
  out: OrderCodeList,
): void {
  const map = t.map;
  const P = t.P;
  const L = t.L;
  const owner = position.owner;
  const change = counts;
  change.fill(0);
  unitAt.fill(-1);
  for (let p = 0; p < P; p++) if (owner[p]! >= 0) change[owner[p]!]!++;
  for (let u = 0; u < position.unitCount; u++) {
    const key = position.units[u * 2 + 1]!;
    unitAt[map.locationProvince[key >= L ? key - L : key]!] = u;
    change[position.units[u * 2]!]!--;
  }
  if (map.neutralPower >= 0) change[map.neutralPower] = 0; // neutral units are never disbanded by order
  if (provinceFilter < 0 && rules.declineBuilds === 'allowed') {
    for (const power of t.powersByName)
      if (change[power]! > 0 && (powerFilter < 0 || power === powerFilter))
        pushOrderCode(out, power, WAIVE, -1, -1, -1);
  }
  for (let type = ARMY; type <= FLEET; type++) {
    for (let r = 0; r < L; r++) {
      const location = t.locationsByRank[r]!;
      const p = map.locationProvince[location]!;
      if (provinceFilter >= 0 && p !== provinceFilter) continue;
      const key = type * L + location;
      const u = unitAt[p]!;
      if (u >= 0) {
        // A disband, when this is the unit there and its power must disband.
        const power = position.units[u * 2]!;
        if (
          position.units[u * 2 + 1] === key &&
          change[power]! < 0 &&
          (powerFilter < 0 || power === powerFilter)
        )
          pushOrderCode(out, power, DISBAND, key, -1, -1);
        continue;
      }
      const power = owner[p]!;
      if (power < 0 || change[power]! <= 0 || !buildAllowed(map, p, power)) continue;
      if (powerFilter >= 0 && power !== powerFilter) continue;
      // A build: an army in the province; a fleet on it when coastal, or on each of its coasts.
      const buildable =
        type === ARMY ? location === p : !t.isLand[p] && (location === p ? t.multiCoast[p] === 0 : true);
      if (buildable) pushOrderCode(out, power, BUILD, key, -1, -1);
    }
  }
}
