/**
 * Which geometry a map is drawn with by default: the art its definition carries (`art`), else the bundled art of
 * a bundled map (art.ts, made by scripts/geometry from Natural Earth), else the schematic layout (schematic.ts).
 * Art that does not fit the map (a user's map named "Standard" with other provinces) is passed over.
 */
import type { GameMap } from '../map/types.js';
import { mapIdOf } from '../map/id.js';
import { bundledArt } from './art.js';
import { readGeometry, type BoardGeometry } from './geometry.js';
import { schematicGeometry } from './schematic.js';

/** The geometry `renderSvg` uses when none is given. */
export function defaultGeometry(map: GameMap): BoardGeometry {
  return artGeometry(map) ?? schematicGeometry(map);
}

/** How a map is drawn by default: from geographic art, or by the schematic layout. */
export function artKind(map: GameMap): 'geographic' | 'schematic' {
  return artGeometry(map) ? 'geographic' : 'schematic';
}

function artGeometry(map: GameMap): BoardGeometry | undefined {
  const own = map.definition.art;
  if (own !== undefined) {
    const art = readGeometry(map, own).value;
    if (art) return art;
  }
  const bundled = bundledArt(mapIdOf(map.name));
  return bundled === undefined ? undefined : readGeometry(map, bundled).value;
}
