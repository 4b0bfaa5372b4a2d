/**
 * The adjacency of a map being compiled (compile.ts): army edges between provinces, fleet edges between locations
 * (coasts included), each checked against the kinds of its two ends, then as a whole: every edge has its return
 * edge (unless the map declares it one-way), and every province can be reached from the rest of the map.
 *
 * An unreachable province is an error, not a warning: a province no unit can ever enter is in every map we know of
 * a neighbour list with a typo in it, and the game is the same without it (an impassable province is the way to
 * draw land nobody may enter).
 *
 * Issue codes: unknown-neighbour, self-edge, duplicate-neighbour, bad-coast, missing-coast, army-edge-to-sea,
 * fleet-edge-to-land, impassable-edge, one-way-edge, bad-one-way-edge, unknown-location, unreachable-province.
 */
import type { Issue } from '../issues.js';
import { nearest } from '../nearest.js';
import { child, issueAt } from './read-definition.js';
import type { OneWayEdge, ProvinceDefinition, ProvinceKind, UnitType } from './types.js';

/** A province that got an id, with where it is in the definition (for paths). */
export interface Province {
  readonly def: ProvinceDefinition;
  /** Index in the definition's `provinces`. */
  readonly index: number;
  /** Coast codes, in order, for multi-coast provinces; empty otherwise. */
  readonly coasts: readonly string[];
}

/** The provinces and locations of the map, by id. */
export interface Locations {
  readonly provinces: readonly Province[];
  /** Province code to province id. */
  readonly codeIndex: ReadonlyMap<string, number>;
  /** Location code ("LON", "SPA/NC") to location id. */
  readonly locIndex: ReadonlyMap<string, number>;
  readonly locationCode: readonly string[];
  readonly locationProvince: readonly number[];
  readonly provinceCoasts: readonly (readonly number[])[];
}

/** Lays out the locations: province i is location i, the coasts follow province by province. */
export function layOutLocations(provinces: readonly Province[]): Locations & { locationCoast: string[] } {
  const locationCode = provinces.map((p) => p.def.code);
  const locationCoast = provinces.map(() => '');
  const locationProvince = provinces.map((_, i) => i);
  const provinceCoasts: number[][] = provinces.map(() => []);
  provinces.forEach((p, i) => {
    for (const coast of p.coasts) {
      provinceCoasts[i]?.push(locationCode.length);
      locationCode.push(`${p.def.code}/${coast}`);
      locationCoast.push(coast);
      locationProvince.push(i);
    }
  });
  return {
    provinces,
    codeIndex: new Map(provinces.map((p, i) => [p.def.code, i])),
    locIndex: new Map(locationCode.map((code, i) => [code, i])),
    locationCode,
    locationCoast,
    locationProvince,
    provinceCoasts,
  };
}

/** The edges of one unit type: a row of neighbours per location, and the definition path of each edge. */
export interface EdgeTable {
  readonly type: UnitType;
  readonly rows: number[][];
  /** `${from} ${to}` → the path of the list entry that made the edge. */
  readonly paths: Map<string, string>;
  /**
   * `${from} ${toProvince}` of the entries that named a province but were refused (a missing coast, a self-edge):
   * the edge back is not also reported as one-way.
   */
  readonly refused: Set<string>;
}

function kindOf(locs: Locations, province: number): ProvinceKind {
  return locs.provinces[province]?.def.kind ?? 'land';
}

/** The army edges: provinces to provinces, never to or from a sea or an impassable province. */
export function armyEdges(issues: Issue[], locs: Locations): EdgeTable {
  const table: EdgeTable = {
    type: 'A',
    rows: locs.provinces.map(() => []),
    paths: new Map(),
    refused: new Set(),
  };
  locs.provinces.forEach((p, from) => {
    // A sea's or an impassable province's own army list is reported by read-definition.ts.
    if (p.def.kind === 'sea' || p.def.kind === 'impassable') return;
    const listPath = child(child('$.provinces', p.index), 'army');
    (p.def.army ?? []).forEach((entry, k) => {
      const path = child(listPath, k);
      const at = `army edge ${p.def.code} -> ${entry}`;
      const ref = entry.trim().toUpperCase();
      if (ref.includes('/')) {
        issues.push(issueAt(path, 'bad-coast', `${at}: army edges go to provinces, not to coasts`));
        return;
      }
      const to = locs.codeIndex.get(ref);
      if (to !== undefined) table.refused.add(`${from} ${to}`);
      if (to === undefined) issues.push(unknownNeighbour(locs, path, at, ref, false));
      else if (to === from) issues.push(issueAt(path, 'self-edge', `${at}: a province cannot border itself`));
      else if (kindOf(locs, to) === 'sea')
        issues.push(issueAt(path, 'army-edge-to-sea', `${at}: ${ref} is a sea`));
      else if (kindOf(locs, to) === 'impassable')
        issues.push(issueAt(path, 'impassable-edge', `${at}: ${ref} is impassable`));
      else addEdge(issues, table, from, to, path, at);
    });
  });
  return table;
}

/** The fleet edges: locations to locations (a coast of a multi-coast province named), never inland. */
export function fleetEdges(issues: Issue[], locs: Locations): EdgeTable {
  const table: EdgeTable = {
    type: 'F',
    rows: locs.locationCode.map(() => []),
    paths: new Map(),
    refused: new Set(),
  };
  locs.provinces.forEach((p, i) => {
    const base = child('$.provinces', p.index);
    // Inland and impassable provinces' own fleet lists are reported by read-definition.ts; so is "fleet" beside
    // "coasts".
    if (p.def.kind === 'land' || p.def.kind === 'impassable') return;
    if (p.coasts.length === 0) fleetList(issues, locs, table, i, p.def.fleet ?? [], child(base, 'fleet'));
    for (const loc of locs.provinceCoasts[i] ?? []) {
      const coast = p.coasts[loc - (locs.provinceCoasts[i]?.[0] ?? 0)] ?? '';
      fleetList(issues, locs, table, loc, p.def.coasts?.[coast] ?? [], child(child(base, 'coasts'), coast));
    }
  });
  return table;
}

function fleetList(
  issues: Issue[],
  locs: Locations,
  table: EdgeTable,
  from: number,
  list: readonly string[],
  listPath: string,
): void {
  const fromCode = locs.locationCode[from] ?? '';
  const fromProvince = locs.locationProvince[from] ?? -1;
  list.forEach((entry, k) => {
    const path = child(listPath, k);
    const at = `fleet edge ${fromCode} -> ${entry}`;
    const ref = entry.trim().toUpperCase();
    const slash = ref.indexOf('/');
    const provCode = slash < 0 ? ref : ref.slice(0, slash);
    const coast = slash < 0 ? null : ref.slice(slash + 1);
    const toProvince = locs.codeIndex.get(provCode);
    if (toProvince === undefined) {
      issues.push(unknownNeighbour(locs, path, at, provCode, true));
      return;
    }
    table.refused.add(`${from} ${toProvince}`);
    const targetCoasts = locs.provinces[toProvince]?.coasts ?? [];
    let to = toProvince;
    if (coast !== null) {
      const loc = locs.locIndex.get(`${provCode}/${coast}`);
      if (loc === undefined) {
        const has =
          targetCoasts.length === 0 ? 'has no coasts' : `has no coast ${coast} (${targetCoasts.join(', ')})`;
        issues.push(issueAt(path, 'bad-coast', `${at}: ${provCode} ${has}`));
        return;
      }
      to = loc;
    } else if (targetCoasts.length > 0) {
      issues.push(
        issueAt(
          path,
          'missing-coast',
          `${at}: ${provCode} has coasts (${targetCoasts.join(', ')}); name one`,
        ),
      );
      return;
    }
    const kind = kindOf(locs, toProvince);
    if (toProvince === fromProvince)
      issues.push(issueAt(path, 'self-edge', `${at}: a fleet edge cannot stay in ${provCode}`));
    else if (kind === 'land')
      issues.push(issueAt(path, 'fleet-edge-to-land', `${at}: ${provCode} is inland`));
    else if (kind === 'impassable')
      issues.push(issueAt(path, 'impassable-edge', `${at}: ${provCode} is impassable`));
    else addEdge(issues, table, from, to, path, at);
  });
}

function addEdge(
  issues: Issue[],
  table: EdgeTable,
  from: number,
  to: number,
  path: string,
  at: string,
): void {
  const row = table.rows[from];
  if (!row) return;
  if (row.includes(to)) issues.push(issueAt(path, 'duplicate-neighbour', `${at}: listed twice`));
  else {
    row.push(to);
    table.paths.set(`${from} ${to}`, path);
  }
}

function unknownNeighbour(locs: Locations, path: string, at: string, code: string, coasts: boolean): Issue {
  const known = coasts ? locs.locationCode : locs.locationCode.slice(0, locs.provinces.length);
  const near = nearest(code, known);
  const hint = near === undefined ? '' : ` (did you mean ${near}?)`;
  return issueAt(path, 'unknown-neighbour', `${at}: there is no province ${code}${hint}`);
}

/** The declared one-way edges as location ids, each checked: it must exist, and have no return edge. */
export function declaredOneWayEdges(
  issues: Issue[],
  locs: Locations,
  edges: readonly (OneWayEdge | undefined)[],
  tables: Readonly<Record<UnitType, EdgeTable>>,
): Set<string> {
  const declared = new Set<string>();
  edges.forEach((e, i) => {
    if (e === undefined) return;
    const path = child('$.oneWayEdges', i);
    const ends = (['from', 'to'] as const).map((field) => {
      const loc = locs.locIndex.get(e[field].trim().toUpperCase());
      if (loc === undefined) {
        const near = nearest(e[field].trim().toUpperCase(), locs.locationCode);
        const hint = near === undefined ? '' : ` (did you mean ${near}?)`;
        issues.push(
          issueAt(
            child(path, field),
            'unknown-location',
            `one-way edge: there is no location ${e[field]}${hint}`,
          ),
        );
      }
      return loc;
    });
    const [from, to] = ends;
    if (from === undefined || to === undefined) return;
    const rows = tables[e.type].rows;
    const what = `one-way ${e.type === 'A' ? 'army' : 'fleet'} edge ${e.from} -> ${e.to}`;
    if (!(rows[from] ?? []).includes(to))
      issues.push(issueAt(path, 'bad-one-way-edge', `${what}: the edge is not listed`));
    else if ((rows[to] ?? []).includes(from))
      issues.push(issueAt(path, 'bad-one-way-edge', `${what}: it has a return edge, so it is not one-way`));
    else declared.add(`${e.type} ${from} ${to}`);
  });
  return declared;
}

/** Every edge without its return edge, unless declared one-way; at the path of the edge that is listed. */
export function checkReturnEdges(
  issues: Issue[],
  locs: Locations,
  table: EdgeTable,
  oneWay: ReadonlySet<string>,
): void {
  const word = table.type === 'A' ? 'army' : 'fleet';
  table.rows.forEach((row, a) => {
    for (const b of row) {
      if ((table.rows[b] ?? []).includes(a) || oneWay.has(`${table.type} ${a} ${b}`)) continue;
      if (table.refused.has(`${b} ${locs.locationProvince[a] ?? -1}`)) continue; // its return entry is reported
      const ca = locs.locationCode[a] ?? '';
      const cb = locs.locationCode[b] ?? '';
      const path = table.paths.get(`${a} ${b}`) ?? '$';
      issues.push(
        issueAt(
          path,
          'one-way-edge',
          `${word} edge ${ca} -> ${cb} has no return edge: ${cb} does not list ${ca}`,
        ),
      );
    }
  });
}

/**
 * Every province outside the largest connected part of the map (edges of both unit types, either way; impassable
 * provinces left out), at its path.
 */
export function checkReachable(issues: Issue[], locs: Locations, tables: readonly EdgeTable[]): void {
  const n = locs.provinces.length;
  const neighbours: number[][] = locs.provinces.map(() => []);
  for (const table of tables) {
    table.rows.forEach((row, a) => {
      for (const b of row) {
        const pa = locs.locationProvince[a] ?? 0;
        const pb = locs.locationProvince[b] ?? 0;
        neighbours[pa]?.push(pb);
        neighbours[pb]?.push(pa);
      }
    });
  }
  const part = new Int32Array(n).fill(-1);
  const sizes: number[] = [];
  for (let start = 0; start < n; start++) {
    if (part[start] !== -1 || kindOf(locs, start) === 'impassable') continue;
    const id = sizes.length;
    let size = 0;
    const stack = [start];
    part[start] = id;
    while (stack.length > 0) {
      const p = stack.pop() ?? 0;
      size++;
      for (const q of neighbours[p] ?? []) {
        if (part[q] === -1) {
          part[q] = id;
          stack.push(q);
        }
      }
    }
    sizes.push(size);
  }
  if (sizes.length < 2) return;
  const main = sizes.indexOf(Math.max(...sizes));
  locs.provinces.forEach((p, i) => {
    if (part[i] === -1 || part[i] === main) return;
    issues.push(
      issueAt(
        child('$.provinces', p.index),
        'unreachable-province',
        `province ${p.def.code} is cut off: no chain of army or fleet edges joins it to the other ${sizes[main]} provinces`,
      ),
    );
  });
}
