import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import data from '../src/map/standard.json' with { type: 'json' };
import { IssuesError } from '../src/issues.js';
import { compileMap, compileMapOrThrow, standardMap } from '../src/map/compile.js';
import {
  armyAdjacent,
  armyNeighbours,
  fleetAdjacent,
  fleetCanReach,
  fleetCoastsReachable,
  fleetNeighbours,
  locationOf,
  lookupLocation,
  lookupPower,
  lookupProvince,
  normalizeName,
  splitCoast,
} from '../src/map/query.js';
import type { GameMap, MapDefinition, ProvinceDefinition } from '../src/map/types.js';

const map: GameMap = standardMap();

function loc(code: string): number {
  const i = map.locationCode.indexOf(code);
  assert.ok(i >= 0, `no location ${code}`);
  return i;
}

function prov(code: string): number {
  const i = loc(code);
  assert.ok(i < map.provinceCount, `${code} is not a province`);
  return i;
}

function army(a: string, b: string): boolean {
  const x = armyAdjacent(map, prov(a), prov(b));
  assert.equal(armyAdjacent(map, prov(b), prov(a)), x, `army ${a}-${b} is not symmetric`);
  return x;
}

function fleet(a: string, b: string): boolean {
  const x = fleetAdjacent(map, loc(a), loc(b));
  assert.equal(fleetAdjacent(map, loc(b), loc(a)), x, `fleet ${a}-${b} is not symmetric`);
  return x;
}

function codes(locations: Iterable<number>): string[] {
  return [...locations].map((l) => map.locationCode[l] ?? '?');
}

/** A fresh, mutable copy of the standard definition. */
function copy(): MapDefinition {
  return structuredClone(data) as unknown as MapDefinition;
}

function province(def: MapDefinition, code: string): ProvinceDefinition {
  const p = def.provinces.find((x) => x.code === code);
  assert.ok(p, `no province ${code}`);
  return p;
}

function issueCodes(input: unknown): string[] {
  const result = compileMap(input);
  assert.equal(result.value, undefined, 'a broken map must not compile');
  return result.issues.map((i) => i.code);
}

void describe('standard map: counts', () => {
  void it('compiles standard.json without issues', () => {
    const result = compileMap(data);
    assert.deepEqual(result.issues, []);
    assert.ok(result.value);
  });

  void it('is compiled once and cached', () => {
    assert.equal(standardMap(), map);
  });

  void it('has 75 provinces, 81 locations and the three kinds', () => {
    assert.equal(map.provinceCount, 75);
    assert.equal(map.locationCount, 81);
    assert.equal(map.locationCode.length, 81);
    assert.equal(map.locationProvince.length, 81);
    const count = (k: string) => map.provinceKind.filter((x) => x === k).length;
    assert.equal(count('land'), 14);
    assert.equal(count('coast'), 42);
    assert.equal(count('sea'), 19);
    assert.equal(lookupProvince(map, 'SWI'), -1);
    assert.equal(lookupProvince(map, 'Switzerland'), -1);
  });

  void it('numbers provinces in file order, coasts after them', () => {
    assert.equal(map.locationCode[0], 'ADR');
    assert.equal(map.locationCode[74], 'YOR');
    assert.deepEqual(map.locationCode.slice(75), [
      'BUL/EC',
      'BUL/SC',
      'SPA/NC',
      'SPA/SC',
      'STP/NC',
      'STP/SC',
    ]);
    for (let l = 75; l < 81; l++)
      assert.equal(map.locationCode[map.locationProvince[l] ?? -1], map.locationCode[l]?.slice(0, 3));
    assert.deepEqual(codes(map.provinceCoasts[prov('SPA')] ?? []), ['SPA/NC', 'SPA/SC']);
    assert.deepEqual(map.provinceCoasts[prov('LON')], []);
    assert.equal(map.locationCoast[loc('STP/SC')], 'SC');
    assert.equal(map.locationCoast[loc('STP')], '');
  });

  void it('has 34 supply centres, 18 for victory, and the home centres of each power', () => {
    assert.equal(
      map.supplyCenter.reduce((a, b) => a + b, 0),
      34,
    );
    assert.equal(map.supplyCenterCount, 34);
    assert.equal(map.victoryCenters, 18);
    assert.deepEqual(map.powers, ['ENGLAND', 'FRANCE', 'GERMANY', 'ITALY', 'AUSTRIA', 'RUSSIA', 'TURKEY']);
    const homes: Record<string, string[]> = {
      ENGLAND: ['EDI', 'LON', 'LVP'],
      FRANCE: ['BRE', 'MAR', 'PAR'],
      GERMANY: ['BER', 'KIE', 'MUN'],
      ITALY: ['NAP', 'ROM', 'VEN'],
      AUSTRIA: ['BUD', 'TRI', 'VIE'],
      RUSSIA: ['MOS', 'SEV', 'STP', 'WAR'],
      TURKEY: ['ANK', 'CON', 'SMY'],
    };
    for (const [power, centres] of Object.entries(homes)) {
      const p = lookupPower(map, power);
      assert.deepEqual(codes(map.homeCenters[p] ?? []), centres, power);
      for (const c of centres) {
        assert.equal(map.homePower[prov(c)], p);
        assert.equal(map.supplyCenter[prov(c)], 1);
      }
    }
    const neutral = ['BEL', 'BUL', 'DEN', 'GRE', 'HOL', 'NWY', 'POR', 'RUM', 'SER', 'SPA', 'SWE', 'TUN'];
    for (const c of neutral) {
      assert.equal(map.supplyCenter[prov(c)], 1, c);
      assert.equal(map.homePower[prov(c)], -1, c);
    }
  });

  void it('has the 22 units of 1901', () => {
    assert.equal(map.startingUnits.length, 22);
    const units = map.startingUnits.map(
      (u) => `${map.powers[u.power]} ${u.type} ${map.locationCode[u.location]}`,
    );
    assert.deepEqual(units.sort(), [
      'AUSTRIA A BUD',
      'AUSTRIA A VIE',
      'AUSTRIA F TRI',
      'ENGLAND A LVP',
      'ENGLAND F EDI',
      'ENGLAND F LON',
      'FRANCE A MAR',
      'FRANCE A PAR',
      'FRANCE F BRE',
      'GERMANY A BER',
      'GERMANY A MUN',
      'GERMANY F KIE',
      'ITALY A ROM',
      'ITALY A VEN',
      'ITALY F NAP',
      'RUSSIA A MOS',
      'RUSSIA A WAR',
      'RUSSIA F SEV',
      'RUSSIA F STP/SC',
      'TURKEY A CON',
      'TURKEY A SMY',
      'TURKEY F ANK',
    ]);
  });
});

void describe('standard map: adjacency', () => {
  void it('every army and fleet edge goes both ways', () => {
    for (let a = 0; a < map.provinceCount; a++) {
      for (const b of armyNeighbours(map, a)) {
        assert.ok(armyAdjacent(map, b, a), `army ${map.locationCode[a]}-${map.locationCode[b]}`);
      }
    }
    for (let a = 0; a < map.locationCount; a++) {
      for (const b of fleetNeighbours(map, a)) {
        assert.ok(fleetAdjacent(map, b, a), `fleet ${map.locationCode[a]}-${map.locationCode[b]}`);
      }
    }
  });

  void it('armies stay on land and fleets on water or coast', () => {
    for (let a = 0; a < map.provinceCount; a++) {
      for (const b of armyNeighbours(map, a)) {
        assert.notEqual(map.provinceKind[a], 'sea');
        assert.notEqual(map.provinceKind[b], 'sea');
      }
    }
    for (let a = 0; a < map.locationCount; a++) {
      for (const b of fleetNeighbours(map, a)) {
        assert.notEqual(map.provinceKind[map.locationProvince[a] ?? -1], 'land');
        assert.notEqual(map.provinceKind[map.locationProvince[b] ?? -1], 'land');
        // a fleet never targets a multi-coast province without its coast
        assert.ok(b >= map.provinceCount || (map.provinceCoasts[b]?.length ?? 0) === 0);
      }
    }
    // a fleet on a multi-coast province stands on a coast: the bare province has no fleet row
    for (const p of ['SPA', 'STP', 'BUL']) assert.equal(fleetNeighbours(map, prov(p)).length, 0);
  });

  void it('has the edge counts of the standard board', () => {
    assert.equal(map.armyAdj.length / 2, 111);
    assert.equal(map.fleetAdj.length / 2, 141);
  });

  void it('has the tricky army edges', () => {
    const yes: [string, string][] = [
      ['NWY', 'STP'],
      ['NWY', 'SWE'],
      ['NWY', 'FIN'],
      ['SWE', 'FIN'],
      ['FIN', 'STP'],
      ['CON', 'SMY'],
      ['CON', 'ANK'],
      ['CON', 'BUL'],
      ['ANK', 'SMY'],
      ['ANK', 'ARM'],
      ['ARM', 'SYR'],
      ['ARM', 'SMY'],
      ['ARM', 'SEV'],
      ['SMY', 'SYR'],
      ['DEN', 'KIE'],
      ['DEN', 'SWE'],
      ['KIE', 'HOL'],
      ['KIE', 'RUH'],
      ['KIE', 'MUN'],
      ['KIE', 'BER'],
      ['ROM', 'VEN'],
      ['ROM', 'APU'],
      ['ROM', 'TUS'],
      ['ROM', 'NAP'],
      ['APU', 'VEN'],
      ['YOR', 'LVP'],
      ['YOR', 'EDI'],
      ['CLY', 'EDI'],
      ['CLY', 'LVP'],
      ['WAL', 'LVP'],
      ['WAL', 'YOR'],
      ['PIE', 'MAR'],
      ['PIE', 'TYR'],
      ['TYR', 'TRI'],
      ['BOH', 'GAL'],
      ['GAL', 'RUM'],
      ['GAL', 'UKR'],
      ['UKR', 'RUM'],
      ['SER', 'BUL'],
      ['SER', 'ALB'],
      ['MOS', 'SEV'],
      ['LVN', 'STP'],
      ['PRU', 'LVN'],
      ['BUR', 'MUN'],
      ['BEL', 'RUH'],
      ['GAS', 'SPA'],
      ['MAR', 'SPA'],
      ['POR', 'SPA'],
      ['NAF', 'TUN'],
    ];
    for (const [a, b] of yes) assert.ok(army(a, b), `army ${a}-${b} missing`);
    const no: [string, string][] = [
      ['DEN', 'HEL'],
      ['DEN', 'BAL'],
      ['KIE', 'HEL'],
      ['CLY', 'YOR'],
      ['EDI', 'WAL'],
      ['LON', 'LVP'],
      ['APU', 'TUS'],
      ['NAP', 'VEN'],
      ['BUL', 'SMY'],
      ['CON', 'ARM'],
      ['SYR', 'ANK'],
      ['SWE', 'STP'],
      ['NWY', 'DEN'],
      ['BUR', 'HOL'],
      ['BUR', 'KIE'],
      ['RUH', 'BER'],
      ['MUN', 'VIE'],
      ['TYR', 'GAL'],
      ['BUD', 'BUL'],
      ['PIC', 'HOL'],
      ['SPA', 'PIE'],
      ['POR', 'GAS'],
    ];
    for (const [a, b] of no) assert.ok(!army(a, b), `army ${a}-${b} should not exist`);
  });

  void it('has the tricky fleet edges', () => {
    const yes: [string, string][] = [
      ['NWY', 'STP/NC'],
      ['BAR', 'STP/NC'],
      ['BAR', 'NWY'],
      ['LVP', 'NAO'],
      ['LVP', 'IRI'],
      ['CON', 'SMY'],
      ['CON', 'ANK'],
      ['CON', 'BUL/EC'],
      ['CON', 'BUL/SC'],
      ['CON', 'AEG'],
      ['CON', 'BLA'],
      ['BOT', 'SWE'],
      ['BOT', 'FIN'],
      ['BOT', 'STP/SC'],
      ['BOT', 'LVN'],
      ['BOT', 'BAL'],
      ['MAO', 'SPA/SC'],
      ['MAO', 'SPA/NC'],
      ['TUS', 'TYS'],
      ['TUS', 'LYO'],
      ['DEN', 'KIE'],
      ['DEN', 'SWE'],
      ['DEN', 'HEL'],
      ['DEN', 'NTH'],
      ['DEN', 'SKA'],
      ['DEN', 'BAL'],
      ['KIE', 'HOL'],
      ['KIE', 'HEL'],
      ['KIE', 'BAL'],
      ['KIE', 'BER'],
      ['SWE', 'FIN'],
      ['SWE', 'NWY'],
      ['SWE', 'SKA'],
      ['SWE', 'BAL'],
      ['BUL/EC', 'BLA'],
      ['BUL/EC', 'RUM'],
      ['BUL/SC', 'AEG'],
      ['BUL/SC', 'GRE'],
      ['SPA/NC', 'GAS'],
      ['SPA/NC', 'POR'],
      ['SPA/SC', 'POR'],
      ['SPA/SC', 'MAR'],
      ['SPA/SC', 'LYO'],
      ['SPA/SC', 'WES'],
      ['STP/SC', 'FIN'],
      ['STP/SC', 'LVN'],
      ['ROM', 'TUS'],
      ['ROM', 'NAP'],
      ['ROM', 'TYS'],
      ['APU', 'VEN'],
      ['APU', 'NAP'],
      ['APU', 'ADR'],
      ['PIE', 'MAR'],
      ['PIE', 'TUS'],
      ['PIE', 'LYO'],
      ['BRE', 'GAS'],
      ['BRE', 'PIC'],
      ['BER', 'PRU'],
      ['PRU', 'LVN'],
      ['ARM', 'SEV'],
      ['ARM', 'ANK'],
      ['ARM', 'BLA'],
      ['SYR', 'SMY'],
      ['SYR', 'EAS'],
      ['WAL', 'LVP'],
      ['WAL', 'LON'],
      ['YOR', 'EDI'],
      ['YOR', 'LON'],
      ['EDI', 'CLY'],
      ['CLY', 'NAO'],
      ['CLY', 'NWG'],
      ['PIC', 'BEL'],
      ['BEL', 'HOL'],
      ['ALB', 'GRE'],
      ['ALB', 'TRI'],
      ['VEN', 'TRI'],
      ['NAF', 'TUN'],
      ['NAF', 'MAO'],
      ['TUN', 'ION'],
      ['TUN', 'TYS'],
      ['RUM', 'SEV'],
      ['NTH', 'NWG'],
      ['NWG', 'BAR'],
      ['ENG', 'IRI'],
      ['ION', 'EAS'],
    ];
    for (const [a, b] of yes) assert.ok(fleet(a, b), `fleet ${a}-${b} missing`);
    const no: [string, string][] = [
      ['CLY', 'IRI'],
      ['ROM', 'VEN'],
      ['ROM', 'APU'],
      ['YOR', 'LVP'],
      ['EDI', 'LVP'],
      ['LON', 'IRI'],
      ['NWY', 'STP/SC'],
      ['NWY', 'FIN'],
      ['BAR', 'STP/SC'],
      ['BOT', 'STP/NC'],
      ['FIN', 'STP/NC'],
      ['LVN', 'STP/NC'],
      ['GAS', 'SPA/SC'],
      ['MAR', 'SPA/NC'],
      ['LYO', 'SPA/NC'],
      ['WES', 'SPA/NC'],
      ['BLA', 'BUL/SC'],
      ['RUM', 'BUL/SC'],
      ['AEG', 'BUL/EC'],
      ['GRE', 'BUL/EC'],
      ['SPA/NC', 'SPA/SC'],
      ['ANK', 'SMY'],
      ['ARM', 'SYR'],
      ['ARM', 'SMY'],
      ['NAP', 'TUS'],
      ['NTH', 'PIC'],
      ['ENG', 'HOL'],
      ['HEL', 'BAL'],
      ['SKA', 'BAL'],
      ['KIE', 'SKA'],
      ['DEN', 'BER'],
      ['TUS', 'VEN'],
      ['ALB', 'AEG'],
      ['LVP', 'NWG'],
      ['NAO', 'ENG'],
      ['NAF', 'TYS'],
    ];
    for (const [a, b] of no) assert.ok(!fleet(a, b), `fleet ${a}-${b} should not exist`);
    // fleets never move to the bare multi-coast province, only to a coast of it
    assert.ok(!fleetAdjacent(map, loc('MAO'), loc('SPA')));
    assert.ok(!fleetAdjacent(map, loc('SPA'), loc('MAO')));
  });

  void it('tells which coasts a fleet can reach', () => {
    const reach = (from: string, to: string) => codes(fleetCoastsReachable(map, loc(from), prov(to)));
    assert.deepEqual(reach('MAO', 'SPA'), ['SPA/NC', 'SPA/SC']);
    assert.deepEqual(reach('POR', 'SPA'), ['SPA/NC', 'SPA/SC']);
    assert.deepEqual(reach('GAS', 'SPA'), ['SPA/NC']);
    assert.deepEqual(reach('MAR', 'SPA'), ['SPA/SC']);
    assert.deepEqual(reach('WES', 'SPA'), ['SPA/SC']);
    assert.deepEqual(reach('CON', 'BUL'), ['BUL/EC', 'BUL/SC']);
    assert.deepEqual(reach('BLA', 'BUL'), ['BUL/EC']);
    assert.deepEqual(reach('GRE', 'BUL'), ['BUL/SC']);
    assert.deepEqual(reach('NWY', 'STP'), ['STP/NC']);
    assert.deepEqual(reach('FIN', 'STP'), ['STP/SC']);
    assert.deepEqual(reach('BOT', 'STP'), ['STP/SC']);
    assert.deepEqual(reach('LON', 'NTH'), ['NTH']);
    assert.deepEqual(reach('LON', 'BEL'), []);
    assert.deepEqual(reach('SPA/NC', 'POR'), ['POR']);
    assert.ok(fleetCanReach(map, loc('MAO'), prov('SPA')));
    assert.ok(fleetCanReach(map, loc('STP/SC'), prov('BOT')));
    assert.ok(!fleetCanReach(map, loc('STP/NC'), prov('BOT')));
    assert.ok(!fleetCanReach(map, loc('KIE'), prov('MUN')));
    assert.ok(!fleetCanReach(map, loc('SPA/NC'), prov('LYO')));
    assert.ok(!fleetCanReach(map, -1, prov('LYO')));
    assert.ok(!armyAdjacent(map, -1, 0));
    assert.ok(!fleetAdjacent(map, 999, 0));
  });
});

void describe('standard map: names', () => {
  void it('resolves every code, name and alias to its own province, and no two provinces share one', () => {
    const seen = new Map<string, string>();
    for (const p of map.definition.provinces) {
      for (const text of [p.code, p.name, ...(p.aliases ?? [])]) {
        assert.equal(lookupProvince(map, text), prov(p.code), `${text} -> ${p.code}`);
        assert.equal(lookupProvince(map, text.toLowerCase()), prov(p.code), `${text} (lower case)`);
        assert.equal(lookupProvince(map, ` ${text.toUpperCase()}  `), prov(p.code), `${text} (upper case)`);
        const key = normalizeName(text);
        const other = seen.get(key);
        assert.ok(other === undefined || other === p.code, `"${text}" is used by ${other} and ${p.code}`);
        seen.set(key, p.code);
      }
    }
  });

  void it('resolves every province name the DATC v3.2 uses', () => {
    const names = [
      'Adriatic Sea', 'Aegean Sea', 'Albania', 'Ankara', 'Apulia', 'Armenia', 'Baltic Sea', 'Barents Sea',
      'Belgium', 'Berlin', 'Black Sea', 'Bohemia', 'Brest', 'Budapest', 'Bulgaria', 'Burgundy', 'Clyde',
      'Constantinople', 'Denmark', 'Eastern Mediterranean', 'Edinburgh', 'English Channel', 'Finland', 'Galicia',
      'Gascony', 'Greece', 'Gulf of Bothnia', 'Gulf of Lyon', 'Helgoland Bight', 'Holland', 'Ionian Sea',
      'Irish Sea', 'Kiel', 'Liverpool', 'Livonia', 'London', 'Marseilles', 'Mid-Atlantic Ocean', 'Moscow',
      'Munich', 'Naples', 'North Africa', 'North Atlantic Ocean', 'North Sea', 'Norway', 'Norwegian Sea', 'Paris',
      'Picardy', 'Piedmont', 'Portugal', 'Prussia', 'Rome', 'Ruhr', 'Rumania', 'Serbia', 'Sevastopol', 'Silesia',
      'Skagerrak', 'Smyrna', 'Spain', 'St Petersburg', 'St. Petersburg', 'Sweden', 'Trieste', 'Tunis', 'Tuscany',
      'Tyrolia', 'Tyrrhenian Sea', 'Ukraine', 'Venice', 'Vienna', 'Wales', 'Warsaw', 'Western Mediterranean',
      'Yorkshire',
    ]; // prettier-ignore
    for (const n of names) assert.ok(lookupProvince(map, n) >= 0, n);
    assert.equal(new Set(names.map((n) => lookupProvince(map, n))).size, 74); // St Petersburg twice
    assert.equal(map.provinceName[prov('HEL')], 'Helgoland Bight');
    assert.equal(map.provinceName[prov('LYO')], 'Gulf of Lyon');
    assert.equal(map.provinceName[prov('STP')], 'St Petersburg');
  });

  void it('accepts the codes and names of other sites', () => {
    const aliases: [string, string][] = [
      ['NRG', 'NWG'],
      ['Norwegian', 'NWG'],
      ['GOL', 'LYO'],
      ['Gulf of Lions', 'LYO'],
      ['Gulf of Lyons', 'LYO'],
      ['MID', 'MAO'],
      ['Mid Atlantic', 'MAO'],
      ['Mid-Atlantic', 'MAO'],
      ['mid atlantic ocean', 'MAO'],
      ['NAT', 'NAO'],
      ['North Atlantic', 'NAO'],
      ['NOR', 'NWY'],
      ['ECH', 'ENG'],
      ['GOB', 'BOT'],
      ['Tyrrhenian', 'TYS'],
      ['Heligoland Bight', 'HEL'],
      ['St. Petersburg', 'STP'],
      ['Saint Petersburg', 'STP'],
      ['st.petersburg', 'STP'],
      ['ST  PETERSBURG', 'STP'],
    ];
    for (const [text, code] of aliases) assert.equal(lookupProvince(map, text), prov(code), text);
    for (const bad of ['', '   ', 'XYZ', 'North', 'Sea', 'Atlantis', '()', '/nc']) {
      assert.equal(lookupProvince(map, bad), -1, JSON.stringify(bad));
      assert.equal(lookupLocation(map, bad), -1, JSON.stringify(bad));
    }
  });

  void it('reads coasts in every common spelling', () => {
    const cases: [string, string][] = [
      ['spa/nc', 'SPA/NC'],
      ['SPA/NC', 'SPA/NC'],
      ['spa(nc)', 'SPA/NC'],
      ['Spain(nc)', 'SPA/NC'],
      ['Spain (nc)', 'SPA/NC'],
      ['Spain ( NC )', 'SPA/NC'],
      ['spa nc', 'SPA/NC'],
      ['Spain/north coast', 'SPA/NC'],
      ['Spain north coast', 'SPA/NC'],
      ['Spain (north coast)', 'SPA/NC'],
      ['Spain n.c.', 'SPA/NC'],
      ['Spain (n.c.)', 'SPA/NC'],
      ['Spain(n)', 'SPA/NC'],
      ['spain(sc)', 'SPA/SC'],
      ['Spain (South Coast)', 'SPA/SC'],
      ['St Petersburg(sc)', 'STP/SC'],
      ['St. Petersburg (nc)', 'STP/NC'],
      ['stp/sc', 'STP/SC'],
      ['stp sc', 'STP/SC'],
      ['bul/ec', 'BUL/EC'],
      ['Bulgaria (east coast)', 'BUL/EC'],
      ['Bulgaria(sc)', 'BUL/SC'],
      ['bul e.c.', 'BUL/EC'],
    ];
    for (const [text, code] of cases) {
      assert.equal(lookupLocation(map, text), loc(code), text);
      assert.equal(lookupProvince(map, text), prov(code.slice(0, 3)), text);
    }
    // no coast: the province location
    assert.equal(lookupLocation(map, 'Spain'), prov('SPA'));
    assert.equal(lookupLocation(map, 'North Sea'), prov('NTH'));
    assert.equal(lookupLocation(map, 'north africa'), prov('NAF'));
  });

  void it('keeps the province of a coast that does not exist, but not the location', () => {
    for (const [text, code, coast] of [
      ['Brest(ec)', 'BRE', 'EC'],
      ['Gascony/nc', 'GAS', 'NC'],
      ['gas nc', 'GAS', 'NC'],
      ['Spain(ec)', 'SPA', 'EC'],
      ['Bulgaria (north coast)', 'BUL', 'NC'],
      ['St Petersburg(wc)', 'STP', 'WC'],
      ['Spain(xx)', 'SPA', 'XX'],
      ['Spain / middle coast', 'SPA', 'MIDDLE COAST'],
    ] as const) {
      assert.equal(lookupProvince(map, text), prov(code), text);
      assert.equal(lookupLocation(map, text), -1, text);
      assert.deepEqual(splitCoast(map, text), { province: prov(code), coast }, text);
    }
    assert.deepEqual(splitCoast(map, 'Spain'), { province: prov('SPA'), coast: null });
    assert.deepEqual(splitCoast(map, 'Spain()'), { province: prov('SPA'), coast: null });
    assert.deepEqual(splitCoast(map, 'spa(n.c.)'), { province: prov('SPA'), coast: 'NC' });
    assert.deepEqual(splitCoast(map, 'Atlantis(nc)'), { province: -1, coast: 'NC' });
    assert.equal(locationOf(map, prov('SPA'), 'SC'), loc('SPA/SC'));
    assert.equal(locationOf(map, prov('SPA'), null), prov('SPA'));
    assert.equal(locationOf(map, prov('LON'), 'NC'), -1);
    assert.equal(locationOf(map, -1, null), -1);
  });

  void it('looks up powers by name, adjective and alias in any case', () => {
    const england = lookupPower(map, 'England');
    assert.equal(england, 0);
    for (const t of ['ENGLAND', 'england', 'English', 'ENG', 'E', ' England '])
      assert.equal(lookupPower(map, t), england, t);
    const names = ['England', 'France', 'Germany', 'Italy', 'Austria', 'Russia', 'Turkey'];
    const adjectives = ['English', 'French', 'German', 'Italian', 'Austrian', 'Russian', 'Turkish'];
    names.forEach((n, i) => {
      assert.equal(lookupPower(map, n), i, n);
      assert.equal(lookupPower(map, adjectives[i] ?? ''), i, adjectives[i]);
      assert.equal(map.powerAdjective[i], adjectives[i]);
    });
    assert.equal(lookupPower(map, 'Germnay'), -1);
    assert.equal(lookupPower(map, ''), -1);
  });
});

void describe('compileMap: broken definitions', () => {
  void it('rejects what is not an object, without throwing', () => {
    for (const input of [null, undefined, 42, 'map', [], true]) {
      assert.deepEqual(issueCodes(input), ['not-an-object']);
    }
  });

  void it('reports missing fields', () => {
    const def = copy() as unknown as Record<string, unknown>;
    delete def['provinces'];
    delete def['victoryCenters'];
    const codesFound = issueCodes(def);
    assert.ok(codesFound.includes('missing-field'));
    const p = copy();
    delete (p.provinces[0] as unknown as Record<string, unknown>)['kind'];
    assert.ok(issueCodes(p).includes('missing-field'));
    const q = copy();
    (q.provinces as unknown[])[3] = 'ANK';
    assert.ok(issueCodes(q).includes('not-an-object'));
  });

  void it('reports a one-way army edge naming both ends', () => {
    const def = copy();
    const yor = province(def, 'YOR');
    yor.army = (yor.army ?? []).filter((x) => x !== 'LVP');
    const result = compileMap(def);
    assert.equal(result.value, undefined);
    assert.equal(result.issues.length, 1);
    const [i] = result.issues;
    assert.equal(i?.code, 'one-way-edge');
    assert.match(i?.message ?? '', /army/);
    assert.match(i?.message ?? '', /LVP/);
    assert.match(i?.message ?? '', /YOR/);
  });

  void it('reports a one-way fleet edge on a coast naming both ends', () => {
    const def = copy();
    const spa = province(def, 'SPA');
    const coasts = spa.coasts ?? {};
    coasts['SC'] = (coasts['SC'] ?? []).filter((x) => x !== 'LYO');
    const result = compileMap(def);
    assert.deepEqual(
      result.issues.map((i) => i.code),
      ['one-way-edge'],
    );
    assert.match(result.issues[0]?.message ?? '', /fleet edge LYO -> SPA\/SC/);
  });

  void it('reports an unknown neighbour', () => {
    const def = copy();
    province(def, 'LON').army?.push('XYZ');
    const result = compileMap(def);
    assert.deepEqual(
      result.issues.map((i) => i.code),
      ['unknown-neighbour'],
    );
    assert.match(result.issues[0]?.message ?? '', /LON/);
    assert.match(result.issues[0]?.message ?? '', /XYZ/);
    const f = copy();
    province(f, 'NTH').fleet?.push('ATL');
    assert.deepEqual(issueCodes(f), ['unknown-neighbour']);
  });

  void it('reports a coast on a province without coasts, an unknown coast and a missing coast', () => {
    const def = copy();
    const lon = province(def, 'LON');
    lon.fleet = (lon.fleet ?? []).map((x) => (x === 'WAL' ? 'WAL/SC' : x));
    const result = compileMap(def);
    assert.ok(
      result.issues.some((i) => i.code === 'bad-coast' && /LON/.test(i.message) && /WAL/.test(i.message)),
    );
    const unknownCoast = copy();
    const gas = province(unknownCoast, 'GAS');
    gas.fleet = (gas.fleet ?? []).map((x) => (x === 'SPA/NC' ? 'SPA/WC' : x));
    assert.ok(issueCodes(unknownCoast).includes('bad-coast'));
    const missing = copy();
    const gas2 = province(missing, 'GAS');
    gas2.fleet = (gas2.fleet ?? []).map((x) => (x === 'SPA/NC' ? 'SPA' : x));
    assert.ok(issueCodes(missing).includes('missing-coast'));
    const both = copy();
    province(both, 'SPA').fleet = ['MAO'];
    assert.ok(issueCodes(both).includes('fleet-and-coasts'));
    const seaCoasts = copy();
    province(seaCoasts, 'NTH').coasts = { NC: [] };
    assert.ok(issueCodes(seaCoasts).includes('bad-coast'));
  });

  void it('reports army edges to a sea and fleet edges to land', () => {
    const def = copy();
    province(def, 'LVP').army?.push('IRI');
    const codesFound = issueCodes(def);
    assert.ok(codesFound.includes('army-edge-to-sea'), codesFound.join());
    const f = copy();
    province(f, 'KIE').fleet?.push('MUN');
    assert.ok(issueCodes(f).includes('fleet-edge-to-land'));
    const g = copy();
    province(g, 'MUN').fleet = ['KIE'];
    assert.ok(issueCodes(g).includes('fleet-edge-to-land'));
  });

  void it('reports self-edges and duplicate neighbours', () => {
    const def = copy();
    province(def, 'LON').army?.push('LON');
    assert.deepEqual(issueCodes(def), ['self-edge']);
    const d = copy();
    province(d, 'LON').army?.push('YOR');
    assert.deepEqual(issueCodes(d), ['duplicate-neighbour']);
  });

  void it('reports duplicate codes and names', () => {
    const def = copy();
    const lon = province(def, 'LON');
    def.provinces.push({ ...lon, name: 'Londinium', aliases: [] });
    assert.ok(issueCodes(def).includes('duplicate-code'));
    const n = copy();
    province(n, 'NTH').aliases = ['NWG'];
    const result = compileMap(n);
    const dup = result.issues.find((i) => i.code === 'duplicate-name');
    assert.ok(dup);
    assert.match(dup.message, /NWG/);
    assert.match(dup.message, /NTH/);
    const m = copy();
    province(m, 'YOR').aliases = ['st. petersburg'];
    assert.ok(issueCodes(m).includes('duplicate-name'));
  });

  void it('reports unknown powers and bad starting units', () => {
    const def = copy();
    province(def, 'LON').home = 'ATLANTIS';
    assert.deepEqual(issueCodes(def), ['unknown-power']);
    const u = copy();
    u.startingUnits.push({ power: 'ATLANTIS', type: 'A', location: 'BUR' });
    assert.deepEqual(issueCodes(u), ['unknown-power']);
    const badUnits: [object, string][] = [
      [{ power: 'FRANCE', type: 'A', location: 'ENG' }, 'army-at-sea'],
      [{ power: 'FRANCE', type: 'F', location: 'BUR' }, 'fleet-inland'],
      [{ power: 'RUSSIA', type: 'F', location: 'STP' }, 'coast-required'],
      [{ power: 'FRANCE', type: 'A', location: 'SPA/NC' }, 'bad-coast'],
      [{ power: 'FRANCE', type: 'X', location: 'BUR' }, 'bad-value'],
      [{ power: 'FRANCE', type: 'A', location: 'XYZ' }, 'unknown-location'],
      [{ power: 'FRANCE', type: 'A', location: 'LON' }, 'two-units-in-province'],
    ];
    for (const [unit, code] of badUnits) {
      const s = copy();
      (s.startingUnits as unknown[]).push(unit);
      assert.deepEqual(issueCodes(s), [code], JSON.stringify(unit));
    }
  });

  void it('compileMapOrThrow throws an IssuesError carrying the issues', () => {
    assert.equal(compileMapOrThrow(data).provinceCount, 75);
    assert.throws(
      () => compileMapOrThrow({ name: 'x' }),
      (e: unknown) => e instanceof IssuesError && e.issues.every((i) => i.code === 'missing-field'),
    );
  });

  void it('does not throw on arbitrary junk inside the definition', () => {
    const junk: unknown[] = [
      { name: 1, powers: {}, provinces: 'x', startingUnits: null, victoryCenters: -1 },
      { name: 'x', powers: [null, { name: 3 }], provinces: [{ code: 'a/b', name: '', kind: 'lake' }], startingUnits: [1], victoryCenters: 1.5 },
      { name: 'x', powers: [], provinces: [{ code: 'A', name: 'A', kind: 'coast', army: 'B', fleet: [1], coasts: [] }], startingUnits: [], victoryCenters: 1 },
      { name: 'x', powers: [], provinces: [{ code: 'A', name: 'A', kind: 'coast', coasts: { NC: 'B' } }], startingUnits: [], victoryCenters: 1 },
    ]; // prettier-ignore
    for (const input of junk) {
      const result = compileMap(input);
      assert.equal(result.value, undefined);
      assert.ok(result.issues.length > 0);
    }
  });

  void it('compiles a tiny valid map', () => {
    const tiny = {
      name: 'Tiny',
      victoryCenters: 1,
      powers: [{ name: 'RED', adjective: 'Red' }],
      provinces: [
        {
          code: 'A',
          name: 'Aland',
          kind: 'coast',
          supplyCenter: true,
          home: 'RED',
          army: ['B'],
          fleet: ['S'],
        },
        { code: 'B', name: 'Bland', kind: 'land', army: ['A'] },
        { code: 'S', name: 'Sea', kind: 'sea', fleet: ['A'] },
      ],
      startingUnits: [{ power: 'RED', type: 'F', location: 'A' }],
    };
    const result = compileMap(tiny);
    assert.deepEqual(result.issues, []);
    const m = result.value;
    assert.ok(m);
    assert.deepEqual([...m.armyStart], [0, 1, 2, 2]);
    assert.deepEqual([...m.armyAdj], [1, 0]);
    assert.deepEqual([...m.fleetStart], [0, 1, 1, 2]);
    assert.deepEqual([...m.fleetAdj], [2, 0]);
    assert.deepEqual(m.homeCenters, [[0]]);
  });
});
