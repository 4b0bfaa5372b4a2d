/**
 * The order parser (src/orders/parse.ts) and formatter (src/orders/format.ts): every notation the parser accepts,
 * the issues it reports for bad lines, hostile input, and the round trip format -> parse in all three styles.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { IssuesError } from '../src/issues.js';
import { standardMap } from '../src/map/compile.js';
import { lookupProvince } from '../src/map/query.js';
import type { UnitType } from '../src/map/types.js';
import { formatGivenOrder, formatLocation, formatOrder, type OrderStyle } from '../src/orders/format.js';
import { parseOrder, parseOrderOrThrow, parseOrders, parseOrdersOrThrow } from '../src/orders/parse.js';
import type { GivenOrder, Order, UnitRef } from '../src/orders/types.js';

const map = standardMap();
const STYLES: readonly OrderStyle[] = ['mila', 'long', 'short'];

// ---------------------------------------------------------------------------------------------------------------
// Helpers

function unit(location: string, type?: UnitType, power?: string): UnitRef {
  const u: UnitRef = { location };
  if (type !== undefined) u.type = type;
  if (power !== undefined) u.power = power;
  return u;
}
const A = (location: string, power?: string): UnitRef => unit(location, 'A', power);
const F = (location: string, power?: string): UnitRef => unit(location, 'F', power);
const U = (location: string, power?: string): UnitRef => unit(location, undefined, power);

const hold = (u: UnitRef): Order => ({ kind: 'hold', unit: u });
const move = (u: UnitRef, to: string, extra: { viaConvoy?: boolean; path?: string[] } = {}): Order => ({
  kind: 'move',
  unit: u,
  to,
  ...extra,
});
const support = (u: UnitRef, supported: UnitRef, to?: string): Order =>
  to === undefined ? { kind: 'support', unit: u, supported } : { kind: 'support', unit: u, supported, to };
const convoy = (u: UnitRef, army: UnitRef, to: string): Order => ({ kind: 'convoy', unit: u, army, to });
const disband = (u: UnitRef): Order => ({ kind: 'disband', unit: u });
const build = (u: UnitRef): Order => ({ kind: 'build', unit: u });
const WAIVE: Order = { kind: 'waive' };

/** Parses one line that must be good. */
function given(text: string): GivenOrder {
  const r = parseOrder(map, text);
  assert.deepEqual(r.issues, [], `issues for ${JSON.stringify(text)}`);
  assert.ok(r.value, `a value for ${JSON.stringify(text)}`);
  return r.value;
}
const parsed = (text: string): Order => given(text).order;

/** Every (text, order) pair must parse to exactly that order, and round-trip in every style. */
function checkTable(table: readonly (readonly [string, Order])[]): void {
  for (const [text, expected] of table) {
    assert.deepEqual(parsed(text), expected, text);
    assertRoundTrip(expected);
  }
}

function assertRoundTrip(order: Order): void {
  for (const style of STYLES) {
    const text = formatOrder(map, order, style);
    const r = parseOrder(map, text);
    assert.deepEqual(r.issues, [], `${style} ${JSON.stringify(text)} parses`);
    assert.deepEqual(r.value?.order, order, `${style} ${JSON.stringify(text)} reads back to the same order`);
  }
}

/** Every order the tests below produce, for the global round-trip test. */
const seen: Order[] = [];
function remember(table: readonly (readonly [string, Order])[]): readonly (readonly [string, Order])[] {
  for (const [, o] of table) seen.push(o);
  return table;
}

/** A small deterministic PRNG (mulberry32). */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Notations

const DATC_FORMS = remember([
  ['F North Sea - Picardy', move(F('NTH'), 'PIC')],
  ['A Wales Supports F London - Yorkshire', support(A('WAL'), F('LON'), 'YOR')],
  ['A Wales Supports F London', support(A('WAL'), F('LON'))],
  ['F North Sea Convoys A Yorkshire - Holland', convoy(F('NTH'), A('YOR'), 'HOL')],
  ['A Venice Holds', hold(A('VEN'))],
  ['A Venice Hold', hold(A('VEN'))],
  ['A Spain - Portugal via convoy', move(A('SPA'), 'POR', { viaConvoy: true })],
  ['F Spain(nc) - Gascony', move(F('SPA/NC'), 'GAS')],
  ['F Mid-Atlantic Ocean - Spain(nc)', move(F('MAO'), 'SPA/NC')],
  ['Build F St Petersburg(nc)', build(F('STP/NC'))],
  ['Build A Moscow', build(A('MOS'))],
  ['Disband A Picardy', disband(A('PIC'))],
  ['F Trieste - Albania', move(F('TRI'), 'ALB')],
  ['A Smyrna Supports F Armenia - Ankara', support(A('SMY'), F('ARM'), 'ANK')],
  ['F Bulgaria(sc) - Constantinople', move(F('BUL/SC'), 'CON')],
  ['F Black Sea - Bulgaria(ec)', move(F('BLA'), 'BUL/EC')],
  ['F Gulf of Lyon Supports F Portugal - Spain(nc)', support(F('LYO'), F('POR'), 'SPA/NC')],
  ['F North Atlantic Ocean - Mid-Atlantic Ocean', move(F('NAO'), 'MAO')],
  ['F Irish Sea Supports F Mid-Atlantic Ocean - North Atlantic Ocean', support(F('IRI'), F('MAO'), 'NAO')],
  ['F Mid-Atlantic Ocean Convoys A North Africa - Wales', convoy(F('MAO'), A('NAF'), 'WAL')],
  ['F Spain(nc) Supports F Mid-Atlantic Ocean', support(F('SPA/NC'), F('MAO'))],
  ['Disband F English Channel', disband(F('ENG'))],
  ['F Belgium Supports F English Channel - North Sea', support(F('BEL'), F('ENG'), 'NTH')],
  ['A Liverpool Supports A Yorkshire - Yorkshire', support(A('LVP'), A('YOR'), 'YOR')],
  ['F St Petersburg(sc) Supports F Finland - Gulf of Bothnia', support(F('STP/SC'), F('FIN'), 'BOT')],
  ['F Eastern Mediterranean - Western Mediterranean', move(F('EAS'), 'WES')],
]);

const JDIP_FORMS = remember([
  ['F nth-pic', move(F('NTH'), 'PIC')],
  ['A wal S F lon-yor', support(A('WAL'), F('LON'), 'YOR')],
  ['F nth C A yor-hol', convoy(F('NTH'), A('YOR'), 'HOL')],
  ['A par H', hold(A('PAR'))],
  ['F spa/nc-gol', move(F('SPA/NC'), 'LYO')],
  ['A bel-hol via convoy', move(A('BEL'), 'HOL', { viaConvoy: true })],
  ['A lvp-iri', move(A('LVP'), 'IRI')],
  ['F alb S A tri', support(F('ALB'), A('TRI'))],
  ['Build A kie', build(A('KIE'))],
  ['Build F stp/nc', build(F('STP/NC'))],
  ['Remove par', disband(U('PAR'))],
  ['Remove A par', disband(A('PAR'))],
  ['A par disband', disband(A('PAR'))],
  ['A par remove', disband(A('PAR'))],
  ['A wal supports F lon-yor', support(A('WAL'), F('LON'), 'YOR')],
  ['A wal SUPPORTS F lon-yor', support(A('WAL'), F('LON'), 'YOR')],
  ['F nth convoy A yor-hol', convoy(F('NTH'), A('YOR'), 'HOL')],
  ['F nth convoys A yor-hol', convoy(F('NTH'), A('YOR'), 'HOL')],
  ['A par hold', hold(A('PAR'))],
  ['A par holds', hold(A('PAR'))],
  ['A par HOLD', hold(A('PAR'))],
  ['A par->bur', move(A('PAR'), 'BUR')],
  ['A par => bur', move(A('PAR'), 'BUR')],
  ['A wal S F lon->yor', support(A('WAL'), F('LON'), 'YOR')],
  ['F nth C A yor => hol', convoy(F('NTH'), A('YOR'), 'HOL')],
  ['France: f mid-spa/sc', move(F('MAO'), 'SPA/SC')],
]);

const MILA_FORMS = remember([
  ['A PAR - BUR', move(A('PAR'), 'BUR')],
  ['F MAO - SPA/NC', move(F('MAO'), 'SPA/NC')],
  ['A MUN S A BUR - MAR', support(A('MUN'), A('BUR'), 'MAR')],
  ['A MUN S A BUR', support(A('MUN'), A('BUR'))],
  ['A MUN S A BUR H', support(A('MUN'), A('BUR'))],
  ['F NTH C A LON - NWY', convoy(F('NTH'), A('LON'), 'NWY')],
  ['A LON - NWY VIA', move(A('LON'), 'NWY', { viaConvoy: true })],
  ['F BLA R SEV', move(F('BLA'), 'SEV')],
  ['A PAR B', build(A('PAR'))],
  ['F STP/SC B', build(F('STP/SC'))],
  ['A MUN D', disband(A('MUN'))],
  ['A PAR H', hold(A('PAR'))],
  ['WAIVE', WAIVE],
  ['F BUL/EC - RUM', move(F('BUL/EC'), 'RUM')],
]);

void test('DATC v3 full-name notation', () => checkTable(DATC_FORMS));
void test('jDip short notation', () => checkTable(JDIP_FORMS));
void test('MILA / dipcc notation', () => checkTable(MILA_FORMS));

const TYPE_AND_POWER = remember([
  // DATC 4.C.1: the unit type may be left out.
  ['Paris - Burgundy', move(U('PAR'), 'BUR')],
  ['Wales S London - Yorkshire', support(U('WAL'), U('LON'), 'YOR')],
  ['par-bur', move(U('PAR'), 'BUR')],
  ['PAR H', hold(U('PAR'))],
  ['North Sea Convoys Yorkshire - Holland', convoy(U('NTH'), U('YOR'), 'HOL')],
  ['Build Moscow', build(U('MOS'))],
  ['PAR B', build(U('PAR'))],
  ['Disband English Channel', disband(U('ENG'))],
  ['ENG - NTH', move(U('ENG'), 'NTH')],
  ['A WAL S ENG - NTH', support(A('WAL'), U('ENG'), 'NTH')],
  // Spelled out.
  ['Army Paris - Burgundy', move(A('PAR'), 'BUR')],
  ['Fleet North Sea - Picardy', move(F('NTH'), 'PIC')],
  ['army par S fleet bre - pic', support(A('PAR'), F('BRE'), 'PIC')],
  // A power named with the supported or convoyed unit.
  ['A Wales Supports FRENCH F London', support(A('WAL'), F('LON', 'FRANCE'))],
  ['A Wales Supports French F London - Yorkshire', support(A('WAL'), F('LON', 'FRANCE'), 'YOR')],
  ['A MUN S French A Paris - Burgundy', support(A('MUN'), A('PAR', 'FRANCE'), 'BUR')],
  ['F NTH C English A London - Norway', convoy(F('NTH'), A('LON', 'ENGLAND'), 'NWY')],
  ['F NTH C ENGLAND A LON - NWY', convoy(F('NTH'), A('LON', 'ENGLAND'), 'NWY')],
  ['A WAL S FRANCE LON', support(A('WAL'), U('LON', 'FRANCE'))],
  ['A WAL S Austrian A VIE', support(A('WAL'), A('VIE', 'AUSTRIA'))],
  ['F BEL S English English Channel - North Sea', support(F('BEL'), U('ENG', 'ENGLAND'), 'NTH')],
  // Without a colon a leading power is the nationality of the unit, not a power prefix.
  ['French A Paris - Burgundy', move(A('PAR', 'FRANCE'), 'BUR')],
]);

void test('unit type optional or spelled out; a power named with a unit', () => checkTable(TYPE_AND_POWER));

const PATHS = remember([
  ['A Yorkshire - North Sea - Belgium', move(A('YOR'), 'BEL', { path: ['NTH'], viaConvoy: true })],
  ['A yor-nth-bel', move(A('YOR'), 'BEL', { path: ['NTH'], viaConvoy: true })],
  ['A YOR - NTH - BEL', move(A('YOR'), 'BEL', { path: ['NTH'], viaConvoy: true })],
  [
    'A Spain - Mid-Atlantic Ocean - English Channel - London',
    move(A('SPA'), 'LON', { path: ['MAO', 'ENG'], viaConvoy: true }),
  ],
  ['A spa-mid-eng-lon via convoy', move(A('SPA'), 'LON', { path: ['MAO', 'ENG'], viaConvoy: true })],
  ['A LON -> NTH -> NWY', move(A('LON'), 'NWY', { path: ['NTH'], viaConvoy: true })],
]);

void test('convoy paths (DATC 4.A.6)', () => checkTable(PATHS));

void test('via convoy spellings', () => {
  for (const text of [
    'A Spain - Portugal via convoy',
    'A Spain - Portugal VIA CONVOY',
    'A Spain - Portugal via',
    'A SPA - POR VIA',
    'A spa-por by convoy',
  ]) {
    assert.deepEqual(parsed(text), move(A('SPA'), 'POR', { viaConvoy: true }), text);
  }
});

void test('notes in brackets mean what they say', () => {
  const table: [string, Order][] = [
    ['A Pic - Bel (via convoy)', move(A('PIC'), 'BEL', { viaConvoy: true })],
    ['A Pic - Bel (by convoy)', move(A('PIC'), 'BEL', { viaConvoy: true })],
    ['A Pic - Bel [via convoy]', move(A('PIC'), 'BEL', { viaConvoy: true })],
    ['A Pic - Bel (via)', move(A('PIC'), 'BEL', { viaConvoy: true })],
    ['A Pic - Bel via convoy', move(A('PIC'), 'BEL', { viaConvoy: true })],
    ['A Pic-Bel(VIA CONVOY)', move(A('PIC'), 'BEL', { viaConvoy: true })],
    ['F Mao - Spa(nc)', move(F('MAO'), 'SPA/NC')],
    ['F Mao - Spa (north coast)', move(F('MAO'), 'SPA/NC')],
    ['A Bre - Spa(nc) (via convoy)', move(A('BRE'), 'SPA/NC', { viaConvoy: true })],
    ['A Bur S A Pic - Bel (via convoy)', support(A('BUR'), A('PIC'), 'BEL')],
  ];
  for (const [text, expected] of table) assert.deepEqual(parsed(text), expected, text);
});

void test('English forms: "to", "supports ... to", "convoys ... to", a trailing ";"', () => {
  const table: [string, Order][] = [
    ['A Par to Bur', move(A('PAR'), 'BUR')],
    ['A Paris to Burgundy', move(A('PAR'), 'BUR')],
    ['A Par moves to Bur', move(A('PAR'), 'BUR')],
    ['A Par moves into Bur', move(A('PAR'), 'BUR')],
    ['A Mun supports A Par to Bur', support(A('MUN'), A('PAR'), 'BUR')],
    ['A Munich supports A Paris to Burgundy', support(A('MUN'), A('PAR'), 'BUR')],
    ['F Nth convoys A Lon to Nwy', convoy(F('NTH'), A('LON'), 'NWY')],
    ['A Lon to Nwy via convoy', move(A('LON'), 'NWY', { viaConvoy: true })],
    ['A Par - Bur;', move(A('PAR'), 'BUR')],
    ['A PAR - BUR;', move(A('PAR'), 'BUR')],
    ['A Par - Bur ;', move(A('PAR'), 'BUR')],
    ['A Par H;', hold(A('PAR'))],
    ['England: F Nth convoys A Lon to Nwy;', convoy(F('NTH'), A('LON'), 'NWY')],
  ];
  for (const [text, expected] of table) assert.deepEqual(parsed(text), expected, text);
  assert.match(parseOrder(map, 'A Par Bur').issues[0]?.message ?? '', /"A PAR - BUR"/);
});

void test('retreats are moves', () => {
  for (const text of [
    'F BLA R SEV',
    'F Black Sea retreat Sevastopol',
    'F bla retreats to sev',
    'F Black Sea - Sevastopol',
  ]) {
    assert.deepEqual(parsed(text), move(F('BLA'), 'SEV'), text);
  }
  assert.equal(formatOrder(map, parsed('F BLA R SEV')), 'F BLA - SEV');
});

void test('case does not matter', () => {
  for (const [text, expected] of [...DATC_FORMS, ...JDIP_FORMS, ...MILA_FORMS, ...TYPE_AND_POWER, ...PATHS]) {
    assert.deepEqual(parsed(text.toUpperCase()), expected, text.toUpperCase());
    assert.deepEqual(parsed(text.toLowerCase()), expected, text.toLowerCase());
  }
});

void test('spaces: around "-" optional, tabs and repeated spaces fine', () => {
  const expected = move(F('MAO'), 'SPA/NC');
  for (const text of [
    'F Mid-Atlantic Ocean - Spain(nc)',
    'F Mid-Atlantic Ocean-Spain(nc)',
    'F Mid-Atlantic Ocean -Spain(nc)',
    'F  Mid-Atlantic   Ocean  -  Spain (nc)',
    '\tF\tMid-Atlantic Ocean\t-\tSpain(nc)\t',
    'F mao-spa/nc',
    'F MAO-SPA/NC',
    '  F mao - spa / nc  ',
  ]) {
    assert.deepEqual(parsed(text), expected, JSON.stringify(text));
  }
});

void test('the hyphen in "Mid-Atlantic Ocean" belongs to the name', () => {
  const table: [string, Order][] = [
    ['F Mid-Atlantic Ocean - Spain(nc)', move(F('MAO'), 'SPA/NC')],
    ['F Spain(nc) - Mid-Atlantic Ocean', move(F('SPA/NC'), 'MAO')],
    ['F Mid-Atlantic Ocean-North Atlantic Ocean', move(F('MAO'), 'NAO')],
    ['F Mid-Atlantic - Brest', move(F('MAO'), 'BRE')],
    ['F Brest - Mid-Atlantic', move(F('BRE'), 'MAO')],
    ['F Mid Atlantic - Brest', move(F('MAO'), 'BRE')],
    ['F mid-nth', move(F('MAO'), 'NTH')],
    ['F Brest-Mid-Atlantic Ocean', move(F('BRE'), 'MAO')],
    ['F Irish Sea Supports F Mid-Atlantic Ocean - English Channel', support(F('IRI'), F('MAO'), 'ENG')],
    ['F Portugal Supports F Mid-Atlantic Ocean', support(F('POR'), F('MAO'))],
    ['F Mid-Atlantic Ocean Convoys A Spain - Brest', convoy(F('MAO'), A('SPA'), 'BRE')],
  ];
  checkTable(remember(table));
});

void test('province aliases print as the canonical code', () => {
  const table: [string, string][] = [
    ['NRG', 'NWG'],
    ['GOL', 'LYO'],
    ['MID', 'MAO'],
    ['NAT', 'NAO'],
    ['NOR', 'NWY'],
    ['ECH', 'ENG'],
    ['GOB', 'BOT'],
    ['Norwegian Sea', 'NWG'],
    ['Gulf of Lyon', 'LYO'],
    ['Gulf of Lyons', 'LYO'],
    ['St. Petersburg', 'STP'],
    ['Saint Petersburg', 'STP'],
    ['N. Africa', 'NAF'],
    ['Heligoland Bight', 'HEL'],
    ['Channel', 'ENG'],
  ];
  for (const [alias, code] of table) {
    assert.deepEqual(parsed(`F ${alias} H`), hold(F(code)), alias);
    assert.deepEqual(parsed(`F ${alias.toLowerCase()} - nth`), move(F(code), 'NTH'), alias);
    assert.deepEqual(parsed(`A wal S F nth - ${alias}`), support(A('WAL'), F('NTH'), code), alias);
  }
  assert.equal(formatOrder(map, parsed('F NRG - NAT')), 'F NWG - NAO');
});

void test('every province code, name and alias of the map reads as that province', () => {
  for (let p = 0; p < map.provinceCount; p++) {
    const code = map.locationCode[p]!;
    const def = map.definition.provinces.find((d) => d.code === code)!;
    for (const name of [code, def.name, ...(def.aliases ?? [])]) {
      assert.equal(lookupProvince(map, name), p, `query.ts agrees on ${name}`);
      assert.deepEqual(parsed(`${name} H`), hold(U(code)), name);
      assert.deepEqual(parsed(`A ${name} - ${name}`), move(A(code), code), name);
    }
  }
});

void test('coast spellings', () => {
  const table: [string, string][] = [
    ['spa/nc', 'SPA/NC'],
    ['SPA/NC', 'SPA/NC'],
    ['Spain(nc)', 'SPA/NC'],
    ['Spain (nc)', 'SPA/NC'],
    ['Spain(NC)', 'SPA/NC'],
    ['Spain/nc', 'SPA/NC'],
    ['Spain (north coast)', 'SPA/NC'],
    ['Spain(north)', 'SPA/NC'],
    ['Spain (n.c.)', 'SPA/NC'],
    ['SPA NC', 'SPA/NC'],
    ['spa / nc', 'SPA/NC'],
    ['Spain(sc)', 'SPA/SC'],
    ['spa/sc', 'SPA/SC'],
    ['St Petersburg(sc)', 'STP/SC'],
    ['St. Petersburg (south coast)', 'STP/SC'],
    ['stp/sc', 'STP/SC'],
    ['stp/nc', 'STP/NC'],
    ['bul/ec', 'BUL/EC'],
    ['Bulgaria(ec)', 'BUL/EC'],
    ['Bulgaria(sc)', 'BUL/SC'],
    ['Bulgaria (east coast)', 'BUL/EC'],
    ['Spain', 'SPA'],
    // A coast on a province without coasts stays, so the adjudicator can apply DATC 4.B.5/4.B.6.
    ['gas/nc', 'GAS/NC'],
    ['Gascony(nc)', 'GAS/NC'],
    ['Brest (east coast)', 'BRE/EC'],
    // An unknown coast of a multi-coast province is kept too.
    ['spa/wc', 'SPA/WC'],
    ['Spain(ec)', 'SPA/EC'],
    ['bul/nc', 'BUL/NC'],
  ];
  for (const [text, code] of table) {
    assert.deepEqual(parsed(`F ${text} H`), hold(F(code)), text);
    assert.deepEqual(parsed(`F mao - ${text}`), move(F('MAO'), code), text);
    assert.deepEqual(parsed(`Build F ${text}`), build(F(code)), text);
    assertRoundTrip(move(F(code), code));
  }
});

void test('power headings and prefixes', () => {
  const r = parseOrders(
    map,
    [
      'England:',
      'F North Sea - Picardy',
      'A Wales Supports F London - Yorkshire',
      '',
      'Austria',
      'A Vienna - Trieste',
      'Turkey: F ank - bla',
      'A Budapest H',
      'FRANCE:',
      'A PAR - BUR',
      'English:',
      'F lon H',
      'rus: A mos - stp',
      'Austria-Hungary:',
      'A vie H',
      'F: F bre - mao',
      'ENGLAND: A LON - NWY VIA',
    ].join('\n'),
  );
  assert.deepEqual(r.issues, []);
  assert.deepEqual(
    r.value?.map((g) => [g.line, g.power]),
    [
      [2, 'ENGLAND'],
      [3, 'ENGLAND'],
      [6, 'AUSTRIA'],
      [7, 'TURKEY'],
      [8, 'AUSTRIA'],
      [10, 'FRANCE'],
      [12, 'ENGLAND'],
      [13, 'RUSSIA'],
      [15, 'AUSTRIA'],
      [16, 'FRANCE'],
      [17, 'ENGLAND'],
    ],
  );
  assert.deepEqual(r.value?.[10], {
    power: 'ENGLAND',
    order: move(A('LON'), 'NWY', { viaConvoy: true }),
    line: 17,
  });
  // No heading: no power.
  assert.deepEqual(parseOrders(map, 'A PAR H').value, [{ order: hold(A('PAR')), line: 1 }]);
  assert.deepEqual(given('England: F nth-pic'), { power: 'ENGLAND', order: move(F('NTH'), 'PIC') });
  assert.deepEqual(given('F nth-pic'), { order: move(F('NTH'), 'PIC') });
  // A one-letter alias alone is not a heading ("A" is also Austria's alias).
  const single = parseOrders(map, 'A\nA PAR H');
  assert.deepEqual(
    single.issues.map((i) => i.code),
    ['expected-unit-location'],
  );
  assert.equal(single.value?.[0]?.power, undefined);
});

void test('blank lines and comments are skipped', () => {
  const r = parseOrders(
    map,
    [
      '# orders for spring',
      '',
      '   ',
      '\t',
      'England: // the English',
      'F nth-pic # to Picardy',
      '// nothing here',
      'A wal S F lon-yor // support',
      '\r',
    ].join('\n'),
  );
  assert.deepEqual(r.issues, []);
  assert.deepEqual(r.value, [
    { power: 'ENGLAND', order: move(F('NTH'), 'PIC'), line: 6 },
    { power: 'ENGLAND', order: support(A('WAL'), F('LON'), 'YOR'), line: 8 },
  ]);
  // CRLF and CR line ends count lines the same way.
  const crlf = parseOrders(map, 'A PAR H\r\nA MAR H\rA BUR H');
  assert.deepEqual(
    crlf.value?.map((g) => g.line),
    [1, 2, 3],
  );
});

// ---------------------------------------------------------------------------------------------------------------
// Bad lines

const BAD: readonly (readonly [text: string, code: string, column: number])[] = [
  ['A Parus - Burgundy', 'unknown-province', 3],
  ['A Paris - Burgundyy', 'unknown-province', 11],
  ['F Nroth Sea - Picardy', 'unknown-province', 3],
  ['A Wales Supports F Londn - Yorkshire', 'unknown-province', 20],
  ['A PAR - XYZ', 'unknown-province', 9],
  ['Englnd: A PAR H', 'unknown-power', 1],
  ['Frnace:', 'unknown-power', 1],
  ['A Paris Attacks Burgundy', 'unknown-order-kind', 9],
  ['A PAR X', 'unknown-order-kind', 7],
  ['A PAR : BUR', 'unknown-order-kind', 7],
  ['A PAR - BUR please', 'trailing-text', 13],
  ['A PAR H H', 'trailing-text', 9],
  ['A MUN S A BUR - MAR - PIC', 'trailing-text', 21],
  ['WAIVE now', 'trailing-text', 7],
  ['A Paris -', 'missing-destination', 10],
  ['A Paris - ', 'missing-destination', 10],
  ['A MUN S A BUR -', 'missing-destination', 16],
  ['F NTH C A YOR', 'missing-destination', 14],
  ['F NTH C A YOR H', 'missing-destination', 15],
  ['A Paris - - Burgundy', 'expected-destination', 11],
  ['A Paris - via convoy', 'expected-destination', 11],
  ['A Paris - (nc)', 'expected-destination', 11],
  ['A Paris', 'missing-order-kind', 8],
  ['F North Sea', 'missing-order-kind', 12],
  ['A - Burgundy', 'expected-unit-location', 3],
  ['- Burgundy', 'expected-unit-location', 1],
  ['Build', 'expected-unit-location', 6],
  ['Build A', 'expected-unit-location', 8],
  ['A', 'expected-unit-location', 2],
  ['England: H', 'expected-unit-location', 10],
  ['A MUN S H', 'expected-unit-location', 9],
  ['F spa/ - mao', 'unknown-coast', 8],
  ['F spa/', 'unknown-coast', 7],
  ['F Spain() - Mid-Atlantic Ocean', 'unknown-coast', 8],
  ['F Spain(-) - MAO', 'unknown-coast', 9],
  ['F Spain(nc - MAO', 'unknown-coast', 12],
  ['F Spain(nc', 'unclosed-parenthesis', 11],
  // Words the map does not know as coasts are issues, never coasts ("Bur/xx" used to succeed).
  ['A Par - Bur/xx', 'unknown-coast', 13],
  ['F spa/xy H', 'unknown-coast', 7],
  ['F Mao - Spa(xx)', 'unknown-note', 12],
  ['A Mun - Bur (cut)', 'unknown-note', 13],
  ['A Mun - Bur (supported by Ruh)', 'unknown-note', 13],
  ['A Pic - Bel (via fleet)', 'unknown-note', 13],
  ['A Par H (bluff)', 'unknown-note', 9],
  ['F Nth C A Lon - Nwy (via convoy)', 'unknown-note', 21],
  ['A Par (via convoy) - Bur', 'unknown-order-kind', 7],
  // No order word: refused with how to write it.
  ['A Par Bur', 'missing-order-kind', 7],
  ['A Par - Bur;;', 'trailing-text', 12],
  ['!!!', 'expected-unit-location', 1],
];

void test('each bad line gives one issue with its code, line and column', () => {
  for (const [text, code, column] of BAD) {
    const r = parseOrder(map, text);
    assert.equal(r.value, undefined, text);
    assert.equal(r.issues.length, 1, text);
    const [i] = r.issues;
    assert.deepEqual({ code: i?.code, line: i?.line, column: i?.column }, { code, line: 1, column }, text);
    assert.ok((i?.message.length ?? 0) > 0, text);
  }
});

void test('issue messages quote the offending text', () => {
  const message = (text: string): string => parseOrder(map, text).issues[0]?.message ?? '';
  assert.match(message('A Parus - Burgundy'), /"Parus"/);
  assert.match(message('F Nroth Sea - Picardy'), /"Nroth Sea"/);
  assert.match(message('Englnd: A PAR H'), /"Englnd"/);
  assert.match(message('A Paris Attacks Burgundy'), /"Attacks"/);
  assert.match(message('A PAR - BUR please now'), /"please now"/);
  assert.match(message('A Paris - - Burgundy'), /"-"/);
  const long = message(`A PAR - BUR ${'x'.repeat(5000)}`);
  assert.ok(long.length < 200, 'long text is shortened in messages');
});

void test('bad lines among good ones: one issue each, the good ones still parse in order', () => {
  const lines = ['England:', 'F North Sea - Picardy'];
  for (const [text] of BAD) lines.push(text, 'A Wales Holds');
  const r = parseOrders(map, lines.join('\n'));
  assert.deepEqual(
    r.issues.map((i) => [i.code, i.line, i.column]),
    BAD.map(([, code, column], k) => [code, 3 + 2 * k, column]),
  );
  assert.equal(r.value?.length, 1 + BAD.length);
  assert.deepEqual(r.value?.[0], { power: 'ENGLAND', order: move(F('NTH'), 'PIC'), line: 2 });
  for (const g of (r.value ?? []).slice(1)) {
    assert.deepEqual(g.order, hold(A('WAL')));
    assert.equal(g.power, 'ENGLAND');
    assert.equal(g.line! % 2, 0);
  }
});

void test('parseOrder reports an empty order', () => {
  for (const text of ['', '   ', '# just a comment', 'England:', 'Austria']) {
    const r = parseOrder(map, text);
    assert.equal(r.value, undefined);
    assert.deepEqual(
      r.issues.map((i) => i.code),
      ['empty-order'],
      JSON.stringify(text),
    );
  }
});

void test('...OrThrow wrappers', () => {
  assert.deepEqual(parseOrdersOrThrow(map, 'England:\nF nth-pic'), [
    { power: 'ENGLAND', order: move(F('NTH'), 'PIC'), line: 2 },
  ]);
  assert.deepEqual(parseOrderOrThrow(map, 'A PAR H'), { order: hold(A('PAR')) });
  assert.throws(
    () => parseOrdersOrThrow(map, 'F nth-pic\nA Parus H'),
    (e: unknown) =>
      e instanceof IssuesError && e.issues[0]?.code === 'unknown-province' && e.issues[0].line === 2,
  );
  assert.throws(() => parseOrderOrThrow(map, 'A PAR'), IssuesError);
});

// ---------------------------------------------------------------------------------------------------------------
// Hostile input

void test('hostile input never throws', () => {
  const inputs: string[] = [
    '',
    ' ',
    '\n\n\n',
    '\r\n\r\n',
    ':',
    '::::',
    '(((((',
    ')))',
    '/',
    '//',
    '-',
    '->',
    '=>',
    '...',
    "'",
    '\u0000\u0001\u0002',
    'A PAR - BUR\u0000',
    '🙂 A PAR - BUR',
    'A PAR - BUR 🙂',
    'A Pâris - Bürgundy',
    'Ä Ö Ü ß',
    '中文 - 日本語',
    'A \ud800 - BUR',
    'A PAR\u00a0-\u2003BUR',
    'A PAR \u2013 BUR',
    'A PAR \u2192 BUR',
    'England: England: England:',
    'A '.repeat(10_000),
    'A PAR - '.repeat(10_000),
    `A ${'Mid-Atlantic Ocean - '.repeat(2000)}Spain(nc)`,
    'x'.repeat(100_000),
    `F spa/${'n'.repeat(10_000)}`,
    `F Spain(${'nc '.repeat(10_000)}`,
    'S C H D B R',
    'Build Build Build',
    'constructor',
    '__proto__: A PAR H',
    'toString - hasOwnProperty',
  ];
  const rand = random(20240601);
  let chars = '';
  for (let i = 0; i < 10_000; i++) chars += String.fromCharCode(Math.floor(rand() * 0x3000));
  inputs.push(chars);
  let ascii = '';
  for (let i = 0; i < 10_000; i++) ascii += String.fromCharCode(9 + Math.floor(rand() * 118));
  inputs.push(ascii);
  const alphabet = [
    'A ',
    'F ',
    'PAR',
    'bur',
    '-',
    '/',
    'nc',
    '(',
    ')',
    ' S ',
    ' C ',
    ' H ',
    ':',
    'England',
    '\n',
    ' via',
  ];
  let soup = '';
  for (let i = 0; i < 10_000; i++) soup += alphabet[Math.floor(rand() * alphabet.length)];
  inputs.push(soup);

  for (const text of inputs) {
    const many = parseOrders(map, text);
    assert.ok(Array.isArray(many.value));
    for (const i of many.issues) {
      assert.equal(typeof i.code, 'string');
      assert.ok(i.line !== undefined && i.line >= 1);
      assert.ok(i.column !== undefined && i.column >= 1);
      assert.notEqual(i.code, 'internal-error', `${i.message} for ${JSON.stringify(text.slice(0, 50))}`);
    }
    const one = parseOrder(map, text);
    assert.ok(one.value !== undefined || one.issues.length === 1);
    for (const g of many.value) assertRoundTrip(g.order);
  }
  // Not even a non-string from JavaScript callers.
  assert.doesNotThrow(() => parseOrders(map, undefined as unknown as string));
  assert.doesNotThrow(() => parseOrder(map, 42 as unknown as string));
});

void test('a long order file parses quickly (no backtracking blow-up)', () => {
  const line = 'F Mid-Atlantic Ocean Supports F North Atlantic Ocean - Norwegian Sea\n';
  const start = performance.now();
  const r = parseOrders(map, line.repeat(20_000));
  const ms = performance.now() - start;
  assert.equal(r.value?.length, 20_000);
  assert.ok(ms < 5000, `took ${ms} ms`);
});

// ---------------------------------------------------------------------------------------------------------------
// Formatting

void test('mila is the canonical text', () => {
  const table: [Order, string][] = [
    [move(A('PAR'), 'BUR'), 'A PAR - BUR'],
    [move(F('MAO'), 'SPA/NC'), 'F MAO - SPA/NC'],
    [support(A('MUN'), A('BUR'), 'MAR'), 'A MUN S A BUR - MAR'],
    [support(A('MUN'), A('BUR')), 'A MUN S A BUR'],
    [convoy(F('NTH'), A('LON'), 'NWY'), 'F NTH C A LON - NWY'],
    [move(A('LON'), 'NWY', { viaConvoy: true }), 'A LON - NWY VIA'],
    [move(A('YOR'), 'BEL', { path: ['NTH'], viaConvoy: true }), 'A YOR - NTH - BEL'],
    [hold(A('PAR')), 'A PAR H'],
    [disband(A('PAR')), 'A PAR D'],
    [build(A('PAR')), 'A PAR B'],
    [build(F('STP/SC')), 'F STP/SC B'],
    [WAIVE, 'WAIVE'],
    [move(U('PAR'), 'BUR'), 'PAR - BUR'],
    [support(A('WAL'), F('LON', 'FRANCE'), 'YOR'), 'A WAL S FRANCE F LON - YOR'],
    [move(F('GAS/NC'), 'SPA/WC'), 'F GAS/NC - SPA/WC'],
  ];
  for (const [order, text] of table) {
    assert.equal(formatOrder(map, order), text);
    assert.equal(formatOrder(map, order, 'mila'), text);
    assert.deepEqual(parsed(text), order, text);
  }
});

void test('long is the DATC text', () => {
  const table: [Order, string][] = [
    [move(F('NTH'), 'PIC'), 'F North Sea - Picardy'],
    [support(A('WAL'), F('LON'), 'YOR'), 'A Wales Supports F London - Yorkshire'],
    [support(A('WAL'), F('LON')), 'A Wales Supports F London'],
    [convoy(F('NTH'), A('YOR'), 'HOL'), 'F North Sea Convoys A Yorkshire - Holland'],
    [hold(A('VEN')), 'A Venice Holds'],
    [move(F('SPA/NC'), 'GAS'), 'F Spain(nc) - Gascony'],
    [move(F('MAO'), 'SPA/NC'), 'F Mid-Atlantic Ocean - Spain(nc)'],
    [move(A('SPA'), 'POR', { viaConvoy: true }), 'A Spain - Portugal via convoy'],
    [build(F('STP/NC')), 'Build F St Petersburg(nc)'],
    [disband(A('PIC')), 'Disband A Picardy'],
    [support(A('WAL'), F('LON', 'FRANCE')), 'A Wales Supports French F London'],
    [move(A('YOR'), 'BEL', { path: ['NTH'], viaConvoy: true }), 'A Yorkshire - North Sea - Belgium'],
    [WAIVE, 'Waive'],
  ];
  for (const [order, text] of table) assert.equal(formatOrder(map, order, 'long'), text);
});

void test('short is the jDip text', () => {
  const table: [Order, string][] = [
    [move(F('NTH'), 'PIC'), 'F nth-pic'],
    [support(A('WAL'), F('LON'), 'YOR'), 'A wal S F lon-yor'],
    [convoy(F('NTH'), A('YOR'), 'HOL'), 'F nth C A yor-hol'],
    [hold(A('PAR')), 'A par H'],
    [move(F('SPA/NC'), 'LYO'), 'F spa/nc-lyo'],
    [move(A('BEL'), 'HOL', { viaConvoy: true }), 'A bel-hol via convoy'],
    [move(A('YOR'), 'BEL', { path: ['NTH'], viaConvoy: true }), 'A yor-nth-bel'],
    [build(A('KIE')), 'Build A kie'],
    [disband(A('PAR')), 'A par disband'],
  ];
  for (const [order, text] of table) assert.equal(formatOrder(map, order, 'short'), text);
});

void test('formatLocation and formatGivenOrder', () => {
  assert.equal(formatLocation(map, 'SPA/NC', 'mila'), 'SPA/NC');
  assert.equal(formatLocation(map, 'SPA/NC', 'long'), 'Spain(nc)');
  assert.equal(formatLocation(map, 'SPA/NC', 'short'), 'spa/nc');
  assert.equal(formatLocation(map, 'STP/SC', 'long'), 'St Petersburg(sc)');
  assert.equal(formatLocation(map, 'MAO', 'long'), 'Mid-Atlantic Ocean');
  assert.equal(formatLocation(map, 'GAS/NC', 'long'), 'Gascony(nc)');
  assert.equal(formatLocation(map, 'LON'), 'LON');
  assert.equal(formatLocation(map, 'XYZ', 'long'), 'XYZ');

  const g: GivenOrder = { power: 'ENGLAND', order: move(A('LON'), 'NWY', { viaConvoy: true }) };
  assert.equal(formatGivenOrder(map, g), 'ENGLAND: A LON - NWY VIA');
  assert.equal(formatGivenOrder(map, g, 'long'), 'England: A London - Norway via convoy');
  assert.equal(formatGivenOrder(map, g, 'short'), 'England: A lon-nwy via convoy');
  assert.equal(formatGivenOrder(map, { order: hold(A('PAR')) }), 'A PAR H');
  for (const style of STYLES) assert.deepEqual(given(formatGivenOrder(map, g, style)), g, style);
});

// ---------------------------------------------------------------------------------------------------------------
// Round trip

/** Orders over the whole map: every army move between adjacent provinces, every fleet move, and more. */
function generatedOrders(): Order[] {
  const orders: Order[] = [];
  const code = (loc: number): string => map.locationCode[loc]!;
  for (let p = 0; p < map.provinceCount; p++) {
    for (let i = map.armyStart[p]!; i < map.armyStart[p + 1]!; i++) {
      const q = map.armyAdj[i]!;
      orders.push(move(A(code(p)), code(q)));
      orders.push(move(U(code(p)), code(q), { viaConvoy: true }));
      orders.push(support(A(code(q)), A(code(p)), code(q)));
    }
  }
  for (let loc = 0; loc < map.locationCount; loc++) {
    for (let i = map.fleetStart[loc]!; i < map.fleetStart[loc + 1]!; i++) {
      const to = map.fleetAdj[i]!;
      orders.push(move(F(code(loc)), code(to)));
      orders.push(support(F(code(to)), F(code(loc), map.powers[loc % map.powers.length])));
      orders.push(convoy(F(code(loc)), A(code(to)), code(loc)));
    }
    orders.push(hold(F(code(loc))), build(F(code(loc))), disband(U(code(loc))), build(U(code(loc))));
  }
  for (let p = 0; p < map.provinceCount; p++) {
    for (const power of map.powers) {
      orders.push(support(A('WAL'), U(code(p), power), code(p)));
      orders.push(convoy(F('NTH'), A(code(p), power), code(p)));
    }
  }
  const rand = random(7);
  const pick = (): string => code(Math.floor(rand() * map.locationCount));
  for (let i = 0; i < 500; i++) {
    const path = Array.from(
      { length: 1 + Math.floor(rand() * 4) },
      () => map.locationCode[Math.floor(rand() * map.provinceCount)]!,
    );
    orders.push(move(A(pick()), pick(), { path, viaConvoy: true }));
  }
  orders.push(WAIVE);
  return orders;
}

void test('round trip format -> parse for every order in these tests', () => {
  assert.ok(seen.length > 100);
  for (const o of seen) assertRoundTrip(o);
});

void test('round trip format -> parse for orders over the whole map, in all three styles', () => {
  const orders = generatedOrders();
  assert.ok(orders.length > 2000);
  for (const style of STYLES) {
    const text = orders.map((o) => formatOrder(map, o, style)).join('\n');
    const r = parseOrders(map, text);
    assert.deepEqual(r.issues, [], style);
    assert.deepEqual(
      r.value?.map((g) => g.order),
      orders,
      style,
    );
  }
  for (const o of orders.slice(0, 300)) assertRoundTrip(o);
});

void test('format is stable: format(parse(format(o))) === format(o)', () => {
  for (const o of generatedOrders()) {
    for (const style of STYLES) {
      const text = formatOrder(map, o, style);
      assert.equal(formatOrder(map, parsed(text), style), text);
    }
  }
});

// ---------------------------------------------------------------------------------------------------------------
// DATC v3.2 chapter 6

interface DatcData {
  cases: { id: string; orders: { text: string }[]; retreats: { text: string }[] }[];
}

void test('every order line of DATC v3.2 chapter 6 parses without issues', () => {
  const url = new URL('../../test/data/datc-v3.2.json', import.meta.url);
  const data = JSON.parse(readFileSync(url, 'utf8')) as DatcData;
  let count = 0;
  const failures: string[] = [];
  for (const c of data.cases) {
    for (const line of [...c.orders, ...c.retreats]) {
      count++;
      const r = parseOrder(map, line.text);
      if (r.issues.length > 0 || !r.value) failures.push(`${c.id}: ${line.text}: ${r.issues[0]?.code}`);
      else assertRoundTrip(r.value.order);
    }
  }
  assert.deepEqual(failures, []);
  assert.ok(count > 800, `${count} order lines`);
});
