// Every bundled map's art (src/map/standard.geometry.json, src/map/variants/ID.geometry.json, made by
// scripts/geometry) against its map graph: every province has an area, every location an anchor inside its
// province (a coast's anchor by the right coast), labels and supply centres inside their province, and two
// provinces share a border exactly when the graph makes them adjacent, up to the exceptions listed with their
// reason in the map's art data (src/map/standard.art.json, src/map/variants/ID.art.json).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { bundledMap } from '../src/map/registry.js';
import type { MapDefinition } from '../src/map/types.js';
import { bundledArt, mapsWithArt } from '../src/render/art.js';
import { adjacentPairs, borderDisagreements, decodedArcs, pairKey } from '../src/render/art-check.js';
import type { MapGeometry } from '../src/render/geometry.js';

type Point = [number, number];
type Polygons = number[][][];
interface Exception {
  provinces: [string, string];
  kind: 'adjacent-without-border' | 'border-without-adjacency';
  reason: string;
}

for (const id of mapsWithArt()) describeArt(id);

function describeArt(id: string): void {
  const map: MapDefinition = bundledMap(id)!.definition;
  const geometry = bundledArt(id) as MapGeometry;
  const dataFile = id === 'standard' ? 'standard.art.json' : `variants/${id}.art.json`;
  const exceptions = JSON.parse(
    readFileSync(new URL(`../../src/map/${dataFile}`, import.meta.url), 'utf8'),
  ) as { exceptions: Exception[] };

  // ---- decoding (the file stores each arc as a first point and then deltas)
  const arcs: Point[][] = decodedArcs(geometry);
  const arcPoints = (ref: number): Point[] => (ref >= 0 ? arcs[ref]! : [...arcs[~ref]!].reverse());
  function ringPoints(ring: number[]): Point[] {
    return ring.flatMap((ref, k) => (k === 0 ? arcPoints(ref) : arcPoints(ref).slice(1)));
  }
  const rings = (polygons: Polygons): Point[][] => polygons.flatMap((polygon) => polygon.map(ringPoints));

  function ringArea(p: Point[]): number {
    let s = 0;
    for (let i = 0; i < p.length; i++) {
      const [x0, y0] = p[i]!;
      const [x1, y1] = p[(i + 1) % p.length]!;
      s += x0 * y1 - x1 * y0;
    }
    return s / 2;
  }
  /** Area of a multipolygon: outer rings minus their holes. */
  const area = (polygons: Polygons): number =>
    polygons.reduce(
      (sum, polygon) =>
        sum +
        polygon.reduce((s, ring, k) => s + (k === 0 ? 1 : -1) * Math.abs(ringArea(ringPoints(ring))), 0),
      0,
    );

  /** Even-odd point in polygon over all rings of a multipolygon. */
  function contains(polygons: Polygons, [x, y]: Point): boolean {
    let inside = false;
    for (const p of rings(polygons)) {
      for (let i = 0, j = p.length - 1; i < p.length; j = i++) {
        const [xi, yi] = p[i]!;
        const [xj, yj] = p[j]!;
        if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
      }
    }
    return inside;
  }
  /** Distance from a point to the outline of a multipolygon (0 inside). */
  function distanceTo(polygons: Polygons, point: Point): number {
    if (contains(polygons, point)) return 0;
    let best = Infinity;
    const [px, py] = point;
    for (const p of rings(polygons)) {
      for (let i = 0; i + 1 < p.length; i++) {
        const [ax, ay] = p[i]!;
        const [bx, by] = p[i + 1]!;
        const dx = bx - ax;
        const dy = by - ay;
        const len2 = dx * dx + dy * dy;
        const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / len2));
        best = Math.min(best, Math.hypot(px - ax - t * dx, py - ay - t * dy));
      }
    }
    return best;
  }

  // ---- the map graph
  const codes = map.provinces.map((p) => p.code);
  const kind = new Map(map.provinces.map((p) => [p.code, p.kind]));
  const base = (location: string): string => location.split('/')[0]!;
  const fleetNeighbours = (location: string): string[] => {
    const [province, coast] = location.split('/');
    const p = map.provinces.find((q) => q.code === province)!;
    const list = coast ? p.coasts![coast]! : (p.fleet ?? []);
    return list.map(base);
  };
  const adjacent = adjacentPairs(map);
  const isAdjacent = (a: string, b: string): boolean => adjacent.has(pairKey(a, b));
  const disagreements = (provinces: MapGeometry['provinces']): string[] =>
    borderDisagreements(map, { arcs: geometry.arcs, provinces });

  describe(`${id} map geometry`, () => {
    it('is well formed: integer arcs, valid references, closed rings, one entry per province', () => {
      assert.equal(geometry.viewBox.length, 4);
      for (const v of geometry.viewBox) assert.ok(Number.isInteger(v));
      geometry.arcs.forEach((arc, i) => {
        assert.ok(arc.length >= 2, `arc ${i} has fewer than two points`);
        for (const p of arc)
          assert.ok(p.length === 2 && p.every(Number.isInteger), `arc ${i} has a non-integer point`);
      });
      assert.deepEqual(Object.keys(geometry.provinces).sort(), [...codes].sort());
      const regions: [string, Polygons][] = [
        ...Object.entries(geometry.provinces).map(([k, v]): [string, Polygons] => [k, v.arcs]),
        ...Object.entries(geometry.impassable ?? {}).map(([k, v]): [string, Polygons] => [k, v.arcs]),
        ['land', geometry.land ?? []],
      ];
      const uses = new Map<number, number>();
      for (const [name, polygons] of regions) {
        // Outer rings run clockwise on screen (y down: a positive shoelace sum), holes the other way.
        for (const polygon of polygons) {
          polygon.forEach((ring, k) =>
            assert.ok(ringArea(ringPoints(ring)) > 0 === (k === 0), `${name}: ring ${k} winds the wrong way`),
          );
        }
        for (const ring of polygons.flat()) {
          assert.ok(ring.length > 0, `${name} has an empty ring`);
          for (const ref of ring) {
            const i = ref >= 0 ? ref : ~ref;
            assert.ok(i < arcs.length, `${name} refers to arc ${i}, which does not exist`);
            uses.set(i, (uses.get(i) ?? 0) + 1);
          }
          ring.forEach((ref, k) => {
            const end = arcPoints(ref).at(-1)!;
            const next = arcPoints(ring[(k + 1) % ring.length]!)[0]!;
            assert.deepEqual(
              end,
              next,
              `${name}: a ring's arcs ${ref} and ${ring[(k + 1) % ring.length]} do not join`,
            );
          });
        }
      }
      // A border is stored once: no arc serves more than the two regions on its sides.
      for (const [i, n] of uses) assert.ok(n <= 2, `arc ${i} is used ${n} times`);
    });

    it('gives every province an area', () => {
      for (const [code, p] of Object.entries(geometry.provinces))
        assert.ok(area(p.arcs) >= 20, `${code} has area ${area(p.arcs)}`);
    });

    it('draws labels inside their province, supply centres inside theirs', () => {
      for (const [code, p] of Object.entries(geometry.provinces))
        assert.ok(contains(p.arcs, p.label), `${code}: label outside`);
      for (const [code, s] of Object.entries(geometry.impassable ?? {}))
        assert.ok(contains(s.arcs, s.label), `${code}: label outside`);
      const centres = map.provinces.filter((p) => p.supplyCenter).map((p) => p.code);
      assert.deepEqual(Object.keys(geometry.supplyCenters).sort(), centres.sort());
      for (const code of centres)
        assert.ok(
          contains(geometry.provinces[code]!.arcs, geometry.supplyCenters[code]!),
          `${code}: supply centre outside`,
        );
    });

    it('has an anchor for every location, inside its province; a coast anchor by a sea of that coast', () => {
      const locations = map.provinces.flatMap((p) => [
        p.code,
        ...Object.keys((p as { coasts?: Record<string, string[]> }).coasts ?? {}).map(
          (c) => `${p.code}/${c}`,
        ),
      ]);
      assert.deepEqual(Object.keys(geometry.anchors).sort(), locations.sort());
      // A province drawn in several pieces has an anchor in each of its other large pieces, inside the province
      // and apart from its anchor (a piece of its own).
      for (const [code, list] of Object.entries(geometry.pieceAnchors ?? {})) {
        for (const at of list) {
          assert.ok(
            contains(geometry.provinces[code]!.arcs, at),
            `${code}: piece anchor ${at.join(',')} outside`,
          );
          const [ax, ay] = geometry.anchors[code]!;
          assert.ok(Math.hypot(at[0] - ax, at[1] - ay) > 10, `${code}: piece anchor on its anchor`);
        }
      }
      const seas = codes.filter((c) => kind.get(c) === 'sea');
      for (const location of locations) {
        const anchor = geometry.anchors[location]!;
        assert.ok(
          contains(geometry.provinces[base(location)]!.arcs, anchor),
          `${location}: anchor outside its province`,
        );
        if (!location.includes('/')) continue;
        const own = fleetNeighbours(location).filter((c) => kind.get(c) === 'sea');
        // A coast that reaches only other coasts (North Sea Wars' Jutland east coast) has no sea to be near.
        if (own.length === 0) continue;
        const byDistance = seas
          .map((s) => ({ s, d: distanceTo(geometry.provinces[s]!.arcs, anchor) }))
          .sort((a, b) => a.d - b.d);
        assert.ok(
          own.includes(byDistance[0]!.s),
          `${location}: nearest sea is ${byDistance[0]!.s}, not one of ${own.join(', ')}`,
        );
        assert.ok(
          byDistance[0]!.d <= 20,
          `${location}: anchor ${byDistance[0]!.d.toFixed(1)} units from the sea`,
        );
      }
    });

    it('shares a border between two provinces exactly when they are adjacent, up to the listed exceptions', () => {
      const found = disagreements(geometry.provinces);
      const listed = exceptions.exceptions.map((e) => {
        assert.ok(e.reason.length > 10, `exception ${e.provinces.join('-')} gives no reason`);
        return `${pairKey(...e.provinces)} ${e.kind}`;
      });
      assert.deepEqual(found, listed.sort());
    });

    it('notices a missing border and a border between provinces that are not adjacent', () => {
      // Two land provinces that share a border lose it; a province's arc that no other region uses (on the frame
      // or a coast) is given to a province it is not adjacent to.
      // (Each province's arcs, and the arc it alone uses, worked out once: a world map has 215 provinces.)
      const arcSets = new Map(
        codes.map((c) => [c, new Set(geometry.provinces[c]!.arcs.flat(2).map((r) => (r >= 0 ? r : ~r)))]),
      );
      const arcsOf = (code: string): Set<number> => arcSets.get(code)!;
      const ownArc = new Map(
        codes.map((p) => [p, [...arcsOf(p)].find((i) => codes.every((c) => c === p || !arcsOf(c).has(i)))]),
      );
      const land = codes.filter((c) => kind.get(c) !== 'sea');
      const [a, b] = land
        .flatMap((x) => land.map((y): [string, string] => [x, y]))
        .find(([x, y]) => x < y && [...arcsOf(x)].some((i) => arcsOf(y).has(i)))!;
      const shared = arcsOf(b);
      const found = disagreements(geometry.provinces);
      const [x, y, own] = codes
        .flatMap((p) => codes.map((q): [string, string] => [p, q]))
        .filter(([p, q]) => p !== q && p !== a && q !== a && !found.some((d) => d.startsWith(pairKey(p, q))))
        .map(([p, q]): [string, string, number | undefined] => [p, q, ownArc.get(p)])
        .find(([p, q, i]) => i !== undefined && !isAdjacent(p, q))!;
      const changed = structuredClone(geometry.provinces);
      changed[a]!.arcs = changed[a]!.arcs.map((polygon) =>
        polygon.map((ring) => ring.filter((r) => !shared.has(r >= 0 ? r : ~r))),
      );
      changed[y]!.arcs = [...changed[y]!.arcs, [[own!]]];
      assert.deepEqual(
        disagreements(changed),
        [
          ...disagreements(geometry.provinces),
          `${pairKey(a, b)} adjacent-without-border`,
          `${pairKey(x, y)} border-without-adjacency`,
        ].sort(),
      );
    });
  });
}
