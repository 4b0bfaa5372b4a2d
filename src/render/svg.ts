/**
 * `renderSvg(map, position, options)`: a board as one self-contained SVG document (no scripts, no external files,
 * no fonts embedded; text in DejaVu Sans or the viewer's sans-serif). Pure and deterministic: the same input gives
 * the same bytes, whatever order the units and orders are listed in.
 *
 * Layers, bottom to top: provinces (sea, coast, inland; owned supply-centre land tinted in the owner's colour),
 * impassable areas (hatched), supply-centre markers (owner's colour and letter, white when neutral), supports and
 * convoys, moves, other orders, standoff markers, abbreviations, failure and paradox marks, units, dislodged
 * units, dislodgement bursts, then the legend below the board: the phase, each power with its letter, units and supply
 * centres, the waives and the order key.
 *
 * Elements tests can read: `path.province` with `data-province` (one per province), `g.unit` with `data-power`,
 * `data-location` and `transform="translate(x y)"` at the location's anchor (dislodged ones also `dislodged`,
 * offset up and right), `g.order` (orders.ts), `g.bounce` with `data-province`, `g.dislodgement`, `g.legend`.
 */
import { displayName, powerDisplayName } from '../map/display-name.js';
import type { OrderOutcome } from '../adjudication/outcome.js';
import { lookupLocation, lookupPower, splitCoast } from '../map/query.js';
import { isNeutral } from '../map/neutral.js';
import type { GameMap } from '../map/types.js';
import type { GivenOrder } from '../orders/types.js';
import type { DislodgedUnit, Position } from '../position/types.js';
import { BASELINE, LABEL_SIZE, labelBox, underMarker, unitBoxes } from './boxes.js';
import type { BoardGeometry, Point } from './geometry.js';
import { FONT, INK, star, towards, unitGlyph } from './glyphs.js';
import {
  drawOrders,
  itemClass,
  itemTitle,
  orderItem,
  orderPartners,
  sortItems,
  type OrderItem,
  type Placed,
  type Scene,
} from './orders.js';
import { NEUTRAL, powerStyles, type PowerStyle } from './palette.js';
import { closestPlaces, nearestPlace, unitPiece } from './pieces.js';
import { defaultGeometry } from './standard.js';
import { esc, num } from './xml.js';

/** What a phase's adjudication gives the renderer: any of MovementResult, RetreatResult, AdjustmentResult. */
export interface RenderResult {
  /** One outcome per order; each carries its order (`given`). */
  orders: readonly OrderOutcome[];
  /** Provinces left empty by a standoff (MovementResult): standoff markers. */
  contested?: readonly string[];
  /**
   * Units dislodged (MovementResult): dislodgement markers, also on units that had no order, and a dotted line to
   * each place it may retreat to when `retreats` is given.
   */
  dislodged?: readonly (DislodgedUnit & { retreats?: readonly string[] })[];
}

export interface RenderOptions {
  /** The orders of the phase. Ignored when `result` is given (its outcomes carry their orders). */
  orders?: readonly GivenOrder[];
  /** The adjudication of the phase, drawn on the position before it. */
  result?: RenderResult;
  /** Draw the orders (default true). */
  showOrders?: boolean;
  /** Draw the outcomes of `result`: resolutions, standoffs, dislodgements (default true). */
  showOutcomes?: boolean;
  /**
   * The board's shapes (readGeometry, or schematicGeometry); default: the standard map's art for the standard map,
   * the schematic layout (schematic.ts) for any other.
   */
  geometry?: BoardGeometry;
  /** Draw only the part of the board around the units and orders (default false: the whole board). */
  crop?: boolean;
  /** A caption after the phase name in the legend ("DATC 6.F.16, Pandin's paradox"). */
  caption?: string;
}

const LAND = '#F4EBD0';
const INLAND = '#E9DDB9';
const SEA = '#BFD9EE';
const BORDER = '#6B6B6B';

/** The board as an SVG document. */
export function renderSvg(map: GameMap, position: Position, options: RenderOptions = {}): string {
  const geometry = options.geometry ?? defaultGeometry(map);
  const styles = powerStyles(map);
  const u = geometry.unit;
  const showOrders = options.showOrders !== false;
  const showOutcomes = options.showOutcomes !== false && options.result !== undefined;

  let items: OrderItem[] = [];
  if (showOrders) {
    items = options.result
      ? options.result.orders.map((o) => orderItem(map, o.given, showOutcomes ? o : undefined))
      : (options.orders ?? []).map((g) => orderItem(map, g));
    items = sortItems(items);
  }
  // A unit in a province drawn in several pieces stands in the piece nearest to what the orders connect it with.
  const partners = orderPartners(map, items);
  const units = placeUnits(map, geometry, position.units, [0, 0], partners);
  const dislodged = placeUnits(map, geometry, position.dislodged, [u * 1.25, -u * 1.05], partners);
  const scene: Scene = { map, geometry, styles, phase: position.phase.type, units, dislodged };

  // What stands in each province (a unit, a dislodged unit, a build, a standoff marker): labels and centre markers
  // keep clear of it.
  const taken = units.map((unit, p) => unit?.at ?? dislodged[p]?.at);
  for (const item of items) {
    const order = item.given.order;
    if (order.kind !== 'build') continue;
    const l = lookupLocation(map, order.unit.location);
    if (l >= 0) taken[map.locationProvince[l]!] ??= geometry.anchors[l];
  }

  const owner = centerOwners(map, position);
  // Standoffs: those of the drawn movement's outcome, and those a retreat position carries (no retreat there).
  const contestedSet = new Set(position.contested);
  if (showOutcomes) for (const code of options.result?.contested ?? []) contestedSet.add(code);
  const contested = [...contestedSet].sort();
  // A standoff marker stands at the province's anchor too.
  for (const code of contested) {
    const p = splitCoast(map, code).province;
    if (p >= 0) taken[p] ??= geometry.anchors[p];
  }
  const [vx, vy, width, height] =
    options.crop === true ? cropBox(map, geometry, scene, items, contested) : geometry.viewBox;
  const legend = legendLayer(
    map,
    position,
    styles,
    owner,
    items,
    options.caption,
    [vx, vy + height],
    width,
    u,
  );
  const total = height + legend.height;
  let svg =
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${num(vx)} ${num(vy)} ${num(width)} ${num(total)}" width="${num(width)}" height="${num(total)}" font-family="${FONT}">` +
    `<title>${esc(`${phaseTitle(position)}${options.caption ? ` - ${options.caption}` : ''}`)}</title>` +
    `<defs><pattern id="hatch" patternUnits="userSpaceOnUse" width="${num(u * 0.8)}" height="${num(u * 0.8)}" patternTransform="rotate(45)"><rect width="${num(u * 0.8)}" height="${num(u * 0.8)}" fill="#C9C9C9"/><path d="M0 0V${num(u * 0.8)}" stroke="#9A9A9A" stroke-width="${num(u * 0.3)}"/></pattern></defs>` +
    `<rect x="${num(vx)}" y="${num(vy)}" width="${num(width)}" height="${num(total)}" fill="#FFFFFF"/>`;
  svg += provinceLayer(map, geometry, styles, owner);
  svg += centerLayer(map, geometry, styles, owner, taken);
  const labelAt = labelPlaces(map, geometry, taken, dislodged);
  // A failure cross goes over the labels: it keeps off them where its line leaves room (orders.ts).
  const drawn = showOrders
    ? drawOrders({ ...scene, labels: labelAt.map((at, p) => labelBox(at, u, map.locationCode[p]!)) }, items)
    : { orders: '', marks: '' };
  svg += `<g class="orders">${drawn.orders}</g>`;
  svg += bounceLayer(map, geometry, contested);
  // Labels over the orders (with a white halo), so an arrow never hides a province's name; units over both.
  svg += labelLayer(map, geometry, labelAt);
  svg += `<g class="marks">${drawn.marks}</g>`;
  svg += unitLayer(map, position, styles, units, dislodged, u);
  if (showOutcomes) svg += dislodgementLayer(map, geometry, options.result!, units);
  svg += legend.svg;
  return `${svg}</svg>\n`;
}

/**
 * The part of the board where something happens: the units that have orders and their targets, dislodged units,
 * builds and standoffs (every unit when nothing happens), with a margin of a few glyphs, at least a third of the
 * board wide and 0.6 times as high as wide, inside the board.
 */
function cropBox(
  map: GameMap,
  g: BoardGeometry,
  scene: Scene,
  items: readonly OrderItem[],
  contested: readonly string[],
): [number, number, number, number] {
  const points: Point[] = [];
  const place = (code: string, units: readonly (Placed | undefined)[], near?: Point): Point | undefined => {
    const l = lookupLocation(map, code);
    if (l < 0) return undefined;
    const at = units[map.locationProvince[l]!]?.at ?? (near ? nearestPlace(g, map, l, near) : g.anchors[l]!);
    points.push(at);
    return at;
  };
  for (const item of items) {
    const order = item.given.order;
    if (order.kind === 'waive') continue;
    const from = place(order.unit.location, scene.phase === 'retreat' ? scene.dislodged : scene.units);
    if (
      (order.kind === 'move' || order.kind === 'support' || order.kind === 'convoy') &&
      order.to !== undefined
    )
      place(order.to, [], from);
  }
  for (const d of scene.dislodged) if (d) points.push(d.at);
  for (const code of contested) place(code, []);
  if (points.length === 0) for (const unit of scene.units) if (unit) points.push(unit.at);
  const [bx, by, bw, bh] = g.viewBox;
  if (points.length === 0) return [bx, by, bw, bh];
  const margin = g.unit * 6;
  let x0 = Math.min(...points.map((p) => p[0])) - margin;
  let x1 = Math.max(...points.map((p) => p[0])) + margin;
  let y0 = Math.min(...points.map((p) => p[1])) - margin;
  let y1 = Math.max(...points.map((p) => p[1])) + margin;
  const grow = (lo: number, hi: number, least: number): [number, number] =>
    hi - lo >= least ? [lo, hi] : [(lo + hi - least) / 2, (lo + hi + least) / 2];
  [x0, x1] = grow(x0, x1, bw / 3);
  [y0, y1] = grow(y0, y1, (x1 - x0) * 0.6);
  const w = Math.min(bw, Math.round(x1 - x0));
  const h = Math.min(bh, Math.round(y1 - y0));
  const x = Math.round(Math.min(Math.max(x0, bx), bx + bw - w));
  const y = Math.round(Math.min(Math.max(y0, by), by + bh - h));
  return [x, y, w, h];
}

function phaseTitle(position: Position): string {
  return `${displayName(position.phase.season)} ${position.phase.year} ${displayName(position.phase.type)}`;
}

/** The style index of a unit's power as written: a power of the map, or the map's neutral units; -1 otherwise. */
function ownerOf(map: GameMap, name: string): number {
  const power = lookupPower(map, name);
  return power >= 0 || !isNeutral(map, name) ? power : map.neutralPower;
}

/**
 * Units by province, where they are drawn (`offset` from their location's anchor, or from the anchor of the
 * piece `partners` choose, pieces.ts). Unknown places are left out.
 */
function placeUnits(
  map: GameMap,
  geometry: BoardGeometry,
  list: readonly { power: string; type: 'A' | 'F'; location: string }[],
  offset: Point,
  partners: ReadonlyMap<number, number[]>,
): (Placed | undefined)[] {
  const placed: (Placed | undefined)[] = new Array<Placed | undefined>(map.provinceCount);
  for (const unit of list) {
    const location = lookupLocation(map, unit.location);
    if (location < 0) continue;
    const [x, y] = unitPiece(geometry, map, location, partners.get(map.locationProvince[location]!) ?? []);
    placed[map.locationProvince[location]!] = {
      power: ownerOf(map, unit.power),
      type: unit.type,
      location,
      at: [x + offset[0], y + offset[1]],
    };
  }
  return placed;
}

/** Owner (power index) of each supply centre, -1 when neutral. */
function centerOwners(map: GameMap, position: Position): Int32Array {
  const owner = new Int32Array(map.provinceCount).fill(-1);
  for (const [name, centers] of Object.entries(position.supplyCenters)) {
    const power = lookupPower(map, name);
    if (power < 0) continue;
    for (const code of centers) {
      const p = splitCoast(map, code).province;
      if (p >= 0) owner[p] = power;
    }
  }
  return owner;
}

/** The fixed text around each province's fill, made once per map and geometry (renderSvg's hot path). */
interface ProvinceText {
  /** `<path class=... d="...` up to the fill colour, by province. */
  before: string[];
  /** After the fill: the title and the closing tag. */
  after: string[];
  /** The label of each province, from its title on: `"><title>London</title>LON</text>`. */
  label: string[];
  /** Land of no province and impassable areas. */
  rest: string;
}

const provinceTexts = new WeakMap<BoardGeometry, WeakMap<GameMap, ProvinceText>>();

function provinceText(map: GameMap, g: BoardGeometry): ProvinceText {
  let byMap = provinceTexts.get(g);
  if (!byMap) provinceTexts.set(g, (byMap = new WeakMap()));
  let text = byMap.get(map);
  if (text) return text;
  text = { before: [], after: [], label: [], rest: '' };
  for (let p = 0; p < map.provinceCount; p++) {
    const name = esc(map.provinceName[p]!);
    text.before.push(
      `<path class="province ${map.provinceKind[p]!}" data-province="${map.locationCode[p]}" d="${g.areas[p]}" fill="`,
    );
    text.after.push(`"><title>${name}</title></path>`);
    text.label.push(`"><title>${name}</title>${map.locationCode[p]}</text>`);
  }
  if (g.land !== '') text.rest += `<path class="land" d="${g.land}" fill="${LAND}"/>`;
  if (g.water !== '') text.rest += `<path class="water" d="${g.water}" fill="${SEA}"/>`;
  for (const area of g.impassable)
    text.rest += `<path class="impassable" data-area="${esc(area.code)}" d="${area.path}" fill="url(#hatch)"><title>${esc(area.name)} (impassable)</title></path>`;
  byMap.set(map, text);
  return text;
}

function provinceLayer(
  map: GameMap,
  g: BoardGeometry,
  styles: readonly PowerStyle[],
  owner: Int32Array,
): string {
  const text = provinceText(map, g);
  let out = `<g class="provinces" stroke="${BORDER}" stroke-width="${num(g.unit * 0.09)}" stroke-linejoin="round" fill-rule="evenodd">`;
  for (let p = 0; p < map.provinceCount; p++) {
    const kind = map.provinceKind[p]!;
    // An impassable province (no unit may enter it) is hatched like the art's impassable areas.
    const base =
      kind === 'sea' ? SEA : kind === 'land' ? INLAND : kind === 'impassable' ? 'url(#hatch)' : LAND;
    const fill = kind !== 'sea' && owner[p]! >= 0 ? styles[owner[p]!]!.tint : base;
    out += text.before[p]! + fill + text.after[p]!;
  }
  return `${out}${text.rest}</g>`;
}

/**
 * Supply-centre markers. A marker that a unit standing in the province would cover moves out from under it, to
 * the unit's edge on the marker's side.
 */
function centerLayer(
  map: GameMap,
  g: BoardGeometry,
  styles: readonly PowerStyle[],
  owner: Int32Array,
  taken: readonly (Point | undefined)[],
): string {
  const u = g.unit;
  let out = '<g class="centers">';
  for (let p = 0; p < map.provinceCount; p++) {
    let at = g.centers[p];
    if (!at || map.supplyCenter[p] !== 1) continue;
    const unit = taken[p];
    if (unit && Math.hypot(at[0] - unit[0], at[1] - unit[1]) < u * 1.75) {
      const away: Point = at[0] === unit[0] && at[1] === unit[1] ? [at[0] + 1, at[1] + 1] : at;
      at = towards(unit, away, u * 2.2);
    }
    const style = owner[p]! >= 0 ? styles[owner[p]!] : undefined;
    const who = style ? `owned by ${style.name}` : 'neutral';
    out +=
      `<g class="center" data-province="${map.locationCode[p]}"${style ? ` data-owner="${style.name}"` : ''}><title>${esc(`${map.provinceName[p]!}: supply centre, ${who}`)}</title>` +
      `<circle cx="${num(at[0])}" cy="${num(at[1])}" r="${num(u * 0.62)}" fill="${style?.color ?? NEUTRAL}" stroke="${INK}" stroke-width="${num(u * 0.12)}"/>` +
      (style
        ? `<text x="${num(at[0])}" y="${num(at[1] + u * 0.24)}" font-size="${num(u * 0.68)}" font-weight="bold" text-anchor="middle" fill="${style.ink}">${esc(style.letter)}</text>`
        : `<circle cx="${num(at[0])}" cy="${num(at[1])}" r="${num(u * 0.22)}" fill="${INK}"/>`) +
      '</g>';
  }
  return `${out}</g>`;
}

/**
 * Where the abbreviations go. The bundled art puts every label clear of every place a unit may stand (boxes.ts); a label that
 * a unit would still cover (a dislodged unit, drawn above and to the right of the unit that took its place, or
 * other art) moves above or below its own unit, or beside, to the first place no unit covers and no other label
 * takes (Rome and Venice side by side).
 */
function labelPlaces(
  map: GameMap,
  g: BoardGeometry,
  taken: readonly (Point | undefined)[],
  dislodged: readonly (Placed | undefined)[],
): Point[] {
  const u = g.unit;
  const units = [...taken, ...dislodged.map((d) => d?.at)]
    .filter((t): t is Point => t !== undefined)
    .map((t) => unitBoxes(t, u));
  const coveredAt = (p: number, x: number, y: number): boolean => {
    const box = labelBox([x, y], u, map.locationCode[p]!);
    return units.some((t) => underMarker(box, t));
  };
  // Labels that stay where the art puts them are placed first; a moved one then keeps clear of them and of the
  // labels moved before it (a three-letter label is about 1.6 u wide and 0.95 u high).
  const at: Point[] = g.labels.map((l) => [l[0], l[1]]);
  const moved = at.map(([x, y], p) => coveredAt(p, x, y));
  const placed: Point[] = at.filter((_, p) => !moved[p]);
  const overLabel = (x: number, y: number): boolean =>
    placed.some(([px, py]) => Math.abs(px - x) < u * 1.8 && Math.abs(py - y) < u * 1.05);
  for (let p = 0; p < map.provinceCount; p++) {
    if (!moved[p]) continue;
    const [x, y] = at[p]!;
    const [ux, uy] = taken[p] ?? [x, y];
    // On the side of its own unit it was on first, then the other side, then beside; on a crowded front
    // (every neighbour's unit close by), the same a step and two steps farther out, then diagonally.
    const tries: Point[] = [];
    for (const far of [1, 1.6, 2.2]) {
      const above: Point = [ux, uy - u * 2.05 * far];
      const below: Point = [ux, uy + u * 2.3 * far];
      tries.push(
        ...(y <= uy ? [above, below] : [below, above]),
        [ux + u * 3 * far, uy],
        [ux - u * 3 * far, uy],
      );
      for (const [sx, sy] of [
        [1, -1],
        [-1, -1],
        [1, 1],
        [-1, 1],
      ] as const)
        tries.push([ux + sx * u * 2.6 * far, uy + sy * u * 1.9 * far]);
    }
    const free = tries.filter(([tx, ty]) => !coveredAt(p, tx, ty));
    const chosen = free.find(([tx, ty]) => !overLabel(tx, ty)) ?? free[0] ?? tries[0]!;
    at[p] = chosen;
    placed.push(chosen);
  }
  return at;
}

/** The labels layer: each province's abbreviation at its place (labelPlaces). */
function labelLayer(map: GameMap, g: BoardGeometry, at: readonly Point[]): string {
  const u = g.unit;
  const labels = provinceText(map, g).label;
  let out = `<g class="labels" font-size="${num(u * LABEL_SIZE)}" text-anchor="middle" fill="${INK}" stroke="#FFFFFF" stroke-width="${num(u * 0.22)}" paint-order="stroke" stroke-linejoin="round">`;
  for (let p = 0; p < map.provinceCount; p++) {
    const [x, y] = at[p]!;
    out += `<text class="label" data-province="${map.locationCode[p]}" x="${num(x)}" y="${num(y + u * BASELINE)}${labels[p]!}`;
  }
  return `${out}</g>`;
}

/** Standoff markers on the provinces a bounce left empty. */
function bounceLayer(map: GameMap, g: BoardGeometry, contested: readonly string[]): string {
  const u = g.unit;
  let out = '';
  for (const code of contested) {
    const p = splitCoast(map, code).province;
    if (p < 0) continue;
    const at = g.anchors[p]!;
    out += `<g class="bounce" data-province="${map.locationCode[p]}"><title>${esc(`standoff: ${map.provinceName[p]!} left empty by a bounce (no retreat there)`)}</title>${star(at, u * 1.05, u * 0.5, 8, '#FFFFFF')}${star(at, u * 0.55, u * 0.28, 8, INK)}</g>`;
  }
  return out === '' ? '' : `<g class="bounces">${out}</g>`;
}

function unitLayer(
  map: GameMap,
  position: Position,
  styles: readonly PowerStyle[],
  units: readonly (Placed | undefined)[],
  dislodged: readonly (Placed | undefined)[],
  u: number,
): string {
  let out = '<g class="units">';
  for (let p = 0; p < map.provinceCount; p++) {
    const unit = units[p];
    const style = unit ? styles[unit.power] : undefined;
    if (!unit || !style) continue;
    const code = map.locationCode[unit.location]!;
    out += unitGlyph(
      unit.type,
      unit.at,
      u,
      style,
      `class="unit ${unit.type === 'A' ? 'army' : 'fleet'}" data-power="${style.name}" data-location="${code}"`,
      `${style.name}: ${unit.type} ${code}`,
    );
  }
  for (let p = 0; p < map.provinceCount; p++) {
    const unit = dislodged[p];
    const style = unit ? styles[unit.power] : undefined;
    if (!unit || !style) continue;
    const code = map.locationCode[unit.location]!;
    const record = position.dislodged.find((d) => lookupLocation(map, d.location) === unit.location);
    const from = record
      ? `, dislodged from ${code} by an attack from ${record.attackerFrom}${record.byConvoy ? ' (by convoy)' : ''}`
      : ', dislodged';
    out +=
      `<g class="dislodged-unit">` +
      `<circle cx="${num(unit.at[0])}" cy="${num(unit.at[1])}" r="${num(u * 1.3)}" fill="#FFFFFF" fill-opacity="0.7" stroke="${INK}" stroke-width="${num(u * 0.14)}" stroke-dasharray="${num(u * 0.3)} ${num(u * 0.2)}"/>` +
      unitGlyph(
        unit.type,
        unit.at,
        u,
        style,
        `class="unit ${unit.type === 'A' ? 'army' : 'fleet'} dislodged" data-power="${style.name}" data-location="${code}"`,
        `${style.name}: ${unit.type} ${code}${from}`,
        0.85,
      ) +
      '</g>';
  }
  return `${out}</g>`;
}

/** A burst on each unit the movement dislodged. */
function dislodgementLayer(
  map: GameMap,
  geometry: BoardGeometry,
  result: RenderResult,
  units: readonly (Placed | undefined)[],
): string {
  const u = geometry.unit;
  let out = '';
  const seen = new Set<number>();
  const marks = [...(result.dislodged ?? [])].sort((a, b) =>
    a.location < b.location ? -1 : a.location > b.location ? 1 : 0,
  );
  for (const d of marks) {
    const p = splitCoast(map, d.location).province;
    const unit = p >= 0 ? units[p] : undefined;
    if (!unit || seen.has(p)) continue;
    seen.add(p);
    // On the side away from the attack, where the arrow does not cover it.
    const attacker = splitCoast(map, d.attackerFrom).province;
    const from =
      attacker >= 0 ? nearestPlace(geometry, map, attacker, unit.at) : [unit.at[0] - 1, unit.at[1] - 1];
    const at = towards(unit.at, [from[0], from[1]], -u * 1.45);
    const retreats = d.retreats ?? [];
    const may =
      d.retreats === undefined
        ? ''
        : retreats.length > 0
          ? `; may retreat to ${retreats.join(', ')}`
          : '; no retreat';
    out += retreatOptions(map, geometry, unit, retreats);
    out += `<g class="dislodgement" data-location="${map.locationCode[unit.location]}"><title>${esc(`${d.type} ${d.location} dislodged by an attack from ${d.attackerFrom}${d.byConvoy ? ' (by convoy)' : ''}${may}`)}</title>${star(at, u * 1.0, u * 0.5, 7, INK)}<path d="M${num(at[0] - u * 0.25)} ${num(at[1] - u * 0.25)}L${num(at[0] + u * 0.25)} ${num(at[1] + u * 0.25)}M${num(at[0] - u * 0.25)} ${num(at[1] + u * 0.25)}L${num(at[0] + u * 0.25)} ${num(at[1] - u * 0.25)}" stroke="#FFFFFF" stroke-width="${num(u * 0.16)}" stroke-linecap="round"/></g>`;
  }
  return out === '' ? '' : `<g class="dislodgements">${out}</g>`;
}

/** A dotted line from a dislodged unit (or its province's piece nearest) most of the way to each place it may retreat to. */
function retreatOptions(
  map: GameMap,
  geometry: BoardGeometry,
  unit: Placed,
  retreats: readonly string[],
): string {
  let out = '';
  for (const r of [...retreats].sort()) {
    const p = splitCoast(map, r).province;
    if (p < 0) continue;
    // From the unit, or from another piece of its province when that one lies next to the place.
    const [from, to] = closestPlaces(geometry, map, unit.location, p, unit.at);
    const end = towards([to[0], to[1]], from, geometry.unit * 0.9);
    out += `<g class="retreat-option" data-location="${esc(r)}"><title>${esc(`may retreat to ${r}`)}</title><path d="M${num(from[0])} ${num(from[1])}L${num(end[0])} ${num(end[1])}" fill="none" stroke="${INK}" stroke-width="${num(geometry.unit * 0.12)}" stroke-dasharray="${num(geometry.unit * 0.1)} ${num(geometry.unit * 0.3)}" stroke-linecap="round" opacity="0.7"/></g>`;
  }
  return out;
}

/** The legend below the board: phase and caption, the powers, the waives, the key. */
function legendLayer(
  map: GameMap,
  position: Position,
  styles: readonly PowerStyle[],
  owner: Int32Array,
  items: readonly OrderItem[],
  caption: string | undefined,
  origin: Point,
  width: number,
  u: number,
): { svg: string; height: number } {
  const size = Math.max(u * 0.6, width / 75);
  const row = size * 1.9;
  const [x0, y0] = origin;
  let y = y0 + row;
  let out = `<g class="legend" font-size="${num(size)}" fill="${INK}">`;
  out += `<rect x="${num(x0)}" y="${num(y0)}" width="${num(width)}" height="${LEGEND_HEIGHT}" fill="#FFFFFF" stroke="${BORDER}" stroke-width="${num(u * 0.1)}"/>`;
  out += `<text class="phase" x="${num(x0 + size)}" y="${num(y)}" font-weight="bold" font-size="${num(size * 1.2)}">${esc(phaseTitle(position))}${caption ? ` <tspan font-weight="normal">- ${esc(caption)}</tspan>` : ''}</text>`;
  y += row * 0.6;
  const centers = new Int32Array(styles.length);
  for (let p = 0; p < map.provinceCount; p++) if (owner[p]! >= 0) centers[owner[p]!]!++;
  const unitCount = new Int32Array(styles.length);
  for (const unit of [...position.units, ...position.dislodged]) {
    const i = ownerOf(map, unit.power);
    if (i >= 0) unitCount[i]!++;
  }
  // Powers with units or centres (all of them on an empty board).
  let shown = styles.map((_, i) => i).filter((i) => centers[i]! > 0 || unitCount[i]! > 0);
  if (shown.length === 0) shown = styles.map((_, i) => i);
  const entries = shown.map((i) => {
    const change = centers[i]! - unitCount[i]!;
    const due =
      position.phase.type !== 'adjustment' || change === 0
        ? ''
        : change > 0
          ? ` (builds ${change})`
          : ` (disbands ${-change})`;
    const units = `${unitCount[i]} unit${unitCount[i] === 1 ? '' : 's'}${due}`;
    return {
      i,
      name: powerDisplayName(map.definition, styles[i]!.name),
      units,
      length: `${styles[i]!.name} ${centers[i]} SC, ${units}`.length,
      neutral: i === map.neutralPower,
    };
  });
  // As many columns as the longest entry allows (DejaVu Sans: about 0.6 em per character, bold digits included).
  const longest = Math.max(...entries.map((e) => e.length)) * size * 0.6 + size * 3;
  const columns = Math.max(1, Math.min(shown.length, Math.floor((width - size * 2) / longest)));
  const columnWidth = (width - size * 2) / columns;
  entries.forEach(({ i, name, units, neutral }, k) => {
    const style = styles[i]!;
    const cx = x0 + size + (k % columns) * columnWidth;
    const cy = y + Math.floor(k / columns) * row + row * 0.5;
    const glyphSize = size * 0.62;
    out +=
      `<g class="legend-power" data-power="${style.name}" data-centers="${centers[i]}">` +
      unitGlyph('A', [cx + glyphSize, cy - size * 0.3], glyphSize, style, 'class="swatch"', style.name) +
      // The neutral units own no centre: their line counts units only.
      `<text x="${num(cx + glyphSize * 2.6)}" y="${num(cy)}">${esc(name)} ${neutral ? '' : `<tspan font-weight="bold">${centers[i]}</tspan> SC, `}${units}</text></g>`;
  });
  y += Math.ceil(shown.length / columns) * row + row * 0.3;
  const waives = items.filter((i) => i.given.order.kind === 'waive');
  if (waives.length > 0) {
    out += `<text x="${num(x0 + size)}" y="${num(y)}">Waived builds: `;
    out += waives
      .map(
        (w) =>
          `<tspan class="${itemClass(w, position.phase.type)}"><title>${esc(itemTitle(w))}</title>${esc(w.given.power ?? '?')}</tspan>`,
      )
      .join(', ');
    out += '</text>';
    y += row;
  }
  // The key, wrapped to the width (DejaVu Sans averages about 0.55 em per character).
  const perLine = Math.max(20, Math.floor((width - size * 2) / (size * 0.85 * 0.56)));
  for (const text of wrap(KEY, perLine)) {
    out += `<text class="key" x="${num(x0 + size)}" y="${num(y)}" font-size="${num(size * 0.85)}">${esc(text)}</text>`;
    y += row * 0.75;
  }
  return { svg: `${out}</g>`.replace(LEGEND_HEIGHT, num(y - y0)), height: y - y0 };
}

const KEY =
  'Arrow: move (through the convoying fleets). Dashed line: support, to a dot on the supported move or beside ' +
  'the held unit. Dotted ring: convoy. Ring: hold. Broken and crossed: failed, cut or illegal. Star: standoff. ' +
  'Burst: dislodged. P: paradox rule.';

/** Placeholder for the legend's height, known only once its rows are laid out. */
const LEGEND_HEIGHT = 'LEGEND-HEIGHT';

/** Words into lines of at most `width` characters. */
function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let current = '';
  for (const word of text.split(' ')) {
    if (current !== '' && current.length + 1 + word.length > width) {
      lines.push(current);
      current = word;
    } else current = current === '' ? word : `${current} ${word}`;
  }
  if (current !== '') lines.push(current);
  return lines;
}
