/**
 * Orders and their outcomes on the board. Each order is one `<g class="order KIND RESOLUTION ...">` with a `<title>`
 * (the order, the resolution and dipkit's reason), so tests and people can read it:
 *
 * - move: an arrow from the unit to the target; a move by convoy runs through the convoying fleets in route order;
 * - support: a dashed line from the supporter to the supported unit (hold) or to a point on its path (move);
 * - convoy: a dotted ring about the fleet (its route is the army's arrow; with no matching move, a dotted line from
 *   the army through the fleet to the destination);
 * - hold: a ring about the unit; retreat: an arrow from the dislodged unit; disband: a cross over the unit;
 * - build: a dashed ring with the new unit's faded glyph; waive: listed in the legend (svg.ts).
 *
 * Outcomes: successful orders are solid in the power's colour; an order that did not work (fails, cut, disrupted,
 * invalid, illegal) is drawn dashed and faded, with a white disc with a cross where it ends (moves) or in its
 * middle (supports, convoys). A paradox settled by a backup rule gets a "P" badge. Classes: `order`, the kind
 * (`move`, `retreat`, `support`, `convoy`, `hold`, `disband`, `build`, `waive`), the resolution word (`succeeds`,
 * `fails`, `cut`, ...), and `paradox` or `dislodged` where they apply.
 */
import type { OrderOutcome } from '../adjudication/outcome.js';
import { lookupLocation, splitCoast } from '../map/query.js';
import type { GameMap, UnitType } from '../map/types.js';
import { formatOrder } from '../orders/format.js';
import type { GivenOrder, Order } from '../orders/types.js';
import type { PhaseType } from '../position/types.js';
import { overlaps, unitBox, type Box } from './boxes.js';
import type { BoardGeometry, Point } from './geometry.js';
import {
  arrow,
  badge,
  bigCross,
  failMark,
  INK,
  line,
  ring,
  towards,
  unitGlyph,
  type LineStyle,
} from './glyphs.js';
import type { PowerStyle } from './palette.js';
import { edgeCrossing, nearestPlace } from './pieces.js';
import { esc, num } from './xml.js';

/** A unit where it is drawn. */
export interface Placed {
  power: number;
  type: UnitType;
  location: number;
  at: Point;
}

/** What drawing orders needs to know about the board. */
export interface Scene {
  map: GameMap;
  geometry: BoardGeometry;
  styles: readonly PowerStyle[];
  phase: PhaseType;
  /** The unit standing in each province, and the dislodged one (retreat phases), by province id. */
  units: readonly (Placed | undefined)[];
  dislodged: readonly (Placed | undefined)[];
  /** The box of each province's label where it is drawn (boxes.ts), which failure crosses keep off. */
  labels?: readonly Box[];
}

/** An order to draw, with its outcome when one is shown. */
export interface OrderItem {
  given: GivenOrder;
  outcome?: OrderOutcome;
  /** Canonical text, for the title and for sorting. */
  text: string;
}

const NEUTRAL_INK = '#7A7A7A';
/** The failure cross's width, in u. */
const MARK_SIZE = 1.1;

function dashes(on: number, off: number): string {
  return `${num(on)} ${num(off)}`;
}

/** The items in a fixed order (by unit location, then text, then power), whatever order they were given in. */
export function sortItems(items: OrderItem[]): OrderItem[] {
  const key = (i: OrderItem): string => {
    const order = i.given.order;
    const at = order.kind === 'waive' ? '~' : order.unit.location;
    return `${at}\u0000${i.text}\u0000${i.given.power ?? ''}\u0000${i.outcome?.resolution ?? ''}\u0000${i.outcome?.message ?? ''}`;
  };
  const keyed = items.map((item) => ({ item, key: key(item) }));
  keyed.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  return keyed.map((k) => k.item);
}

export function orderItem(map: GameMap, given: GivenOrder, outcome?: OrderOutcome): OrderItem {
  const item: OrderItem = { given, text: formatOrder(map, given.order) };
  if (outcome) item.outcome = outcome;
  return item;
}

/** The item's title: "FRANCE: A PAR - BUR", then the resolution and reason, then the dislodgement. */
export function itemTitle(item: OrderItem): string {
  let title = `${item.given.power ?? '?'}: ${item.text}`;
  const o = item.outcome;
  if (o) {
    title += `\n${o.message.startsWith(o.resolution) ? o.message : `${o.resolution}: ${o.message}`}`;
    if (o.dislodged) {
      const where =
        o.dislodged.retreats.length === 0 ? 'destroyed' : `may retreat to ${o.dislodged.retreats.join(', ')}`;
      title += `\ndislodged by ${o.dislodged.by} from ${o.dislodged.from}${o.dislodged.byConvoy ? ' (by convoy)' : ''}; ${where}`;
    }
  }
  return title;
}

/** The kind class: a move in a retreat phase is a retreat. */
function kindOf(order: Order, phase: PhaseType): string {
  return order.kind === 'move' && phase === 'retreat' ? 'retreat' : order.kind;
}

/** True when the outcome shows the order did not work. */
function failed(item: OrderItem): boolean {
  const r = item.outcome?.resolution;
  return r === 'fails' || r === 'cut' || r === 'disrupted' || r === 'illegal' || r === 'invalid';
}

/** The `class` attribute of an order element. */
export function itemClass(item: OrderItem, phase: PhaseType): string {
  const parts = ['order', kindOf(item.given.order, phase)];
  const o = item.outcome;
  if (o) {
    parts.push(o.resolution);
    if (o.reason.code === 'paradox') parts.push('paradox');
    if (o.dislodged) parts.push('dislodged');
  }
  return parts.join(' ');
}

/**
 * Where an order's unit is drawn: the unit standing (or, in a retreat phase, dislodged) there, else the place
 * named (its piece nearest `near`, when given).
 */
function unitPlace(
  scene: Scene,
  location: string,
  retreating: boolean,
  near?: Point,
): { at: Point; unit?: Placed } | undefined {
  const { province } = splitCoast(scene.map, location);
  if (province < 0) return undefined;
  const unit = (retreating ? scene.dislodged : scene.units)[province];
  if (unit) return { at: unit.at, unit };
  const l = lookupLocation(scene.map, location);
  return { at: placeNear(scene, l >= 0 ? l : province, near) };
}

/**
 * The anchor of a target location ("SPA/NC", "BUR"; a province without its coast uses the province's anchor),
 * in the piece nearest `near` when the province is drawn in several.
 */
function targetPlace(scene: Scene, location: string, near?: Point): Point | undefined {
  const at = drawnLocation(scene.map, location);
  return at < 0 ? undefined : placeNear(scene, at, near);
}

/** The location an order names as it is drawn: its coast if known, else its province; -1 if neither. */
function drawnLocation(map: GameMap, code: string): number {
  const l = lookupLocation(map, code);
  return l >= 0 ? l : splitCoast(map, code).province;
}

function placeNear(scene: Scene, location: number, near: Point | undefined): Point {
  return near ? nearestPlace(scene.geometry, scene.map, location, near) : scene.geometry.anchors[location]!;
}

/**
 * For each province whose unit has an order or is named in one, the locations those orders connect it with: a
 * move's target, a support's supported unit (a hold) or target (a move), a convoy's army and target, the
 * supporters of a held unit and the fleets convoying an army. A unit in a province of several pieces stands in
 * the piece nearest to them (pieces.ts).
 */
export function orderPartners(map: GameMap, items: readonly OrderItem[]): Map<number, number[]> {
  const partners = new Map<number, number[]>();
  const link = (unit: string, other: string): void => {
    const p = splitCoast(map, unit).province;
    const l = drawnLocation(map, other);
    if (p < 0 || l < 0) return;
    const list = partners.get(p);
    if (list) list.push(l);
    else partners.set(p, [l]);
  };
  for (const { given } of items) {
    const order = given.order;
    if (order.kind === 'move') link(order.unit.location, order.to);
    else if (order.kind === 'support') {
      link(order.unit.location, order.to ?? order.supported.location);
      if (order.to === undefined) link(order.supported.location, order.unit.location);
    } else if (order.kind === 'convoy') {
      link(order.unit.location, order.army.location);
      link(order.unit.location, order.to);
      link(order.army.location, order.unit.location);
    }
  }
  return partners;
}

function powerIndex(scene: Scene, item: OrderItem, unit?: Placed): number {
  const named = item.given.power === undefined ? -1 : scene.map.powers.indexOf(item.given.power);
  return named >= 0 ? named : (unit?.power ?? -1);
}

/**
 * Draws every item: the orders layer, and the marks layer (failure crosses and paradox badges, each with its
 * order's title) that goes over the labels.
 */
export function drawOrders(scene: Scene, items: readonly OrderItem[]): { orders: string; marks: string } {
  const routes = convoyRoutes(scene, items);
  const drawn = { orders: '', marks: '' };
  // Supports and convoys under moves, moves under holds and the rest: the arrows stay readable.
  const layer = (k: string): number => (k === 'support' || k === 'convoy' ? 0 : k === 'move' ? 1 : 2);
  for (const pass of [0, 1, 2]) {
    for (const item of items) {
      if (item.given.order.kind === 'waive') continue;
      if (layer(item.given.order.kind) !== pass) continue;
      drawItem(scene, item, routes, drawn);
    }
  }
  return drawn;
}

function drawItem(
  scene: Scene,
  item: OrderItem,
  routes: ReadonlyMap<OrderItem, Point[]>,
  drawn: { orders: string; marks: string },
): void {
  const order = item.given.order;
  if (order.kind === 'waive') return;
  const u = scene.geometry.unit;
  const retreating = scene.phase === 'retreat';
  const from = unitPlace(scene, order.unit.location, retreating);
  if (!from) return;
  const power = powerIndex(scene, item, from.unit);
  const color = scene.styles[power]?.color ?? NEUTRAL_INK;
  const bad = failed(item);
  const faded = bad ? ' opacity="0.8"' : '';
  const open = `<g class="${itemClass(item, scene.phase)}"${item.given.power ? ` data-power="${esc(item.given.power)}"` : ''} data-unit="${esc(order.unit.location)}"${faded}><title>${esc(itemTitle(item))}</title>`;
  const heavy: LineStyle = {
    color,
    width: u * 0.42,
    dash: bad ? dashes(u * 0.7, u * 0.45) : '',
    cased: true,
    hollow: bad,
  };
  const light: LineStyle = { color, width: u * 0.26, dash: dashes(u * 0.55, u * 0.4), cased: true };
  let body = '';
  let mark: Point | undefined;
  switch (order.kind) {
    case 'move': {
      const route = routes.get(item);
      const to = route?.at(-1) ?? targetPlace(scene, order.to, from.at);
      if (!to) break;
      const occupied = targetOccupied(scene, order.to);
      const style = retreating ? { ...heavy, width: u * 0.34 } : heavy;
      const edge = route ? undefined : edgeCrossing(scene.geometry, from.at, to);
      if (edge) {
        // Out through one edge of a world map and in at the other, as the move goes (the Bering Strait).
        const tip = towards(to, edge.back, occupied ? u * 1.3 : u * 0.9);
        body =
          line([towards(from.at, edge.out, u * 1.25), edge.out], style) +
          arrow([edge.back, tip], style, u * 1.1);
        mark = bad ? crossOnLine(scene, tip, edge.back, u * 0.5) : undefined;
        break;
      }
      const path = route ?? [from.at, to];
      const start = towards(path[0]!, path[1]!, u * 1.25);
      const tip = towards(to, path[path.length - 2]!, occupied ? u * 1.3 : u * 0.9);
      body = arrow([start, ...path.slice(1, -1), tip], style, u * 1.1);
      mark = bad ? crossOnLine(scene, tip, path[path.length - 2]!, u * 0.5) : undefined;
      break;
    }
    case 'support': {
      const supported = unitPlace(scene, order.supported.location, false, from.at);
      if (!supported) break;
      // The line ends at a dot: beside the held unit, or on the supported move's path (its last leg, two thirds
      // along, so a convoyed move's dot is on the leg that reaches the target).
      // Across the edge of a world map, the supported move and the support's line each go out at one edge and
      // in at the other (edgeCrossing).
      let end: Point;
      if (order.to === undefined) {
        end = supported.at;
      } else {
        const route = routeOf(scene, order.supported.location, order.to, routes);
        const to = route?.at(-1) ?? targetPlace(scene, order.to, supported.at);
        if (!to) break;
        const leg = route
          ? route[route.length - 2]!
          : (edgeCrossing(scene.geometry, supported.at, to)?.back ?? supported.at);
        end = [leg[0] + (to[0] - leg[0]) * 0.66, leg[1] + (to[1] - leg[1]) * 0.66];
      }
      const edge = edgeCrossing(scene.geometry, from.at, end);
      if (order.to === undefined) end = towards(supported.at, edge?.back ?? from.at, u * 1.45);
      const first = edge?.out ?? end;
      const start = towards(from.at, first, u * 1.25);
      body = edge
        ? line([start, edge.out], light) + line([edge.back, end], light)
        : line([start, end], light);
      body += `<circle cx="${num(end[0])}" cy="${num(end[1])}" r="${num(u * 0.32)}" fill="${color}" stroke="${INK}" stroke-width="${num(u * 0.1)}"/>`;
      mark = bad
        ? crossOnLine(
            scene,
            from.at,
            first,
            Math.min(u * 2.2, Math.hypot(first[0] - from.at[0], first[1] - from.at[1]) / 2),
          )
        : undefined;
      break;
    }
    case 'convoy': {
      body = ring(from.at, u * 1.6, {
        color,
        width: u * 0.22,
        dash: dashes(u * 0.25, u * 0.25),
        cased: true,
      });
      const army = unitPlace(scene, order.army.location, false, from.at);
      const to = targetPlace(scene, order.to, from.at);
      // The army's arrow shows the route when its move is there; otherwise the fleet shows what it would carry.
      if (army && to && !routeOf(scene, order.army.location, order.to, routes)) {
        body += line([towards(army.at, from.at, u * 1.25), from.at, towards(to, from.at, u * 0.3)], {
          color,
          width: u * 0.16,
          dash: dashes(u * 0.2, u * 0.3),
          cased: false,
        });
      }
      mark = bad ? [from.at[0], from.at[1] + u * 1.6] : undefined;
      break;
    }
    case 'hold':
      body = ring(from.at, u * 1.6, { ...heavy, width: u * 0.3 });
      mark = bad ? [from.at[0] + u * 1.15, from.at[1] - u * 1.15] : undefined;
      break;
    case 'disband':
      body = bigCross(from.at, u * 2.4);
      break;
    case 'build': {
      const to = targetPlace(scene, order.unit.location) ?? from.at;
      const style = scene.styles[power];
      body = ring(to, u * 1.7, {
        color: color,
        width: u * 0.24,
        dash: dashes(u * 0.4, u * 0.3),
        cased: true,
      });
      if (style)
        body += `<g opacity="0.75">${unitGlyph(order.unit.type ?? 'A', to, u, style, 'class="ghost"', item.text)}</g>`;
      body += badge([to[0] + u * 1.3, to[1] - u * 1.3], u * 1.2, '+', '#FFFFFF', 'class="mark build"');
      mark = bad ? [to[0] - u * 1.3, to[1] - u * 1.3] : undefined;
      break;
    }
  }
  drawn.orders += `${open}${body}</g>`;
  const title = `<title>${esc(itemTitle(item))}</title>`;
  if (mark) drawn.marks += failMark(mark, u * MARK_SIZE, 'class="mark fail"', title);
  if (item.outcome?.reason.code === 'paradox') {
    const at = from.at;
    drawn.marks += badge(
      [at[0] - u * 1.5, at[1] + u * 1.3],
      u * 1.3,
      'P',
      '#FFFFFF',
      'class="mark paradox"',
      title,
    );
  }
}

/**
 * Where a failure cross goes on the line from `a` towards `b`: `distance` from `a`, or, when a label lies under it
 * there, the nearest point farther along (in steps of a third of a unit, to where the line leaves `b`'s unit) where
 * no label and no unit marker does (units are drawn over the crosses); where the line leaves no room, at
 * `distance`.
 */
function crossOnLine(scene: Scene, a: Point, b: Point, distance: number): Point {
  const first = towards(a, b, distance);
  const labels = scene.labels;
  if (!labels) return first;
  const u = scene.geometry.unit;
  const box = (p: Point): Box => {
    const half = (MARK_SIZE * u) / 2;
    return { x0: p[0] - half, y0: p[1] - half, x1: p[0] + half, y1: p[1] + half };
  };
  const overLabel = (p: Point): boolean => labels.some((l) => overlaps(box(p), l));
  if (!overLabel(first)) return first;
  const markers = [...scene.units, ...scene.dislodged].flatMap((unit) => (unit ? [unitBox(unit.at, u)] : []));
  const length = Math.hypot(b[0] - a[0], b[1] - a[1]);
  for (let d = distance + u / 3; d <= length - u * 1.25; d += u / 3) {
    const p = towards(a, b, d);
    if (!overLabel(p) && !markers.some((m) => overlaps(box(p), m))) return p;
  }
  return first;
}

function targetOccupied(scene: Scene, location: string): boolean {
  const { province } = splitCoast(scene.map, location);
  return province >= 0 && scene.units[province] !== undefined;
}

/** The drawn route of the move of the unit at `location` to `to`, when it goes through convoying fleets. */
function routeOf(
  scene: Scene,
  location: string,
  to: string,
  routes: ReadonlyMap<OrderItem, Point[]>,
): Point[] | undefined {
  const province = splitCoast(scene.map, location).province;
  const target = splitCoast(scene.map, to).province;
  for (const [item, route] of routes) {
    const m = item.given.order;
    if (
      m.kind === 'move' &&
      splitCoast(scene.map, m.unit.location).province === province &&
      splitCoast(scene.map, m.to).province === target
    )
      return route;
  }
  return undefined;
}

/**
 * Routes of moves by convoy: for each army move with convoy orders that match it, the anchors from the army
 * through the convoying fleets to the target, the fleets in route order (breadth first over fleet adjacency among
 * the convoying fleets). Moves without such a chain are drawn straight.
 */
function convoyRoutes(scene: Scene, items: readonly OrderItem[]): Map<OrderItem, Point[]> {
  const { map } = scene;
  const routes = new Map<OrderItem, Point[]>();
  for (const item of items) {
    const move = item.given.order;
    if (move.kind !== 'move' || scene.phase !== 'movement') continue;
    const army = splitCoast(map, move.unit.location).province;
    const target = splitCoast(map, move.to).province;
    const fleets = new Set<number>();
    for (const other of items) {
      const c = other.given.order;
      if (
        c.kind !== 'convoy' ||
        c.army.location !== move.unit.location ||
        splitCoast(map, c.to).province !== target
      )
        continue;
      const p = splitCoast(map, c.unit.location).province;
      if (p >= 0 && scene.units[p]?.type === 'F') fleets.add(p);
    }
    if (fleets.size === 0 || army < 0 || target < 0) continue;
    const chain = fleetChain(map, army, target, fleets);
    const from = scene.units[army]?.at ?? scene.geometry.anchors[army];
    if (!chain || !from) continue;
    const stops = chain.map((p) => scene.units[p]!.at);
    const to = targetPlace(scene, move.to, stops.at(-1));
    if (to) routes.set(item, [from, ...stops, to]);
  }
  return routes;
}

/** Provinces reached by a fleet from any location of `province`. */
function fleetProvinces(map: GameMap, province: number): Set<number> {
  const out = new Set<number>();
  const locations = [province, ...(map.provinceCoasts[province] ?? [])];
  for (const l of locations)
    for (let i = map.fleetStart[l]!; i < map.fleetStart[l + 1]!; i++)
      out.add(map.locationProvince[map.fleetAdj[i]!]!);
  return out;
}

/** The shortest chain of `fleets` from `from` to `to` (breadth first, lowest province id first), or undefined. */
function fleetChain(
  map: GameMap,
  from: number,
  to: number,
  fleets: ReadonlySet<number>,
): number[] | undefined {
  const previous = new Map<number, number>();
  const queue: number[] = [];
  for (const p of [...fleetProvinces(map, from)].sort((a, b) => a - b)) {
    if (fleets.has(p) && !previous.has(p)) {
      previous.set(p, -1);
      queue.push(p);
    }
  }
  for (let head = 0; head < queue.length; head++) {
    const p = queue[head]!;
    const next = fleetProvinces(map, p);
    if (next.has(to)) {
      const chain = [p];
      for (let q = previous.get(p)!; q >= 0; q = previous.get(q)!) chain.unshift(q);
      return chain;
    }
    for (const q of [...next].sort((a, b) => a - b)) {
      if (fleets.has(q) && !previous.has(q)) {
        previous.set(q, p);
        queue.push(q);
      }
    }
  }
  return undefined;
}
