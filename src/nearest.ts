/**
 * "Did you mean": the known word nearest to a mistyped one. Shared by the command line (options, commands, map
 * names) and the map compiler (field names), so it lives in the core, free of Node APIs.
 */

/** The Levenshtein distance of two short strings. */
export function editDistance(a: string, b: string): number {
  let row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const next = [i];
    for (let j = 1; j <= b.length; j++) {
      next[j] = Math.min(row[j]! + 1, next[j - 1]! + 1, row[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    row = next;
  }
  return row[b.length]!;
}

/** The known name nearest to `written`, when it is near enough to be a typing slip. */
export function nearest(written: string, known: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const k of known) {
    const d = editDistance(written, k);
    if (d < bestDistance) [best, bestDistance] = [k, d];
  }
  return bestDistance <= Math.max(1, Math.floor(written.length / 3)) ? best : undefined;
}

/**
 * The known names nearest to `written`, best first (then alphabetically), each near enough to be a typing slip,
 * at most `limit` of them. A name may be known by several spellings (`keys`); the nearest spelling counts.
 */
export function nearestRanked(
  written: string,
  known: readonly { name: string; keys: readonly string[] }[],
  limit = 3,
): string[] {
  const word = written.toLowerCase();
  // No name is this long: a line of noise gets no suggestion, and no quadratic work.
  if (word.length > 60) return [];
  const near = Math.max(1, Math.floor(word.length / 3));
  const scored: { name: string; distance: number }[] = [];
  for (const k of known) {
    // Lengths further apart than `near` are further apart in edit distance too: skipped without the table.
    const keys = k.keys.filter((key) => Math.abs(key.length - word.length) <= near);
    if (keys.length === 0) continue;
    const distance = Math.min(...keys.map((key) => editDistance(word, key.toLowerCase())));
    if (distance <= near && !scored.some((s) => s.name === k.name)) scored.push({ name: k.name, distance });
  }
  scored.sort((a, b) => a.distance - b.distance || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  return scored.slice(0, limit).map((s) => s.name);
}

/** ` (did you mean "A" or "B"?)`, or nothing without suggestions: the end of an "unknown ..." message. */
export function didYouMean(suggestions: readonly string[]): string {
  if (suggestions.length === 0) return '';
  const quoted = suggestions.map((s) => `"${s}"`);
  const last = quoted.pop()!;
  return ` (did you mean ${quoted.length === 0 ? last : `${quoted.join(', ')} or ${last}`}?)`;
}
