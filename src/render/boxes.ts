/**
 * The boxes the board's marks take, in board units, for keeping one from under another: a unit marker (glyphs.ts)
 * and a province's abbreviation (svg.ts draws it at `label`, baseline 0.33 u lower, 0.95 u DejaVu Sans with a
 * white halo 0.22 u wide). The art generator places labels clear of every place a unit may stand
 * (scripts/geometry/generate.mjs), the renderer moves a label a dislodged unit would cover, and a test holds every
 * bundled map to it.
 */
import type { Point } from './geometry.js';

export interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/**
 * A unit marker at `at`, army or fleet, as the boxes of its parts with their outline (glyphs.ts): the army's disc
 * (1.08 u each way), the fleet's hull (1.43 u to each side, from 0.03 u above to 0.93 u below) and its sail (from
 * 0.23 u left to 1.03 u right, 1.33 u up). A label may sit in the corners these leave free.
 */
export function unitBoxes(at: Point, u: number): Box[] {
  const [x, y] = at;
  return [
    { x0: x - 1.08 * u, y0: y - 1.08 * u, x1: x + 1.08 * u, y1: y + 1.08 * u },
    { x0: x - 1.43 * u, y0: y - 0.03 * u, x1: x + 1.43 * u, y1: y + 0.93 * u },
    { x0: x - 0.23 * u, y0: y - 1.33 * u, x1: x + 1.03 * u, y1: y - 0.02 * u },
  ];
}

/** Does `box` overlap any part of a unit marker (unitBoxes)? */
export function underMarker(box: Box, marker: readonly Box[]): boolean {
  return marker.some((part) => overlaps(box, part));
}

/** The box round a whole unit marker (unitBoxes). */
export function unitBox(at: Point, u: number): Box {
  return { x0: at[0] - 1.43 * u, y0: at[1] - 1.33 * u, x1: at[0] + 1.43 * u, y1: at[1] + 1.08 * u };
}

/**
 * Advance widths of DejaVu Sans (units of 2048 per em, from the font's hmtx table) of the letters and digits
 * province codes are written in; other characters count as its widest capital, W.
 */
const ADVANCE: Readonly<Record<string, number>> = {
  A: 1401, B: 1405, C: 1430, D: 1577, E: 1294, F: 1178, G: 1587, H: 1540, I: 604, J: 604, K: 1343, L: 1141,
  M: 1767, N: 1532, O: 1612, P: 1235, Q: 1612, R: 1423, S: 1300, T: 1251, U: 1499, V: 1401, W: 2025, X: 1403,
  Y: 1251, Z: 1403, '0': 1303, '1': 1303, '2': 1303, '3': 1303, '4': 1303, '5': 1303, '6': 1303, '7': 1303,
  '8': 1303, '9': 1303,
}; // prettier-ignore

/** Font size of a label, in u. */
export const LABEL_SIZE = 0.95;
/** The halo round a label's letters (half the stroke drawn under them), in u. */
const HALO = 0.11;
/** DejaVu Sans's capital height, 1493 of 2048 units per em. */
const CAP_HEIGHT = 1493 / 2048;
/** How far below `label` the baseline is drawn, in u. */
export const BASELINE = 0.33;

/** The abbreviation `text` drawn centred at `at`: its capitals and their halo. */
export function labelBox(at: Point, u: number, text: string): Box {
  let advance = 0;
  for (const c of text) advance += ADVANCE[c] ?? ADVANCE['W']!;
  const half = ((advance / 2048) * LABEL_SIZE * u) / 2 + HALO * u;
  const baseline = at[1] + BASELINE * u;
  return {
    x0: at[0] - half,
    y0: baseline - CAP_HEIGHT * LABEL_SIZE * u - HALO * u,
    x1: at[0] + half,
    y1: baseline + HALO * u,
  };
}

/** Do the two boxes overlap (touching edges do not)? */
export function overlaps(a: Box, b: Box): boolean {
  return a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1;
}
