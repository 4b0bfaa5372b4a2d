/**
 * The convoyable coast ("convoyable", godip's archipelago) and the home centre unowned at the start
 * ("unownedAtStart") on the real maps that have them, Ancient Mediterranean (Baleares) and Empires and Coalitions
 * (Gibraltar; the minor powers' third centres), and the legal-order listing against the legality rules on random
 * positions around such coasts. The hand-judged cases on a small map are in test/data/maps/archipelago-cases.json
 * (run by variant-rules.test.ts).
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { adjudicateMovement } from '../src/adjudication/movement/adjudicate.js';
import { initialOwnership } from '../src/game/centers.js';
import { newGame } from '../src/game/game.js';
import { listMovementByRules } from '../src/legal/by-rules.js';
import { legalOrderCodes, legalOrders } from '../src/legal/enumerate.js';
import { DATC_PREFERRED } from '../src/adjudication/rules.js';
import { bundledMap } from '../src/map/registry.js';
import { lookupProvince } from '../src/map/query.js';
import type { GameMap } from '../src/map/types.js';
import { orderCodeText } from '../src/orders/codes.js';
import { parseOrdersOrThrow } from '../src/orders/parse.js';
import type { Unit } from '../src/position/types.js';
import { seededRandom } from '../src/selfplay/random-orders.js';
import { Simulation } from '../src/sim/state.js';
import { readOracleMap, type OracleMap } from './oracle/board.js';
import { compareWithOracle, solveEquations } from './oracle/equations.js';
import {
  movementPosition,
  randomInt,
  randomLegalOrders,
  region,
  shuffle,
  type Random,
} from './oracle/generate.js';
import { testMap, testMapDefinition } from './test-maps.js';

function mapNamed(id: string): GameMap {
  const map = bundledMap(id);
  assert.ok(map, id);
  return map;
}

function units(spec: string): Unit[] {
  return spec.split(',').map((s) => {
    const [power, type, location] = s.trim().split(/\s+/);
    return { power: power!, type: type as 'A' | 'F', location: location! };
  });
}

/** The listed orders as MILA text, through the integer rows. */
function listedTexts(map: GameMap, position: ReturnType<typeof movementPosition>): string[] {
  const listed = legalOrderCodes(map, position);
  assert.deepEqual(listed.issues, []);
  const out: string[] = [];
  for (let i = 0; i < listed.value!.count; i++) out.push(orderCodeText(map, listed.value!.codes, i));
  return out;
}

/** Adjudicates `orders` and gives each order's text, resolution and reason code. */
function outcomes(map: GameMap, spec: string, orders: string): string[] {
  const result = adjudicateMovement(map, movementPosition(units(spec)), parseOrdersOrThrow(map, orders));
  assert.deepEqual(result.issues, []);
  return result.value!.orders.map((o) => {
    const reason = o.reason?.code === 'illegal' ? o.reason.rule : (o.reason?.code ?? '');
    return `${o.resolution} ${reason}`;
  });
}

describe('Ancient Mediterranean: Baleares, a convoyable coast with fleet edges only', () => {
  const map = mapNamed('ancientmediterranean');
  // Judged by hand from the map: Saguntum and Massilia are not adjacent by land; Baleares touches Saguntum and the
  // Ligurian Sea, which touches Massilia but not Saguntum; Baleares does not touch Massilia. So the one route is
  // Saguntum, Baleares, Ligurian Sea, Massilia, and both fleets are on it.
  const position = 'ROME A SAG, ROME F BAL, ROME F LIG';

  it('lists the convoy through Baleares and the army move it carries', () => {
    const texts = listedTexts(map, movementPosition(units(position)));
    assert.ok(texts.includes('F BAL C A SAG - MAS'), texts.join('\n'));
    assert.ok(texts.includes('F LIG C A SAG - MAS'), texts.join('\n'));
    assert.ok(texts.includes('A SAG - MAS'), texts.join('\n'));
  });

  it('adjudicates that convoy as legal: the army lands in Massilia', () => {
    assert.deepEqual(
      outcomes(map, position, 'ROME: A SAG - MAS\nROME: F BAL C A SAG - MAS\nROME: F LIG C A SAG - MAS'),
      ['succeeds moved', 'available available', 'available available'],
    );
  });

  it('an army reaches Baleares only by convoy, and leaves it only by convoy', () => {
    assert.deepEqual(outcomes(map, 'ROME A SAG', 'ROME: A SAG - BAL'), ['illegal no-convoy-route']);
    assert.deepEqual(
      outcomes(map, 'ROME A BAL, ROME F BER', 'ROME: A BAL - SAG\nROME: F BER C A BAL - SAG'),
      ['succeeds moved', 'available available'],
    );
  });
});

describe('Empires and Coalitions: Gibraltar and the minor powers', () => {
  const map = mapNamed('empiresandcoalitions');

  it('the British fleet in Gibraltar convoys an army across the strait (Andalusia to Morocco)', () => {
    // By hand: Andalusia and Morocco are not adjacent by land; Gibraltar touches both.
    const position = 'BRITAIN F GIB, SPAIN A AND';
    const texts = listedTexts(map, movementPosition(units(position)));
    assert.ok(texts.includes('F GIB C A AND - MOR'), texts.join('\n'));
    assert.deepEqual(outcomes(map, position, 'SPAIN: A AND - MOR\nBRITAIN: F GIB C A AND - MOR'), [
      'succeeds moved',
      'available available',
    ]);
  });

  it('the minor powers start without their third home centre, in the game and the simulation', () => {
    // godip's rules text: Sweden (Denmark), Papal States (Sicily), Portugal (Spain) and Egypt (Ottoman Empire) are
    // built on only after they are captured.
    const owners = initialOwnership(map);
    assert.deepEqual(owners['DENMARK'], ['CHR', 'COP']);
    assert.deepEqual(owners['SICILY'], ['NAP', 'PAL']);
    assert.deepEqual(owners['SPAIN'], ['MAD', 'VAL']);
    assert.deepEqual(owners['OTTOMAN EMPIRE'], ['ANG', 'CON']);
    const unowned = ['SWE', 'PAP', 'POR', 'EGY'];
    assert.ok(Object.values(owners).every((list) => unowned.every((c) => !list.includes(c))));
    assert.deepEqual(newGame(map).position.supplyCenters, owners);
    const sim = new Simulation(map);
    for (const code of unowned) assert.equal(sim.owner[lookupProvince(map, code)], -1, code);
  });
});

/** Random units in the `size` provinces nearest to `centre` (a fleet in a coast one time in two). */
function unitsNear(map: GameMap, random: Random, centre: string, size: number): Unit[] {
  const places = region(map, lookupProvince(map, centre), size);
  const chosen = shuffle(random, places).slice(0, randomInt(random, 2, Math.min(8, places.length)));
  return chosen.map((p) => {
    const power = map.powers[randomInt(random, 0, Math.min(2, map.powers.length - 1))]!;
    const kind = map.provinceKind[p];
    const fleet = kind === 'sea' || (kind === 'coast' && random() < 0.5);
    const coasts = map.provinceCoasts[p]!;
    const location = fleet && coasts.length > 0 ? coasts[randomInt(random, 0, coasts.length - 1)]! : p;
    return { power, type: fleet ? 'F' : 'A', location: map.locationCode[location]! };
  });
}

describe('the legal-order listing agrees with the legality rules around convoyable coasts', () => {
  const plain = testMap('archipelago.json', {}, { ISL: { convoyable: null } }).map!;
  const maps: [string, GameMap, string, number][] = [
    ['archipelago', testMap('archipelago.json').map!, 'ISL', 9],
    ['archipelago, the Isle not convoyable', plain, 'ISL', 9],
    ['ancientmediterranean', mapNamed('ancientmediterranean'), 'BAL', 14],
    ['empiresandcoalitions', mapNamed('empiresandcoalitions'), 'GIB', 14],
  ];
  for (const [name, map, centre, size] of maps) {
    it(`${name}: 300 random positions near ${centre}, the fast listing equals every candidate put to the rules`, () => {
      const random = seededRandom(7);
      let convoys = 0;
      for (let i = 0; i < 300; i++) {
        const position = movementPosition(unitsNear(map, random, centre, size));
        const fast = legalOrders(map, position).map((o) => `${o.power} ${o.text}`);
        const slow = listMovementByRules(map, position, -1, -1, DATC_PREFERRED);
        assert.deepEqual(slow.issues, []);
        const byRules = slow.value!.map((o) => `${o.power} ${o.text}`);
        assert.deepEqual([...fast].sort(), [...byRules].sort(), JSON.stringify(position.units));
        convoys += fast.filter((t) => t.includes(` F ${centre} C `)).length;
      }
      // The positions do put fleets in the convoyable coast to work (none where it is not convoyable).
      if (map.convoyCapable[lookupProvince(map, centre)]) assert.ok(convoys > 0, name);
      else assert.equal(convoys, 0, name);
    });
  }
});

/** A bundled variant's JSON file, read as the oracle reads maps: by itself. */
function variantJson(id: string): unknown {
  return JSON.parse(readFileSync(new URL(`../../src/map/variants/${id}.json`, import.meta.url), 'utf8'));
}

describe('the equation oracle, with its own reading of "convoyable", agrees around convoyable coasts', () => {
  const plainJson = testMapDefinition('archipelago.json');
  for (const p of plainJson.provinces) delete p.convoyable;
  const maps: [string, GameMap, OracleMap, string, number][] = [
    [
      'archipelago',
      testMap('archipelago.json').map!,
      readOracleMap(testMapDefinition('archipelago.json')),
      'ISL',
      9,
    ],
    [
      'archipelago, the Isle not convoyable',
      testMap('archipelago.json', {}, { ISL: { convoyable: null } }).map!,
      readOracleMap(plainJson),
      'ISL',
      9,
    ],
    [
      'ancientmediterranean',
      mapNamed('ancientmediterranean'),
      readOracleMap(variantJson('ancientmediterranean')),
      'BAL',
      14,
    ],
    [
      'empiresandcoalitions',
      mapNamed('empiresandcoalitions'),
      readOracleMap(variantJson('empiresandcoalitions')),
      'GIB',
      14,
    ],
  ];
  for (const [name, map, oracleMap, centre, size] of maps) {
    it(`${name}: 300 random positions near ${centre} with random legal orders, the same outcome`, () => {
      const random = seededRandom(11);
      let convoys = 0;
      for (let i = 0; i < 300; i++) {
        const position = movementPosition(unitsNear(map, random, centre, size));
        const orders = randomLegalOrders(map, position, random);
        convoys += orders.filter((o) => o.order.kind === 'convoy').length;
        const oracle = solveEquations(position, orders, undefined, oracleMap);
        const result = adjudicateMovement(map, position, orders);
        assert.ok(result.value, JSON.stringify(result.issues));
        const problems = compareWithOracle(oracle, result.value);
        assert.deepEqual(problems, [], `${JSON.stringify(position.units)}\n${JSON.stringify(orders)}`);
      }
      assert.ok(convoys > 0, `${name}: no convoy was ordered`);
    });
  }
});
