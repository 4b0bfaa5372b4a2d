// The bundled maps: every id compiles, names lead back to ids, and each variant's figures match the facts counted
// by hand in godip's definitions (test/data/variants/facts.json).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { compileMap } from '../src/map/compile.js';
import { fleetAdjacent, lookupLocation, normalizeName } from '../src/map/query.js';
import type { MapDefinition, ProvinceDefinition } from '../src/map/types.js';
import { bundledMap, bundledMapIds, mapByName } from '../src/map/registry.js';
import { mapNamed } from '../src/formats/game-json.js';
import { readGodipGame } from '../src/formats/godip-game.js';
import { newGame } from '../src/game/game.js';
import type { Position } from '../src/position/types.js';

interface PowerFacts {
  units: number;
  homes: number;
}
interface MapFacts {
  name: string;
  provinces: number;
  supplyCenters: number;
  victoryCenters: number;
  startYear: number;
  powers: Record<string, PowerFacts>;
}
const facts = (
  JSON.parse(readFileSync(new URL('../../test/data/variants/facts.json', import.meta.url), 'utf8')) as {
    maps: Record<string, MapFacts>;
  }
).maps;

describe('bundled maps', () => {
  it('has unique ids, standard first, and every variant of the facts file', () => {
    const ids = bundledMapIds();
    assert.equal(new Set(ids).size, ids.length);
    assert.equal(ids[0], 'standard');
    assert.deepEqual(ids.slice(1).sort(), Object.keys(facts).sort());
  });

  for (const id of bundledMapIds()) {
    it(`${id}: compiles with no issue, once`, () => {
      const map = bundledMap(id);
      assert.ok(map, `no map ${id}`);
      assert.deepEqual(compileMap(map.definition).issues, []);
      assert.equal(bundledMap(id), map, 'compiled once and cached');
      assert.equal(normalizeName(map.name), id, 'the id is the name without case, spaces or punctuation');
    });
  }

  it('finds a map by its id or its name in any case and spacing', () => {
    assert.equal(mapByName('Western World 901'), bundledMap('westernworld901'));
    assert.equal(mapByName('  cold-war '), bundledMap('coldwar'));
    assert.equal(mapByName('EMPIRES AND COALITIONS'), bundledMap('empiresandcoalitions'));
    assert.equal(mapByName('Standard'), bundledMap('standard'));
    assert.equal(mapByName('Diplomacy 2'), undefined);
    assert.equal(bundledMap('Cold War'), undefined, 'bundledMap takes exact ids only');
    assert.equal(mapNamed('Hundred'), bundledMap('hundred'), 'game files may name any bundled map');
  });
});

describe('variant figures match godip', () => {
  for (const [id, want] of Object.entries(facts)) {
    it(id, () => {
      const map = bundledMap(id);
      assert.ok(map, `no map ${id}`);
      const units = new Map<string, number>();
      for (const u of map.startingUnits) {
        const power = map.powers[u.power] ?? '?';
        units.set(power, (units.get(power) ?? 0) + 1);
      }
      const got = {
        name: map.name,
        provinces: map.provinceCount,
        supplyCenters: map.supplyCenterCount,
        victoryCenters: map.victoryCenters,
        startYear: map.startYear,
        powers: Object.fromEntries(
          map.powers.map((p, i) => [p, { units: units.get(p) ?? 0, homes: map.homeCenters[i]?.length ?? 0 }]),
        ),
      };
      assert.deepEqual(got, want);
      assert.deepEqual([...map.powers], Object.keys(want.powers), 'powers in godip order');
    });
  }
});

describe('the new definition fields the variants use', () => {
  const northSea = (): MapDefinition =>
    structuredClone<MapDefinition>(bundledMap('northseawars')!.definition);
  const codesOf = (def: unknown): string[] => compileMap(def).issues.map((i) => i.code);

  it('declared one-way edges: North Sea Wars sails into the trade provinces, never back', () => {
    const map = bundledMap('northseawars')!;
    const at = (code: string): number => lookupLocation(map, code);
    for (const trade of ['WOO', 'IRO', 'GRA']) {
      assert.equal(fleetAdjacent(map, at('CNS'), at(trade)), true, `CNS -> ${trade}`);
      assert.equal(fleetAdjacent(map, at(trade), at('CNS')), false, `${trade} -> CNS`);
    }
    assert.equal(fleetAdjacent(map, at('WOO'), at('IRO')), true);
  });

  it('an edge without its return edge is still an issue unless declared', () => {
    const def = northSea();
    delete def.oneWayEdges;
    assert.deepEqual(codesOf(def), ['one-way-edge', 'one-way-edge', 'one-way-edge']);
  });

  it('a declared one-way edge must be listed, and must have no return edge', () => {
    const unlisted = northSea();
    unlisted.oneWayEdges?.push({ type: 'F', from: 'WOO', to: 'CNS' });
    assert.deepEqual(codesOf(unlisted), ['bad-one-way-edge']);
    const twoWay = northSea();
    twoWay.oneWayEdges?.push({ type: 'F', from: 'WOO', to: 'IRO' });
    assert.deepEqual(codesOf(twoWay), ['bad-one-way-edge']);
    const unknown = northSea();
    unknown.oneWayEdges?.push({ type: 'A', from: 'CNS', to: 'XYZ' });
    assert.deepEqual(codesOf(unknown), ['unknown-location']);
    const badType = northSea() as unknown as { oneWayEdges: unknown[] };
    badType.oneWayEdges.push({ type: 'X', from: 'CNS', to: 'WOO' });
    assert.deepEqual(codesOf(badType), ['bad-value']);
  });

  it('keeps convoyable and unownedAtStart in the compiled definition', () => {
    const province = (id: string, code: string): ProvinceDefinition | undefined =>
      bundledMap(id)?.definition.provinces.find((p) => p.code === code);
    assert.equal(province('ancientmediterranean', 'BAL')?.convoyable, true);
    assert.equal(province('empiresandcoalitions', 'GIB')?.convoyable, true);
    assert.equal(province('empiresandcoalitions', 'SWE')?.unownedAtStart, true);
    assert.equal(province('empiresandcoalitions', 'COP')?.unownedAtStart, undefined);
  });
});

describe("each variant's start is the first position of its godip game record", () => {
  /** Units as "POWER T LOC" and owned centres as "POWER LOC", sorted. */
  const summary = (p: Position): { units: string[]; centres: string[] } => {
    const units = p.units.map((u) => `${u.power} ${u.type} ${u.location}`);
    const centres = Object.entries(p.supplyCenters)
      .filter(([power]) => power !== 'NEUTRAL') // the reader may record unowned centres as Neutral's
      .flatMap(([power, list]) => list.map((c) => `${power} ${c}`));
    return { units: units.sort(), centres: centres.sort() };
  };

  for (const id of Object.keys(facts)) {
    it(id, () => {
      const map = bundledMap(id)!;
      const text = readFileSync(new URL(`../../test/data/variants/games/${id}.txt`, import.meta.url), 'utf8');
      const first = readGodipGame(map, text).value?.phases[0];
      assert.ok(first, `no first phase in games/${id}.txt`);
      const recorded = summary(first.position);
      const ours = summary(newGame(map).position);
      assert.deepEqual(ours.units, recorded.units);
      assert.deepEqual(ours.centres, recorded.centres);
      // godip's neutral armies (Western World 901), which dipkit's positions do not hold: one on every neutral
      // centre, read from the first block of the record.
      const firstBlock = text.split('\nPHASE ')[0] ?? '';
      const neutral = [...firstBlock.matchAll(/^\s*Neutral: army (\S+)\s*$/gm)].map(
        (m) => `A ${m[1]?.toUpperCase()}`,
      );
      const neutralCentres = map.definition.provinces
        .filter((p) => p.supplyCenter === true && p.home === undefined)
        .map((p) => `A ${p.code}`);
      assert.deepEqual(
        neutral.sort(),
        map.definition.rules?.neutralArmies === true ? neutralCentres.sort() : [],
      );
      assert.equal(first.position.phase.year, map.startYear);
    });
  }
});
