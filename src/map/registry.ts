/**
 * The maps dipkit bundles, listed here and nowhere else: the standard map and the variants of `variants/`.
 * A map's id is its name lower-cased with everything but letters and digits removed ("Cold War" → `coldwar`);
 * each map is compiled on first use and cached. Static JSON imports keep the core free of file access.
 */
import { compileMapOrThrow, standardMap } from './compile.js';
import { mapIdOf } from './id.js';
import type { GameMap } from './types.js';
import ancientmediterranean from './variants/ancientmediterranean.json' with { type: 'json' };
import coldwar from './variants/coldwar.json' with { type: 'json' };
import empiresandcoalitions from './variants/empiresandcoalitions.json' with { type: 'json' };
import hundred from './variants/hundred.json' with { type: 'json' };
import northseawars from './variants/northseawars.json' with { type: 'json' };
import pure from './variants/pure.json' with { type: 'json' };
import twentytwenty from './variants/twentytwenty.json' with { type: 'json' };
import westernworld901 from './variants/westernworld901.json' with { type: 'json' };
import youngstownredux from './variants/youngstownredux.json' with { type: 'json' };

/** The variant definitions by id (the standard map is compiled by `standardMap`). */
const VARIANTS: ReadonlyMap<string, unknown> = new Map<string, unknown>([
  ['ancientmediterranean', ancientmediterranean],
  ['coldwar', coldwar],
  ['empiresandcoalitions', empiresandcoalitions],
  ['hundred', hundred],
  ['northseawars', northseawars],
  ['pure', pure],
  ['twentytwenty', twentytwenty],
  ['westernworld901', westernworld901],
  ['youngstownredux', youngstownredux],
]);

const compiled = new Map<string, GameMap>();

/** The ids of the bundled maps: "standard" first, then the variants in alphabetical order. */
export function bundledMapIds(): string[] {
  return ['standard', ...VARIANTS.keys()];
}

/** The bundled map with this id (exactly, as `bundledMapIds` gives it), compiled once; undefined if none. */
export function bundledMap(id: string): GameMap | undefined {
  if (id === 'standard') return standardMap();
  let map = compiled.get(id);
  if (map === undefined) {
    const definition = VARIANTS.get(id);
    if (definition === undefined) return undefined;
    map = compileMapOrThrow(definition);
    compiled.set(id, map);
  }
  return map;
}

/** The bundled map named by its id or its name, in any case and spacing ("Cold War", "cold-war", "COLDWAR"). */
export function mapByName(nameOrId: string): GameMap | undefined {
  return bundledMap(mapIdOf(nameOrId));
}
