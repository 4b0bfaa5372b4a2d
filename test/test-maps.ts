/**
 * The small hand-written maps of test/data/maps/, compiled for the tests, with rule switches changed where a case
 * asks (`rules`: the same position under another build rule, with or without convoys) and provinces changed
 * (`provinces`: the same position where a province is not convoyable).
 */
import { readFileSync } from 'node:fs';
import { compileMap } from '../src/map/compile.js';
import type { GameMap, MapDefinition, ProvinceDefinition } from '../src/map/types.js';

/** The definition in test/data/maps/NAME. */
export function testMapDefinition(name: string): MapDefinition {
  return JSON.parse(
    readFileSync(new URL(`../../test/data/maps/${name}`, import.meta.url), 'utf8'),
  ) as MapDefinition;
}

/** Compiled maps by file name and rule changes: compiled once. */
const compiled = new Map<string, GameMap>();

/** Changes to the provinces of a test map: province code to the fields changed (null: removed). */
export type ProvinceChanges = Record<string, Record<string, unknown>>;

/**
 * The map in test/data/maps/NAME, its `rules` changed by `changes` and its provinces by `provinces` (a field set
 * to null is removed), compiled; undefined with the compiler's issues when it does not compile.
 */
export function testMap(
  name: string,
  changes: Record<string, unknown> = {},
  provinces: ProvinceChanges = {},
): { map?: GameMap; issues: string[] } {
  const key = `${name} ${JSON.stringify(changes)} ${JSON.stringify(provinces)}`;
  const known = compiled.get(key);
  if (known) return { map: known, issues: [] };
  const definition = testMapDefinition(name);
  const rules: Record<string, unknown> = { ...definition.rules, ...changes };
  removeNulls(rules);
  definition.rules = rules;
  definition.provinces = definition.provinces.map((p) => {
    const changed: Record<string, unknown> = { ...p, ...provinces[p.code] };
    removeNulls(changed);
    return changed as unknown as ProvinceDefinition;
  });
  const result = compileMap(definition);
  if (result.value === undefined || result.issues.length > 0)
    return { issues: result.issues.map((i) => `${i.code} ${i.message}`) };
  compiled.set(key, result.value);
  return { map: result.value, issues: [] };
}

function removeNulls(fields: Record<string, unknown>): void {
  for (const [field, value] of Object.entries(fields)) if (value === null) delete fields[field];
}
