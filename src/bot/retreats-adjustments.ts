/**
 * The bot's retreats, builds and disbands, by the values of values.ts. A dislodged unit retreats where it is worth
 * most (a centre it does not own yet counts double after a Fall move: retreating onto it takes it), never two
 * units into one province; it disbands only when it has nowhere to go. Builds go where a new unit is worth most,
 * army or fleet, one per province; disbands remove the units worth least where they stand.
 */
import { pushOrderCode, type OrderCodeList } from '../legal/code-list.js';
import { BUILD, DISBAND, ORDER_STRIDE, RETREAT, WAIVE } from '../orders/codes.js';
import { captureBonus } from './imagined.js';
import { keyProvince, threatAt, unitValue, type View } from './values.js';

/** A little noise, so that equal choices are not always made the same way across seeds. */
const NOISE = 0.02;

function copyRow(c: Int32Array, i: number, out: OrderCodeList): void {
  const at = i * ORDER_STRIDE;
  pushOrderCode(out, c[at]!, c[at + 1]!, c[at + 2]!, c[at + 3]!, c[at + 4]!);
}

/** Appends a retreat or a disband for each dislodged unit of `power`. */
export function chooseRetreats(
  view: View,
  power: number,
  fall: boolean,
  legal: OrderCodeList,
  random: () => number,
  out: OrderCodeList,
): void {
  const { map, position } = view;
  const L = map.locationCount;
  const c = legal.codes;
  const taken = new Uint8Array(map.provinceCount);
  // The units with the fewest retreats choose first.
  const dislodged: { key: number; rows: number[] }[] = [];
  for (let d = 0; d < position.dislodgedCount; d++) {
    if (position.dislodged[d * 2] !== power) continue;
    const key = position.dislodged[d * 2 + 1]!;
    const rows: number[] = [];
    for (let i = 0; i < legal.count; i++) if (c[i * ORDER_STRIDE + 2] === key) rows.push(i);
    dislodged.push({ key, rows });
  }
  dislodged.sort((a, b) => a.rows.length - b.rows.length || a.key - b.key);
  for (const { key, rows } of dislodged) {
    let best = -1;
    let bestScore = -Infinity;
    let disband = -1;
    for (const i of rows) {
      const at = i * ORDER_STRIDE;
      if (c[at + 1] === DISBAND) disband = i;
      if (c[at + 1] !== RETREAT) continue;
      const to = c[at + 4]!;
      const q = map.locationProvince[to]!;
      if (taken[q] === 1) continue;
      let score = unitValue(view, power, (key >= L ? L : 0) + to) + NOISE * random();
      if (map.supplyCenter[q] === 1 && position.owner[q] !== power) score += captureBonus(fall);
      if (position.owner[q] === power) score += 0.3 * threatAt(view, power, q);
      if (score > bestScore) [best, bestScore] = [i, score];
    }
    const row = best >= 0 ? best : disband;
    if (row < 0) continue;
    if (best >= 0) taken[map.locationProvince[c[best * ORDER_STRIDE + 4]!]!] = 1;
    copyRow(c, row, out);
  }
}

/** Appends the builds (or waives) or disbands due to `power`. */
export function chooseAdjustments(
  view: View,
  power: number,
  legal: OrderCodeList,
  random: () => number,
  out: OrderCodeList,
): void {
  const { map, position } = view;
  let due = 0;
  for (let p = 0; p < map.provinceCount; p++) if (position.owner[p] === power) due++;
  for (let u = 0; u < position.unitCount; u++) if (position.units[u * 2] === power) due--;
  const c = legal.codes;
  const rows: { row: number; score: number }[] = [];
  let waive = -1;
  for (let i = 0; i < legal.count; i++) {
    const at = i * ORDER_STRIDE;
    if (c[at] !== power) continue;
    const kind = c[at + 1]!;
    if (kind === WAIVE) waive = i;
    else if (kind === BUILD || kind === DISBAND) {
      const key = c[at + 2]!;
      const p = keyProvince(map, key);
      // A build is worth its value (and more on a threatened centre); a disband is better the less the unit is worth.
      const worth = unitValue(view, power, key) + 0.3 * threatAt(view, power, p) + NOISE * random();
      rows.push({ row: i, score: kind === BUILD ? worth : -worth });
    }
  }
  rows.sort((a, b) => b.score - a.score || a.row - b.row);
  if (due > 0) {
    const built = new Uint8Array(map.provinceCount);
    let builds = 0;
    for (const { row } of rows) {
      if (builds >= due) break;
      const p = keyProvince(map, c[row * ORDER_STRIDE + 2]!);
      if (c[row * ORDER_STRIDE + 1] !== BUILD || built[p] === 1) continue;
      built[p] = 1;
      copyRow(c, row, out);
      builds++;
    }
    for (; builds < due && waive >= 0; builds++) copyRow(c, waive, out);
  } else if (due < 0) {
    let disbands = 0;
    for (const { row } of rows) {
      if (disbands >= -due) break;
      if (c[row * ORDER_STRIDE + 1] !== DISBAND) continue;
      copyRow(c, row, out);
      disbands++;
    }
  }
}
