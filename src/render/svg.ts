/**
 * `renderSvg(map, position, options)`: a board as one self-contained SVG document (no scripts, no external files,
 * no fonts embedded; text in DejaVu Sans or the viewer's sans-serif). Pure and deterministic: the same input gives
 * the same bytes, whatever order the units and orders are listed in.
 *
 * Layers, bottom to top: provinces (sea, coast, inland; owned supply-centre land tinted in the owner's colour),
 * impassable areas (hatched), supply-centre markers (owner's colour and letter, white when neutral),
 * abbreviations, standoff markers, supports and convoys, moves, other orders, units, dislodged units, failure and
 * paradox marks, then the legend below the board: the phase, each power with its letter, units and supply
 * centres, the waives and the order key.
 *
 * Elements tests can read: `path.province` with `data-province` (one per province), `g.unit` with `data-power`,
 * `data-location` and `transform="translate(x y)"` at the location's anchor (dislodged ones also `dislodged`,
 * offset up and right), `g.order` (orders.ts), `g.bounce` with `data-province`, `g.dislodgement`, `g.legend`.
 */
import type { OrderOutcome } from '../adjudication/outcome.js';
import { lookupLocation, lookupPower, splitCoast } from '../map/query.js';
import type { GameMap } from '../map/types.js';
import type { GivenOrder } from '../orders/types.js';
import type { DislodgedUnit, Position } from '../position/types.js';
import type { BoardGeometry, Point } from './geometry.js';
import { FONT, INK, star, towards, unitGlyph } from './glyphs.js';
import {
  drawOrders,
  itemClass,
  itemTitle,
  orderItem,
  sortItems,
  type OrderItem,
  type Placed,
  type Scene,
} from './orders.js';
import { NEUTRAL, powerStyles, type PowerStyle } from './palette.js';
import { schematicGeometry } from './schematic.js';
import { esc, num } from './xml.js';

/** What a phase's adjudication gives the renderer: any of MovementResult, RetreatResult, AdjustmentResult. */
export interface RenderResult {
  /** One outcome per order; each carries its order (`given`). */
  orders: readonly OrderOutcome[];
  /** Provinces left empty by a standoff (MovementResult): standoff markers. */
  contested?: readonly string[];
  /** Units dislodged (MovementResult): dislodgement markers, also on units that had no order. */
  dislodged?: readonly DislodgedUnit[];
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
  /** The board's shapes (readGeometry); default: the schematic layout of the map (schematic.ts). */
  geometry?: BoardGeometry;
  /** A caption after the phase name in the legend ("DATC 6.F.16, Pandin's paradox"). */
  caption?: string;
}

const LAND = '#F4EBD0';
const INLAND = '#E9DDB9';
const SEA = '#BFD9EE';
const BORDER = '#6B6B6B';

/** The board as an SVG document. */
export function renderSvg(map: GameMap, position: Position, options: RenderOptions = {}): string {
  const geometry = options.geometry ?? schematicGeometry(map);
  const styles = powerStyles(map);
  const u = geometry.unit;
  const showOrders = options.showOrders !== false;
  const showOutcomes = options.showOutcomes !== false && options.result !== undefined;

  const units = placeUnits(map, geometry, position.units, [0, 0]);
  const dislodged = placeUnits(map, geometry, position.dislodged, [u * 1.25, -u * 1.05]);
  const scene: Scene = { map, geometry, styles, phase: position.phase.type, units, dislodged };

  let items: OrderItem[] = [];
  if (showOrders) {
    items = options.result
      ? options.result.orders.map((o) => orderItem(map, o.given, showOutcomes ? o : undefined))
      : (options.orders ?? []).map((g) => orderItem(map, g));
    items = sortItems(items);
  }

  const owner = centerOwners(map, position);
  const [vx, vy, width, height] = geometry.viewBox;
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
  svg += centerLayer(map, geometry, styles, owner);
  svg += labelLayer(map, geometry, units, dislodged);
  if (showOrders) svg += `<g class="orders">${drawOrders(scene, items)}</g>`;
  if (showOutcomes) svg += bounceLayer(map, geometry, options.result?.contested ?? []);
  svg += unitLayer(map, position, styles, units, dislodged, u);
  if (showOutcomes) svg += dislodgementLayer(map, geometry, options.result!, units);
  svg += legend.svg;
  return `${svg}</svg>\n`;
}

function phaseTitle(position: Position): string {
  const cap = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);
  return `${cap(position.phase.season)} ${position.phase.year} ${cap(position.phase.type)}`;
}

/** Units by province, where they are drawn (`offset` from their location's anchor). Unknown places are left out. */
function placeUnits(
  map: GameMap,
  geometry: BoardGeometry,
  list: readonly { power: string; type: 'A' | 'F'; location: string }[],
  offset: Point,
): (Placed | undefined)[] {
  const placed: (Placed | undefined)[] = new Array<Placed | undefined>(map.provinceCount);
  for (const unit of list) {
    const location = lookupLocation(map, unit.location);
    if (location < 0) continue;
    const [x, y] = geometry.anchors[location]!;
    placed[map.locationProvince[location]!] = {
      power: lookupPower(map, unit.power),
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

function provinceLayer(
  map: GameMap,
  g: BoardGeometry,
  styles: readonly PowerStyle[],
  owner: Int32Array,
): string {
  let out = `<g class="provinces" stroke="${BORDER}" stroke-width="${num(g.unit * 0.09)}" stroke-linejoin="round" fill-rule="evenodd">`;
  for (let p = 0; p < map.provinceCount; p++) {
    const kind = map.provinceKind[p]!;
    const base = kind === 'sea' ? SEA : kind === 'land' ? INLAND : LAND;
    const fill = kind !== 'sea' && owner[p]! >= 0 ? styles[owner[p]!]!.tint : base;
    out += `<path class="province ${kind}" data-province="${map.locationCode[p]}" d="${g.areas[p]}" fill="${fill}"><title>${esc(map.provinceName[p]!)}</title></path>`;
  }
  for (const area of g.impassable)
    out += `<path class="impassable" data-area="${esc(area.code)}" d="${area.path}" fill="url(#hatch)"><title>${esc(area.name)} (impassable)</title></path>`;
  return `${out}</g>`;
}

function centerLayer(
  map: GameMap,
  g: BoardGeometry,
  styles: readonly PowerStyle[],
  owner: Int32Array,
): string {
  const u = g.unit;
  let out = '<g class="centers">';
  for (let p = 0; p < map.provinceCount; p++) {
    const at = g.centers[p];
    if (!at || map.supplyCenter[p] !== 1) continue;
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

/** Abbreviations; a label that a unit would cover moves below the unit. */
function labelLayer(
  map: GameMap,
  g: BoardGeometry,
  units: readonly (Placed | undefined)[],
  dislodged: readonly (Placed | undefined)[],
): string {
  const u = g.unit;
  let out = `<g class="labels" font-size="${num(u * 0.95)}" text-anchor="middle" fill="${INK}" stroke="#FFFFFF" stroke-width="${num(u * 0.22)}" paint-order="stroke" stroke-linejoin="round">`;
  for (let p = 0; p < map.provinceCount; p++) {
    const [x, labelY] = g.labels[p]!;
    let y = labelY;
    const unit = units[p] ?? dislodged[p];
    if (unit && Math.abs(unit.at[0] - x) < u * 2.2 && Math.abs(unit.at[1] - y) < u * 1.7)
      y = unit.at[1] + u * 2.05;
    out += `<text class="label" data-province="${map.locationCode[p]}" x="${num(x)}" y="${num(y + u * 0.33)}"><title>${esc(map.provinceName[p]!)}</title>${map.locationCode[p]}</text>`;
  }
  return `${out}</g>`;
}

/** Standoff markers on the provinces a bounce left empty. */
function bounceLayer(map: GameMap, g: BoardGeometry, contested: readonly string[]): string {
  const u = g.unit;
  let out = '';
  for (const code of [...contested].sort()) {
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
    const from = attacker >= 0 ? geometry.anchors[attacker]! : [unit.at[0] - 1, unit.at[1] - 1];
    const at = towards(unit.at, [from[0], from[1]], -u * 1.45);
    out += `<g class="dislodgement" data-location="${map.locationCode[unit.location]}"><title>${esc(`${d.type} ${d.location} dislodged by an attack from ${d.attackerFrom}${d.byConvoy ? ' (by convoy)' : ''}`)}</title>${star(at, u * 1.0, u * 0.5, 7, INK)}<path d="M${num(at[0] - u * 0.25)} ${num(at[1] - u * 0.25)}L${num(at[0] + u * 0.25)} ${num(at[1] + u * 0.25)}M${num(at[0] - u * 0.25)} ${num(at[1] + u * 0.25)}L${num(at[0] + u * 0.25)} ${num(at[1] - u * 0.25)}" stroke="#FFFFFF" stroke-width="${num(u * 0.16)}" stroke-linecap="round"/></g>`;
  }
  return out === '' ? '' : `<g class="dislodgements">${out}</g>`;
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
  const size = Math.max(u * 1.1, width / 70);
  const row = size * 1.9;
  const [x0, y0] = origin;
  let y = y0 + row;
  let out = `<g class="legend" font-size="${num(size)}" fill="${INK}">`;
  out += `<text class="phase" x="${num(x0 + size)}" y="${num(y)}" font-weight="bold" font-size="${num(size * 1.2)}">${esc(phaseTitle(position))}${caption ? ` <tspan font-weight="normal">- ${esc(caption)}</tspan>` : ''}</text>`;
  y += row * 0.6;
  const centers = new Int32Array(styles.length);
  for (let p = 0; p < map.provinceCount; p++) if (owner[p]! >= 0) centers[owner[p]!]!++;
  const unitCount = new Int32Array(styles.length);
  for (const unit of position.units) {
    const i = lookupPower(map, unit.power);
    if (i >= 0) unitCount[i]!++;
  }
  const columns = Math.max(1, Math.min(styles.length, Math.floor(width / (size * 13))));
  const columnWidth = (width - size * 2) / columns;
  styles.forEach((style, i) => {
    const cx = x0 + size + (i % columns) * columnWidth;
    const cy = y + Math.floor(i / columns) * row + row * 0.5;
    const glyphSize = size * 0.62;
    out +=
      `<g class="legend-power" data-power="${style.name}" data-centers="${centers[i]}">` +
      unitGlyph('A', [cx + glyphSize, cy - size * 0.3], glyphSize, style, 'class="swatch"', style.name) +
      `<text x="${num(cx + glyphSize * 2.6)}" y="${num(cy)}">${esc(cap(style.name))} <tspan font-weight="bold">${centers[i]}</tspan> SC, ${unitCount[i]} unit${unitCount[i] === 1 ? '' : 's'}</text></g>`;
  });
  y += Math.ceil(styles.length / columns) * row + row * 0.3;
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
  for (const text of KEY) {
    out += `<text class="key" x="${num(x0 + size)}" y="${num(y)}" font-size="${num(size * 0.85)}">${esc(text)}</text>`;
    y += row * 0.75;
  }
  return { svg: `${out}</g>`, height: y - y0 };
}

const KEY = [
  'Arrow: move (through the convoying fleets). Dashed line: support, to a dot on the supported move or beside the held unit.',
  'Dotted ring: convoy. Ring: hold. Broken and crossed: failed, cut or illegal. Star: standoff. Burst: dislodged. P: paradox rule.',
];

function cap(name: string): string {
  return name.charAt(0) + name.slice(1).toLowerCase();
}
