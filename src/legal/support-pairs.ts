/**
 * The supports one unit can give another, for every pair of unit keys, computed once per map: the supports of a
 * unit depend only on where it and the supported unit stand, except for an army's moves by convoy, which depend on
 * the fleets on the board (movement.ts lists those pairs the long way). Listing a unit's supports is then a copy of
 * a few precomputed destinations per nearby unit instead of a bit-set intersection per pair: the supports are most
 * of the legal orders of a movement phase (about 400 of 520 in a midgame), so this is most of the listing's time.
 *
 * For the pair (supporter key a, supported key b) (keys are type * L + location), the destinations are, in listing
 * order: -1 for the support of b's hold when a can reach b's province, then each destination of b's moves over
 * land or by sea into a province a can reach (6.A.10, 6.D.34: never a's own province), by province code; for a
 * fleet b moving to a province with coasts, each coast b can move to (4.B.4: the support names it).
 */
import type { LegalTables } from './tables.js';

export interface SupportPairs {
  /** Unit keys: 2 * L. */
  readonly K: number;
  /** The destinations of pair (a, b) are to[start[a * K + b] .. start[a * K + b + 1]). */
  readonly start: Int32Array;
  /** A location, or -1 for the support of the hold. */
  readonly to: Int32Array;
}

export function buildSupportPairs(t: LegalTables): SupportPairs {
  const { map, L, multiCoast, fleetAdjM, provincesByRank, prank, reachBits } = t;
  const W = (t.P + 31) >>> 5;
  const K = 2 * L;
  const start = new Int32Array(K * K + 1);
  const to: number[] = [];
  const hasBit = (key: number, r: number): boolean =>
    (reachBits[key * W + (r >>> 5)]! & (1 << (r & 31))) !== 0;
  for (let a = 0; a < K; a++) {
    const aProvince = map.locationProvince[a >= L ? a - L : a]!;
    for (let b = 0; b < K; b++) {
      start[a * K + b] = to.length;
      const bFleet = b >= L;
      const bLocation = bFleet ? b - L : b;
      const bProvince = map.locationProvince[bLocation]!;
      if (bProvince === aProvince) continue;
      if (hasBit(a, prank[bProvince]!)) to.push(-1);
      // Where b moves that a reaches; a unit's reach set is where it can move (an army's over land).
      for (let w = 0; w < W; w++) {
        let bits = reachBits[a * W + w]! & reachBits[b * W + w]!;
        while (bits !== 0) {
          const low = bits & -bits;
          bits ^= low;
          const q = provincesByRank[(w << 5) + 31 - Math.clz32(low)]!;
          if (!bFleet || !multiCoast[q]) to.push(q);
          else for (const c of map.provinceCoasts[q]!) if (fleetAdjM[bLocation * L + c]) to.push(c);
        }
      }
    }
  }
  start[K * K] = to.length;
  return { K, start, to: Int32Array.from(to) };
}

/** Maps with more unit keys than this list every pair the long way (the table would take K * K integers). */
const MAX_KEYS = 1024;

/** The table of `t`'s map, made on first use and kept in `t`; null for a map too large for one. */
export function supportPairs(t: LegalTables): SupportPairs | null {
  return (t.supportPairs ??= 2 * t.L <= MAX_KEYS ? buildSupportPairs(t) : null);
}
