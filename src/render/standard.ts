/**
 * Which geometry a map is drawn with by default: the standard map's own art (src/map/standard.geometry.json, made
 * by scripts/geometry from Natural Earth), or the schematic layout (schematic.ts) for any other map, or for a map
 * named "Standard" that the art does not fit.
 */
import type { GameMap } from '../map/types.js';
import standard from '../map/standard.geometry.json' with { type: 'json' };
import { readGeometry, type BoardGeometry } from './geometry.js';
import { schematicGeometry } from './schematic.js';

/** The geometry `renderSvg` uses when none is given. */
export function defaultGeometry(map: GameMap): BoardGeometry {
  if (map.name.toLowerCase() === 'standard') {
    const art = readGeometry(map, standard).value;
    if (art) return art;
  }
  return schematicGeometry(map);
}
