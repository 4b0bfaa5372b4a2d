// Makes the art of every map that has art data (format: docs/geometry.md): src/map/standard.geometry.json and
// src/map/variants/ID.geometry.json, from Natural Earth coastlines and borders (public domain, through the npm
// package world-atlas) and the per-map facts beside each map definition (src/map/standard.art.json,
// src/map/variants/ID.art.json: projection, frame, seed places, straits, exceptions).
//
//   npm run geometry [-- ID ...]     every map with art data, or those named; prints a summary of each
//
// How: the countries are projected (through gentle lenses) and painted onto a fine raster; every seed floods
// its land or water nearest first (flood.mjs), never making a border the map's graph lacks; islands without a
// seed join a near province or stay neutral; straits are closed or opened where the data says; the label grid
// is traced into arcs shared by the provinces on both sides, smoothed, simplified and rounded to integers.
// The result is checked against the map's graph (dist/src/render/art-check.js): a disagreement that the art
// data does not list among its exceptions fails the run and nothing is written.
import { readFileSync, writeFileSync, readdirSync, existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as d3 from 'd3-geo';
import { feature } from 'topojson-client';
import { fillRings, components, spreadLabels, roomMap, labelPieces } from './raster.mjs';
import { removeDiagonalContacts, traceArcs, simplifyChain } from './trace.mjs';
import { floodFromSeeds, separateForbidden } from './flood.mjs';
import { placeLabels } from './labels.mjs';
import { compactJson } from './json.mjs';

const require = createRequire(import.meta.url);
const root = new URL('../../', import.meta.url);
const { borderDisagreements, adjacentPairs, pairKey } = await import(new URL('dist/src/render/art-check.js', root).href);
const boxes = await import(new URL('dist/src/render/boxes.js', root).href);
const { unitRadius } = await import(new URL('dist/src/render/geometry.js', root).href);
const world = require('world-atlas/countries-50m.json');
const worldVersion = require('world-atlas/package.json').version;
const countryFeatures = feature(world, world.objects.countries).features;

const SCALE = Number(process.env.GEOMETRY_SCALE ?? 3); // raster pixels per output unit
const TOLERANCE = 0.55; // simplification tolerance, output units
const MIN_ISLAND = 10; // islands smaller than this (square units) are left out as sea
const ISLAND_REACH = 15; // an island within this many units of a province it may join joins it
// A piece of a province (a sea cut by the frame of a world map, an island) at least this large (square units, a
// little under twice a unit marker's box) gets an anchor of its own, so a unit may stand there and an order line
// ends in the piece nearest the other end instead of crossing the board.
const PIECE_AREA = 1000;

/** Every map with art data: { id, definition, data, target } (paths as URLs). */
function mapsWithArt() {
  const list = [{ id: 'standard', dir: 'src/map/', file: 'standard' }];
  for (const name of readdirSync(new URL('src/map/variants/', root)).sort()) {
    const m = name.match(/^(.*)\.art\.json$/);
    if (m) list.push({ id: m[1], dir: 'src/map/variants/', file: m[1] });
  }
  return list.map(({ id, dir, file }) => ({
    id,
    definition: new URL(`${dir}${file}.json`, root),
    data: new URL(`${dir}${file}.art.json`, root),
    target: new URL(`${dir}${file}.geometry.json`, root),
  }));
}


function radians(degrees) {
  return (degrees * Math.PI) / 180;
}
const RAW = {
  conicConformal: (p) => d3.geoConicConformalRaw(...p.parallels.map(radians)),
  conicEqualArea: (p) => d3.geoConicEqualAreaRaw(...p.parallels.map(radians)),
  equirectangular: () => d3.geoEquirectangularRaw,
  mercator: () => d3.geoMercatorRaw,
  // Miller cylindrical: Mercator's shapes near the equator with the poles less inflated (a world board down to Antarctica).
  miller: () => (lambda, phi) => [lambda, 1.25 * Math.log(Math.tan(Math.PI / 4 + 0.4 * phi))],
  naturalEarth1: () => d3.geoNaturalEarth1Raw,
  azimuthalEqualArea: () => d3.geoAzimuthalEqualAreaRaw,
};

/** The raw projection seen through the frame's lenses: around each centre, r grows to r + s R tanh(r / R). */
function lensed(raw, frame) {
  let projected = raw;
  for (const { centre, radius, strength } of frame.lenses ?? []) {
    const inner = projected;
    const at = ([lon, lat]) => inner(radians(lon + frame.projection.rotate[0]), radians(lat));
    const [cx, cy] = at(centre);
    const [nx, ny] = at([centre[0], centre[1] + radius]);
    const R = Math.hypot(nx - cx, ny - cy);
    projected = (lambda, phi) => {
      const [x, y] = inner(lambda, phi);
      const r = Math.hypot(x - cx, y - cy);
      if (r === 0) return [x, y];
      const grown = (r + strength * R * Math.tanh(r / R)) / r;
      return [cx + (x - cx) * grown, cy + (y - cy) * grown];
    };
  }
  return projected;
}

function generate({ id, definition, data: dataUrl, target }) {
  const started = Date.now();
  const mapJson = JSON.parse(readFileSync(definition, 'utf8'));
  const data = JSON.parse(readFileSync(dataUrl, 'utf8'));
  const { frame } = data;
  const lonlat = (place) => [place[0], place[1]];

  // ---- labels: the provinces in map order, then impassable areas, then neutral land and open water
  const codes = mapJson.provinces.map((p) => p.code);
  const isSea = new Set(mapJson.provinces.filter((p) => p.kind === 'sea').map((p) => p.code));
  const blocked = Object.keys(data.impassable ?? {});
  const P = codes.length;
  const NEUTRAL = P + blocked.length;
  const OPEN = NEUTRAL + 1; // water of no sea province
  const UNCLAIMED = -1;
  const labelOf = (code) => {
    const i = codes.indexOf(code);
    if (i < 0) throw new Error(`art data names an unknown province ${code}`);
    return i;
  };
  for (const c of codes) if (!data.seeds[c]?.length) throw new Error(`art data: no seeds for ${c}`);
  for (const c of Object.keys(data.seeds)) labelOf(c);
  const adjacent = adjacentPairs(mapJson);
  const isProvince = (l) => l >= 0 && l < P;
  /** May labels a and b share a border? Provinces only when the graph makes them adjacent. */
  const mayTouch = (a, b) => a === b || !isProvince(a) || !isProvince(b) || adjacent.has(pairKey(codes[a], codes[b]));

  // ---- projection and raster frame
  const type = frame.projection.type ?? 'conicConformal';
  if (!RAW[type]) throw new Error(`unknown projection ${type} (one of ${Object.keys(RAW).join(', ')})`);
  const corners = { type: 'MultiPoint', coordinates: frame.corners.map(lonlat) };
  const projection = d3
    .geoProjection(lensed(RAW[type](frame.projection), frame))
    .rotate(frame.projection.rotate ?? [0, 0])
    .fitWidth(frame.width, corners);
  const bounds = d3.geoPath(projection).bounds(corners);
  const W = frame.width;
  const H = Math.ceil(bounds[1][1]);
  projection.clipExtent([[0, 0], [W, H]]);
  const RW = W * SCALE;
  const RH = H * SCALE;
  const N = RW * RH;
  const toRaster = (place) => {
    const [x, y] = projection(lonlat(place));
    return [x * SCALE, y * SCALE];
  };
  const pixelOf = (place) => {
    const [x, y] = toRaster(place);
    const px = Math.floor(x);
    const py = Math.floor(y);
    if (!(px >= 0 && py >= 0 && px < RW && py < RH)) return -1;
    return py * RW + px;
  };
  const clampedPixelOf = (place) => {
    const [x, y] = toRaster(place);
    return Math.min(RH - 1, Math.max(0, Math.floor(y))) * RW + Math.min(RW - 1, Math.max(0, Math.floor(x)));
  };
  /** Rings of a GeoJSON geometry in raster coordinates, clipped to the frame. */
  function rasterRings(geometry) {
    const rings = [];
    let ring = null;
    const context = {
      moveTo(x, y) {
        ring = [[x * SCALE, y * SCALE]];
        rings.push(ring);
      },
      lineTo(x, y) {
        ring.push([x * SCALE, y * SCALE]);
      },
      closePath() {},
      arc() {},
    };
    d3.geoPath(projection, context)(geometry);
    return rings;
  }
  const boxRing = ([w, s, e, n]) => {
    const ring = [];
    for (let k = 0; k <= 8; k++) ring.push(toRaster([w + ((e - w) * k) / 8, s]));
    for (let k = 0; k <= 8; k++) ring.push(toRaster([e - ((e - w) * k) / 8, n]));
    return ring;
  };

  // ---- countries onto the raster: country[i] is 0 for water, else the index of the pixel's rule
  // (a list of provinces, 'any', 'neutral', or an impassable area's code)
  const countryRule = [null];
  const country = new Int16Array(N);
  const unknown = new Set();
  const fallback = data.unknownCountries ?? 'any';
  for (const f of countryFeatures) {
    const rings = rasterRings(f);
    if (rings.length === 0) continue;
    const name = f.properties.name;
    let rule = data.countries?.[name];
    if (rule === undefined) {
      if (fallback === 'neutral') unknown.add(name);
      rule = fallback;
    }
    countryRule.push(rule);
    fillRings(country, RW, RH, rings, countryRule.length - 1);
  }
  const ANY = countryRule.length;
  countryRule.push('any');
  // Land the map needs where Natural Earth has sea (North Sea Wars' trade posts on the Dogger Bank, once
  // Doggerland): rings of places, painted as land any province may take.
  for (const extra of data.extraLand ?? []) fillRings(country, RW, RH, [extra.ring.map(toRaster)], ANY);
  // Straits: `close` lays a strip of land (given to `province`, or neutral), `open` cuts a channel of water.
  const labels = new Int16Array(N).fill(UNCLAIMED);
  for (const strait of data.straits ?? []) {
    const mark = new Uint8Array(N);
    fillRings(mark, RW, RH, [boxRing(strait.close ?? strait.open)], 1);
    for (let i = 0; i < N; i++) {
      if (!mark[i]) continue;
      if (strait.open) {
        country[i] = 0;
      } else {
        country[i] = ANY;
        labels[i] = strait.province ? labelOf(strait.province) : NEUTRAL;
      }
    }
  }
  const isLand = (i) => country[i] !== 0;
  for (let i = 0; i < N; i++) {
    const rule = countryRule[country[i]];
    if (rule === 'neutral') labels[i] = NEUTRAL;
    else if (typeof rule === 'string' && rule !== 'any') labels[i] = P + blocked.indexOf(rule);
  }

  // ---- seeds on the raster (a coastal city just offshore at 1:50m moves to the nearest land pixel, a sea seed on
  // land to the nearest water)
  const seedPixels = []; // { label, pixel, x, y, sea }
  function snap(pixel, wantLand, maxUnits) {
    if (isLand(pixel) === wantLand) return pixel;
    const px = pixel % RW;
    const py = (pixel - px) / RW;
    const r = Math.ceil(maxUnits * SCALE);
    let best = -1;
    let bestD = Infinity;
    for (let y = Math.max(0, py - r); y <= Math.min(RH - 1, py + r); y++) {
      for (let x = Math.max(0, px - r); x <= Math.min(RW - 1, px + r); x++) {
        const d = (x - px) ** 2 + (y - py) ** 2;
        if (d < bestD && isLand(y * RW + x) === wantLand) {
          bestD = d;
          best = y * RW + x;
        }
      }
    }
    return best;
  }
  for (const [code, list] of Object.entries(data.seeds)) {
    for (const place of list) {
      const raw = pixelOf(place);
      const what = `seed ${code} ${place.join(' ')}`;
      if (raw < 0) {
        console.warn(`${id}: ${what} lies outside the frame (left out)`);
        continue;
      }
      const pixel = snap(raw, !isSea.has(code), 6);
      if (pixel < 0) throw new Error(`${what} lies on ${isSea.has(code) ? 'land' : 'water'}, far from the shore`);
      const x = (pixel % RW) + 0.5;
      const y = Math.floor(pixel / RW) + 0.5;
      seedPixels.push({ label: labelOf(code), pixel, x, y, sea: isSea.has(code) });
    }
  }

  // Open water: seeds of water that belongs to no sea province (the Irish Sea on a board of the North Sea).
  for (const place of data.openWater ?? []) {
    const pixel = pixelOf(place);
    if (pixel < 0) {
      console.warn(`${id}: open water ${place.join(' ')} lies outside the frame (left out)`);
      continue;
    }
    if (isLand(pixel)) throw new Error(`open water ${place.join(' ')} lies on land`);
    seedPixels.push({ label: OPEN, pixel, x: (pixel % RW) + 0.5, y: Math.floor(pixel / RW) + 0.5, sea: true });
  }

  // ---- water without a sea seed (a lake, a closed-off bay) is land, unless the data keeps lakes as water
  {
    const water = components(RW, RH, (i) => country[i] === 0);
    const seeded = new Set(seedPixels.filter((s) => s.sea && country[s.pixel] === 0).map((s) => water.comp[s.pixel]));
    for (let i = 0; i < N; i++) {
      if (country[i] !== 0 || seeded.has(water.comp[i])) continue;
      if (data.lakes === 'water') labels[i] = OPEN;
      else country[i] = ANY;
    }
  }

  // ---- every seed floods its land or water
  const mayTake = (i, l) => {
    if (l === OPEN) return !isLand(i);
    if (isSea.has(codes[l]) === isLand(i)) return false;
    if (!isLand(i)) return true;
    const rule = countryRule[country[i]];
    return !Array.isArray(rule) || rule.includes(codes[l]);
  };
  // How far a seed floods (units; `reach` in the data, for land and for sea): beyond, land is neutral and water
  // open, so that a world board's far continents and oceans do not all belong to the nearest province.
  const reachOf = (l) => SCALE * ((isProvince(l) && isSea.has(codes[l]) ? data.reach?.sea : data.reach?.land) ?? Infinity);
  floodFromSeeds(labels, RW, RH, seedPixels, UNCLAIMED, mayTake, mayTouch, reachOf);

  // ---- islands without a seed: tiny ones are left out (sea), one near a province it may join joins it (the
  // province its country lists alone, or any province where countries are not listed), the rest is neutral land
  {
    const isProvinceLand = (l) => isProvince(l) && !isSea.has(codes[l]);
    const UNSET = -9;
    const near = Int16Array.from(labels, (l) => (isProvinceLand(l) ? l : UNSET));
    const reach = spreadLabels(near, RW, RH, (i) => near[i] !== UNSET, () => true, UNSET);
    const islands = components(RW, RH, (i) => isLand(i) && (labels[i] === UNCLAIMED || labels[i] === NEUTRAL));
    const info = islands.sizes.map(() => ({ best: -1, bestD: Infinity, land: [], touches: new Set() }));
    for (let i = 0; i < N; i++) {
      const k = islands.comp[i];
      if (k < 0) continue;
      const isl = info[k];
      isl.land.push(i);
      const x = i % RW;
      for (const j of [x > 0 ? i - 1 : -1, x < RW - 1 ? i + 1 : -1, i - RW, i + RW]) {
        if (j >= 0 && j < N && islands.comp[j] !== k) isl.touches.add(labels[j]);
      }
      if (reach[i] >= 0 && reach[i] < isl.bestD) {
        isl.bestD = reach[i];
        isl.best = near[i];
      }
    }
    info.forEach((isl, k) => {
      // A strip between two provinces that may not touch is no island: it stays neutral land.
      if ([...isl.touches].some(isProvinceLand)) {
        for (const i of isl.land) labels[i] = NEUTRAL;
        return;
      }
      const tiny = islands.sizes[k] < MIN_ISLAND * SCALE * SCALE;
      const rule = countryRule[country[isl.land[0]]];
      const may =
        isl.best >= 0 &&
        isl.bestD <= ISLAND_REACH * SCALE &&
        ((Array.isArray(rule) && rule.length === 1 && rule[0] === codes[isl.best]) || rule === 'any') &&
        [...isl.touches].every((m) => m === UNCLAIMED || mayTouch(isl.best, m));
      const neutralHere = isl.land.some((i) => labels[i] === NEUTRAL);
      const to = tiny ? UNCLAIMED : may && !neutralHere ? isl.best : NEUTRAL;
      for (const i of isl.land) {
        labels[i] = to;
        if (tiny) country[i] = 0;
      }
    });
    // Water left unclaimed (where tiny islands were, or a sliver cut off by the frame) floods from around it.
    const frontier = [];
    for (let i = 0; i < N; i++) {
      if (labels[i] !== UNCLAIMED) continue;
      const x = i % RW;
      for (const j of [x > 0 ? i - 1 : -1, x < RW - 1 ? i + 1 : -1, i - RW, i + RW]) {
        if (j >= 0 && j < N && isProvince(labels[j])) frontier.push({ label: labels[j], pixel: j, x: (j % RW) + 0.5, y: Math.floor(j / RW) + 0.5 });
      }
    }
    for (const s of frontier) labels[s.pixel] = UNCLAIMED;
    // (Only a few units where the data limits the reach: what lies beyond stays open water and neutral land.)
    floodFromSeeds(labels, RW, RH, frontier, UNCLAIMED, mayTake, mayTouch, () => (data.reach ? 4 * SCALE : Infinity));
    for (let i = 0; i < N; i++) if (labels[i] === UNCLAIMED) labels[i] = isLand(i) ? NEUTRAL : OPEN;
  }
  const gap = (i) => (isLand(i) ? NEUTRAL : OPEN);
  for (let round = 0; round < 5; round++) {
    removeDiagonalContacts(labels, RW, RH);
    if (separateForbidden(labels, RW, RH, mayTouch, gap) === 0) break;
  }

  // ---- arcs (only those of provinces, impassable areas and neutral land; open water is the background)
  const { arcs: rawArcs, polygons } = traceArcs(labels, RW, RH);
  const used = new Map();
  const renumber = (polys) =>
    polys.map((poly) =>
      poly.map((ring) =>
        ring.map((ref) => {
          const i = ref >= 0 ? ref : ~ref;
          if (!used.has(i)) used.set(i, used.size);
          return ref >= 0 ? used.get(i) : ~used.get(i);
        }),
      ),
    );
  const regionArcs = new Map();
  for (let l = 0; l <= OPEN; l++) if (polygons.get(l)) regionArcs.set(l, renumber(polygons.get(l)));
  const arcs = [...used.keys()].map((i) => {
    const simple = simplifyChain(rawArcs[i].points, TOLERANCE * SCALE);
    const out = [];
    for (const [x, y] of simple) {
      const p = [Math.round(x / SCALE), Math.round(y / SCALE)];
      const last = out.at(-1);
      if (!last || last[0] !== p[0] || last[1] !== p[1]) out.push(p);
    }
    if (out.length === 1) out.push(out[0]);
    return out;
  });
  // Rounding can flatten a sliver or a speck of an island to no area: such rings are left out (outer rings must
  // keep winding clockwise, holes counter-clockwise).
  const ringArea = (ring) => {
    const pts = ring.flatMap((ref, k) => {
      const a = ref >= 0 ? arcs[ref] : [...arcs[~ref]].reverse();
      return k === 0 ? a : a.slice(1);
    });
    let sum = 0;
    for (let k = 0; k < pts.length; k++) {
      const [x0, y0] = pts[k];
      const [x1, y1] = pts[(k + 1) % pts.length];
      sum += x0 * y1 - x1 * y0;
    }
    return sum / 2;
  };
  for (const [l, polys] of regionArcs) {
    const kept = polys
      .filter((poly) => ringArea(poly[0]) > 0)
      .map((poly) => [poly[0], ...poly.slice(1).filter((hole) => ringArea(hole) < 0)]);
    regionArcs.set(l, kept);
  }
  const encodeArc = (points) => points.map((p, k) => (k === 0 ? p : [p[0] - points[k - 1][0], p[1] - points[k - 1][1]]));

  // ---- points: supply centres at their city, unit anchors and labels where the province has most room
  const room = roomMap(labels, RW, RH);
  const pixelsOf = new Map();
  for (let i = 0; i < N; i++) {
    if (!pixelsOf.has(labels[i])) pixelsOf.set(labels[i], []);
    pixelsOf.get(labels[i]).push(i);
  }
  const unit = (px) => [Math.round(((px % RW) + 0.5) / SCALE), Math.round((Math.floor(px / RW) + 0.5) / SCALE)];
  const dist2 = (a, b) => {
    const ax = a % RW;
    const bx = b % RW;
    return (ax - bx) ** 2 + ((a - ax) / RW - (b - bx) / RW) ** 2;
  };
  /** The pixel of `label` nearest to `want` with at least `minRoom` units of room and `apart` units from `avoid`. */
  function placeNear(label, want, minRoom, avoid = [], apart = 0) {
    const list = pixelsOf.get(label);
    if (!list) throw new Error(`${codes[label] ?? label} has no area`);
    return placeAmong(list, label, want, minRoom, avoid, apart);
  }
  /** placeNear among the pixels of `list` (one piece of a province). */
  function placeAmong(list, label, want, minRoom, avoid = [], apart = 0) {
    let maxRoom = 0;
    for (const i of list) maxRoom = Math.max(maxRoom, room[i]);
    for (let need = Math.min(minRoom * SCALE, maxRoom * 0.9); need >= 0; need = need > 1 ? need * 0.7 : -1) {
      for (let sep = apart * SCALE; sep >= 0; sep = sep > 1 ? sep * 0.7 : -1) {
        let best = -1;
        let bestD = Infinity;
        for (const i of list) {
          if (room[i] < need) continue;
          if (avoid.some((a) => dist2(i, a) < sep * sep)) continue;
          const d = dist2(i, want);
          if (d < bestD) {
            bestD = d;
            best = i;
          }
        }
        if (best >= 0) return best;
      }
    }
    throw new Error(`no place for label ${label}`);
  }
  const centreOf = (label) => {
    const own = seedPixels.filter((s) => s.label === label);
    const x = own.reduce((a, s) => a + s.x, 0) / own.length;
    const y = own.reduce((a, s) => a + s.y, 0) / own.length;
    return Math.min(RH - 1, Math.max(0, Math.floor(y))) * RW + Math.min(RW - 1, Math.max(0, Math.floor(x)));
  };
  const labelsToPlace = [];
  const supplyCenters = {};
  const anchors = {};
  const pieceAnchors = {};
  const provinces = {};
  const pieces = labelPieces(labels, RW, RH);
  const piecePixels = new Map();
  for (let i = 0; i < N; i++) {
    const k = pieces.comp[i];
    if (pieces.sizes[k] < PIECE_AREA * SCALE * SCALE || !isProvince(pieces.label[k])) continue;
    if (!piecePixels.has(k)) piecePixels.set(k, []);
    piecePixels.get(k).push(i);
  }
  /** An anchor in each large piece of province `l` other than the one of its anchor, near the piece's middle. */
  const otherPieceAnchors = (l, anchorPx) =>
    [...piecePixels.keys()]
      .filter((k) => pieces.label[k] === l && k !== pieces.comp[anchorPx])
      .sort((a, b) => a - b)
      .map((k) => {
        const list = piecePixels.get(k);
        const x = list.reduce((a, i) => a + (i % RW), 0) / list.length;
        const y = list.reduce((a, i) => a + Math.floor(i / RW), 0) / list.length;
        return unit(placeAmong(list, l, Math.floor(y) * RW + Math.floor(x), 8));
      });
  const placeOf = (table, code) => (table?.[code] ? clampedPixelOf(table[code]) : undefined);
  for (const p of mapJson.provinces) {
    const l = labelOf(p.code);
    if (!regionArcs.get(l)?.length) throw new Error(`${p.code} has no area`);
    const sc = p.supplyCenter
      ? placeNear(l, placeOf(data.cities, p.code) ?? clampedPixelOf(data.seeds[p.code][0]), 3)
      : undefined;
    if (sc !== undefined) supplyCenters[p.code] = unit(sc);
    const anchorPx = placeNear(l, placeOf(data.anchors, p.code) ?? centreOf(l), 8, sc === undefined ? [] : [sc], 12);
    anchors[p.code] = unit(anchorPx);
    const more = otherPieceAnchors(l, anchorPx);
    if (more.length) pieceAnchors[p.code] = more;
    labelsToPlace.push({ code: p.code, l, anchorPx, want: placeOf(data.labels, p.code), sc });
    provinces[p.code] = { arcs: regionArcs.get(l), label: undefined };
    for (const coast of Object.keys(p.coasts ?? {})) {
      const name = `${p.code}/${coast}`;
      if (!data.coasts?.[name]) throw new Error(`art data: no place for the coast ${name} in "coasts"`);
      anchors[name] = unit(placeNear(l, clampedPixelOf(data.coasts[name]), 2.5));
    }
  }
  // Labels last, once every place a unit may stand is known: each clear of every unit marker (labels.mjs).
  const { placed: labelPixels, crowded } = placeLabels({
    jobs: labelsToPlace,
    anchors,
    pieceAnchors,
    centers: supplyCenters,
    pixelsOf,
    room,
    unit,
    u: unitRadius(W, H, P),
    scale: SCALE,
    pieceOf: (i) => pieces.comp[i],
    dist2,
    placeAmong,
    placeNear,
    boxes,
  });
  for (const { code } of labelsToPlace) provinces[code].label = unit(labelPixels[code]);
  // A province too small for its label beside its unit is listed in the data with the reason (the renderer moves
  // its label off a unit standing there); one not listed, or listed and no longer crowded, fails the run.
  const listedCrowded = Object.keys(data.crowdedLabels ?? {}).sort();
  if (crowded.join() !== listedCrowded.join())
    throw new Error(
      `labels with no place clear of every unit marker: ${crowded.join(', ') || 'none'}; "crowdedLabels" of ` +
        `${dataUrl.pathname.split('/').pop()} lists ${listedCrowded.join(', ') || 'none'} (nothing written)`,
    );
  const impassable = {};
  blocked.forEach((code, k) => {
    const list = pixelsOf.get(P + k);
    if (!list) throw new Error(`impassable ${code} has no area`);
    const at = list.reduce((a, i) => (room[i] > room[a] ? i : a));
    impassable[code] = { name: data.impassable[code].name, arcs: regionArcs.get(P + k), label: unit(at) };
  });

  // ---- the file
  const projectionText =
    type === 'conicConformal' || type === 'conicEqualArea'
      ? `${type} (parallels ${frame.projection.parallels.join(', ')}, central meridian ${-(frame.projection.rotate?.[0] ?? 0)})`
      : `${type} (central meridian ${-(frame.projection.rotate?.[0] ?? 0)})`;
  const lenses = frame.lenses?.length ? ` through magnifying lenses on ${frame.lenses.map((l) => `${l.centre[0]}E ${l.centre[1]}N`).join(' and ')}` : '';
  const about =
    `${mapJson.name} board, original art generated by scripts/geometry/generate.mjs (npm run geometry) from ` +
    `Natural Earth 1:50m countries (public domain) via the npm package world-atlas ${worldVersion}, ${projectionText}${lenses}, ` +
    `provinces from hand-set seed places (${dataUrl.pathname.slice(root.pathname.length)}). Rings: outer clockwise on screen, holes ` +
    "counter-clockwise. 'pieceAnchors': where a unit stands in a province's other large pieces; 'land': land of no province; 'water': water of no sea province.";
  const out = { about, viewBox: [0, 0, W, H], arcs: arcs.map(encodeArc), provinces, anchors, supplyCenters };
  // A frame whose corners span the whole globe (cut in the Bering Strait) has one meridian at both edges.
  const longitudes = frame.corners.map((c) => c[0]);
  if (Math.max(...longitudes) - Math.min(...longitudes) >= 359) {
    out.wraps = true;
    out.about += " 'wraps': the left and right edges are one meridian.";
  }
  if (Object.keys(pieceAnchors).length) out.pieceAnchors = pieceAnchors;
  if (blocked.length) out.impassable = impassable;
  out.land = regionArcs.get(NEUTRAL) ?? [];
  if (regionArcs.get(OPEN)) out.water = regionArcs.get(OPEN);

  const found = borderDisagreements(mapJson, out);
  const listed = (data.exceptions ?? []).map((e) => `${pairKey(...e.provinces)} ${e.kind}`).sort();
  const unexpected = found.filter((f) => !listed.includes(f));
  const stale = listed.filter((f) => !found.includes(f));
  const text = compactJson(out, 2) + '\n';
  if (unexpected.length || stale.length) {
    writeFileSync(`/tmp/${id}.geometry.rejected.json`, text);
    throw new Error(
      `the art disagrees with the map's graph (not written; the drawing is in /tmp/${id}.geometry.rejected.json):\n` +
        (unexpected.length ? `  not listed in the exceptions of ${dataUrl.pathname.split('/').pop()}: ${unexpected.join(', ')}\n` : '') +
        (stale.length ? `  listed but no longer found: ${stale.join(', ')}\n` : ''),
    );
  }
  writeFileSync(target, text);
  if (unknown.size) console.warn(`${id}: countries not in the art data (${fallback}): ${[...unknown].join(', ')}`);
  const points = out.arcs.reduce((a, arc) => a + arc.length, 0);
  console.log(
    `${id}: wrote ${target.pathname.slice(root.pathname.length)}: ${text.length} bytes, ${out.arcs.length} arcs, ${points} points, ` +
      `viewBox ${W}x${H}, ${found.length} listed exceptions, ${((Date.now() - started) / 1000).toFixed(0)} s`,
  );
}

const wanted = process.argv.slice(2);
let failed = 0;
for (const entry of mapsWithArt()) {
  if (wanted.length && !wanted.includes(entry.id)) continue;
  if (!existsSync(entry.data)) continue;
  try {
    generate(entry);
  } catch (e) {
    failed++;
    console.error(`${entry.id}: ${e.message}`);
  }
}
if (failed) process.exit(1);
