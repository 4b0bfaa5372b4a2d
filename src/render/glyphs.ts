/**
 * The drawing primitives of the board, as SVG text: unit glyphs, arrows, rings, crosses, stars. Sizes are multiples
 * of `u`, the unit glyph's radius, so a board of any scale looks the same.
 */
import type { Point } from './geometry.js';
import type { PowerStyle } from './palette.js';
import { esc, num } from './xml.js';

export const INK = '#1A1A1A';
export const FONT = 'DejaVu Sans, Verdana, Arial, sans-serif';

/**
 * An army (a disc) or a fleet (a hull with a sail-like top) at `at`, in the power's colour with its letter. The
 * group's `transform` places it: tests read the glyph's position from there.
 */
export function unitGlyph(
  type: 'A' | 'F',
  at: Point,
  u: number,
  style: PowerStyle,
  attributes: string,
  title: string,
  scale = 1,
): string {
  const r = u * scale;
  const shape =
    type === 'A'
      ? `<circle r="${num(r)}"/>`
      : `<path d="M${num(-1.35 * r)} ${num(0.05 * r)}L${num(1.35 * r)} ${num(0.05 * r)}L${num(0.85 * r)} ${num(0.85 * r)}L${num(-0.85 * r)} ${num(0.85 * r)}Z M${num(-0.15 * r)} ${num(-0.1 * r)}L${num(-0.15 * r)} ${num(-1.25 * r)}L${num(0.95 * r)} ${num(-0.1 * r)}Z"/>`;
  const textY = type === 'A' ? 0.36 * r : 0.72 * r;
  return (
    `<g ${attributes} transform="translate(${num(at[0])} ${num(at[1])})"><title>${esc(title)}</title>` +
    `<g fill="${style.color}" stroke="${INK}" stroke-width="${num(0.16 * u)}" stroke-linejoin="round">${shape}</g>` +
    `<text y="${num(textY)}" font-size="${num(r * (style.letter.length > 1 ? 0.7 : type === 'A' ? 1.05 : 0.8))}" font-weight="bold" fill="${style.ink}" text-anchor="middle">${esc(style.letter)}</text></g>`
  );
}

/** `a` moved `distance` towards `b` (or away, for a negative distance). */
export function towards(a: Point, b: Point, distance: number): Point {
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  const length = Math.hypot(dx, dy) || 1;
  return [a[0] + (dx / length) * distance, a[1] + (dy / length) * distance];
}

function pointList(points: readonly Point[]): string {
  return points.map(([x, y]) => `${num(x)} ${num(y)}`).join('L');
}

export interface LineStyle {
  color: string;
  width: number;
  /** Stroke dash pattern (empty: solid). */
  dash: string;
  /** Draw a dark outline under the line for contrast on any background. */
  cased: boolean;
  /** Dashes on a white core inside a solid casing (failed moves). */
  hollow?: boolean;
}

/**
 * A polyline through `points`, with a dark casing under it when asked. A `hollow` line (a failed move) has a solid
 * casing, a white core and the colour in dashes on it, so it reads as broken on any background.
 */
export function line(points: readonly Point[], s: LineStyle): string {
  const d = `M${pointList(points)}`;
  const dash = s.dash === '' ? '' : ` stroke-dasharray="${s.dash}"`;
  const round = 'stroke-linecap="round" stroke-linejoin="round"';
  let out = '';
  if (s.cased)
    out += `<path d="${d}" fill="none" stroke="${INK}" stroke-width="${num(s.width * 1.9)}" ${round}${s.hollow ? '' : dash}/>`;
  if (s.hollow)
    out += `<path d="${d}" fill="none" stroke="#FFFFFF" stroke-width="${num(s.width * 1.2)}" ${round}/>`;
  return `${out}<path d="${d}" fill="none" stroke="${s.color}" stroke-width="${num(s.width)}" ${round}${dash}/>`;
}

/**
 * An arrow along `points` (at least two), its head's tip at the last point. The shaft stops where the head
 * begins, so a dashed shaft does not show through the head.
 */
export function arrow(points: readonly Point[], s: LineStyle, headLength: number): string {
  const tip = points[points.length - 1]!;
  const before = points[points.length - 2]!;
  const base = towards(tip, before, headLength);
  const dx = tip[0] - base[0];
  const dy = tip[1] - base[1];
  const length = Math.hypot(dx, dy) || 1;
  const half = headLength * 0.55;
  const px = (-dy / length) * half;
  const py = (dx / length) * half;
  const head = `<path d="M${num(tip[0])} ${num(tip[1])}L${num(base[0] + px)} ${num(base[1] + py)}L${num(base[0] - px)} ${num(base[1] - py)}Z" fill="${s.color}" stroke="${INK}" stroke-width="${num(s.width * 0.45)}" stroke-linejoin="round"/>`;
  return line([...points.slice(0, -1), base], s) + head;
}

/** A ring about `at`. */
export function ring(at: Point, radius: number, s: LineStyle): string {
  const dash = s.dash === '' ? '' : ` stroke-dasharray="${s.dash}"`;
  const c = `cx="${num(at[0])}" cy="${num(at[1])}" r="${num(radius)}" fill="none"`;
  let out = s.cased
    ? `<circle ${c} stroke="${INK}" stroke-width="${num(s.width * 1.9)}"${s.hollow ? '' : dash}/>`
    : '';
  if (s.hollow) out += `<circle ${c} stroke="#FFFFFF" stroke-width="${num(s.width * 1.2)}"/>`;
  return `${out}<circle ${c} stroke="${s.color}" stroke-width="${num(s.width)}"${dash}/>`;
}

/** The failure mark: a white disc with a black cross, `size` across; `inner` (a `<title>`) goes first inside. */
export function failMark(at: Point, size: number, attributes = 'class="mark fail"', inner = ''): string {
  const h = size * 0.28;
  const [x, y] = at;
  return (
    `<g ${attributes}>${inner}<circle cx="${num(x)}" cy="${num(y)}" r="${num(size / 2)}" fill="#FFFFFF" stroke="${INK}" stroke-width="${num(size * 0.08)}"/>` +
    `<path d="M${num(x - h)} ${num(y - h)}L${num(x + h)} ${num(y + h)}M${num(x - h)} ${num(y + h)}L${num(x + h)} ${num(y - h)}" stroke="${INK}" stroke-width="${num(size * 0.14)}" stroke-linecap="round"/></g>`
  );
}

/** A big cross over a unit (disband, destroyed). */
export function bigCross(at: Point, size: number): string {
  const [x, y] = at;
  const h = size / 2;
  const d = `M${num(x - h)} ${num(y - h)}L${num(x + h)} ${num(y + h)}M${num(x - h)} ${num(y + h)}L${num(x + h)} ${num(y - h)}`;
  return (
    `<path d="${d}" stroke="#FFFFFF" stroke-width="${num(size * 0.3)}" stroke-linecap="round"/>` +
    `<path d="${d}" stroke="${INK}" stroke-width="${num(size * 0.16)}" stroke-linecap="round"/>`
  );
}

/** A star burst of `spikes` points about `at` (standoff and dislodgement markers). */
export function star(at: Point, outer: number, inner: number, spikes: number, fill: string): string {
  const points: Point[] = [];
  for (let k = 0; k < spikes * 2; k++) {
    const r = k % 2 === 0 ? outer : inner;
    const a = (k / (spikes * 2)) * 2 * Math.PI - Math.PI / 2;
    points.push([at[0] + r * Math.cos(a), at[1] + r * Math.sin(a)]);
  }
  return `<path d="M${pointList(points)}Z" fill="${fill}" stroke="${INK}" stroke-width="${num(outer * 0.08)}" stroke-linejoin="round"/>`;
}

/** A small labelled badge (paradox "P", build "+"); `inner` (a `<title>`) goes first inside. */
export function badge(
  at: Point,
  size: number,
  text: string,
  fill: string,
  attributes: string,
  inner = '',
): string {
  const [x, y] = at;
  const h = size / 2;
  return (
    `<g ${attributes}>${inner}<path d="M${num(x)} ${num(y - h)}L${num(x + h)} ${num(y)}L${num(x)} ${num(y + h)}L${num(x - h)} ${num(y)}Z" fill="${fill}" stroke="${INK}" stroke-width="${num(size * 0.08)}"/>` +
    `<text x="${num(x)}" y="${num(y + size * 0.2)}" font-size="${num(size * 0.55)}" font-weight="bold" text-anchor="middle" fill="${INK}">${esc(text)}</text></g>`
  );
}
