/**
 * Map geometry: the shapes and places the renderer draws a board with.
 *
 * `MapGeometry` is the file format (src/map/standard.geometry.json): projected integer coordinates in SVG user units
 * (y down), TopoJSON-like. Borders are stored once, as arcs (first point absolute, then deltas); a province is a
 * list of polygons, each a list of rings (outer first, then holes), each ring a list of arc indices, `~i` (that is
 * `-i-1`) for arc i reversed. Consecutive arcs of a ring share their joining point. Besides the areas: where each
 * province's abbreviation goes (`label`), where a unit of each location stands (`anchors`, coasts included), where
 * each supply centre's marker goes (`supplyCenters`), optional impassable areas (Switzerland) and optional `land`
 * that belongs to no province (Ireland), drawn plain.
 *
 * `readGeometry` checks such a value against a map and decodes it once into a `BoardGeometry`: one SVG path per
 * province (rings closed, holes by the even-odd rule) and points indexed by province and location id, which is
 * what the renderer works with. The schematic layout (schematic.ts) produces the same `BoardGeometry`.
 */
import { issue, type Issue, type Result } from '../issues.js';
import type { GameMap } from '../map/types.js';
import { num } from './xml.js';

export type Point = readonly [number, number];

/** The geometry file as JSON. */
export interface MapGeometry {
  about?: string;
  viewBox: [number, number, number, number];
  arcs: number[][][];
  provinces: Record<string, { arcs: number[][][]; label: [number, number] }>;
  anchors: Record<string, [number, number]>;
  /**
   * Optional: where a unit stands in each other piece of a province drawn in several (a sea cut by the edge of a
   * world map has a piece at each edge); order lines end in the piece nearest their other end.
   */
  pieceAnchors?: Record<string, [number, number][]>;
  /**
   * Optional: the board's left and right edges are one meridian (a world map cut in the Bering Strait); a line
   * between places nearer each other across that edge is drawn out of one edge and in at the other.
   */
  wraps?: boolean;
  supplyCenters: Record<string, [number, number]>;
  impassable?: Record<string, { name: string; arcs: number[][][]; label: [number, number] }>;
  /** Optional: land that is no province (Ireland, Iceland, ...), drawn plain. */
  land?: number[][][];
  /** Optional: water that is no sea province (the Irish Sea on a board of the North Sea), drawn as sea. */
  water?: number[][][];
}

/** An area that is not a province (Switzerland): drawn, never entered. */
export interface ImpassableArea {
  code: string;
  name: string;
  path: string;
  label: Point;
}

/** A geometry decoded for one map: everything indexed by province or location id. */
export interface BoardGeometry {
  /** [x, y, width, height] of the board (the legend goes below it). */
  viewBox: readonly [number, number, number, number];
  /** SVG path data of each province's area (by province id), every ring closed. */
  areas: readonly string[];
  /** Where each province's abbreviation is drawn. */
  labels: readonly Point[];
  /** Where a unit at each location stands (by location id). */
  anchors: readonly Point[];
  /**
   * A province drawn in several pieces: where a unit stands in each piece, its anchor first (by province id;
   * undefined for a province in one piece). See pieces.ts.
   */
  pieces?: readonly (readonly Point[] | undefined)[];
  /** True when the left and right edges are one meridian (`MapGeometry.wraps`). */
  wraps?: boolean;
  /** Where each supply centre's marker is drawn (undefined for other provinces). */
  centers: readonly (Point | undefined)[];
  impassable: readonly ImpassableArea[];
  /** SVG path of the land that is no province ('' when none). */
  land: string;
  /** SVG path of the water that is no sea province ('' when none). */
  water: string;
  /** Radius of a unit glyph; every other size is a multiple of it. */
  unit: number;
  /** How the geometry was made: "schematic" or the file's `about`. */
  about: string;
}

const decoded = new WeakMap<object, WeakMap<GameMap, Result<BoardGeometry>>>();

/**
 * Checks a geometry file's value against `map` and decodes it. Issues (code `bad-geometry`) name the field:
 * `provinces.LON.arcs[0][0][2]: arc 99 does not exist`, `anchors: no anchor for SPA/NC`. Cached per value and map.
 */
export function readGeometry(map: GameMap, json: unknown): Result<BoardGeometry> {
  if (typeof json !== 'object' || json === null) return { issues: [bad('', 'not a JSON object')] };
  let byMap = decoded.get(json);
  if (!byMap) decoded.set(json, (byMap = new WeakMap()));
  let result = byMap.get(map);
  if (!result) byMap.set(map, (result = decode(map, json as Record<string, unknown>)));
  return result;
}

function bad(field: string, message: string): Issue {
  return issue('bad-geometry', field === '' ? message : `${field}: ${message}`);
}

function isPoint(v: unknown): v is [number, number] {
  return Array.isArray(v) && v.length === 2 && v.every((x) => typeof x === 'number' && Number.isFinite(x));
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function decode(map: GameMap, json: Record<string, unknown>): Result<BoardGeometry> {
  const issues: Issue[] = [];
  const box = json['viewBox'];
  if (
    !Array.isArray(box) ||
    box.length !== 4 ||
    !box.every((x) => typeof x === 'number' && Number.isFinite(x))
  ) {
    issues.push(bad('viewBox', 'expected [x, y, width, height]'));
  } else if ((box[2] as number) <= 0 || (box[3] as number) <= 0) {
    issues.push(bad('viewBox', 'width and height must be positive'));
  }
  const arcs = decodeArcs(json['arcs'], issues);
  const provinces = json['provinces'];
  const anchorsJson = json['anchors'];
  const centersJson = json['supplyCenters'];
  if (!isRecord(provinces)) issues.push(bad('provinces', 'expected an object of province codes'));
  if (!isRecord(anchorsJson)) issues.push(bad('anchors', 'expected an object of location codes'));
  if (!isRecord(centersJson)) issues.push(bad('supplyCenters', 'expected an object of province codes'));
  if (issues.length > 0 || !arcs || !isRecord(provinces) || !isRecord(anchorsJson) || !isRecord(centersJson))
    return { issues };

  const areas: string[] = [];
  const labels: Point[] = [];
  const centers: (Point | undefined)[] = [];
  for (let p = 0; p < map.provinceCount; p++) {
    const code = map.locationCode[p]!;
    const entry = provinces[code];
    const field = `provinces.${code}`;
    if (!isRecord(entry)) {
      issues.push(bad(field, `no area for province ${code}`));
      continue;
    }
    areas[p] = areaPath(entry['arcs'], arcs, `${field}.arcs`, issues);
    const label = entry['label'];
    if (isPoint(label)) labels[p] = label;
    else issues.push(bad(`${field}.label`, 'expected [x, y]'));
    if (map.supplyCenter[p] === 1) {
      const at = centersJson[code];
      if (isPoint(at)) centers[p] = at;
      else issues.push(bad(`supplyCenters.${code}`, `no marker place for supply centre ${code}`));
    }
  }
  const known = new Set(map.locationCode);
  for (const code of Object.keys(provinces).sort()) {
    if (!known.has(code) || code.includes('/'))
      issues.push(bad(`provinces.${code}`, `the map has no province ${code}`));
  }
  const anchors: Point[] = [];
  for (let l = 0; l < map.locationCount; l++) {
    const code = map.locationCode[l]!;
    const at = anchorsJson[code];
    if (isPoint(at)) anchors[l] = at;
    else issues.push(bad(`anchors.${code}`, `no anchor for location ${code}`));
  }
  const pieces = decodePieces(map, json['pieceAnchors'], anchors, issues);
  const impassable: ImpassableArea[] = [];
  const blocked = json['impassable'];
  if (blocked !== undefined) {
    if (!isRecord(blocked)) issues.push(bad('impassable', 'expected an object of area codes'));
    else {
      for (const code of Object.keys(blocked).sort()) {
        const entry = blocked[code];
        const field = `impassable.${code}`;
        if (!isRecord(entry) || !isPoint(entry['label'])) {
          issues.push(bad(field, 'expected { name, arcs, label }'));
          continue;
        }
        const name = typeof entry['name'] === 'string' ? entry['name'] : code;
        impassable.push({
          code,
          name,
          path: areaPath(entry['arcs'], arcs, `${field}.arcs`, issues),
          label: entry['label'],
        });
      }
    }
  }
  const wraps = json['wraps'];
  if (wraps !== undefined && typeof wraps !== 'boolean') issues.push(bad('wraps', 'expected true or false'));
  const land = json['land'] === undefined ? '' : areaPath(json['land'], arcs, 'land', issues);
  const water = json['water'] === undefined ? '' : areaPath(json['water'], arcs, 'water', issues);
  if (issues.length > 0) return { issues };
  const [, , width, height] = box as [number, number, number, number];
  return {
    value: {
      viewBox: box as [number, number, number, number],
      areas,
      labels,
      anchors,
      ...(pieces ? { pieces } : {}),
      ...(wraps === true ? { wraps } : {}),
      centers,
      impassable,
      land,
      water,
      unit: unitRadius(width, height, map.provinceCount),
      about: typeof json['about'] === 'string' ? json['about'] : 'map geometry',
    },
    issues,
  };
}

/** `pieceAnchors` by province id, each list led by the province's anchor; undefined when the file has none. */
function decodePieces(
  map: GameMap,
  json: unknown,
  anchors: readonly Point[],
  issues: Issue[],
): (Point[] | undefined)[] | undefined {
  if (json === undefined) return undefined;
  if (!isRecord(json)) {
    issues.push(bad('pieceAnchors', 'expected an object of province codes'));
    return undefined;
  }
  const pieces: (Point[] | undefined)[] = new Array<Point[] | undefined>(map.provinceCount);
  for (const code of Object.keys(json).sort()) {
    const p = map.locationCode.indexOf(code);
    const list = json[code];
    if (p < 0 || p >= map.provinceCount)
      issues.push(bad(`pieceAnchors.${code}`, `the map has no province ${code}`));
    else if (!Array.isArray(list) || !list.every(isPoint))
      issues.push(bad(`pieceAnchors.${code}`, 'expected a list of [x, y]'));
    else if (anchors[p]) pieces[p] = [anchors[p], ...list];
  }
  return pieces;
}

/**
 * A glyph radius that suits the board: about a tenth of a typical province's width, and never so small that a
 * label (0.95 of it) reads under 9 px on a board drawn 1200 px wide (a world map's many small provinces).
 */
export function unitRadius(width: number, height: number, provinces: number): number {
  const typical = Math.sqrt((width * height) / Math.max(1, provinces)) * 0.09;
  return Math.round(Math.max(typical, width / 125) * 10) / 10;
}

/** Arcs with their deltas summed: absolute points. Undefined (and an issue) when malformed. */
function decodeArcs(json: unknown, issues: Issue[]): Point[][] | undefined {
  if (!Array.isArray(json)) {
    issues.push(bad('arcs', 'expected a list of arcs'));
    return undefined;
  }
  const arcs: Point[][] = [];
  for (let a = 0; a < json.length; a++) {
    const arc: unknown = json[a];
    if (!Array.isArray(arc) || arc.length < 2 || !arc.every(isPoint)) {
      issues.push(bad(`arcs[${a}]`, 'expected a list of at least two [x, y] points'));
      return undefined;
    }
    let x = 0;
    let y = 0;
    arcs.push(
      arc.map(([dx, dy], i): Point => {
        x = i === 0 ? dx : x + dx;
        y = i === 0 ? dy : y + dy;
        return [x, y];
      }),
    );
  }
  return arcs;
}

/** The SVG path of a MultiPolygon given as arc indices: one closed subpath per ring. */
function areaPath(json: unknown, arcs: readonly Point[][], field: string, issues: Issue[]): string {
  if (!Array.isArray(json) || json.length === 0) {
    issues.push(bad(field, 'expected a list of polygons'));
    return '';
  }
  let d = '';
  json.forEach((polygon: unknown, i) => {
    if (!Array.isArray(polygon) || polygon.length === 0) {
      issues.push(bad(`${field}[${i}]`, 'expected a list of rings'));
      return;
    }
    polygon.forEach((ring: unknown, j) => {
      if (!Array.isArray(ring) || ring.length === 0) {
        issues.push(bad(`${field}[${i}][${j}]`, 'expected a list of arc indices'));
        return;
      }
      const points: Point[] = [];
      ring.forEach((index: unknown, k) => {
        const a = typeof index === 'number' && Number.isInteger(index) ? (index < 0 ? ~index : index) : -1;
        const arc = arcs[a];
        if (!arc) {
          issues.push(bad(`${field}[${i}][${j}][${k}]`, `arc ${String(index)} does not exist`));
          return;
        }
        const ordered = (index as number) < 0 ? [...arc].reverse() : arc;
        // Consecutive arcs share their joining point: keep it once.
        for (let n = points.length === 0 ? 0 : 1; n < ordered.length; n++) points.push(ordered[n]!);
      });
      if (points.length >= 3) d += ringPath(points);
    });
  });
  return d;
}

/** One closed subpath: "M x y L x y ... Z" (the closing point left out when it repeats the first). */
export function ringPath(points: readonly Point[]): string {
  let n = points.length;
  const first = points[0]!;
  const last = points[n - 1]!;
  if (n > 1 && first[0] === last[0] && first[1] === last[1]) n--;
  let d = `M${num(first[0])} ${num(first[1])}`;
  for (let i = 1; i < n; i++) d += `L${num(points[i]![0])} ${num(points[i]![1])}`;
  return `${d}Z`;
}
