/**
 * What a game is played under, in words, for the lobby's rows and the game page's rules panel: the map, the rule
 * preset and every choice that differs from the DATC preferences, the deadlines per phase type, the year limit and
 * the centres to win.
 */
import { bundledMap } from 'dipkit';
import { el } from './common.js';

export interface GameSettings {
  map: string;
  preset?: string;
  /** Settings that differ from the DATC preferences ("4.A.2=all-hold"). */
  rules?: string[];
  deadlines?: { movement?: number; retreat?: number; adjustment?: number } | null;
  maxYear?: number;
  victoryCenters?: number;
  civilDisorder?: boolean;
  paused?: boolean;
}

/** "24 h", "90 min", "45 s". */
export function duration(seconds: number): string {
  if (seconds % 3600 === 0) return `${seconds / 3600} h`;
  if (seconds >= 3600) return `${(seconds / 3600).toFixed(1)} h`;
  if (seconds % 60 === 0) return `${seconds / 60} min`;
  return `${seconds} s`;
}

/** "datc (the DATC preferences)", or "1982 + 4.A.2=all-hold" with the differences from the DATC preferences. */
export function rulesText(s: GameSettings): string {
  const differences = s.rules ?? [];
  const preset = s.preset ?? (differences.length === 0 ? 'datc' : 'custom');
  if (differences.length === 0) return `${preset} (the DATC preferences)`;
  return `${preset}, differing from the DATC in ${differences.join(', ')}`;
}

/** "24 h movement, 12 h retreats, 12 h adjustments", or "none". */
export function deadlinesText(d: GameSettings['deadlines']): string {
  if (!d) return 'none: a phase waits until everyone is ready';
  const parts: string[] = [];
  if (d.movement !== undefined) parts.push(`${duration(d.movement)} movement`);
  if (d.retreat !== undefined) parts.push(`${duration(d.retreat)} retreats`);
  if (d.adjustment !== undefined) parts.push(`${duration(d.adjustment)} adjustments`);
  return parts.join(', ') || 'none';
}

/** "18 centres to win; drawn after 1920". */
export function endText(s: GameSettings): string {
  const win = s.victoryCenters === undefined ? '' : `${s.victoryCenters} centres to win`;
  const limit = s.maxYear === undefined ? 'no year limit' : `drawn after ${s.maxYear}`;
  return win === '' ? limit : `${win}; ${limit}`;
}

/** Label and value of each setting, in the order the panels show them. */
export function settingsRows(s: GameSettings): [string, string][] {
  const rows: [string, string][] = [
    ['Map', bundledMap(s.map)?.name ?? s.map],
    ['Rules', rulesText(s)],
    ['Deadlines', deadlinesText(s.deadlines)],
    ['Game end', endText(s)],
  ];
  if (s.civilDisorder !== undefined) {
    rows.push([
      'Empty seats',
      s.civilDisorder ? 'in civil disorder: never waited for' : 'waited for until the first deadline passes',
    ]);
  }
  if (s.paused === true) rows.push(['State', 'paused by the creator']);
  return rows;
}

/** The rules panel of the game page: a definition list of the settings. */
export function rulesPanel(s: GameSettings): HTMLElement {
  const list = el('dl', { class: 'settings' });
  for (const [label, value] of settingsRows(s)) {
    list.append(
      el('dt', {}, label),
      el('dd', { 'data-setting': label.toLowerCase().replace(/ /g, '-') }, value),
    );
  }
  return list;
}
