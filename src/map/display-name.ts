import type { MapDefinition } from './types.js';

/**
 * A name as people read it, from the upper-case canonical form the maps use: each word capitalised ("South
 * Africa", "Principality of Kiev"), words of three letters or fewer kept as written (USA, UK), "of", "the" and
 * "and" in lower case after the first word. Also for seasons and phase types ("spring" → "Spring").
 */
export function displayName(name: string): string {
  return name
    .split(' ')
    .map((word, i) => {
      const lower = word.toLowerCase();
      if (i > 0 && (lower === 'of' || lower === 'the' || lower === 'and')) return lower;
      return word.length <= 3 ? word : word.charAt(0).toUpperCase() + word.slice(1).toLowerCase();
    })
    .join(' ');
}

/** A power's name as people read it: the map's own spelling (`display`: "USSR", "NATO"), else displayName. */
export function powerDisplayName(definition: MapDefinition, power: string): string {
  return definition.powers.find((p) => p.name === power)?.display ?? displayName(power);
}
