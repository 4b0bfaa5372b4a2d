/**
 * The JSON Schema of the map format (src/map/map-definition.schema.json): every bundled map file follows it, and
 * it refuses bad definitions that compileMap refuses too.
 */
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { compileMap } from '../src/map/compile.js';
import { DEFINITION_FIELDS } from '../src/map/read-definition.js';

const mapDir = new URL('../../src/map/', import.meta.url);
const readJson = (url: URL): unknown => JSON.parse(readFileSync(url, 'utf8')) as unknown;

const schema = readJson(new URL('map-definition.schema.json', mapDir)) as object;
const validate = new Ajv2020({ allErrors: true, strict: true }).compile(schema);

/** The bundled map files: the standard map and whatever src/map/variants/ holds (not the maps' art, ID.*.json). */
function mapFiles(): URL[] {
  const variants = new URL('variants/', mapDir);
  const names = existsSync(variants) ? readdirSync(variants).filter((f) => /^[^.]+\.json$/.test(f)) : [];
  return [new URL('standard.json', mapDir), ...names.sort().map((f) => new URL(f, variants))];
}

const errors = (): string =>
  (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message ?? ''}`).join('\n');

void describe('map-definition.schema.json', () => {
  for (const file of mapFiles()) {
    const name = file.pathname.split('/').slice(-2).join('/');
    void it(`${name} follows the schema and compiles`, () => {
      const def = readJson(file);
      assert.ok(validate(def), errors());
      assert.deepEqual(compileMap(def).issues, []);
    });
  }

  void it('names the same fields as compileMap reads, for every kind of object', () => {
    type Node = { properties?: Record<string, Node>; $defs?: Record<string, Node> };
    const root = schema as Node;
    const defs = root.$defs ?? {};
    const rules = defs['rules']?.properties ?? {};
    const objects: Record<string, Node | undefined> = {
      map: root,
      power: defs['power'],
      province: defs['province'],
      startingUnit: defs['startingUnit'],
      oneWayEdge: defs['oneWayEdge'],
      rules: defs['rules'],
      calendar: rules['calendar'],
      leadVictory: rules['leadVictory'],
    };
    assert.deepEqual(Object.keys(objects).sort(), Object.keys(DEFINITION_FIELDS).sort());
    for (const [kind, node] of Object.entries(objects)) {
      const inSchema = Object.keys(node?.properties ?? {}).sort();
      assert.deepEqual(inSchema, [...(DEFINITION_FIELDS[kind] ?? [])].sort(), kind);
    }
  });

  const standard = (): Record<string, unknown> & { provinces: Record<string, unknown>[] } =>
    readJson(new URL('standard.json', mapDir)) as Record<string, unknown> & {
      provinces: Record<string, unknown>[];
    };
  /** Bad definitions, each with the instance path (ajv's notation) the schema must complain about. */
  const bad: [string, (d: ReturnType<typeof standard>) => void, string][] = [
    ['a misspelt field', (d) => (d.provinces[0]!['suplyCenter'] = true), '/provinces/0'],
    ['an unknown kind', (d) => (d.provinces[1]!['kind'] = 'lake'), '/provinces/1/kind'],
    ['a lower-case code', (d) => (d.provinces[1]!['code'] = 'aeg'), '/provinces/1/code'],
    ['a sea with army edges', (d) => (d.provinces[0]!['army'] = ['ALB']), '/provinces/0/army'],
    ['a home centre that is no supply centre', (d) => (d.provinces[3]!['supplyCenter'] = false), '/provinces/3/supplyCenter'],
    ['a bad colour', (d) => ((d['powers'] as Record<string, unknown>[])[0]!['colour'] = 'blue'), '/powers/0/colour'],
    ['a unit of type X', (d) => ((d['startingUnits'] as Record<string, unknown>[])[0]!['type'] = 'X'), '/startingUnits/0/type'],
    ['no victory centre', (d) => (d['victoryCenters'] = 0), '/victoryCenters'],
    ['a missing field', (d) => delete d['powers'], ''],
    ['an unknown build rule', (d) => (d['rules'] = { builds: 'anywhere' }), '/rules/builds'],
    ['a calendar without a next year', (d) => (d['rules'] = { calendar: { springToFall: 0, fallToSpring: 0 } }), '/rules/calendar/fallToSpring'],
  ]; // prettier-ignore
  for (const [what, spoil, path] of bad) {
    void it(`refuses ${what}, as compileMap does`, () => {
      const def = standard();
      spoil(def);
      assert.equal(validate(def), false, `the schema accepts ${what}`);
      const paths = (validate.errors ?? []).map((e) => e.instancePath);
      assert.ok(paths.includes(path), `${path} not among\n${errors()}`);
      assert.notDeepEqual(compileMap(def).issues, [], `compileMap accepts ${what}`);
    });
  }
});
