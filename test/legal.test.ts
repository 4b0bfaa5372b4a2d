/**
 * Legal-order enumeration (src/legal/): hand-counted opening, brute-force agreement with `validateOrder` over every
 * syntactically possible order, agreement with the adjudicators, shuffles, filters, retreat and adjustment phases.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { adjudicateAdjustments } from '../src/adjudication/adjustment.js';
import { adjudicateMovement } from '../src/adjudication/movement/adjudicate.js';
import { adjudicateRetreats } from '../src/adjudication/retreat.js';
import type { RuleOptions } from '../src/adjudication/rules.js';
import { legalOrders, listLegalOrders, validateOrder, type LegalOrder } from '../src/legal/enumerate.js';
import { milaText } from '../src/legal/text.js';
import { newGame } from '../src/game/game.js';
import { writeGameJson } from '../src/formats/game-json.js';
import { standardMap } from '../src/map/compile.js';
import { armyAdjacent } from '../src/map/query.js';
import type { GameMap, UnitType } from '../src/map/types.js';
import { formatOrder } from '../src/orders/format.js';
import { parseOrder } from '../src/orders/parse.js';
import type { GivenOrder, UnitRef } from '../src/orders/types.js';
import type { DislodgedUnit, Phase, Position, Unit } from '../src/position/types.js';
import { seededRandom } from '../src/selfplay/random-orders.js';

const map: GameMap = standardMap();
const SPRING: Phase = { season: 'spring', year: 1901, type: 'movement' };

function units(spec: Record<string, string>): Unit[] {
  const result: Unit[] = [];
  for (const [power, list] of Object.entries(spec)) {
    for (const u of list.split(',')) {
      const [type, location] = u.trim().split(/\s+/);
      result.push({ power, type: type as UnitType, location: location! });
    }
  }
  return result;
}

function movement(unitList: Unit[]): Position {
  return { phase: SPRING, units: unitList, dislodged: [], contested: [], supplyCenters: {} };
}

const openingPosition = movement(
  map.startingUnits.map((u) => ({
    power: map.powers[u.power]!,
    type: u.type,
    location: map.locationCode[u.location]!,
  })),
);

/** A convoy-heavy spring: 6.G.19 (TUN-ION-ADR-ALB), 6.D.31 (BLA, RUM-ARM), chains in the north and west. */
const midgame = movement(
  units({
    ENGLAND: 'F NTH, F NWG, F ENG, A LON, A YOR, A WAL, F IRI',
    FRANCE: 'A BRE, A PIC, F MAO, A GAS, F WES, A MAR',
    ITALY: 'A TUN, F ION, F ADR, F TYS, A APU',
    TURKEY: 'F BLA, A RUM, A CON, F AEG, A SMY',
    RUSSIA: 'F STP/NC, F BAR, A NWY, A FIN',
    GERMANY: 'A MUN, A HOL, F HEL, A KIE, F BAL',
    AUSTRIA: 'A BUD, A SER, F GRE',
  }),
);

function shuffle<T>(items: readonly T[], seed: number): T[] {
  const next = seededRandom(seed);
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}

/** A random possible position: `n` units on distinct provinces, fleets on a random coast of multi-coast ones. */
function randomPosition(seed: number, n: number): Position {
  const next = seededRandom(seed);
  const provinces = shuffle(
    Array.from({ length: map.provinceCount }, (_, p) => p),
    seed,
  ).slice(0, n);
  const list: Unit[] = provinces.map((p) => {
    const kind = map.provinceKind[p];
    const type: UnitType = kind === 'land' ? 'A' : kind === 'sea' ? 'F' : next() < 0.5 ? 'A' : 'F';
    const coasts = map.provinceCoasts[p]!;
    const location = type === 'F' && coasts.length > 0 ? coasts[Math.floor(next() * coasts.length)]! : p;
    return {
      power: map.powers[Math.floor(next() * map.powers.length)]!,
      type,
      location: map.locationCode[location]!,
    };
  });
  return movement(list);
}

const key = (o: { power?: string | undefined; text: string }): string => `${o.power}: ${o.text}`;
const keys = (list: readonly LegalOrder[]): string[] => list.map(key);

function ref(unit: Unit): UnitRef {
  return { type: unit.type, location: unit.location };
}

const provinceCodes = map.locationCode.slice(0, map.provinceCount);
const isMultiCoast = (code: string): boolean => {
  const p = provinceCodes.indexOf(code);
  return p >= 0 && map.provinceCoasts[p]!.length > 0;
};

/**
 * Every syntactically possible movement order of the position's units over all locations, in canonical spelling:
 * armies never name a coast; 'via convoy' only where the destination is adjacent by land (elsewhere it is the same
 * move as without); a fleet's move, and a support of a fleet's move, to a multi-coast province name the coast.
 * Also orders for empty provinces and orders given by the wrong power, which must all be rejected.
 */
function movementCandidates(position: Position, nationality = false, fleetVia = true): GivenOrder[] {
  const result: GivenOrder[] = [];
  const all = map.locationCode;
  const occupied = new Set(position.units.map((u) => u.location.slice(0, 3)));
  for (const u of position.units) {
    const unit = ref(u);
    const power = u.power;
    const from = provinceCodes.indexOf(u.location.slice(0, 3));
    result.push({ power, order: { kind: 'hold', unit } });
    const other = map.powers.find((p) => p !== power)!;
    result.push({ power: other, order: { kind: 'hold', unit } });
    for (const to of all) {
      if (u.type === 'A') {
        if (to.includes('/')) continue;
        result.push({ power, order: { kind: 'move', unit, to } });
        if (armyAdjacent(map, from, provinceCodes.indexOf(to)))
          result.push({ power, order: { kind: 'move', unit, to, viaConvoy: true } });
      } else {
        if (isMultiCoast(to)) continue;
        result.push({ power, order: { kind: 'move', unit, to } });
        if (fleetVia) result.push({ power, order: { kind: 'move', unit, to, viaConvoy: true } });
      }
    }
    for (const v of position.units) {
      if (v === u) continue;
      const supported = nationality && v.power !== u.power ? { ...ref(v), power: v.power } : ref(v);
      result.push({ power, order: { kind: 'support', unit, supported } });
      for (const to of all) {
        if (v.type === 'A' ? to.includes('/') : isMultiCoast(to)) continue;
        result.push({ power, order: { kind: 'support', unit, supported, to } });
      }
      for (const to of provinceCodes)
        result.push({ power, order: { kind: 'convoy', unit, army: supported, to } });
    }
    result.push({ power, order: { kind: 'support', unit, supported: unit } });
    result.push({ power, order: { kind: 'disband', unit } });
  }
  for (const code of provinceCodes) {
    if (!occupied.has(code)) result.push({ order: { kind: 'hold', unit: { type: 'A', location: code } } });
  }
  result.push({ power: 'FRANCE', order: { kind: 'waive' } });
  return result;
}

/** Brute force: the candidates `validateOrder` accepts, and the rejected ones with their codes. */
function bruteForce(
  position: Position,
  candidates: readonly GivenOrder[],
  retreat = false,
  rules?: Partial<RuleOptions>,
) {
  const accepted: string[] = [];
  const rejected: { given: GivenOrder; code: string }[] = [];
  for (const given of candidates) {
    const v = validateOrder(map, position, given, rules);
    if (v.legal) accepted.push(`${given.power}: ${milaText(given.order, retreat)}`);
    else {
      assert.match(v.code, /^[a-z-]+$/, `no reason code for ${milaText(given.order)}`);
      assert.ok(v.message.length > 0);
      rejected.push({ given, code: v.code });
    }
  }
  return { accepted: [...new Set(accepted)].sort(), rejected };
}

function sortedKeys(list: readonly LegalOrder[]): string[] {
  return keys(list).sort();
}

/** The list is sorted by unit, then text (ordinal comparison). */
function assertSorted(list: readonly LegalOrder[]): void {
  for (let i = 1; i < list.length; i++) {
    const a = list[i - 1]!;
    const b = list[i]!;
    const ok =
      a.unit < b.unit ||
      (a.unit === b.unit && (a.text < b.text || (a.text === b.text && a.power <= b.power)));
    assert.ok(ok, `not sorted: "${a.unit} | ${a.text}" before "${b.unit} | ${b.text}"`);
  }
}

function checkMovementPosition(
  position: Position,
  sampleEvery: number,
  rules?: Partial<RuleOptions>,
): LegalOrder[] {
  const list = legalOrders(map, position, rules ? { rules } : {});
  assertSorted(list);
  assert.equal(new Set(keys(list)).size, list.length, 'an order is listed twice');
  const brute = bruteForce(
    position,
    // Where impossible moves are legal (4.E.1 a, b), a fleet's move 'via convoy' is the same failing move as without.
    movementCandidates(
      position,
      rules?.missingNationality === 'illegal',
      rules?.legalOrders !== 'valid-places' && rules?.legalOrders !== 'any-format',
    ),
    false,
    rules,
  );
  const listed = sortedKeys(list);
  const accepted = new Set(brute.accepted);
  const listedSet = new Set(listed);
  assert.deepEqual(
    {
      notAccepted: listed.filter((k) => !accepted.has(k)),
      notListed: brute.accepted.filter((k) => !listedSet.has(k)),
    },
    { notAccepted: [], notListed: [] },
    'the list differs from the orders validateOrder accepts',
  );
  assert.equal(listed.length, brute.accepted.length);

  // Each listed order, adjudicated, is not illegal; its text is formatOrder's and parses back to the order.
  for (const o of list) {
    const result = adjudicateMovement(map, position, [{ power: o.power, order: o.order }], rules);
    const outcome = result.value?.orders[0];
    assert.ok(outcome, `no outcome for ${o.text}`);
    assert.notEqual(outcome.resolution, 'illegal', `${o.text}: ${outcome.message}`);
    assert.equal(o.text, formatOrder(map, o.order, 'mila'));
    const parsed = parseOrder(map, o.text);
    assert.deepEqual(parsed.value?.order, o.order, `${o.text} does not parse back`);
  }
  // Rejected orders are illegal for the adjudicator too, with the same reason (a sample).
  for (let i = 0; i < brute.rejected.length; i += sampleEvery) {
    const { given, code } = brute.rejected[i]!;
    const outcome = adjudicateMovement(map, position, [given], rules).value?.orders[0];
    assert.equal(
      outcome?.resolution,
      'illegal',
      `${milaText(given.order)} rejected (${code}) but adjudicated ${outcome?.resolution}`,
    );
    assert.ok(
      outcome.reason.code === 'illegal' && outcome.reason.rule === code,
      `${milaText(given.order)}: ${code}`,
    );
  }
  return list;
}

describe('legal orders: the 1901 opening, counted by hand', () => {
  /*
   * No fleet is at sea, so there are no convoys and no moves by convoy. For a unit U: moves = its neighbours (for
   * a fleet, where it can go); 1 hold; hold supports = the units in the provinces U can reach; move supports =
   * for each province D U can reach, the other units that can move to D.
   *
   * Units that can move to each province near a unit (from the neighbour lists of the 22 units):
   *   ENG: F LON, F BRE        NTH: F LON, F EDI        WAL: F LON, A LVP        YOR: F LON, F EDI, A LVP
   *   CLY: F EDI, A LVP        NWG: F EDI               EDI: A LVP               GAS: F BRE, A PAR, A MAR
   *   MAO: F BRE               PIC: F BRE, A PAR        BRE: A PAR               BUR: A PAR, A MAR, A MUN
   *   PIE: A MAR, A VEN        SPA: A MAR               BAL/DEN/HEL/HOL: F KIE   BER: F KIE, A MUN
   *   KIE: A BER, A MUN        MUN: A BER               PRU: A BER, A WAR        SIL: A BER, A MUN, A WAR
   *   BOH: A MUN, A VIE        RUH: A MUN               TYR: A MUN, A VEN, A VIE APU: F NAP, A ROM, A VEN
   *   ION/TYS: F NAP           ROM: F NAP, A VEN        NAP: A ROM               TUS: A ROM, A VEN
   *   VEN: A ROM, F TRI        TRI: A VEN, A VIE, A BUD ADR/ALB: F TRI           BUD: A VIE
   *   GAL: A VIE, A BUD, A WAR RUM: A BUD, F SEV        SER/VIE: A BUD           BOT/FIN: F STP/SC
   *   LVN: F STP/SC, A MOS, A WAR                       SEV/STP/WAR: A MOS       UKR: A MOS, A WAR
   *   MOS: A WAR               ARM: F SEV, F ANK, A SMY BLA: F SEV, F ANK        CON: F ANK, A SMY
   *   ANK: A CON, A SMY        BUL/SMY: A CON           SYR: A SMY
   *
   * unit      moves                          hold  hold supports     move supports                               total
   * A PAR     BRE BUR GAS PIC          4      1    F BRE       1     PIC:BRE BUR:MAR,MUN GAS:BRE,MAR       5      11
   * F LON     ENG NTH WAL YOR          4      1    -           0     ENG:BRE NTH:EDI WAL:LVP YOR:EDI,LVP   5      10
   * F STP/SC  BOT FIN LVN              3      1    -           0     LVN:MOS,WAR                           2       6
   * A VEN     APU PIE ROM TRI TUS TYR  6      1    ROM TRI     2     APU:NAP,ROM PIE:MAR ROM:NAP
   *                                                                  TRI:VIE,BUD TUS:ROM TYR:MUN,VIE       9      18
   * F EDI     CLY NTH NWG YOR          4      1    -           0     CLY:LVP NTH:LON YOR:LON,LVP           4       9
   * A LVP     CLY EDI WAL YOR          4      1    EDI         1     CLY:EDI WAL:LON YOR:LON,EDI           4      10
   * F BRE     ENG GAS MAO PIC          4      1    -           0     ENG:LON GAS:PAR,MAR PIC:PAR           4       9
   * A MAR     BUR GAS PIE SPA          4      1    -           0     BUR:PAR,MUN GAS:BRE,PAR PIE:VEN       5      10
   * F KIE     BAL BER DEN HEL HOL      5      1    BER         1     BER:MUN                               1       8
   * A BER     KIE MUN PRU SIL          4      1    KIE MUN     2     KIE:MUN PRU:WAR SIL:MUN,WAR           4      11
   * A MUN     BER BOH BUR KIE RUH SIL TYR 7   1    BER KIE     2     BER:KIE BOH:VIE BUR:PAR,MAR KIE:BER
   *                                                                  SIL:BER,WAR TYR:VEN,VIE               9      19
   * F NAP     APU ION ROM TYS          4      1    ROM         1     APU:ROM,VEN ROM:VEN                   3       9
   * A ROM     APU NAP TUS VEN          4      1    NAP VEN     2     APU:NAP,VEN TUS:VEN VEN:TRI           4      11
   * F TRI     ADR ALB VEN              3      1    VEN         1     VEN:ROM                               1       6
   * A VIE     BOH BUD GAL TRI TYR      5      1    BUD TRI     2     BOH:MUN GAL:BUD,WAR TRI:VEN,BUD
   *                                                                  TYR:MUN,VEN                           7      15
   * A BUD     GAL RUM SER TRI VIE      5      1    TRI VIE     2     GAL:VIE,WAR RUM:SEV TRI:VEN,VIE       5      13
   * A MOS     LVN SEV STP UKR WAR      5      1    SEV STP WAR 3     LVN:STP,WAR UKR:WAR                   3      12
   * A WAR     GAL LVN MOS PRU SIL UKR  6      1    MOS         1     GAL:VIE,BUD LVN:STP,MOS PRU:BER
   *                                                                  SIL:BER,MUN UKR:MOS                   8      16
   * F SEV     ARM BLA RUM              3      1    -           0     ARM:ANK,SMY BLA:ANK RUM:BUD           4       8
   * F ANK     ARM BLA CON              3      1    CON         1     ARM:SEV,SMY BLA:SEV CON:SMY           4       9
   * A CON     ANK BUL SMY              3      1    ANK SMY     2     ANK:SMY                               1       7
   * A SMY     ANK ARM CON SYR          4      1    ANK CON     2     ANK:CON ARM:SEV,ANK CON:ANK           4      11
   *
   * Total: 94 moves + 22 holds + 26 hold supports + 96 move supports = 238.
   */
  const HAND: Record<string, number> = {
    'A PAR': 11, 'F LON': 10, 'F STP/SC': 6, 'A VEN': 18, 'F EDI': 9, 'A LVP': 10, 'F BRE': 9, 'A MAR': 10,
    'F KIE': 8, 'A BER': 11, 'A MUN': 19, 'F NAP': 9, 'A ROM': 11, 'F TRI': 6, 'A VIE': 15, 'A BUD': 13,
    'A MOS': 12, 'A WAR': 16, 'F SEV': 8, 'F ANK': 9, 'A CON': 7, 'A SMY': 11,
  }; // prettier-ignore

  it('lists 238 orders, as counted by hand per unit', () => {
    const list = legalOrders(map, openingPosition);
    const counts: Record<string, number> = {};
    for (const o of list) counts[o.unit] = (counts[o.unit] ?? 0) + 1;
    assert.deepEqual(counts, HAND);
    assert.equal(list.length, 238);
    const kinds: Record<string, number> = {};
    for (const o of list) {
      const k =
        o.order.kind === 'support'
          ? o.order.to === undefined
            ? 'support-hold'
            : 'support-move'
          : o.order.kind;
      kinds[k] = (kinds[k] ?? 0) + 1;
    }
    assert.deepEqual(kinds, { move: 94, hold: 22, 'support-hold': 26, 'support-move': 96 });
  });

  it('lists the orders of A PAR and F STP/SC exactly', () => {
    assert.deepEqual(
      legalOrders(map, openingPosition, { unit: 'PAR' }).map((o) => o.text),
      [
        'A PAR - BRE', 'A PAR - BUR', 'A PAR - GAS', 'A PAR - PIC', 'A PAR H', 'A PAR S A MAR - BUR',
        'A PAR S A MAR - GAS', 'A PAR S A MUN - BUR', 'A PAR S F BRE', 'A PAR S F BRE - GAS', 'A PAR S F BRE - PIC',
      ],
    ); // prettier-ignore
    assert.deepEqual(
      legalOrders(map, openingPosition, { unit: 'F St Petersburg(sc)' }).map((o) => o.text),
      [
        'F STP/SC - BOT',
        'F STP/SC - FIN',
        'F STP/SC - LVN',
        'F STP/SC H',
        'F STP/SC S A MOS - LVN',
        'F STP/SC S A WAR - LVN',
      ],
    );
  });

  it('equals the brute-force set of validateOrder; listed orders adjudicate as legal, the rest as illegal', () => {
    checkMovementPosition(openingPosition, 7);
  });

  it('gives the same list whatever the order of the units', () => {
    const base = keys(legalOrders(map, openingPosition));
    for (let seed = 1; seed <= 5; seed++) {
      assert.deepEqual(
        keys(legalOrders(map, movement(shuffle(openingPosition.units, seed)))),
        base,
        `shuffle ${seed}`,
      );
    }
  });

  it('filters by power and by unit', () => {
    const all = legalOrders(map, openingPosition);
    for (const power of map.powers) {
      assert.deepEqual(
        keys(legalOrders(map, openingPosition, { power })),
        keys(all.filter((o) => o.power === power)),
      );
    }
    assert.deepEqual(
      keys(legalOrders(map, openingPosition, { power: 'French' })),
      keys(all.filter((o) => o.power === 'FRANCE')),
    );
    assert.deepEqual(
      keys(legalOrders(map, openingPosition, { unit: 'A VEN' })),
      keys(all.filter((o) => o.unit === 'A VEN')),
    );
    assert.deepEqual(legalOrders(map, openingPosition, { power: 'FRANCE', unit: 'VEN' }), []);
    assert.deepEqual(legalOrders(map, openingPosition, { unit: 'BUR' }), []);
    assert.equal(
      listLegalOrders(map, openingPosition, { power: 'Atlantis' }).issues[0]?.code,
      'unknown-power',
    );
    assert.equal(listLegalOrders(map, openingPosition, { unit: 'Moon' }).issues[0]?.code, 'unknown-location');
  });

  it('serialises to JSON with the text', () => {
    const [first] = legalOrders(map, openingPosition, { unit: 'LON' });
    assert.deepEqual(JSON.parse(JSON.stringify(first)), {
      power: 'ENGLAND',
      unit: 'F LON',
      order: { kind: 'move', unit: { type: 'F', location: 'LON' }, to: 'ENG' },
      text: 'F LON - ENG',
    });
  });
});

describe('legal orders: convoys and supports in a midgame', () => {
  it('equals the brute-force set and agrees with the adjudicator', () => {
    checkMovementPosition(midgame, 11);
  });

  it('lists moves by convoy, with VIA only next to land, and proper convoy routes only', () => {
    const texts = new Set(legalOrders(map, midgame).map((o) => o.text));
    // Convoy chains: LON over NTH; BRE over MAO/ENG; TUN over ION/TYS.
    assert.ok(texts.has('A LON - NWY') && !texts.has('A LON - NWY VIA'));
    assert.ok(texts.has('A YOR - NWY'));
    assert.ok(texts.has('A BRE - PIC VIA'), 'PIC is next to BRE and ENG can convoy');
    assert.ok(texts.has('A TUN - ALB') && texts.has('A TUN - GRE'));
    assert.ok(texts.has('F ION C A TUN - ALB'));
    // 6.G.19: ADR is superfluous on TUN-ION-ADR-ALB.
    assert.ok(!texts.has('F ADR C A TUN - ALB'));
    // 6.F.12: no route at all.
    assert.ok(!texts.has('F NWG C A RUM - ARM'));
    // 6.D.31: the Black Sea cannot support A RUM - ARM that needs itself as convoy.
    assert.ok(texts.has('A RUM - ARM') && texts.has('F BLA C A RUM - ARM'));
    assert.ok(!texts.has('F BLA S A RUM - ARM'));
    assert.equal(
      validateOrder(map, midgame, {
        power: 'TURKEY',
        order: parseOrder(map, 'F BLA S A RUM - ARM').value!.order,
      }).legal,
      false,
    );
  });

  it('gives the same list whatever the order of the units', () => {
    const base = keys(legalOrders(map, midgame));
    for (let seed = 1; seed <= 3; seed++) {
      assert.deepEqual(
        keys(legalOrders(map, movement(shuffle(midgame.units, seed)))),
        base,
        `shuffle ${seed}`,
      );
    }
  });

  it('accepts other spellings of the position', () => {
    const spelled = movement(midgame.units.map((u) => ({ ...u, location: u.location.toLowerCase() })));
    assert.deepEqual(keys(legalOrders(map, spelled)), keys(legalOrders(map, midgame)));
  });

  it('reports an impossible position', () => {
    const bad = movement(units({ FRANCE: 'A BRE, F BRE' }));
    assert.equal(listLegalOrders(map, bad).issues[0]?.code, 'two-units-in-province');
    assert.throws(() => legalOrders(map, bad));
  });
});

describe('legal orders: random positions against the brute force', () => {
  // 40 units: more than 32, so the bit sets over units take two words.
  for (const [seed, n] of [
    [11, 30],
    [12, 30],
    [13, 40],
  ] as const) {
    it(`random position ${seed} (${n} units)`, () => {
      const position = randomPosition(seed, n);
      checkMovementPosition(position, 97);
      const base = keys(legalOrders(map, position));
      assert.deepEqual(keys(legalOrders(map, movement(shuffle(position.units, seed)))), base);
    });
  }
});

describe('legal orders: retreats', () => {
  // Fall 1901, after the movement: four dislodged units, three provinces left empty by standoffs.
  const dislodged: DislodgedUnit[] = [
    { power: 'GERMANY', type: 'A', location: 'MUN', attackerFrom: 'BOH' },
    { power: 'FRANCE', type: 'F', location: 'MAO', attackerFrom: 'NAO' },
    { power: 'ITALY', type: 'A', location: 'APU', attackerFrom: 'ADR', byConvoy: false },
    { power: 'ENGLAND', type: 'A', location: 'BEL', attackerFrom: 'HOL', byConvoy: true },
  ];
  const position: Position = {
    phase: { season: 'fall', year: 1901, type: 'retreat' },
    units: units({
      AUSTRIA: 'A MUN, A TYR',
      ENGLAND: 'F MAO, F ENG',
      FRANCE: 'A GAS, A BRE',
      TURKEY: 'F APU, A NAP',
      GERMANY: 'A BEL, A RUH',
    }),
    dislodged,
    contested: ['BUR', 'ROM', 'PIC'],
    supplyCenters: {},
  };
  /*
   * A MUN: neighbours BER BOH BUR KIE RUH SIL TYR; BOH is the attacker's, BUR contested, RUH and TYR occupied:
   *   R BER, R KIE, R SIL, D = 4.
   * F MAO: NAO (attacker), BRE (occupied), ENG (occupied), GAS (occupied), IRI, NAF, POR, SPA/NC, SPA/SC, WES:
   *   R IRI, R NAF, R POR, R SPA/NC, R SPA/SC, R WES, D = 7.
   * A APU: NAP occupied, ROM contested, VEN: R VEN, D = 2 (ADR is a sea).
   * A BEL: dislodged by convoy from HOL, so HOL is open; BUR, PIC contested; RUH occupied: R HOL, D = 2.
   */
  it('lists each retreat and disband, counted by hand', () => {
    const list = legalOrders(map, position);
    assertSorted(list);
    assert.deepEqual(
      list.map((o) => o.text),
      [
        'A APU D', 'A APU R VEN', 'A BEL D', 'A BEL R HOL', 'A MUN D', 'A MUN R BER', 'A MUN R KIE', 'A MUN R SIL',
        'F MAO D', 'F MAO R IRI', 'F MAO R NAF', 'F MAO R POR', 'F MAO R SPA/NC', 'F MAO R SPA/SC', 'F MAO R WES',
      ],
    ); // prettier-ignore
    assert.deepEqual(keys(legalOrders(map, position, { power: 'ENGLAND' })), [
      'ENGLAND: A BEL D',
      'ENGLAND: A BEL R HOL',
    ]);
    assert.deepEqual(
      legalOrders(map, position, { unit: 'APU' }).map((o) => o.text),
      ['A APU D', 'A APU R VEN'],
    );
  });

  it('equals the brute-force set of validateOrder and adjudicates as legal', () => {
    const candidates: GivenOrder[] = [];
    for (const u of [...position.dislodged, ...position.units]) {
      const unit = ref(u);
      const power = u.power;
      candidates.push({ power, order: { kind: 'disband', unit } });
      candidates.push({ power, order: { kind: 'hold', unit } });
      candidates.push({ power: power === 'FRANCE' ? 'ITALY' : 'FRANCE', order: { kind: 'disband', unit } });
      for (const to of map.locationCode) {
        if (u.type === 'A' ? to.includes('/') : isMultiCoast(to)) continue;
        candidates.push({ power, order: { kind: 'move', unit, to } });
        candidates.push({ power, order: { kind: 'move', unit, to, viaConvoy: true } });
        candidates.push({ power, order: { kind: 'support', unit, supported: unit, to } });
      }
    }
    candidates.push({ power: 'ITALY', order: { kind: 'waive' } });
    const brute = bruteForce(position, candidates, true);
    const list = legalOrders(map, position);
    assert.deepEqual(sortedKeys(list), brute.accepted);
    for (const o of list) {
      const outcome = adjudicateRetreats(map, position, [{ power: o.power, order: o.order }]).value
        ?.orders[0];
      assert.notEqual(outcome?.resolution, 'illegal', o.text);
      assert.equal(parseOrder(map, o.text).value?.order.kind, o.order.kind);
    }
    const codes = new Set(brute.rejected.map((r) => r.code));
    for (const code of [
      'retreat-to-attacker',
      'retreat-contested',
      'retreat-occupied',
      'not-dislodged',
      'wrong-phase',
      'foreign-unit',
    ]) {
      assert.ok(codes.has(code), `no candidate was rejected with ${code}`);
    }
    for (const { given, code } of brute.rejected) {
      const outcome = adjudicateRetreats(map, position, [given]).value?.orders[0];
      assert.equal(outcome?.resolution, 'illegal');
      assert.ok(outcome.reason.code === 'illegal' && outcome.reason.rule === code);
    }
  });
});

describe('legal orders: adjustments', () => {
  // Winter 1901: Russia may build 2 (6 centres, 4 units; STP, SEV, WAR free at home, MOS occupied),
  // Germany must disband 1 (2 centres, 3 units), France is even, Italy may build 1 but its home centres are full.
  const position: Position = {
    phase: { season: 'winter', year: 1901, type: 'adjustment' },
    units: units({
      RUSSIA: 'A MOS, F BOT, A UKR, A GAL',
      GERMANY: 'A MUN, F DEN, A HOL',
      FRANCE: 'A PAR, F BRE',
      ITALY: 'A VEN, A ROM, F NAP',
      TURKEY: 'F ANK',
    }),
    dislodged: [],
    contested: [],
    supplyCenters: {
      RUSSIA: ['STP', 'SEV', 'WAR', 'MOS', 'SWE', 'RUM'],
      GERMANY: ['MUN', 'DEN'],
      FRANCE: ['PAR', 'BRE'],
      ITALY: ['VEN', 'ROM', 'NAP', 'TUN'],
      TURKEY: ['ANK', 'CON'],
    },
  };
  /*
   * RUSSIA (+2): A STP, F STP/NC, F STP/SC, A SEV, F SEV, A WAR (inland: no fleet), WAIVE = 7.
   * GERMANY (-1): A HOL D, A MUN D, F DEN D = 3.
   * ITALY (+1): no free home centre: WAIVE = 1.  TURKEY (+1): CON free but SMY not owned: A CON, F CON, WAIVE = 3.
   * FRANCE (0): nothing.  Total 14.
   */
  it('lists builds with type and coast, waives and disbands, counted by hand', () => {
    const list = legalOrders(map, position);
    assertSorted(list);
    assert.deepEqual(keys(list), [
      'ITALY: WAIVE',
      'RUSSIA: WAIVE',
      'TURKEY: WAIVE',
      'TURKEY: A CON B',
      'GERMANY: A HOL D',
      'GERMANY: A MUN D',
      'RUSSIA: A SEV B',
      'RUSSIA: A STP B',
      'RUSSIA: A WAR B',
      'TURKEY: F CON B',
      'GERMANY: F DEN D',
      'RUSSIA: F SEV B',
      'RUSSIA: F STP/NC B',
      'RUSSIA: F STP/SC B',
    ]);
    assert.deepEqual(
      legalOrders(map, position, { unit: 'STP' }).map((o) => o.text),
      ['A STP B', 'F STP/NC B', 'F STP/SC B'],
    );
    assert.deepEqual(legalOrders(map, position, { power: 'France' }), []);
  });

  it('equals the brute-force set of validateOrder and adjudicates as legal', () => {
    const candidates: GivenOrder[] = [];
    for (const power of map.powers) {
      candidates.push({ power, order: { kind: 'waive' } });
      for (const location of map.locationCode) {
        for (const type of ['A', 'F'] as const) {
          if (type === 'A' ? location.includes('/') : isMultiCoast(location)) continue;
          candidates.push({ power, order: { kind: 'build', unit: { type, location } } });
        }
      }
      for (const u of position.units) candidates.push({ power, order: { kind: 'disband', unit: ref(u) } });
    }
    for (const u of position.units)
      candidates.push({ power: u.power, order: { kind: 'hold', unit: ref(u) } });
    const brute = bruteForce(position, candidates);
    const list = legalOrders(map, position);
    assert.deepEqual(sortedKeys(list), brute.accepted);
    for (const o of list) {
      const outcome = adjudicateAdjustments(map, position, [{ power: o.power, order: o.order }]).value
        ?.orders[0];
      assert.notEqual(outcome?.resolution, 'illegal', o.text);
      assert.deepEqual(parseOrder(map, o.text).value?.order, o.order);
    }
    const codes = new Set(brute.rejected.map((r) => r.code));
    for (const code of [
      'no-builds-allowed',
      'not-home-center',
      'center-not-owned',
      'center-occupied',
      'fleet-inland',
      'no-disbands-required',
      'foreign-unit',
      'wrong-phase',
    ]) {
      assert.ok(codes.has(code), `no candidate was rejected with ${code}`);
    }
  });

  it('gives the same list whatever the order of the units', () => {
    const base = keys(legalOrders(map, position));
    for (let seed = 1; seed <= 3; seed++) {
      assert.deepEqual(keys(legalOrders(map, { ...position, units: shuffle(position.units, seed) })), base);
    }
  });
});

describe('legal orders under rule options', () => {
  // Smaller positions: every candidate goes through checkMovementOrder here.
  const small = movement(
    units({
      ENGLAND: 'F NTH, A LON, F ENG',
      FRANCE: 'A BRE, F MAO, A PIC',
      ITALY: 'A TUN, F ION, F ADR',
      TURKEY: 'F BLA, A RUM',
    }),
  );
  for (const rules of [
    { legalOrders: 'possible-on-map' },
    { legalOrders: 'valid-places' },
    { legalOrders: 'any-format' },
    { missingNationality: 'illegal' },
  ] as Partial<RuleOptions>[]) {
    it(`equals the brute force under ${JSON.stringify(rules)}`, () => {
      const list = checkMovementPosition(small, 13, rules);
      const texts = new Set(list.map((o) => o.text));
      if (rules.legalOrders === 'possible-on-map') {
        // Convoys over seas without fleets now: TUN over TYS (empty) and WES (empty) to SPA.
        assert.ok(texts.has('A TUN - SPA') && !legalOrders(map, small).some((o) => o.text === 'A TUN - SPA'));
        assert.ok(texts.has('F ION C A TUN - SPA') === false, 'ION is not on a proper route to SPA');
      }
      if (rules.legalOrders === 'any-format')
        assert.ok(texts.has('A LON - MOS'), 'impossible moves are legal');
      if (rules.missingNationality === 'illegal') {
        assert.ok(texts.has('F ENG S FRANCE A BRE - PIC') && !texts.has('F ENG S A BRE - PIC'));
        assert.ok(texts.has('F ENG S A LON - WAL'), 'own units need no nationality');
      }
    });
  }

  it('follows 4.A.5 and 4.D.7 in the retreat and adjustment phases', () => {
    const retreat: Position = {
      phase: { season: 'fall', year: 1901, type: 'retreat' },
      units: units({ GERMANY: 'A BEL' }),
      dislodged: [{ power: 'ENGLAND', type: 'A', location: 'BEL', attackerFrom: 'HOL', byConvoy: true }],
      contested: [],
      supplyCenters: {},
    };
    const texts = (rules: Partial<RuleOptions>) => legalOrders(map, retreat, { rules }).map((o) => o.text);
    assert.ok(texts({}).includes('A BEL R HOL'));
    assert.ok(!texts({ retreatToConvoyOrigin: 'forbidden' }).includes('A BEL R HOL'));
    assert.equal(
      validateOrder(
        map,
        retreat,
        { power: 'ENGLAND', order: { kind: 'move', unit: { location: 'BEL' }, to: 'HOL' } },
        { retreatToConvoyOrigin: 'forbidden' },
      ).legal,
      false,
    );
    const adjustment: Position = {
      phase: { season: 'winter', year: 1901, type: 'adjustment' },
      units: [],
      dislodged: [],
      contested: [],
      supplyCenters: { ITALY: ['ROM'] },
    };
    assert.deepEqual(
      legalOrders(map, adjustment).map((o) => o.text),
      ['WAIVE', 'A ROM B', 'F ROM B'],
    );
    const strict = { declineBuilds: 'not-allowed' } as const;
    assert.deepEqual(
      legalOrders(map, adjustment, { rules: strict }).map((o) => o.text),
      ['A ROM B', 'F ROM B'],
    );
    assert.equal(
      validateOrder(map, adjustment, { power: 'ITALY', order: { kind: 'waive' } }, strict).legal,
      false,
    );
  });
});

describe('dipkit legal', () => {
  const root = fileURLToPath(new URL('../../', import.meta.url));
  const cli = fileURLToPath(new URL('../src/cli/main.js', import.meta.url));
  const opening = fileURLToPath(new URL('../../examples/opening.txt', import.meta.url));
  const dipkit = (...args: string[]) =>
    spawnSync(process.execPath, [cli, 'legal', ...args], { cwd: root, encoding: 'utf8' });
  const withDir = (fn: (dir: string) => void): void => {
    const dir = mkdtempSync(join(tmpdir(), 'dipkit-legal-'));
    try {
      fn(dir);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };

  it('lists the opening, one MILA order per line', () => {
    const r = dipkit(opening);
    assert.equal(r.status, 0, r.stderr);
    assert.deepEqual(
      r.stdout.trimEnd().split('\n'),
      legalOrders(map, openingPosition).map((o) => o.text),
    );
    const france = dipkit(opening, '--power', 'France', '--unit', 'A PAR');
    assert.equal(
      france.stdout,
      legalOrders(map, openingPosition, { unit: 'PAR' })
        .map((o) => `${o.text}\n`)
        .join(''),
    );
    const long = dipkit(opening, '--unit', 'LON', '--format', 'long');
    assert.ok(long.stdout.startsWith('F London - English Channel\n'), long.stdout);
  });

  it('prints JSON', () => {
    const r = dipkit(opening, '--json', '--power', 'ENGLAND');
    assert.equal(r.status, 0, r.stderr);
    const json = JSON.parse(r.stdout) as { orders: unknown[]; issues: unknown[] };
    assert.deepEqual(
      json.orders,
      JSON.parse(JSON.stringify(legalOrders(map, openingPosition, { power: 'ENGLAND' }))),
    );
    assert.deepEqual(json.issues, []);
  });

  it('reads a game file in a retreat phase and writes retreats with R', () => {
    withDir((dir) => {
      const game = newGame(map);
      game.position = {
        phase: { season: 'fall', year: 1901, type: 'retreat' },
        units: units({ TURKEY: 'F SEV, A ARM', RUSSIA: 'A MOS' }),
        dislodged: [{ power: 'RUSSIA', type: 'F', location: 'BLA', attackerFrom: 'ANK' }],
        contested: ['BUL'],
        supplyCenters: {},
      };
      const file = join(dir, 'game.json');
      writeFileSync(file, writeGameJson(game));
      const r = dipkit(file);
      assert.equal(r.status, 0, r.stderr);
      // BLA: ANK attacker, ARM and SEV occupied, BUL contested; CON and RUM open.
      assert.equal(r.stdout, 'F BLA D\nF BLA R CON\nF BLA R RUM\n');
    });
  });

  it('reports bad input with exit 2', () => {
    withDir((dir) => {
      const file = join(dir, 'bad.txt');
      writeFileSync(file, 'phase: S1901M\nunits:\n  France: A Paris, F Paris\n');
      const r = dipkit(file);
      assert.equal(r.status, 2);
      assert.match(r.stderr, /bad\.txt:3:\d+ {2}[a-z-]+ {2}/);
      assert.equal(dipkit(join(dir, 'missing.txt')).status, 2);
      assert.equal(dipkit(opening, '--power', 'Atlantis').status, 2);
      assert.equal(dipkit(opening, '--unit', 'Moon').status, 2);
      assert.equal(dipkit(opening, '--format', 'xml').status, 2);
      assert.equal(dipkit(opening, '--bogus').status, 2);
    });
  });
});
