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
