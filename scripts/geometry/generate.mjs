// Makes src/map/standard.geometry.json (format: docs/geometry.md) from Natural Earth coastlines and borders
// (public domain, through the npm package world-atlas) and the hand-set places in data.mjs.
//
//   npm run geometry            writes the file and prints a summary
//
// How: the countries are projected (Lambert conformal conic, through a gentle lens) and painted onto a fine raster; every land pixel
// goes to the nearest seed of the provinces its country may belong to (data.mjs), every water pixel to the
// nearest sea seed; stray pieces join their neighbour, straits narrower than a unit are bridged; the label
// grid is traced into arcs shared by the provinces on both sides, smoothed, simplified and rounded to integers.
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { geoConicConformalRaw, geoPath, geoProjection } from 'd3-geo';
import { Delaunay } from 'd3-delaunay';
import { feature } from 'topojson-client';
import { frame, countries, seeds, bridges, cities, coasts, anchors as anchorOverrides, labels as labelOverrides } from './data.mjs';
import { fillRings, components, spreadLabels, roomMap } from './raster.mjs';
import { removeDiagonalContacts, traceArcs, simplifyChain } from './trace.mjs';

const require = createRequire(import.meta.url);
const root = new URL('../../', import.meta.url);
const mapJson = JSON.parse(readFileSync(new URL('src/map/standard.json', root), 'utf8'));
const world = require('world-atlas/countries-50m.json');
const worldVersion = require('world-atlas/package.json').version;

const SCALE = Number(process.env.GEOMETRY_SCALE ?? 3); // raster pixels per output unit
const TOLERANCE = 0.55; // simplification tolerance, output units
const MIN_ISLAND = 10; // islands smaller than this (square units) are left out as sea
const ISLAND_REACH = 15; // an island within this many units of its country's only province joins it

// ---- labels: the provinces in map order, then Switzerland, then neutral land; -2 marks water not yet assigned
const codes = mapJson.provinces.map((p) => p.code);
const isSea = new Set(mapJson.provinces.filter((p) => p.kind === 'sea').map((p) => p.code));
const SWI = codes.length;
const NEUTRAL = codes.length + 1;
const WATER = -2;
const ISLAND = -3;
const LAND = -4;
const labelOf = (code) => {
  const i = codes.indexOf(code);
  if (i < 0) throw new Error(`data.mjs names an unknown province ${code}`);
  return i;
};
for (const c of codes) if (!seeds[c]?.length) throw new Error(`data.mjs: no seeds for ${c}`);

// ---- projection and raster frame
const projection = geoProjection(lensed(geoConicConformalRaw(...frame.projection.parallels.map(radians))))
  .rotate(frame.projection.rotate)
  .fitWidth(frame.width, { type: 'MultiPoint', coordinates: frame.corners });
/** The conic projection seen through the lenses of data.mjs (frame.lenses), in the projection's raw units. */
function lensed(raw) {
  let projected = raw;
  for (const { centre, radius, strength } of frame.lenses) {
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
function radians(degrees) {
  return (degrees * Math.PI) / 180;
}
const bounds = geoPath(projection).bounds({ type: 'MultiPoint', coordinates: frame.corners });
const W = frame.width;
const H = Math.ceil(bounds[1][1]);
projection.clipExtent([[0, 0], [W, H]]);
const RW = W * SCALE;
const RH = H * SCALE;
const N = RW * RH;
const toRaster = ([lon, lat]) => {
  const [x, y] = projection([lon, lat]);
  return [x * SCALE, y * SCALE];
};
const pixelOf = (lonlat) => {
  const [x, y] = toRaster(lonlat);
  const px = Math.floor(x);
  const py = Math.floor(y);
  if (px < 0 || py < 0 || px >= RW || py >= RH) return -1;
  return py * RW + px;
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
  geoPath(projection, context)(geometry);
  return rings;
}

// ---- countries onto the raster
const features = feature(world, world.objects.countries).features;
const countryRule = [null]; // index 1.. -> the country's entry in data.mjs
const country = new Int16Array(N);
const unknown = new Set();
for (const f of features) {
  const rings = rasterRings(f);
  if (rings.length === 0) continue;
  const name = f.properties.name;
  let rule = countries[name];
  if (rule === undefined) {
    unknown.add(name);
    rule = 'neutral';
  }
  countryRule.push(rule);
  fillRings(country, RW, RH, rings, countryRule.length - 1);
}
const BRIDGE = countryRule.length;
countryRule.push('bridge');
const forced = new Int16Array(N).fill(-1);
for (const b of bridges) {
  const [w, s, e, n] = b.box;
  const ring = [];
  for (let k = 0; k <= 8; k++) ring.push(toRaster([w + ((e - w) * k) / 8, s]));
  for (let k = 0; k <= 8; k++) ring.push(toRaster([e - ((e - w) * k) / 8, n]));
  const mark = new Uint8Array(N);
  fillRings(mark, RW, RH, [ring], 1);
  for (let i = 0; i < N; i++) {
    if (!mark[i]) continue;
    forced[i] = labelOf(b.province);
    country[i] = BRIDGE;
  }
}

// ---- seeds on the raster (a coastal city that the 1:50m coastline puts just offshore moves to the nearest
// land pixel, a sea seed on land to the nearest water)
const seedPixels = []; // { label, pixel, x, y, sea }
function snap(pixel, wantLand, maxUnits) {
  if ((country[pixel] !== 0) === wantLand) return pixel;
  const px = pixel % RW;
  const py = (pixel - px) / RW;
  const r = Math.ceil(maxUnits * SCALE);
  let best = -1;
  let bestD = Infinity;
  for (let y = Math.max(0, py - r); y <= Math.min(RH - 1, py + r); y++) {
    for (let x = Math.max(0, px - r); x <= Math.min(RW - 1, px + r); x++) {
      const d = (x - px) ** 2 + (y - py) ** 2;
      if (d < bestD && (country[y * RW + x] !== 0) === wantLand) {
        bestD = d;
        best = y * RW + x;
      }
    }
  }
  return best;
}
for (const [code, list] of Object.entries(seeds)) {
  for (const place of list) {
    const raw = pixelOf(place);
    if (raw < 0) {
      console.warn(`seed ${code} ${place} lies outside the frame (left out)`);
      continue;
    }
    const pixel = snap(raw, !isSea.has(code), 6);
    if (pixel < 0) throw new Error(`seed ${code} ${place} lies on ${isSea.has(code) ? 'land' : 'water'}, far from the shore`);
    const x = (pixel % RW) + 0.5;
    const y = Math.floor(pixel / RW) + 0.5;
    seedPixels.push({ label: labelOf(code), pixel, x, y, sea: isSea.has(code) });
  }
}

// ---- water without a sea seed (a lake, a closed-off bay) is filled as land
const LAKE = countryRule.length;
countryRule.push('lake');
{
  const water = components(RW, RH, (i) => country[i] === 0);
  const seeded = new Set(seedPixels.filter((s) => s.sea && country[s.pixel] === 0).map((s) => water.comp[s.pixel]));
  for (let i = 0; i < N; i++) if (country[i] === 0 && !seeded.has(water.comp[i])) country[i] = LAKE;
}

// ---- every pixel to a province
const labels = new Int16Array(N).fill(WATER);
const landComps = components(RW, RH, (i) => country[i] !== 0);
const seaComps = components(RW, RH, (i) => country[i] === 0);
const nearestFinders = new Map();
/** The nearest seed among `candidates` (a list of seed records), found through a Delaunay triangulation. */
function finder(keyName, candidates) {
  let f = nearestFinders.get(keyName);
  if (!f) {
    const delaunay = Delaunay.from(candidates.map((s) => [s.x, s.y]));
    let hint = 0;
    f = (x, y) => {
      hint = delaunay.find(x, y, hint);
      return candidates[hint].label;
    };
    nearestFinders.set(keyName, f);
  }
  return f;
}
const seedsInComp = new Map();
for (const s of seedPixels) {
  const comp = s.sea ? seaComps.comp[s.pixel] : landComps.comp[s.pixel];
  if (comp < 0) continue;
  const k = `${s.sea ? 'sea' : 'land'}${comp}`;
  if (!seedsInComp.has(k)) seedsInComp.set(k, []);
  seedsInComp.get(k).push(s);
}
for (let i = 0; i < N; i++) {
  const x = (i % RW) + 0.5;
  const y = Math.floor(i / RW) + 0.5;
  const c = country[i];
  if (c === 0) {
    const k = `sea${seaComps.comp[i]}`;
    const list = seedsInComp.get(k);
    labels[i] = list ? finder(k, list)(x, y) : WATER;
    continue;
  }
  if (forced[i] >= 0) {
    labels[i] = forced[i];
    continue;
  }
  const rule = countryRule[c];
  if (rule === 'SWI') labels[i] = SWI;
  else if (rule === 'neutral') labels[i] = NEUTRAL;
  else {
    const k = `land${landComps.comp[i]}`;
    const list = seedsInComp.get(k);
    if (!list) {
      labels[i] = ISLAND;
      continue;
    }
    const allowed = Array.isArray(rule) ? list.filter((s) => rule.includes(codes[s.label])) : [];
    const pick = allowed.length ? allowed : list;
    labels[i] = finder(`${k}:${Array.isArray(rule) && allowed.length ? rule.join() : '*'}`, pick)(x, y);
  }
}

// ---- stray pieces: a piece of a province that holds none of its seeds (and no bridge) joins the neighbour
// it shares most of its rim with (land with land, sea with sea)
function joinStrayPieces() {
  let moved = 0;
  const anchoredPixels = new Set(seedPixels.map((s) => s.pixel));
  const pieces = labelPieces();
  const anchored = new Uint8Array(pieces.sizes.length);
  for (const p of anchoredPixels) if (labels[p] >= 0 && labels[p] < SWI && seedPixels.some((s) => s.pixel === p && s.label === labels[p])) anchored[pieces.comp[p]] = 1;
  for (let i = 0; i < N; i++) if (forced[i] >= 0 && labels[i] === forced[i]) anchored[pieces.comp[i]] = 1;
  const rim = new Map(); // piece -> Map(label -> count)
  for (let i = 0; i < N; i++) {
    const piece = pieces.comp[i];
    const l = labels[i];
    if (anchored[piece] || l < 0 || l >= SWI) continue;
    const x = i % RW;
    for (const j of [x > 0 ? i - 1 : -1, x < RW - 1 ? i + 1 : -1, i - RW, i + RW]) {
      if (j < 0 || j >= N) continue;
      const m = labels[j];
      if (m === l || m < 0) continue;
      if (isSea.has(codes[l]) !== (m < SWI && isSea.has(codes[m]))) continue;
      if (!rim.has(piece)) rim.set(piece, new Map());
      const r = rim.get(piece);
      r.set(m, (r.get(m) ?? 0) + 1);
    }
  }
  const target = new Map();
  for (const [piece, r] of rim) target.set(piece, [...r].sort((a, b) => b[1] - a[1])[0][0]);
  for (let i = 0; i < N; i++) {
    const l = labels[i];
    if (l < 0 || l >= SWI || anchored[pieces.comp[i]]) continue;
    const t = target.get(pieces.comp[i]);
    if (t === undefined && process.env.GEOMETRY_DEBUG) console.warn(`stray piece of ${codes[l]} at ${i % RW},${Math.floor(i / RW)} has no neighbour`);
    labels[i] = t ?? (isSea.has(codes[l]) ? WATER : ISLAND);
    moved++;
  }
  return moved;
}
function labelPieces() {
  // Components of equal labels (4-neighbour).
  const comp = new Int32Array(N).fill(-1);
  const sizes = [];
  const stack = new Int32Array(N);
  for (let start = 0; start < N; start++) {
    if (comp[start] !== -1) continue;
    const l = labels[start];
    const id = sizes.length;
    let size = 0;
    let top = 0;
    stack[top++] = start;
    comp[start] = id;
    while (top > 0) {
      const i = stack[--top];
      size++;
      const x = i % RW;
      for (const j of [x > 0 ? i - 1 : -1, x < RW - 1 ? i + 1 : -1, i - RW, i + RW]) {
        if (j >= 0 && j < N && comp[j] === -1 && labels[j] === l) {
          comp[j] = id;
          stack[top++] = j;
        }
      }
    }
    sizes.push(size);
  }
  return { comp, sizes };
}
for (let round = 0; round < 6; round++) if (joinStrayPieces() === 0) break;

// ---- islands without a seed: small ones are left out (sea), those close to their country's only province join
// it, the rest is neutral land
{
  const isProvinceLand = (l) => l >= 0 && l < SWI && !isSea.has(codes[l]);
  const UNSET = -9;
  const near = labels.map((l) => (isProvinceLand(l) ? l : UNSET));
  const reach = spreadLabels(near, RW, RH, (i) => near[i] !== UNSET, () => true, UNSET);
  const islands = components(RW, RH, (i) => labels[i] === ISLAND || labels[i] === NEUTRAL);
  const info = islands.sizes.map(() => ({ best: -1, bestD: Infinity, land: [] }));
  for (let i = 0; i < N; i++) {
    const k = islands.comp[i];
    if (k < 0) continue;
    info[k].land.push(i);
    if (reach[i] >= 0 && reach[i] < info[k].bestD) {
      info[k].bestD = reach[i];
      info[k].best = near[i];
    }
  }
  info.forEach((isl, k) => {
    const tiny = islands.sizes[k] < MIN_ISLAND * SCALE * SCALE;
    const rule = countryRule[country[isl.land[0]]];
    const only = Array.isArray(rule) && rule.length === 1 ? labelOf(rule[0]) : -1;
    let to = NEUTRAL;
    if (tiny) to = WATER;
    else if (only >= 0 && isl.best === only && isl.bestD <= ISLAND_REACH * SCALE) to = only;
    for (const i of isl.land) if (labels[i] === ISLAND || tiny) labels[i] = to;
  });
  // Water left unassigned (where tiny islands were) takes the nearest sea.
  const isSeaLabel = (i) => labels[i] >= 0 && labels[i] < SWI && isSea.has(codes[labels[i]]);
  spreadLabels(labels, RW, RH, isSeaLabel, () => true, WATER);
  // A sliver cut off by the frame with no sea beside it joins the land around it.
  spreadLabels(labels, RW, RH, (i) => labels[i] >= 0, () => true, WATER);
}
for (let i = 0; i < N; i++) if (labels[i] < 0) throw new Error(`pixel ${i % RW},${Math.floor(i / RW)} left without a province`);
removeDiagonalContacts(labels, RW, RH);

// ---- arcs
const { arcs: rawArcs, polygons } = traceArcs(labels, RW, RH);
const arcs = rawArcs.map((arc) => {
  const simple = simplifyChain(arc.points, TOLERANCE * SCALE);
  const out = [];
  for (const [x, y] of simple) {
    const p = [Math.round(x / SCALE), Math.round(y / SCALE)];
    const last = out.at(-1);
    if (!last || last[0] !== p[0] || last[1] !== p[1]) out.push(p);
  }
  if (out.length === 1) out.push(out[0]);
  return out;
});
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
const clampedPixelOf = (lonlat) => {
  const [x, y] = toRaster(lonlat);
  return Math.min(RH - 1, Math.max(0, Math.floor(y))) * RW + Math.min(RW - 1, Math.max(0, Math.floor(x)));
};
const supplyCenters = {};
const anchors = {};
const provinces = {};
const refsOf = (label) => (polygons.get(label) ?? []).map((poly) => poly.map((ring) => ring));
for (const p of mapJson.provinces) {
  const l = labelOf(p.code);
  const avoid = [];
  if (p.supplyCenter) {
    const sc = placeNear(l, clampedPixelOf(cities[p.code]), 3);
    supplyCenters[p.code] = unit(sc);
    avoid.push(sc);
  }
  const anchorPx = placeNear(l, anchorOverrides[p.code] ? clampedPixelOf(anchorOverrides[p.code]) : centreOf(l), 8, avoid, 12);
  anchors[p.code] = unit(anchorPx);
  avoid.push(anchorPx);
  const labelPx = placeNear(l, labelOverrides[p.code] ? clampedPixelOf(labelOverrides[p.code]) : anchorPx, 5, avoid, 14);
  if (!polygons.get(l)) throw new Error(`${p.code} has no area`);
  provinces[p.code] = { arcs: refsOf(l), label: unit(labelPx) };
  for (const coast of Object.keys(p.coasts ?? {})) {
    const name = `${p.code}/${coast}`;
    anchors[name] = unit(placeNear(l, clampedPixelOf(coasts[name]), 2.5));
  }
}
const swissPx = pixelsOf.get(SWI).reduce((a, i) => (room[i] > room[a] ? i : a));

// ---- the file
const about =
  'Standard Diplomacy board, original art generated by scripts/geometry/generate.mjs (npm run geometry) from ' +
  `Natural Earth 1:50m countries (public domain) via the npm package world-atlas ${worldVersion}, ` +
  `Lambert conformal conic (parallels ${frame.projection.parallels.join(', ')}, central meridian ${-frame.projection.rotate[0]}) ` +
  `through magnifying lenses on ${frame.lenses.map((l) => `${l.centre[0]}E ${l.centre[1]}N`).join(' and ')}, ` +
  'provinces from hand-set seed places (scripts/geometry/data.mjs). Rings: outer clockwise on screen, holes ' +
  "counter-clockwise. 'land': land of no province (Ireland, Iceland, the large Mediterranean islands, Libya...).";
const neutral = polygons.get(NEUTRAL) ?? [];
const out = {
  about,
  viewBox: [0, 0, W, H],
  arcs: arcs.map(encodeArc),
  provinces,
  anchors,
  supplyCenters,
  impassable: { SWI: { name: 'Switzerland', arcs: refsOf(SWI), label: unit(swissPx) } },
  land: neutral,
};
// One arc or province per line: compact, and a regenerated file diffs readably.
const lines = ['{'];
lines.push(`"about": ${JSON.stringify(out.about)},`);
lines.push(`"viewBox": ${JSON.stringify(out.viewBox)},`);
lines.push('"arcs": [');
out.arcs.forEach((a, k) => lines.push(JSON.stringify(a) + (k < out.arcs.length - 1 ? ',' : '')));
lines.push('],');
const block = (name, obj, last) => {
  lines.push(`"${name}": {`);
  const entries = Object.entries(obj);
  entries.forEach(([k, v], n) => lines.push(`${JSON.stringify(k)}: ${JSON.stringify(v)}${n < entries.length - 1 ? ',' : ''}`));
  lines.push(last ? '}' : '},');
};
block('provinces', out.provinces);
block('anchors', out.anchors);
block('supplyCenters', out.supplyCenters);
block('impassable', out.impassable);
lines.push(`"land": ${JSON.stringify(out.land)}`);
lines.push('}');
const text = lines.join('\n') + '\n';
JSON.parse(text);
const target = new URL('src/map/standard.geometry.json', root);
writeFileSync(target, text);
if (unknown.size) console.warn(`countries not in data.mjs (drawn as neutral land): ${[...unknown].join(', ')}`);
const points = out.arcs.reduce((a, arc) => a + arc.length, 0);
console.log(`wrote ${target.pathname}: ${text.length} bytes, ${out.arcs.length} arcs, ${points} points, viewBox ${W}x${H}`);
