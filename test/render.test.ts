// The renderer (src/render/) read back as data: the SVG is parsed (test/xml.ts) and its elements compared with the
// position, the orders and the outcomes that documents give (DATC chapter 6, the examples' hand-judged comments).
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { adjudicateAdjustments } from '../src/adjudication/adjustment.js';
import { adjudicateMovement } from '../src/adjudication/movement/adjudicate.js';
import { adjudicateRetreats } from '../src/adjudication/retreat.js';
import { readMilaJson } from '../src/formats/mila-json.js';
import { readPositionText } from '../src/formats/position-text.js';
import { compileMap, standardMap } from '../src/map/compile.js';
import { lookupLocation } from '../src/map/query.js';
import type { GameMap, MapDefinition } from '../src/map/types.js';
import { formatOrder } from '../src/orders/format.js';
import type { GivenOrder } from '../src/orders/types.js';
import type { Position } from '../src/position/types.js';
import { readGeometry, type BoardGeometry } from '../src/render/geometry.js';
import { schematicGeometry } from '../src/render/schematic.js';
import { defaultGeometry } from '../src/render/standard.js';
import { renderSvg, type RenderOptions } from '../src/render/svg.js';
import { artKind } from '../src/render/standard.js';
import { seededRandom } from '../src/selfplay/random-player.js';
import { loadDatcCases, prepareMovementCase } from './datc-harness.js';
import { shuffle } from './oracle/generate.js';
import { byClass, classes, parseXml, titleOf, type XmlElement } from './xml.js';

const map = standardMap();
const examples = new URL('../../examples/', import.meta.url);

function example(name: string): { position: Position; orders: GivenOrder[] } {
  const read = readPositionText(map, readFileSync(new URL(name, examples), 'utf8'), name);
  assert.ok(read.value, JSON.stringify(read.issues));
  return read.value;
}

function draw(m: GameMap, position: Position, options: RenderOptions): XmlElement {
  return parseXml(renderSvg(m, position, options));
}

/** A coordinate as the renderer writes it: one decimal at most. */
function num(x: number): string {
  const r = Math.round(x * 10) / 10;
  return r === 0 ? '0' : String(r);
}

function at(point: readonly [number, number]): string {
  return `translate(${num(point[0])} ${num(point[1])})`;
}

/** The order element whose title starts with "POWER: ORDER". */
function orderElement(doc: XmlElement, power: string, text: string): XmlElement {
  const found = byClass(doc, 'order').filter((e) => titleOf(e).split('\n')[0] === `${power}: ${text}`);
  assert.equal(found.length, 1, `one element for ${power}: ${text}`);
  return found[0]!;
}

/** Board units (not build ghosts or legend swatches): location to the glyph element. */
function unitGlyphs(doc: XmlElement): XmlElement[] {
  return byClass(doc, 'unit');
}

/**
 * True when an order element's classes agree with the DATC's words for it ("fails", "succeeds, dislodged",
 * "destroyed", ...). As the DATC harness reads the document: "fails" also covers an illegal move, and a hold's
 * "dislodged" or "destroyed" is the `dislodged` class.
 */
function classMatchesWords(list: readonly string[], words: string): boolean {
  const [word = '', tag] = words.split(', ');
  if (word === 'dislodged' || word === 'destroyed') return list.includes('dislodged');
  const wordOk = list.includes(word) || (word === 'fails' && list.includes('illegal'));
  return wordOk && (tag === undefined || list.includes('dislodged'));
}

/** Checks one element per order, each with the expected words in its class. */
function checkOrders(
  doc: XmlElement,
  orders: readonly GivenOrder[],
  words: readonly string[],
  id: string,
): void {
  const elements = byClass(doc, 'order');
  assert.equal(elements.length, orders.length, `${id}: one element per order`);
  const unused = new Set(elements);
  orders.forEach((given, i) => {
    const head = `${given.power}: ${formatOrder(map, given.order)}`;
    const candidates = [...unused].filter((e) => titleOf(e).split('\n')[0] === head);
    assert.ok(candidates.length > 0, `${id}: no element for ${head}`);
    const match = candidates.find((e) => classMatchesWords(classes(e), words[i]!));
    assert.ok(
      match,
      `${id}: ${head}: expected "${words[i]}", classes ${candidates.map((e) => e.attributes['class']).join(' | ')}`,
    );
    unused.delete(match);
  });
}

describe('renderSvg on the standard map (its art, src/map/standard.geometry.json)', () => {
  const board = defaultGeometry(map);
  const schematic = schematicGeometry(map);

  test('the opening: one shape per province, one glyph per unit at its anchor, one element per order', () => {
    const { position, orders } = example('opening.txt');
    const result = adjudicateMovement(map, position, orders).value!;
    const doc = draw(map, position, { result });
    const provinces = byClass(doc, 'province').map((e) => e.attributes['data-province']);
    assert.deepEqual(provinces.sort(), [...map.locationCode.slice(0, map.provinceCount)].sort());
    // The standard map is drawn with its art: each province's path is the art's, decoded from the arcs.
    const art = readGeometry(
      map,
      JSON.parse(readFileSync(new URL('../../src/map/standard.geometry.json', import.meta.url), 'utf8')),
    ).value!;
    for (const e of byClass(doc, 'province'))
      assert.equal(e.attributes['d'], art.areas[lookupLocation(map, e.attributes['data-province']!)]);
    assert.equal(byClass(doc, 'impassable').length, Object.keys(art.impassable).length);
    const glyphs = unitGlyphs(doc);
    assert.equal(glyphs.length, position.units.length);
    for (const unit of position.units) {
      const glyph = glyphs.find((g) => g.attributes['data-location'] === unit.location);
      assert.ok(glyph, `a glyph for ${unit.location}`);
      assert.equal(glyph.attributes['data-power'], unit.power);
      assert.ok(classes(glyph).includes(unit.type === 'A' ? 'army' : 'fleet'));
      assert.equal(glyph.attributes['transform'], at(board.anchors[lookupLocation(map, unit.location)]!));
    }
    assert.equal(byClass(doc, 'order').length, orders.length);
    // The legend: each power and its supply-centre count (3 each, 4 for Russia, at the start).
    const legend = byClass(doc, 'legend-power');
    assert.deepEqual(
      legend.map((e) => `${e.attributes['data-power']} ${e.attributes['data-centers']}`).sort(),
      ['AUSTRIA 3', 'ENGLAND 3', 'FRANCE 3', 'GERMANY 3', 'ITALY 3', 'RUSSIA 4', 'TURKEY 3'],
    );
  });

  test('a coast: a fleet on St Petersburg south coast stands at the coast, not at the province', () => {
    const stp = lookupLocation(map, 'STP/SC');
    const province = lookupLocation(map, 'STP');
    assert.notDeepEqual(board.anchors[stp], board.anchors[province]);
    const position: Position = {
      phase: { season: 'spring', year: 1901, type: 'movement' },
      units: [{ power: 'RUSSIA', type: 'F', location: 'STP/SC' }],
      dislodged: [],
      contested: [],
      supplyCenters: {},
    };
    const glyph = unitGlyphs(draw(map, position, {}))[0]!;
    assert.equal(glyph.attributes['transform'], at(board.anchors[stp]!));
  });

  test('a convoy with a cut support (examples/convoy.txt, judged by hand in its comment)', () => {
    const { position, orders } = example('convoy.txt');
    const result = adjudicateMovement(map, position, orders).value!;
    const doc = draw(map, position, { result });
    const move = orderElement(doc, 'ENGLAND', 'A YOR - BEL');
    assert.deepEqual(classes(move), ['order', 'move', 'succeeds']);
    assert.match(titleOf(move), /strength 2/);
    // The arrow runs through the convoying fleet in the North Sea.
    const nth = board.anchors[lookupLocation(map, 'NTH')]!;
    assert.ok(move.children.some((c) => (c.attributes['d'] ?? '').includes(`${num(nth[0])} ${num(nth[1])}`)));
    assert.deepEqual(classes(orderElement(doc, 'ENGLAND', 'F NTH C A YOR - BEL')), [
      'order',
      'convoy',
      'available',
    ]);
    assert.deepEqual(classes(orderElement(doc, 'ENGLAND', 'F ENG S A YOR - BEL')), [
      'order',
      'support',
      'given',
    ]);
    const cut = orderElement(doc, 'GERMANY', 'A HOL S A BEL');
    assert.deepEqual(classes(cut), ['order', 'support', 'cut']);
    assert.match(titleOf(cut), /cut by F HEL/);
    const bounce = orderElement(doc, 'ENGLAND', 'F HEL - HOL');
    assert.deepEqual(classes(bounce), ['order', 'move', 'fails']);
    assert.match(titleOf(bounce), /fails: .*of A HOL/);
    const hold = orderElement(doc, 'FRANCE', 'A BEL H');
    assert.ok(classes(hold).includes('dislodged'));
    assert.match(titleOf(hold), /dislodged by A YOR from YOR/);
    assert.deepEqual(
      byClass(doc, 'dislodgement').map((e) => e.attributes['data-location']),
      ['BEL'],
    );
  });

  test("Pandin's paradox (DATC 6.F.16): a paradox marker, and the document's words as classes", () => {
    const c = loadDatcCases().find((k) => k.id === '6.F.16')!;
    const prepared = prepareMovementCase(c);
    const result = adjudicateMovement(map, prepared.position, prepared.orders).value!;
    const doc = draw(map, prepared.position, { result });
    checkOrders(doc, prepared.orders, prepared.expected, c.id);
    assert.ok(byClass(doc, 'order', 'paradox').length > 0, 'an order settled by the paradox rule');
    assert.ok(byClass(doc, 'mark', 'paradox').length > 0, 'a paradox badge');
  });

  test('a standoff leaves a bounce marker on the empty province (DATC 6.A.11: Vienna and Venice to Tyrolia)', () => {
    const c = loadDatcCases().find((k) => k.id === '6.A.11')!;
    const prepared = prepareMovementCase(c);
    const result = adjudicateMovement(map, prepared.position, prepared.orders).value!;
    const doc = draw(map, prepared.position, { result });
    assert.deepEqual(
      byClass(doc, 'bounce').map((e) => e.attributes['data-province']),
      ['TYR'],
    );
    // Without outcomes: no marker, no resolution classes.
    const plain = draw(map, prepared.position, { result, showOutcomes: false });
    assert.equal(byClass(plain, 'bounce').length, 0);
    assert.deepEqual(
      byClass(plain, 'order').map((e) => classes(e).length),
      [2, 2],
    );
    assert.equal(byClass(draw(map, prepared.position, { result, showOrders: false }), 'order').length, 0);
  });

  test('crop: the picture keeps to where the orders are, inside the board', () => {
    const { position, orders } = example('convoy.txt');
    const result = adjudicateMovement(map, position, orders).value!;
    const full = draw(map, position, { result });
    const cropped = draw(map, position, { result, crop: true });
    const box = (doc: XmlElement): number[] => doc.attributes['viewBox']!.split(' ').map(Number);
    const [x, y, w] = box(cropped);
    const [, , fullWidth] = box(full);
    const [bx, by, bw, bh] = board.viewBox;
    assert.ok(w! < fullWidth! / 2, `cropped width ${w}`);
    const legendTop = Number(
      byClass(cropped, 'legend')[0]!.children.find((c) => c.name === 'rect')!.attributes['y'],
    );
    for (const unit of position.units) {
      const [ux, uy] = board.anchors[lookupLocation(map, unit.location)]!;
      assert.ok(ux >= x! && ux <= x! + w! && uy >= y! && uy <= legendTop, `${unit.location} inside the crop`);
    }
    assert.ok(x! >= bx && y! >= by && x! + w! <= bx + bw && legendTop <= by + bh);
  });

  test('the same input gives the same bytes, in whatever order units and orders are listed', () => {
    for (const name of ['opening.txt', 'convoy.txt', 'paradox.txt']) {
      const { position, orders } = example(name);
      const svg = renderSvg(map, position, { result: adjudicateMovement(map, position, orders).value! });
      assert.equal(
        renderSvg(map, position, { result: adjudicateMovement(map, position, orders).value! }),
        svg,
      );
      for (const seed of [1, 2, 3]) {
        const mixed = { ...position, units: shuffle(seededRandom(seed), position.units) };
        const mixedOrders = shuffle(seededRandom(seed + 10), orders);
        const again = renderSvg(map, mixed, { result: adjudicateMovement(map, mixed, mixedOrders).value! });
        assert.equal(again, svg, `${name}, shuffle ${seed}`);
      }
    }
  });

  test('the schematic layout is the same for every compiled copy of a map, and every cell has an area', () => {
    const copy = compileMap(map.definition).value!;
    assert.notEqual(copy, map);
    assert.deepEqual(schematicGeometry(copy), schematic);
    // A map without art (here the standard graph under another name) is drawn with the schematic layout.
    const variant = compileMap({ ...map.definition, name: 'Variant' }).value!;
    const { position } = example('opening.txt');
    const glyphs = unitGlyphs(draw(variant, position, {}));
    assert.equal(glyphs.length, position.units.length);
    for (const glyph of glyphs) {
      const l = lookupLocation(variant, glyph.attributes['data-location']!);
      assert.equal(glyph.attributes['transform'], at(schematicGeometry(variant).anchors[l]!));
    }
    for (const area of schematic.areas) assert.match(area, /^M[\d.]+ [\d.]+(L[\d.]+ [\d.]+){2,}Z$/);
    const anchors = new Set(schematic.anchors.map(([x, y]) => `${num(x)},${num(y)}`));
    assert.equal(anchors.size, map.locationCount, 'every location has its own anchor');
  });
});

describe('every DATC chapter 6 case renders, with the document words as classes', () => {
  for (const c of loadDatcCases()) {
    test(c.id, () => {
      const prepared = prepareMovementCase(c);
      const { position, orders } = prepared;
      if (position.phase.type === 'adjustment') {
        const result = adjudicateAdjustments(map, position, orders).value!;
        checkOrders(draw(map, position, { result }), orders, prepared.expected, c.id);
        return;
      }
      const result = adjudicateMovement(map, position, orders).value!;
      checkOrders(draw(map, position, { result }), orders, prepared.expected, c.id);
      if (prepared.retreats) {
        const retreat = adjudicateRetreats(map, result.position, prepared.retreats.orders).value!;
        const doc = draw(map, result.position, { result: retreat });
        checkOrders(doc, prepared.retreats.orders, prepared.retreats.expected, `${c.id} retreats`);
        assert.equal(byClass(doc, 'unit', 'dislodged').length, result.position.dislodged.length);
      }
    });
  }
});

describe('the example games render phase by phase', () => {
  const dir = new URL('games/', examples);
  for (const name of readdirSync(dir).filter((f) => f.endsWith('.json'))) {
    test(name, () => {
      const game = readMilaJson(readFileSync(new URL(name, dir), 'utf8')).value!;
      for (const record of game.history) {
        const doc = draw(map, record.position, { result: { orders: record.outcomes } });
        assert.equal(byClass(doc, 'order').length, record.orders.length, record.name);
        assert.equal(unitGlyphs(doc).length, record.position.units.length + record.position.dislodged.length);
        assert.equal(byClass(doc, 'unit', 'dislodged').length, record.position.dislodged.length, record.name);
        // A retreat position's standoffs (no retreat there) are marked.
        assert.deepEqual(
          byClass(doc, 'bounce').map((e) => e.attributes['data-province']),
          [...record.position.contested].sort(),
          record.name,
        );
      }
      const doc = draw(map, game.position, {
        orders: game.orders.map((o) => ({ power: o.power, order: o.order })),
      });
      assert.equal(byClass(doc, 'order').length, game.orders.length);
    });
  }
});

describe('map geometry (a tiny hand-made map, test/data/tiny-geometry.json)', () => {
  const data = JSON.parse(
    readFileSync(new URL('../../test/data/tiny-geometry.json', import.meta.url), 'utf8'),
  ) as {
    map: MapDefinition;
    geometry: Record<string, unknown>;
    expectedPaths: Record<string, string>;
  };
  const tiny = compileMap(data.map).value!;

  test('a map definition that carries its own art ("art") is drawn with it, by default', () => {
    assert.equal(artKind(tiny), 'schematic');
    const own = compileMap({ ...data.map, art: data.geometry }).value!;
    assert.equal(artKind(own), 'geographic');
    const position: Position = {
      phase: { season: 'spring', year: 1901, type: 'movement' },
      units: [],
      dislodged: [],
      contested: [],
      supplyCenters: {},
    };
    assert.ok(renderSvg(own, position).includes(`d="${data.expectedPaths['NOR']}"`));
    // Art that does not fit its map is passed over for the schematic layout.
    const broken = compileMap({ ...data.map, art: { ...data.geometry, provinces: {} } }).value!;
    assert.equal(artKind(broken), 'schematic');
  });

  test('arcs decode into closed rings: shared borders, reversed arcs, a hole, an impassable area', () => {
    const read = readGeometry(tiny, data.geometry);
    assert.deepEqual(read.issues, []);
    const g: BoardGeometry = read.value!;
    for (let p = 0; p < tiny.provinceCount; p++)
      assert.equal(g.areas[p], data.expectedPaths[tiny.locationCode[p]!], tiny.locationCode[p]);
    assert.deepEqual(
      g.impassable.map((a) => [a.code, a.name, a.path]),
      [['ROC', 'The Rock', data.expectedPaths['ROC']]],
    );
    const position: Position = {
      phase: { season: 'fall', year: 1901, type: 'movement' },
      units: [{ power: 'RED', type: 'A', location: 'EAS' }],
      dislodged: [],
      contested: [],
      supplyCenters: { RED: ['EAS'] },
    };
    const doc = draw(tiny, position, {
      geometry: g,
      orders: [{ power: 'RED', order: { kind: 'move', unit: { type: 'A', location: 'EAS' }, to: 'WES' } }],
    });
    assert.deepEqual(
      byClass(doc, 'province').map((e) => [e.attributes['data-province'], e.attributes['d']]),
      tiny.locationCode.slice(0, 3).map((code) => [code, data.expectedPaths[code]]),
    );
    assert.equal(byClass(doc, 'impassable').length, 1);
    assert.equal(unitGlyphs(doc)[0]!.attributes['transform'], 'translate(130 75)');
    assert.deepEqual(
      byClass(doc, 'center').map((e) => e.attributes['data-owner']),
      ['RED'],
    );
    assert.deepEqual(classes(byClass(doc, 'order')[0]!), ['order', 'move']);
  });

  test('a broken geometry gives specific issues', () => {
    const broken = (change: (g: Record<string, unknown>) => void): string[] => {
      const g = structuredClone(data.geometry);
      change(g);
      const read = readGeometry(tiny, g);
      assert.equal(read.value, undefined);
      return read.issues.map((i) => `${i.code}  ${i.message}`);
    };
    const provinces = (g: Record<string, unknown>): Record<string, { arcs: number[][][] }> =>
      g['provinces'] as Record<string, { arcs: number[][][] }>;
    assert.deepEqual(
      broken((g) => delete provinces(g)['EAS']),
      ['bad-geometry  provinces.EAS: no area for province EAS'],
    );
    assert.deepEqual(
      broken((g) => (provinces(g)['WES']!.arcs = [[[0, 99, 4]]])),
      ['bad-geometry  provinces.WES.arcs[0][0][1]: arc 99 does not exist'],
    );
    assert.deepEqual(
      broken((g) => delete (g['anchors'] as Record<string, unknown>)['NOR']),
      ['bad-geometry  anchors.NOR: no anchor for location NOR'],
    );
    assert.deepEqual(
      broken((g) => (g['viewBox'] = [0, 0, 100])),
      ['bad-geometry  viewBox: expected [x, y, width, height]'],
    );
    assert.deepEqual(
      broken((g) => (provinces(g)['XYZ'] = { arcs: [[[0]]] })),
      ['bad-geometry  provinces.XYZ: the map has no province XYZ'],
    );
    assert.deepEqual(
      broken((g) => (g['wraps'] = 'yes')),
      ['bad-geometry  wraps: expected true or false'],
    );
    assert.deepEqual(
      readGeometry(tiny, 'text').issues.map((i) => i.message),
      ['not a JSON object'],
    );
  });
});

describe('dipkit render', () => {
  const root = fileURLToPath(new URL('../../', import.meta.url));
  const cli = fileURLToPath(new URL('../src/cli/main.js', import.meta.url));
  const game = fileURLToPath(new URL('games/handwritten-1901.json', examples));
  const convoy = fileURLToPath(new URL('convoy.txt', examples));
  const NO_STACK = /^\s+at /m;
  const dipkit = (...args: string[]): { status: number | null; stdout: string; stderr: string } =>
    spawnSync(process.execPath, [cli, 'render', ...args], { cwd: root, encoding: 'utf8' });
  const temp = (t: { after: (fn: () => void) => void }): string => {
    const dir = mkdtempSync(join(tmpdir(), 'dipkit-render-'));
    t.after(() => rmSync(dir, { recursive: true, force: true }));
    return dir;
  };

  test('a position file: the SVG on stdout, with its adjudication', () => {
    const r = dipkit(convoy);
    assert.equal(r.status, 0, r.stderr);
    const doc = parseXml(r.stdout);
    assert.equal(byClass(doc, 'order').length, 6);
    assert.equal(byClass(doc, 'order', 'support', 'cut').length, 1);
    assert.equal(byClass(parseXml(dipkit(convoy, '--no-outcomes').stdout), 'order', 'cut').length, 0);
    assert.equal(byClass(parseXml(dipkit(convoy, '--no-orders').stdout), 'order').length, 0);
  });

  test('a game file: --phase picks a phase of its history; the default is the current phase', () => {
    const r = dipkit(game, '--phase', 'F1901R');
    assert.equal(r.status, 0, r.stderr);
    const doc = parseXml(r.stdout);
    assert.match(titleOf(doc), /^Fall 1901 Retreat/);
    assert.ok(byClass(doc, 'order', 'retreat').length + byClass(doc, 'order', 'disband').length > 0);
    const current = dipkit(game);
    assert.equal(current.status, 0, current.stderr);
    assert.match(titleOf(parseXml(current.stdout)), /^Spring 1902 Movement/);
  });

  test('bad input: a specific issue, exit 2, no stack trace', (t) => {
    const dir = temp(t);
    const bad = join(dir, 'broken.geometry.json');
    writeFileSync(
      bad,
      JSON.stringify({ viewBox: [0, 0, 10, 10], arcs: [], provinces: {}, anchors: {}, supplyCenters: {} }),
    );
    const cases: [string[], RegExp][] = [
      [[convoy, '--phase', 'X1901'], /bad-phase {2}--phase: "X1901" is not a phase name/],
      [[convoy, '--phase', 'F1901M'], /no-such-phase {2}the file is a position of S1901M, not of F1901M/],
      [
        [game, '--phase', 'S1950M'],
        /handwritten-1901\.json {2}no-such-phase {2}the game has no phase S1950M/,
      ],
      [
        [convoy, '--geometry', bad],
        /broken\.geometry\.json {2}bad-geometry {2}provinces\.ADR: no area for province ADR/,
      ],
      [[convoy, '--out', join(dir, 'x.gif')], /--out must name a \.svg or \.png file/],
      [[join(dir, 'missing.txt')], /read-error/],
      [[convoy, '--colour'], /unknown option "--colour"/],
    ];
    for (const [args, message] of cases) {
      const r = dipkit(...args);
      assert.equal(r.status, 2, args.join(' '));
      assert.match(r.stderr, message);
      assert.doesNotMatch(r.stderr, NO_STACK);
    }
  });

  test('--out writes an SVG file, or a PNG when @resvg/resvg-js is installed', (t) => {
    const dir = temp(t);
    const svg = join(dir, 'board.svg');
    assert.equal(dipkit(convoy, '--out', svg).status, 0);
    assert.equal(readFileSync(svg, 'utf8'), dipkit(convoy).stdout);
    try {
      createRequire(import.meta.url).resolve('@resvg/resvg-js');
    } catch {
      t.skip('@resvg/resvg-js (an optional dependency) is not installed');
      return;
    }
    const png = join(dir, 'board.png');
    const r = dipkit(convoy, '--out', png);
    assert.equal(r.status, 0, r.stderr);
    assert.deepEqual([...readFileSync(png).subarray(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  });
});

test('a province label is never under a unit nor under the dislodged unit beside it (retreat phase)', () => {
  const g = defaultGeometry(map);
  const u = g.unit;
  // A label's box (about 0.55 em a letter, 0.95 u high, drawn from its baseline) against a glyph's box (radius u,
  // a dislodged unit's 0.85 u, as glyphs.ts draws them).
  const clear = (label: XmlElement, glyph: readonly [number, number], r: number): boolean => {
    const x = Number(label.attributes['x']);
    const baseline = Number(label.attributes['y']);
    const half = (label.text.length * 0.55 * 0.95 * u) / 2;
    return (
      x + half <= glyph[0] - r ||
      x - half >= glyph[0] + r ||
      baseline <= glyph[1] - r ||
      baseline - 0.95 * u * 0.75 >= glyph[1] + r
    );
  };
  const landed = [...Array(map.provinceCount).keys()].filter((p) => map.provinceKind[p] !== 'sea');
  for (const p of landed) {
    const code = map.locationCode[p]!;
    const position: Position = {
      phase: { season: 'fall', year: 1901, type: 'retreat' },
      units: [{ power: 'GERMANY', type: 'A', location: code }],
      dislodged: [{ power: 'FRANCE', type: 'A', location: code, attackerFrom: code }],
      contested: [],
      supplyCenters: {},
    };
    const doc = draw(map, position, {});
    const label = byClass(doc, 'label').find((l) => l.attributes['data-province'] === code)!;
    const [x, y] = g.anchors[p]!;
    assert.ok(clear(label, [x, y], u), `${code}: the label is under the unit`);
    assert.ok(
      clear(label, [x + u * 1.25, y - u * 1.05], u * 0.85),
      `${code}: the label is under the dislodged unit`,
    );
  }
});
