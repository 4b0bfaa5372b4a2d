// Order lines on the bundled maps' art: a move between two adjacent places is drawn as a short arrow, never one
// across the whole board. A world map cut at its edge (Twenty Twenty, Cold War) draws a sea spanning the cut at
// both edges; the renderer must end the arrow in the piece next to the other end (src/render/pieces.ts). Every
// move the map allows (army and fleet adjacency) is drawn, many at once, and each arrow read back from the SVG.
// On a board whose edges are one meridian (`wraps`), a move across that edge is drawn out through one edge and
// in at the other, each part short. Only two provinces the art data lists as joined without a shared border, for a reason it gives (across the cut
// in the Bering Strait, round the world through Youngstown Redux's boxes), may be farther apart.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { adjudicateMovement } from '../src/adjudication/movement/adjudicate.js';
import { bundledMap } from '../src/map/registry.js';
import type { GameMap } from '../src/map/types.js';
import type { GivenOrder } from '../src/orders/types.js';
import type { Unit } from '../src/position/types.js';
import { mapsWithArt } from '../src/render/art.js';
import { pairKey } from '../src/render/art-check.js';
import { BASELINE, labelBox, overlaps, type Box } from '../src/render/boxes.js';
import { defaultGeometry } from '../src/render/standard.js';
import { renderSvg } from '../src/render/svg.js';
import { movementPosition } from './oracle/generate.js';
import { byClass, parseXml, type XmlElement } from './xml.js';

type Point = [number, number];

interface Move {
  unit: Unit;
  to: string;
}

/** Every move the map allows, grouped by the province it starts from. */
function movesByProvince(map: GameMap): Move[][] {
  const byProvince: Move[][] = Array.from({ length: map.provinceCount }, () => []);
  const power = map.powers[0]!;
  for (let p = 0; p < map.provinceCount; p++) {
    for (let i = map.armyStart[p]!; i < map.armyStart[p + 1]!; i++) {
      const unit: Unit = { power, type: 'A', location: map.locationCode[p]! };
      byProvince[p]!.push({ unit, to: map.locationCode[map.armyAdj[i]!]! });
    }
  }
  for (let l = 0; l < map.locationCount; l++) {
    const p = map.locationProvince[l]!;
    for (let i = map.fleetStart[l]!; i < map.fleetStart[l + 1]!; i++) {
      const unit: Unit = { power, type: 'F', location: map.locationCode[l]! };
      byProvince[p]!.push({ unit, to: map.locationCode[map.fleetAdj[i]!]! });
    }
  }
  return byProvince;
}

/** The points of an SVG path made of M and L commands. */
function pathPoints(d: string): Point[] {
  return [...d.matchAll(/[ML]\s*(-?[\d.]+)\s+(-?[\d.]+)/g)].map((m): Point => [Number(m[1]), Number(m[2])]);
}

function paths(e: XmlElement): XmlElement[] {
  return [...(e.name === 'path' ? [e] : []), ...e.children.flatMap(paths)];
}

/** The drawn parts (each path's first and last point) of each order of `kind`, by the unit's location. */
function drawnParts(svg: XmlElement, kind: string): Map<string, [Point, Point][]> {
  const out = new Map<string, [Point, Point][]>();
  for (const g of byClass(svg, 'order', kind)) {
    const parts = paths(g).map((p): [Point, Point] => {
      const points = pathPoints(p.attributes['d']!);
      return [points[0]!, points.at(-1)!];
    });
    out.set(g.attributes['data-unit']!, parts);
  }
  return out;
}

function length([a, b]: [Point, Point]): number {
  return Math.hypot(b[0] - a[0], b[1] - a[1]);
}

/** The pairs the map's art data lists as adjacent without a shared border (each with its reason). */
function joinedWithoutBorder(id: string): Set<string> {
  const file = id === 'standard' ? 'standard.art.json' : `variants/${id}.art.json`;
  const data = JSON.parse(readFileSync(new URL(`../../src/map/${file}`, import.meta.url), 'utf8')) as {
    exceptions?: { provinces: [string, string]; kind: string }[];
  };
  const listed = (data.exceptions ?? []).filter((e) => e.kind === 'adjacent-without-border');
  return new Set(listed.map((e) => pairKey(...e.provinces)));
}

for (const id of mapsWithArt()) {
  describe(`${id} order lines`, () => {
    it('draws every move between adjacent places shorter than half the board width', () => {
      const map = bundledMap(id)!;
      const apart = joinedWithoutBorder(id);
      const province = (location: string): string => location.split('/')[0]!;
      const width = defaultGeometry(map).viewBox[2];
      const byProvince = movesByProvince(map);
      const longest = Math.max(...byProvince.map((m) => m.length));
      const tooLong: string[] = [];
      let drawn = 0;
      // Round k draws the k-th move of every province at once (one unit per province).
      for (let k = 0; k < longest; k++) {
        const moves = byProvince.flatMap((list): Move[] => {
          const m = list[k];
          return m ? [m] : [];
        });
        const position = movementPosition(moves.map((m) => m.unit));
        const orders: GivenOrder[] = moves.map((m) => ({
          power: m.unit.power,
          order: { kind: 'move', unit: { type: m.unit.type, location: m.unit.location }, to: m.to },
        }));
        const lines = drawnParts(parseXml(renderSvg(map, position, { orders })), 'move');
        for (const m of moves) {
          const line = lines.get(m.unit.location);
          assert.ok(line, `${m.unit.location} - ${m.to} not drawn`);
          drawn++;
          const longest = Math.max(...line.map(length));
          if (longest > width / 2 && !apart.has(pairKey(province(m.unit.location), province(m.to))))
            tooLong.push(`${m.unit.type} ${m.unit.location} - ${m.to}: ${Math.round(longest)}`);
        }
      }
      assert.ok(drawn > map.provinceCount, `only ${drawn} moves drawn`);
      assert.deepEqual(tooLong, [], `moves longer than ${width / 2} (half the board's width)`);
    });
  });
}

describe('order lines across the edge of a world map', () => {
  /** The drawn parts of every order of `kind`, by the unit's location, on `id` with these units and orders. */
  function drawn(id: string, units: Unit[], orders: GivenOrder['order'][], kind: string) {
    const map = bundledMap(id)!;
    const given = orders.map((order): GivenOrder => ({ power: units[0]!.power, order }));
    const svg = parseXml(renderSvg(map, movementPosition(units), { orders: given }));
    return { geometry: defaultGeometry(map), out: drawnParts(svg, kind) };
  }

  it('Twenty Twenty: Anchorage to Vladivostok goes out at one edge and in at the other, at one height', () => {
    const units: Unit[] = [{ power: 'USA', type: 'A', location: 'ANC' }];
    const { geometry, out } = drawn(
      'twentytwenty',
      units,
      [{ kind: 'move', unit: { type: 'A', location: 'ANC' }, to: 'VLA' }],
      'move',
    );
    assert.equal(geometry.wraps, true);
    const [left, , width] = geometry.viewBox;
    const parts = out.get('ANC')!;
    assert.ok(Math.max(...parts.map(length)) < width / 2, 'a part crosses the board');
    const ends = parts.flat();
    const atLeft = ends.filter((p) => Math.abs(p[0] - left) < 0.01);
    const atRight = ends.filter((p) => Math.abs(p[0] - (left + width)) < 0.01);
    assert.ok(atLeft.length > 0 && atRight.length > 0, 'the line reaches both edges');
    assert.ok(Math.abs(atLeft[0]![1] - atRight[0]![1]) < 0.01, 'out and back in at one height');
    // The head's tip (the last path's first point) is at Vladivostok, the shaft starts at Anchorage.
    const near = (p: Point, q: readonly [number, number]): boolean =>
      Math.hypot(p[0] - q[0], p[1] - q[1]) < geometry.unit * 2;
    const codes = bundledMap('twentytwenty')!.locationCode;
    const [vla, anc] = [geometry.anchors[codes.indexOf('VLA')]!, geometry.anchors[codes.indexOf('ANC')]!];
    assert.ok(near(parts.at(-1)![0], vla), `tip ${parts.at(-1)![0].join(',')} not at VLA ${vla.join(',')}`);
    assert.ok(near(parts[0]![0], anc), `start ${parts[0]![0].join(',')} not at ANC ${anc.join(',')}`);
  });

  it('Twenty Twenty: a support across the cut goes through the edges too', () => {
    const units: Unit[] = [
      { power: 'RUSSIA', type: 'A', location: 'VLA' },
      { power: 'RUSSIA', type: 'A', location: 'ANC' },
    ];
    const { geometry, out } = drawn(
      'twentytwenty',
      units,
      [{ kind: 'support', unit: { type: 'A', location: 'VLA' }, supported: { type: 'A', location: 'ANC' } }],
      'support',
    );
    const parts = out.get('VLA')!;
    assert.ok(parts.length > 0);
    assert.ok(Math.max(...parts.map(length)) < geometry.viewBox[2] / 2, 'a part crosses the board');
  });

  it('a board that does not wrap (Youngstown Redux) draws a join round the world straight', () => {
    const units: Unit[] = [{ power: 'BRITAIN', type: 'F', location: 'BXA' }];
    const { geometry, out } = drawn(
      'youngstownredux',
      units,
      [{ kind: 'move', unit: { type: 'F', location: 'BXA' }, to: 'BXD' }],
      'move',
    );
    assert.equal(geometry.wraps, undefined);
    assert.ok(Math.max(...out.get('BXA')!.map(length)) > geometry.viewBox[2] / 2);
  });
});

describe('failure crosses keep off the labels', () => {
  const map = bundledMap('standard')!;
  const u = defaultGeometry(map).unit;

  /** A French army's move from `from` to `to`, where a German army holds: the move bounces. */
  function bounced(from: string, to: string): { cross: Point; shaft: [Point, Point]; labels: Box[] } {
    const position = movementPosition([
      { power: 'FRANCE', type: 'A', location: from },
      { power: 'GERMANY', type: 'A', location: to },
    ]);
    const orders: GivenOrder[] = [
      { power: 'FRANCE', order: { kind: 'move', unit: { type: 'A', location: from }, to } },
    ];
    const result = adjudicateMovement(map, position, orders).value!;
    assert.equal(result.orders[0]!.resolution, 'fails');
    const svg = parseXml(renderSvg(map, position, { result }));
    const labels = byClass(svg, 'label').map((t) =>
      labelBox(
        [Number(t.attributes['x']), Number(t.attributes['y']) - BASELINE * u],
        u,
        t.attributes['data-province']!,
      ),
    );
    const disc = byClass(svg, 'mark', 'fail')[0]!.children.find((c) => c.name === 'circle')!;
    const cross: Point = [Number(disc.attributes['cx']), Number(disc.attributes['cy'])];
    const shaft = pathPoints(paths(byClass(svg, 'order', 'move')[0]!)[0]!.attributes['d']!);
    return { cross, shaft: [shaft[0]!, shaft.at(-1)!], labels };
  }

  const over = (cross: Point, labels: Box[]): boolean => {
    const half = u * 0.55;
    const box = { x0: cross[0] - half, y0: cross[1] - half, x1: cross[0] + half, y1: cross[1] + half };
    return labels.some((l) => overlaps(box, l));
  };

  /** How far `p` is from the line through `a` and `b`. */
  const offLine = (p: Point, [a, b]: [Point, Point]): number =>
    Math.abs((b[0] - a[0]) * (a[1] - p[1]) - (a[0] - p[0]) * (b[1] - a[1])) /
    Math.hypot(b[0] - a[0], b[1] - a[1]);

  it("A ALB - SER bouncing: the cross moves along the arrow off Serbia's label", () => {
    const { cross, shaft, labels } = bounced('ALB', 'SER');
    assert.ok(!over(cross, labels), `cross at ${cross.join(',')} over a label`);
    assert.ok(offLine(cross, shaft) < 0.2, 'the cross is on the arrow');
  });

  it('every army move of the standard map bouncing: the cross is on its arrow, over a label in fewer than 1 in 20', () => {
    let moves = 0;
    const onLabel: string[] = [];
    for (let p = 0; p < map.provinceCount; p++) {
      for (let i = map.armyStart[p]!; i < map.armyStart[p + 1]!; i++) {
        const [from, to] = [map.locationCode[p]!, map.locationCode[map.armyAdj[i]!]!];
        const { cross, shaft, labels } = bounced(from, to);
        moves++;
        assert.ok(
          offLine(cross, shaft) < 0.2,
          `${from} - ${to}: the cross is ${offLine(cross, shaft)} off its arrow`,
        );
        if (over(cross, labels)) onLabel.push(`${from}-${to}`);
      }
    }
    assert.ok(moves > 200, `${moves} moves`);
    assert.ok(
      onLabel.length * 20 < moves,
      `${onLabel.length} of ${moves} over a label: ${onLabel.join(' ')}`,
    );
  });
});
