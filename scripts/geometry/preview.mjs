// Preview of the generated geometry, for looking at it (not the product's renderer): provinces with their
// labels, unit anchors (coasts in red) and supply centres, drawn to SVG and rasterised to PNG.
//
//   node scripts/geometry/preview.mjs [ID [OUT.png [GEOMETRY.json [x y w h]]]]
//
// ID: a map with art (default standard); OUT default /tmp/ID-preview.png; GEOMETRY default the map's committed
// art (give /tmp/ID.geometry.rejected.json to look at art the generator refused).
import { readFileSync, writeFileSync } from 'node:fs';
import { Resvg } from '@resvg/resvg-js';

const root = new URL('../../', import.meta.url);
const id = process.argv[2] ?? 'standard';
const dir = id === 'standard' ? 'src/map/' : 'src/map/variants/';
const g = JSON.parse(readFileSync(process.argv[4] ?? new URL(`${dir}${id}.geometry.json`, root), 'utf8'));
const map = JSON.parse(readFileSync(new URL(`${dir}${id}.json`, root), 'utf8'));
const out = process.argv[3] ?? `/tmp/${id}-preview.png`;
const view = process.argv.length >= 9 ? process.argv.slice(5, 9).map(Number) : g.viewBox;

const arcs = g.arcs.map((a) => {
  let x = 0;
  let y = 0;
  return a.map(([dx, dy]) => [(x += dx), (y += dy)]);
});
const ringPath = (ring) => {
  const pts = ring.flatMap((ref, k) => {
    const p = ref >= 0 ? arcs[ref] : [...arcs[~ref]].reverse();
    return k === 0 ? p : p.slice(1);
  });
  return 'M' + pts.map((p) => p.join(',')).join('L') + 'Z';
};
const path = (polygons) => polygons.map((poly) => poly.map(ringPath).join('')).join('');
const kind = Object.fromEntries(map.provinces.map((p) => [p.code, p.kind]));
const home = Object.fromEntries(map.provinces.map((p) => [p.code, p.home]));
const colour = { ENGLAND: '#c9b3d9', FRANCE: '#b3cde0', GERMANY: '#c8b89a', ITALY: '#cfe3b0', AUSTRIA: '#e6b8b8', RUSSIA: '#dcdcdc', TURKEY: '#ecd9a0' };
const parts = [];
const scale = view[2] / 1200;
parts.push(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="${view.join(' ')}" width="${Math.round(2400)}" height="${Math.round((2400 * view[3]) / view[2])}">`);
parts.push(`<rect x="-10" y="-10" width="99999" height="99999" fill="#9fc4e0"/>`);
if (g.water) parts.push(`<path d="${path(g.water)}" fill="#5f8fb8"/>`);
parts.push(`<path d="${path(g.land)}" fill="#e8e4d0" stroke="#777" stroke-width="${0.4 * scale}"/>`);
for (const [code, p] of Object.entries(g.provinces)) {
  // Neighbouring provinces in distinct tints (a hash of the code), home centres in their power's colour.
  const h = [...code].reduce((a, c) => a * 31 + c.charCodeAt(0), 7);
  const tint = `hsl(${h % 360}, 45%, ${kind[code] === 'sea' ? 80 : 85}%)`;
  const fill = kind[code] === 'sea' ? tint : tint;
  void colour;
  void home;
  parts.push(`<path d="${path(p.arcs)}" fill="${fill}" stroke="#333" stroke-width="${0.6 * scale}" stroke-linejoin="round"/>`);
}
for (const s of Object.values(g.impassable ?? {})) parts.push(`<path d="${path(s.arcs)}" fill="#888" stroke="#333" stroke-width="${0.6 * scale}"/>`);
for (const [code, p] of Object.entries(g.provinces)) {
  parts.push(`<text x="${p.label[0]}" y="${p.label[1]}" font-size="${9 * scale}" font-family="sans-serif" text-anchor="middle" dominant-baseline="central" font-weight="bold">${code}</text>`);
}
for (const [loc, [x, y]] of Object.entries(g.anchors)) {
  const coast = loc.includes('/');
  parts.push(`<circle cx="${x}" cy="${y}" r="${(coast ? 3 : 4) * scale}" fill="none" stroke="${coast ? '#d00' : '#00a'}" stroke-width="${1.2 * scale}"/>`);
  if (coast) parts.push(`<text x="${x + 4 * scale}" y="${y}" font-size="${6 * scale}" fill="#d00" font-family="sans-serif">${loc.split('/')[1]}</text>`);
}
for (const [x, y] of Object.values(g.supplyCenters)) parts.push(`<circle cx="${x}" cy="${y}" r="${2.2 * scale}" fill="#000"/>`);
parts.push('</svg>');
const svg = parts.join('\n');
writeFileSync(out.replace(/\.png$/, '.svg'), svg);
writeFileSync(out, new Resvg(svg, { font: { loadSystemFonts: true } }).render().asPng());
console.log(`wrote ${out}`);
