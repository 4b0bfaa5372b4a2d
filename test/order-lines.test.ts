// Order lines on the bundled maps' art: a move between two adjacent places is drawn as a short arrow, never one
// across the whole board. A world map cut at its edge (Twenty Twenty, Cold War) draws a sea spanning the cut at
// both edges; the renderer must end the arrow in the piece next to the other end (src/render/pieces.ts). Every
// move the map allows (army and fleet adjacency) is drawn, many at once, and each arrow read back from the SVG.
// Only two provinces the art data lists as joined without a shared border, for a reason it gives (across the cut
// in the Bering Strait, round the world through Youngstown Redux's boxes), may be farther apart.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { bundledMap } from '../src/map/registry.js';
import type { GameMap } from '../src/map/types.js';
import type { GivenOrder } from '../src/orders/types.js';
import type { Position, Unit } from '../src/position/types.js';
import { mapsWithArt } from '../src/render/art.js';
import { pairKey } from '../src/render/art-check.js';
import { defaultGeometry } from '../src/render/standard.js';
import { renderSvg } from '../src/render/svg.js';
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

/** Each drawn move's start (its shaft's first point) and end (its head's tip), by the unit's location. */
function drawnMoves(svg: XmlElement): Map<string, [Point, Point]> {
  const out = new Map<string, [Point, Point]>();
  for (const g of byClass(svg, 'order', 'move')) {
    const list = paths(g);
    const start = pathPoints(list[0]!.attributes['d']!)[0]!;
    const tip = pathPoints(list.at(-1)!.attributes['d']!)[0]!;
    out.set(g.attributes['data-unit']!, [start, tip]);
  }
  return out;
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
        const position: Position = {
          phase: { season: 'spring', year: 1901, type: 'movement' },
          units: moves.map((m) => m.unit),
          dislodged: [],
          contested: [],
          supplyCenters: {},
        };
        const orders: GivenOrder[] = moves.map((m) => ({
          power: m.unit.power,
          order: { kind: 'move', unit: { type: m.unit.type, location: m.unit.location }, to: m.to },
        }));
        const lines = drawnMoves(parseXml(renderSvg(map, position, { orders })));
        for (const m of moves) {
          const line = lines.get(m.unit.location);
          assert.ok(line, `${m.unit.location} - ${m.to} not drawn`);
          drawn++;
          const length = Math.hypot(line[1][0] - line[0][0], line[1][1] - line[0][1]);
          if (length > width / 2 && !apart.has(pairKey(province(m.unit.location), province(m.to))))
            tooLong.push(`${m.unit.type} ${m.unit.location} - ${m.to}: ${Math.round(length)}`);
        }
      }
      assert.ok(drawn > map.provinceCount, `only ${drawn} moves drawn`);
      assert.deepEqual(tooLong, [], `moves longer than ${width / 2} (half the board's width)`);
    });
  });
}
