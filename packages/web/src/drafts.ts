/**
 * Orders typed or clicked but not yet sent, kept in the browser (localStorage) per game, power and phase, so a
 * reload or a closed tab loses nothing; dropped once the server holds them, or when the phase they were for is
 * over.
 */

const key = (game: string, power: string): string => `dipkit:draft:${game}:${power}`;

/** The order lines of a text as the comparison of sent and unsent orders sees them: trimmed, no blank lines. */
export function orderLines(text: string): string[] {
  return text
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '');
}

/** The unsent text kept for `phase`, if any (a draft of another phase is dropped). */
export function loadDraft(game: string, power: string, phase: string): string | undefined {
  try {
    const saved = JSON.parse(localStorage.getItem(key(game, power)) ?? 'null') as {
      phase?: unknown;
      text?: unknown;
    } | null;
    if (saved && saved.phase === phase && typeof saved.text === 'string') return saved.text;
    if (saved) dropDraft(game, power);
  } catch {
    dropDraft(game, power); // unreadable: nothing worth keeping
  }
  return undefined;
}

export function saveDraft(game: string, power: string, phase: string, text: string): void {
  try {
    localStorage.setItem(key(game, power), JSON.stringify({ phase, text }));
  } catch {
    // Storage full or refused (a private window): the orders are still on the page, marked "not sent".
  }
}

export function dropDraft(game: string, power: string): void {
  try {
    localStorage.removeItem(key(game, power));
  } catch {
    // as above
  }
}
