/**
 * The integer listing of legal orders (`legalOrderCodes`) against the object listing (`listLegalOrders`): the same
 * orders in the same order, row by row, in every phase, with filters and under rule presets (one of them taking
 * the by-rules path); a reused list gives the same rows; bad input gives the same issues; malformed rows decode to
 * nothing.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { midgameWorkload } from '../bench/generate.js';
import { PRESETS, type RuleOptions } from '../src/adjudication/rules.js';
import { workloadPosition } from '../src/formats/workload.js';
import {
  legalOrderCodes,
  listLegalOrders,
  newOrderCodeList,
  type LegalOrderOptions,
  type OrderCodeList,
} from '../src/legal/enumerate.js';
import { standardMap } from '../src/map/compile.js';
import type { GameMap } from '../src/map/types.js';
import {
  ARMY,
  BUILD,
  CONVOY,
  FLEET,
  HOLD,
  MOVE,
  ORDER_STRIDE,
  RETREAT,
  SUPPORT_HOLD,
  SUPPORT_MOVE,
  WAIVE,
  decodeOrder,
  keyText,
  orderCodeText,
  unitKey,
} from '../src/orders/codes.js';
import type { Order, UnitRef } from '../src/orders/types.js';
import type { Position, Unit } from '../src/position/types.js';

const map: GameMap = standardMap();
const loc = (code: string): number => map.locationCode.indexOf(code);

function unitList(spec: string): Unit[] {
  // "FRANCE A PAR, ENGLAND F NTH"
  return spec.split(',').map((entry) => {
    const [power, type, location] = entry.trim().split(/\s+/);
    return { power: power!, type: type === 'F' ? 'F' : 'A', location: location! };
  });
}

const opening: Position = {
  phase: { season: 'spring', year: 1901, type: 'movement' },
  units: map.startingUnits.map((u) => ({
    power: map.powers[u.power]!,
    type: u.type,
    location: map.locationCode[u.location]!,
  })),
  dislodged: [],
  contested: [],
  supplyCenters: {},
};

/** Fall 1902 retreats: fleets on coasts, an army dislodged by a convoyed one, a standoff province. */
const retreat: Position = {
  phase: { season: 'fall', year: 1902, type: 'retreat' },
  units: unitList('RUSSIA F SWE, RUSSIA A NWY, TURKEY F SEV, AUSTRIA A GAL, ITALY A NAF, FRANCE F WES'),
  dislodged: [
    { power: 'GERMANY', type: 'F', location: 'SWE', attackerFrom: 'BOT' },
    { power: 'RUSSIA', type: 'F', location: 'SEV', attackerFrom: 'BLA' },
    { power: 'ENGLAND', type: 'A', location: 'NAF', attackerFrom: 'TUN', byConvoy: true },
  ],
  contested: ['FIN'],
  supplyCenters: {},
};

/** Winter 1902: Russia builds (a multi-coast home centre), Austria disbands, Turkey waives or builds. */
const adjustment: Position = {
  phase: { season: 'winter', year: 1902, type: 'adjustment' },
  units: unitList('RUSSIA A MOS, RUSSIA F SWE, AUSTRIA A VIE, AUSTRIA A BUD, AUSTRIA F TRI, TURKEY F ANK'),
  dislodged: [],
  contested: [],
  supplyCenters: {
    RUSSIA: ['MOS', 'STP', 'SEV', 'SWE', 'WAR'],
    AUSTRIA: ['VIE', 'BUD'],
    TURKEY: ['ANK', 'CON', 'SMY'],
  },
};

const midgames: Position[] = midgameWorkload(29, 60, map).positions.map((entry) => {
  const position = workloadPosition(entry);
  assert.ok(position.value, position.issues.map((i) => i.message).join('; '));
  return position.value;
});

/** A unit reference without the nationality 4.C.5 a writes before foreign units (a code row has no place for it). */
function bare(ref: UnitRef): UnitRef {
  const rest = { ...ref };
  delete rest.power;
  return rest;
}

function withoutNationality(order: Order): Order {
  switch (order.kind) {
    case 'support':
      return { ...order, unit: bare(order.unit), supported: bare(order.supported) };
    case 'convoy':
      return { ...order, unit: bare(order.unit), army: bare(order.army) };
    case 'waive':
      return order;
    case 'hold':
    case 'move':
    case 'disband':
    case 'build':
      return { ...order, unit: bare(order.unit) };
  }
}

/** A power name before a unit: "FRANCE " in "F ENG S FRANCE A BRE - PIC". */
const powerPrefix = new RegExp(`\\b(${map.powers.join('|')}) (?=[AF] )`, 'g');

/** The code listing decodes row by row to the object listing; returns the number of orders. */
function assertSameListing(
  position: Position,
  options: LegalOrderOptions = {},
  into?: OrderCodeList,
): number {
  const objects = listLegalOrders(map, position, options);
  const codes = legalOrderCodes(map, position, options, into);
  assert.deepEqual(codes.issues, objects.issues);
  assert.ok(objects.value && codes.value, 'both listings have a value');
  const list = codes.value;
  if (into !== undefined) assert.equal(list, into, 'the given list is filled');
  assert.equal(list.count, objects.value.length, 'same number of orders');
  const nationality = options.rules?.missingNationality === 'illegal';
  objects.value.forEach((o, i) => {
    const decoded = decodeOrder(map, list.codes, i);
    assert.ok(decoded, `row ${i} (${o.text}) decodes`);
    assert.equal(decoded.power, o.power, o.text);
    assert.deepEqual(decoded.order, nationality ? withoutNationality(o.order) : o.order, o.text);
    const text = nationality ? o.text.replace(powerPrefix, '') : o.text;
    assert.equal(orderCodeText(map, list.codes, i), text);
    assert.equal(keyText(map, list.codes[i * ORDER_STRIDE + 2]!), o.unit);
  });
  return list.count;
}

describe('legal order codes: the same orders as the object listing', () => {
  it('the opening: 22 units, every order', () => {
    const count = assertSameListing(opening);
    assert.ok(count > 22 * 3, `${count} orders`);
    const codes = legalOrderCodes(map, opening).value!;
    // A spot check of the row form itself: F LON - NTH, in the rows.
    let found = false;
    for (let i = 0; i < codes.count; i++) {
      const at = i * ORDER_STRIDE;
      const row = Array.from(codes.codes.subarray(at, at + ORDER_STRIDE));
      if (
        row.join() ===
        [map.powers.indexOf('ENGLAND'), MOVE, unitKey(map, FLEET, loc('LON')), -1, loc('NTH')].join()
      )
        found = true;
    }
    assert.ok(found, 'F LON - NTH is a row');
  });

  it('retreats: retreats by coast, disbands, sorted as the objects', () => {
    const count = assertSameListing(retreat);
    const codes = legalOrderCodes(map, retreat).value!;
    const texts = Array.from({ length: count }, (_, i) => orderCodeText(map, codes.codes, i));
    assert.ok(texts.includes('A NAF R TUN'), 'back to the convoy origin (4.A.5)');
    assert.ok(!texts.includes('F SWE R FIN'), 'not into a standoff');
    assert.ok(texts.some((t) => t.startsWith('F SEV R ')));
    const kinds = new Set(Array.from({ length: count }, (_, i) => codes.codes[i * ORDER_STRIDE + 1]));
    assert.ok(kinds.has(RETREAT));
  });

  it('adjustments: builds with coasts, waives, disbands', () => {
    assertSameListing(adjustment);
    const codes = legalOrderCodes(map, adjustment).value!;
    const texts = Array.from({ length: codes.count }, (_, i) => orderCodeText(map, codes.codes, i));
    assert.ok(texts.includes('F STP/SC B') && texts.includes('F STP/NC B') && texts.includes('A VIE D'));
    const waives = Array.from({ length: codes.count }, (_, i) => i).filter(
      (i) => codes.codes[i * ORDER_STRIDE + 1] === WAIVE,
    );
    assert.equal(waives.length, 2, 'Russia and Turkey may waive');
    for (const i of waives) assert.equal(codes.codes[i * ORDER_STRIDE + 2], -1, 'a waive has no unit');
    assert.ok(
      Array.from({ length: codes.count }, (_, i) => codes.codes[i * ORDER_STRIDE + 1]).includes(BUILD),
    );
  });

  it('random midgame positions, whole and filtered by power and by unit', () => {
    let total = 0;
    for (const [i, position] of midgames.entries()) {
      total += assertSameListing(position);
      const unit = position.units[i % position.units.length]!;
      assertSameListing(position, { power: unit.power.toLowerCase() });
      assertSameListing(position, { unit: unit.location });
    }
    assert.ok(total > midgames.length * 200, `${total} orders in ${midgames.length} positions`);
    // Every kind of movement order occurs.
    const kinds = new Set<number>();
    const into = newOrderCodeList();
    for (const position of midgames) {
      legalOrderCodes(map, position, {}, into);
      for (let i = 0; i < into.count; i++) kinds.add(into.codes[i * ORDER_STRIDE + 1]!);
    }
    for (const kind of [HOLD, MOVE, SUPPORT_HOLD, SUPPORT_MOVE, CONVOY])
      assert.ok(kinds.has(kind), `kind ${kind}`);
  });

  it('under rule presets, on the fast path and on the by-rules path', () => {
    // '2025' and '2023' keep the fast enumeration; '2000' (4.E.1 'valid-places') takes the by-rules path.
    for (const name of ['2025', '2023']) {
      const rules = PRESETS[name]!.rules;
      assertSameListing(retreat, { rules });
      assertSameListing(adjustment, { rules });
      for (const position of midgames.slice(0, 20)) assertSameListing(position, { rules });
    }
    const slow: Partial<RuleOptions>[] = [
      PRESETS['2000']!.rules,
      { missingNationality: 'illegal' },
      { convoyPath: 'required' },
    ];
    for (const rules of slow) {
      assertSameListing(opening, { rules });
      assertSameListing(midgames[0]!, { rules, power: midgames[0]!.units[0]!.power });
    }
    assertSameListing(retreat, { rules: PRESETS['2000']!.rules });
  });
});

describe('legal order codes: a reused list', () => {
  it('gives the same rows as a fresh list, growing from one row', () => {
    const into = newOrderCodeList(1);
    const positions = [...midgames.slice(0, 30), retreat, adjustment, opening, midgames[31]!];
    for (const position of positions) {
      const fresh = legalOrderCodes(map, position).value!;
      const reused = legalOrderCodes(map, position, {}, into);
      assert.equal(reused.value, into);
      assert.equal(into.count, fresh.count);
      assert.deepEqual(
        into.codes.subarray(0, into.count * ORDER_STRIDE),
        fresh.codes.subarray(0, fresh.count * ORDER_STRIDE),
      );
    }
    assert.ok(into.codes.length >= into.count * ORDER_STRIDE);
  });

  it('gives the same objects before and after code listings (the shared enumeration keeps no state)', () => {
    const before = listLegalOrders(map, midgames[2]!).value!.map((o) => o.text);
    legalOrderCodes(map, midgames[3]!, {}, newOrderCodeList());
    legalOrderCodes(map, adjustment);
    assert.deepEqual(
      listLegalOrders(map, midgames[2]!).value!.map((o) => o.text),
      before,
    );
  });
});

describe('legal order codes: bad input', () => {
  const cases: [string, Position, LegalOrderOptions][] = [
    ['an unknown power option', opening, { power: 'Atlantis' }],
    ['an unknown unit option', opening, { unit: 'XYZ' }],
    ['two units in one province', { ...opening, units: unitList('FRANCE A PAR, GERMANY A PAR') }, {}],
    ['an army at sea', { ...opening, units: unitList('FRANCE A NTH') }, {}],
    ['a unit of an unknown power', { ...opening, units: unitList('ATLANTIS A PAR') }, {}],
    ['a fleet inland', { ...opening, units: unitList('FRANCE F PAR') }, {}],
    [
      'an impossible position under the by-rules path',
      { ...opening, units: unitList('FRANCE A PAR, GERMANY F PAR') },
      { rules: { legalOrders: 'valid-places' } },
    ],
    ['an impossible retreat', { ...retreat, dislodged: [{ ...retreat.dislodged[0]!, location: 'MOS' }] }, {}],
    ['centres of an unknown power', { ...adjustment, supplyCenters: { ATLANTIS: ['PAR'] } }, {}],
    ['a centre that is not one', { ...adjustment, supplyCenters: { FRANCE: ['BUR'] } }, {}],
  ];
  for (const [what, position, options] of cases) {
    it(`${what}: the issues of listLegalOrders, and an empty list`, () => {
      const objects = listLegalOrders(map, position, options);
      assert.equal(objects.value, undefined, 'the object listing rejects it');
      assert.ok(objects.issues.length > 0);
      const into = newOrderCodeList();
      legalOrderCodes(map, opening, {}, into);
      assert.ok(into.count > 0);
      const codes = legalOrderCodes(map, position, options, into);
      assert.equal(codes.value, undefined);
      assert.deepEqual(codes.issues, objects.issues);
      assert.equal(into.count, 0, 'the list is left empty');
    });
  }
});

describe('order codes: malformed rows', () => {
  const L = map.locationCount;
  const row = (...values: number[]): Int32Array => Int32Array.from(values);
  const good = row(
    0,
    SUPPORT_MOVE,
    unitKey(map, ARMY, loc('PAR')),
    unitKey(map, ARMY, loc('MAR')),
    loc('BUR'),
  );
  it('a well-formed row decodes', () => {
    assert.equal(orderCodeText(map, good, 0), 'A PAR S A MAR - BUR');
    assert.deepEqual(decodeOrder(map, good, 0)?.order, {
      kind: 'support',
      unit: { type: 'A', location: 'PAR' },
      supported: { type: 'A', location: 'MAR' },
      to: 'BUR',
    });
  });
  const bad: [string, Int32Array, number][] = [
    ['an unknown kind', row(0, 10, 0, -1, -1), 0],
    ['a negative kind', row(0, -1, 0, -1, -1), 0],
    ['an unknown power', row(map.powers.length, HOLD, 0, -1, -1), 0],
    ['a negative power', row(-1, HOLD, 0, -1, -1), 0],
    ['a unit key past the fleets', row(0, HOLD, 2 * L, -1, -1), 0],
    ['a negative unit key', row(0, HOLD, -1, -1, -1), 0],
    ['a supported unit out of range', row(0, SUPPORT_HOLD, 0, 2 * L, -1), 0],
    ['a convoyed army missing', row(0, CONVOY, unitKey(map, FLEET, loc('NTH')), -1, loc('NWY')), 0],
    ['a move without destination', row(0, MOVE, 0, -1, -1), 0],
    ['a destination out of range', row(0, MOVE, 0, -1, L), 0],
    ['a row index past the end', good, 1],
    ['a negative row index', good, -1],
    ['a short row', row(0, HOLD, 0, -1), 0],
  ];
  for (const [what, codes, i] of bad) {
    it(`${what}: undefined and ""`, () => {
      assert.equal(decodeOrder(map, codes, i), undefined);
      assert.equal(orderCodeText(map, codes, i), '');
    });
  }
});
