// Labels never under unit markers, on every bundled map's art: a unit may stand at any location (every province,
// every coast, every piece of a province drawn in several), and no province's abbreviation may lie under its
// marker. The boxes (src/render/boxes.ts) are those of the glyphs' parts as glyphs.ts draws them (disc, hull, sail,
// with their outline) and the labels' extents from DejaVu Sans's metrics, halo included; touching is allowed,
// overlapping by any amount is not. The only labels the art cannot keep clear are those of provinces too small for a
// label beside their unit, listed with the reason in the map's art data (`crowdedLabels`); the renderer moves
// those off a unit, so a full board still shows no label under a marker.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { bundledMap } from '../src/map/registry.js';
import type { GameMap } from '../src/map/types.js';
import type { Position, Unit } from '../src/position/types.js';
import { bundledArt, mapsWithArt } from '../src/render/art.js';
import { BASELINE, labelBox, underMarker, unitBoxes, type Box } from '../src/render/boxes.js';
import { readGeometry, type BoardGeometry, type Point } from '../src/render/geometry.js';
import { renderSvg } from '../src/render/svg.js';
import { byClass, parseXml } from './xml.js';

/** Every place a unit may be drawn, by location code (a province's other pieces as CODE#2, CODE#3...). */
function unitPlaces(map: GameMap, g: BoardGeometry): [string, Point][] {
  const places: [string, Point][] = map.locationCode.map((code, l): [string, Point] => [code, g.anchors[l]!]);
  g.pieces?.forEach((list, p) =>
    list?.slice(1).forEach((at, k) => places.push([`${map.locationCode[p]}#${k + 2}`, at])),
  );
  return places;
}

/** "LON under the marker of a unit at WAL" for every label box that overlaps a marker box. */
function labelsUnderMarkers(labels: [string, Box][], markers: [string, Box[]][]): string[] {
  const found: string[] = [];
  for (const [code, box] of labels)
    for (const [at, marker] of markers)
      if (underMarker(box, marker)) found.push(`${code} under the marker of a unit at ${at}`);
  return found;
}

/** A unit of the first power at each given location: an army on land, a fleet at sea or on a coast. */
function unitsAt(map: GameMap, locations: readonly number[]): Unit[] {
  return locations.map((l) => {
    const p = map.locationProvince[l]!;
    const fleet = map.provinceKind[p] === 'sea' || l >= map.provinceCount;
    return { power: map.powers[0]!, type: fleet ? 'F' : 'A', location: map.locationCode[l]! };
  });
}

/** The provinces the map's art data lists as too small for a label beside their unit. */
function crowdedLabels(id: string): string[] {
  const file = id === 'standard' ? 'standard.art.json' : `variants/${id}.art.json`;
  const data = JSON.parse(readFileSync(new URL(`../../src/map/${file}`, import.meta.url), 'utf8')) as {
    crowdedLabels?: Record<string, string>;
  };
  for (const [code, reason] of Object.entries(data.crowdedLabels ?? {}))
    assert.ok(reason.length > 20, `${id}: crowded label ${code} gives no reason`);
  return Object.keys(data.crowdedLabels ?? {}).sort();
}

for (const id of mapsWithArt()) {
  describe(`${id} labels`, () => {
    const map = bundledMap(id)!;
    const g = readGeometry(map, bundledArt(id)).value!;
    const u = g.unit;
    const crowded = crowdedLabels(id);

    it("keeps every province's label clear of a unit marker at every location", () => {
      const labels = g.labels.map((at, p): [string, Box] => {
        const code = map.locationCode[p]!;
        return [code, labelBox(at, u, code)];
      });
      const markers = unitPlaces(map, g).map(([code, at]): [string, Box[]] => [code, unitBoxes(at, u)]);
      const found = labelsUnderMarkers(labels, markers);
      const under = [...new Set(found.map((f) => f.split(' ')[0]!))].sort();
      assert.deepEqual(under, crowded, found.join('\n'));
    });

    it('draws no label under a unit with a unit at every province, then every coast', () => {
      // And every label but a crowded one where the art puts it: what the first case holds of the art is what a
      // board shows.
      const provinces = Array.from({ length: map.provinceCount }, (_, p) => p);
      const most = Math.max(0, ...map.provinceCoasts.map((c) => c.length));
      const rounds = [
        provinces,
        ...Array.from({ length: most }, (_, k) => map.provinceCoasts.flatMap((c) => c[k] ?? [])),
      ];
      for (const locations of rounds) {
        const position: Position = {
          phase: { season: 'spring', year: 1901, type: 'movement' },
          units: unitsAt(map, locations),
          dislodged: [],
          contested: [],
          supplyCenters: {},
        };
        const svg = parseXml(renderSvg(map, position, { geometry: g }));
        const moved: string[] = [];
        const labels = byClass(svg, 'label').map((t): [string, Box] => {
          const code = t.attributes['data-province']!;
          const at: Point = [Number(t.attributes['x']), Number(t.attributes['y']) - BASELINE * u];
          const art = g.labels[map.locationCode.indexOf(code)]!;
          // The SVG writes a tenth at most: a label drawn where the art puts it is taken at the art's point.
          if (Math.abs(at[0] - art[0]) <= 0.051 && Math.abs(at[1] - art[1]) <= 0.051)
            return [code, labelBox(art, u, code)];
          moved.push(code);
          return [code, labelBox(at, u, code)];
        });
        const markers = byClass(svg, 'unit').map((e): [string, Box[]] => {
          const [, x, y] = /translate\((-?[\d.]+) (-?[\d.]+)\)/.exec(e.attributes['transform']!)!;
          return [e.attributes['data-location']!, unitBoxes([Number(x), Number(y)], u)];
        });
        assert.equal(markers.length, locations.length);
        assert.deepEqual(labelsUnderMarkers(labels, markers), []);
        assert.deepEqual(
          moved.filter((code) => !crowded.includes(code)),
          [],
        );
      }
    });
  });
}
