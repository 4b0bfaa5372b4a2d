/**
 * Map ids: a map's name lower-cased with everything but letters and digits removed ("Standard" -> "standard",
 * "Cold War" -> "coldwar", "Western World 901" -> "westernworld901"), the names godip's game files use. Files
 * record a map by its id, and a name given in any case or spacing finds the same map.
 */
export function mapIdOf(name: string): string {
  return name.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');
}
