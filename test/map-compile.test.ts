/**
 * compileMap on a small hand-written map: what a good definition compiles to (start year, rules, colours), and one
 * case per kind of problem, each checked by its exact code and JSON path; a definition with several problems
 * gets all of them.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { compileMap } from '../src/map/compile.js';
import { DEFAULT_POWER_COLOURS } from '../src/map/colours.js';
import { formatIssue } from '../src/issues.js';

type Json = Record<string, unknown>;
type Province = Json & { army?: string[]; fleet?: string[]; coasts?: Record<string, string[]> };

/**
 * Two powers on six provinces: A (coast, RED's home), B (inland, BLUE's home), C (coast with two coasts, neutral
 * centre), the seas S and T, and the impassable peak X.
 */
function tiny(): Json & { powers: Json[]; provinces: Province[]; startingUnits: Json[]; rules?: Json } {
  return {
    name: 'Tiny',
    victoryCenters: 2,
    powers: [
      { name: 'RED', adjective: 'Red', colour: '#aa0000' },
      { name: 'BLUE', adjective: 'Blue' },
    ],
    provinces: [
      { code: 'A', name: 'Aland', kind: 'coast', supplyCenter: true, home: 'RED', army: ['B', 'C'], fleet: ['S'] },
      { code: 'B', name: 'Bland', kind: 'land', supplyCenter: true, home: 'BLUE', army: ['A', 'C'] },
      { code: 'C', name: 'Cland', kind: 'coast', supplyCenter: true, army: ['A', 'B'], coasts: { NC: ['S'], SC: ['T'] } },
      { code: 'S', name: 'North Sea', kind: 'sea', fleet: ['A', 'C/NC', 'T'] },
      { code: 'T', name: 'South Sea', kind: 'sea', fleet: ['S', 'C/SC'] },
      { code: 'X', name: 'Peak', kind: 'impassable' },
    ],
    startingUnits: [
      { power: 'RED', type: 'F', location: 'A' },
      { power: 'BLUE', type: 'A', location: 'B' },
    ],
  }; // prettier-ignore
}

type Def = ReturnType<typeof tiny>;

function province(def: Def, code: string): Province {
  const p = def.provinces.find((x) => x['code'] === code);
  assert.ok(p, `no province ${code}`);
  return p;
}

/** The issues of a definition as [code, path] pairs, in the order they are reported. */
function problems(def: unknown): [string, string | undefined][] {
  return compileMap(def).issues.map((i) => [i.code, i.path]);
}

void describe('compileMap: a good definition', () => {
  void it('compiles, with the standard rules, start year 1901 and colours where the map gives none', () => {
    const result = compileMap(tiny());
    assert.deepEqual(result.issues, []);
    const map = result.value!;
    assert.equal(map.startYear, 1901);
    assert.deepEqual(map.rules, {
      builds: 'home',
      convoys: true,
      calendar: { springToFall: 0, fallToSpring: 1 },
      leadVictory: undefined,
      neutralArmies: false,
    });
    assert.equal(map.neutralPower, -1);
    assert.deepEqual(map.powerColour, ['#aa0000', DEFAULT_POWER_COLOURS[0]]);
    assert.equal(map.provinceKind[map.provinceIndex.get('x')!], 'impassable');
  });

  void it('reads the start year, the rule switches, the description and the source', () => {
    const def = tiny();
    Object.assign(def, {
      description: 'A test map',
      source: 'written for this test',
      startYear: 1425,
      rules: {
        builds: 'owned',
        convoys: false,
        calendar: { springToFall: 5, fallToSpring: 5, seasonName: 'Year' },
        leadVictory: { untilYear: 1500 },
        neutralArmies: true,
      },
    });
    const map = compileMap(def).value!;
    assert.equal(map.startYear, 1425);
    assert.deepEqual(map.rules, {
      builds: 'owned',
      convoys: false,
      calendar: { springToFall: 5, fallToSpring: 5, seasonName: 'Year' },
      leadVictory: { untilYear: 1500 },
      neutralArmies: true,
    });
    assert.equal(map.definition.description, 'A test map');
    assert.equal(map.definition.source, 'written for this test');
    assert.equal(map.definition.startYear, 1425);
  });

  void it('neutral armies: a neutral army starts on each centre no power owns and no starting unit holds', () => {
    const def = tiny();
    def.rules = { neutralArmies: true };
    const map = compileMap(def).value!;
    assert.equal(map.neutralPower, 2, 'one past the two powers');
    const units = map.startingUnits.map((u) => [u.power, u.type, map.locationCode[u.location]]);
    assert.deepEqual(units, [
      [0, 'F', 'A'],
      [1, 'A', 'B'],
      [2, 'A', 'C'],
    ]);
    assert.deepEqual(
      map.definition.startingUnits.map((u) => u.power),
      ['RED', 'BLUE'],
      'the definition keeps its own starting units',
    );
    def.startingUnits.push({ power: 'RED', type: 'A', location: 'C' });
    const held = compileMap(def).value!;
    assert.equal(held.startingUnits.filter((u) => u.power === 2).length, 0, 'C is held by a starting unit');
  });

  void it('keeps the palette colours apart from the ones the map gives, and spreads colours past the palette', () => {
    const def = tiny();
    def.powers[0] = { name: 'RED', adjective: 'Red', colour: DEFAULT_POWER_COLOURS[0] };
    assert.deepEqual(compileMap(def).value!.powerColour, [
      DEFAULT_POWER_COLOURS[0],
      DEFAULT_POWER_COLOURS[1],
    ]);
    const many = tiny();
    for (let i = 0; i < 12; i++) many.powers.push({ name: `P${i}`, adjective: `P${i}` });
    const colours = compileMap(many).value!.powerColour;
    assert.equal(new Set(colours).size, colours.length, colours.join());
    for (const c of colours) assert.match(c, /^#[0-9A-Fa-f]{6}$/);
  });

  void it('accepts an edge declared one-way', () => {
    const def = tiny();
    province(def, 'A').fleet = ['S', 'T'];
    def['oneWayEdges'] = [{ type: 'F', from: 'A', to: 'T' }];
    assert.deepEqual(problems(def), []);
  });
});

/** One kind of problem: how to make it, and the issues it must give, exactly. */
const CASES: [string, (def: Def) => void, [string, string][]][] = [
  ['a missing field', (d) => delete d['name'], [['missing-field', '$.name']]],
  ['a field of the wrong type', (d) => (d.powers[0]!['aliases'] = 'R'), [['wrong-type', '$.powers[0].aliases']]],
  [
    'an element of the wrong type in a list',
    (d) => (province(d, 'A').army = ['B', 7 as unknown as string, 'C']),
    [['wrong-type', '$.provinces[0].army[1]']],
  ],
  [
    'a list entry that is not an object',
    (d) => d.startingUnits.push('F S' as unknown as Json),
    [['not-an-object', '$.startingUnits[2]']],
  ],
  ['an unknown field (a typo)', (d) => (province(d, 'C')['suplyCenter'] = true), [['unknown-field', '$.provinces[2].suplyCenter']]],
  ['an unknown province kind', (d) => (province(d, 'B')['kind'] = 'hills'), [['bad-value', '$.provinces[1].kind']]],
  ['a bad province code', (d) => (province(d, 'X')['code'] = 'x-1'), [['bad-value', '$.provinces[5].code']]],
  ['an unknown neighbour', (d) => province(d, 'B').army!.push('Q'), [['unknown-neighbour', '$.provinces[1].army[2]']]],
  ['an unknown home power', (d) => (province(d, 'A')['home'] = 'GREEN'), [['unknown-power', '$.provinces[0].home']]],
  ['a starting unit of an unknown power', (d) => (d.startingUnits[1]!['power'] = 'GREEN'), [['unknown-power', '$.startingUnits[1].power']]],
  ['a starting unit at an unknown location', (d) => (d.startingUnits[1]!['location'] = 'Q'), [['unknown-location', '$.startingUnits[1].location']]],
  ['a duplicate province code', (d) => d.provinces.push({ code: 'B', name: 'Bee', kind: 'land' }), [['duplicate-code', '$.provinces[6].code']]],
  ['a name two provinces share', (d) => (province(d, 'B')['aliases'] = ['Aland']), [['duplicate-name', '$.provinces[1].aliases[0]']]],
  ['a power declared twice', (d) => d.powers.push({ name: 'RED', adjective: 'Scarlet' }), [['duplicate-power', '$.powers[2].name']]],
  [
    'a one-way army edge',
    (d) => (province(d, 'B').army = ['C']),
    [['one-way-edge', '$.provinces[0].army[0]']],
  ],
  [
    'a one-way fleet edge from a coast',
    (d) => (province(d, 'S').fleet = ['A', 'T']),
    [['one-way-edge', '$.provinces[2].coasts.NC[0]']],
  ],
  ['an army edge into a sea', (d) => province(d, 'A').army!.push('S'), [['army-edge-to-sea', '$.provinces[0].army[2]']]],
  ['army edges out of a sea', (d) => (province(d, 'T').army = ['A']), [['army-edge-to-sea', '$.provinces[4].army']]],
  ['a fleet edge into an inland province', (d) => province(d, 'A').fleet!.push('B'), [['fleet-edge-to-land', '$.provinces[0].fleet[1]']]],
  ['fleet edges out of an inland province', (d) => (province(d, 'B').fleet = ['S']), [['fleet-edge-to-land', '$.provinces[1].fleet']]],
  ['a fleet edge to a two-coast province without its coast', (d) => (province(d, 'T').fleet = ['S', 'C']), [['missing-coast', '$.provinces[4].fleet[1]']]],
  ['a fleet edge to a coast that does not exist', (d) => (province(d, 'T').fleet = ['S', 'C/EC']), [['bad-coast', '$.provinces[4].fleet[1]']]],
  ['a self-edge', (d) => province(d, 'B').army!.push('B'), [['self-edge', '$.provinces[1].army[2]']]],
  ['a neighbour listed twice', (d) => province(d, 'B').army!.push('A'), [['duplicate-neighbour', '$.provinces[1].army[2]']]],
  ['a home centre that is no supply centre', (d) => delete province(d, 'B')['supplyCenter'], [['home-not-supply-center', '$.provinces[1].home']]],
  ['a fleet starting inland', (d) => (d.startingUnits[1]!['type'] = 'F'), [['fleet-inland', '$.startingUnits[1].location']]],
  ['an army starting at sea', (d) => (d.startingUnits[0] = { power: 'RED', type: 'A', location: 'S' }), [['army-at-sea', '$.startingUnits[0].location']]],
  [
    'a fleet starting in a two-coast province without a coast',
    (d) => (d.startingUnits[0] = { power: 'RED', type: 'F', location: 'C' }),
    [['coast-required', '$.startingUnits[0].location']],
  ],
  ['two starting units in one province', (d) => d.startingUnits.push({ power: 'RED', type: 'A', location: 'B' }), [['two-units-in-province', '$.startingUnits[2]']]],
  ['an impassable province with edges', (d) => (province(d, 'X').army = ['B']), [['impassable-edge', '$.provinces[5].army']]],
  ['an edge into an impassable province', (d) => province(d, 'B').army!.push('X'), [['impassable-edge', '$.provinces[1].army[2]']]],
  ['a unit on an impassable province', (d) => d.startingUnits.push({ power: 'RED', type: 'A', location: 'X' }), [['unit-on-impassable', '$.startingUnits[2].location']]],
  ['an impassable supply centre', (d) => (province(d, 'X')['supplyCenter'] = true), [['impassable-supply-center', '$.provinces[5].supplyCenter']]],
  ['more victory centres than supply centres', (d) => (d['victoryCenters'] = 4), [['bad-value', '$.victoryCenters']]],
  ['no victory centre at all', (d) => (d['victoryCenters'] = 0), [['bad-value', '$.victoryCenters']]],
  ['a calendar that never reaches the next year', (d) => (d.rules = { calendar: { springToFall: 0, fallToSpring: 0 } }), [['bad-value', '$.rules.calendar.fallToSpring']]],
  ['a calendar going backwards', (d) => (d.rules = { calendar: { springToFall: -1, fallToSpring: 1 } }), [['bad-value', '$.rules.calendar.springToFall']]],
  ['an unknown build rule', (d) => (d.rules = { builds: 'anywhere' }), [['bad-value', '$.rules.builds']]],
  ['a lead victory that ends before the game starts', (d) => (d.rules = { leadVictory: { untilYear: 1900 } }), [['bad-value', '$.rules.leadVictory.untilYear']]],
  ['a start year that is no year', (d) => (d['startYear'] = 1901.5), [['wrong-type', '$.startYear']]],
  ['a power called NEUTRAL on a map with neutral armies', (d) => { d.rules = { neutralArmies: true }; d.powers[1]!['aliases'] = ['Neutral']; }, [['bad-value', '$.powers[1]']]],
  ['a colour that is not #rrggbb', (d) => (d.powers[0]!['colour'] = 'red'), [['bad-value', '$.powers[0].colour']]],
  ['a province cut off from the rest', (d) => d.provinces.push({ code: 'I', name: 'Isle', kind: 'coast' }), [['unreachable-province', '$.provinces[6]']]],
  [
    'an edge declared one-way that has its return edge',
    (d) => (d['oneWayEdges'] = [{ type: 'A', from: 'A', to: 'B' }]),
    [['bad-one-way-edge', '$.oneWayEdges[0]']],
  ],
]; // prettier-ignore

void describe('compileMap: one kind of problem at a time, by code and JSON path', () => {
  void it('a definition that is not an object', () => {
    for (const input of [null, 42, 'map', []]) assert.deepEqual(problems(input), [['not-an-object', '$']]);
  });
  for (const [what, spoil, expected] of CASES) {
    void it(what, () => {
      const def = tiny();
      spoil(def);
      const result = compileMap(def);
      assert.deepEqual(
        result.issues.map((i) => [i.code, i.path]),
        expected,
        result.issues.map(formatIssue).join('\n'),
      );
      assert.equal(result.value, undefined);
    });
  }

  void it('names the field a typo was meant to be, and the province it is in', () => {
    const def = tiny();
    province(def, 'C')['suplyCenter'] = true;
    const [i] = compileMap(def).issues;
    assert.equal(i?.message, 'province C: unknown field "suplyCenter" (did you mean "supplyCenter"?)');
    assert.equal(
      formatIssue(i),
      'unknown-field  province C: unknown field "suplyCenter" (did you mean "supplyCenter"?) ($.provinces[2].suplyCenter)',
    );
  });

  void it('names both ends of a one-way edge', () => {
    const def = tiny();
    province(def, 'B').army = ['C'];
    assert.equal(
      compileMap(def).issues[0]?.message,
      'army edge A -> B has no return edge: B does not list A',
    );
  });
});

void describe('compileMap: several problems at once', () => {
  void it('reports every one of them, each at its path', () => {
    const def = tiny();
    province(def, 'C')['suplyCenter'] = true;
    province(def, 'B').army = ['C'];
    province(def, 'A')['home'] = 'GREEN';
    def.startingUnits[1]!['type'] = 'F';
    def.powers[1]!['colour'] = 12;
    def.rules = { builds: 'anywhere', calendar: { springToFall: 0, fallToSpring: 0 } };
    const found = problems(def).sort();
    assert.deepEqual(
      found,
      [
        ['bad-value', '$.rules.builds'],
        ['bad-value', '$.rules.calendar.fallToSpring'],
        ['fleet-inland', '$.startingUnits[1].location'],
        ['one-way-edge', '$.provinces[0].army[0]'],
        ['unknown-field', '$.provinces[2].suplyCenter'],
        ['unknown-power', '$.provinces[0].home'],
        ['wrong-type', '$.powers[1].colour'],
      ].sort(),
    );
  });
});
