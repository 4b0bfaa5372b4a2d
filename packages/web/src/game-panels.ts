/**
 * The game page's panels beside the orders, mounted by game.ts: the result of a finished game, the creator's
 * controls, and the rules the game is played under.
 */
import type { GameView } from './api.js';
import { adminPanel, adoptAdminToken } from './admin-panel.js';
import { byId, el } from './common.js';
import { rulesPanel } from './game-settings.js';
import { resultPanel } from './game-result.js';

/** Once, before the first read of the game: keeps an admin token that came in the link. */
export function setupPanels(id: string): void {
  adoptAdminToken(id);
}

/** Shows the panels for `view`; `changed` reads the game again after an admin action. */
export function showPanels(
  id: string,
  view: GameView,
  changed: () => void,
  say: (text: string) => void,
): void {
  const result = resultPanel(view);
  byId('result-slot').replaceChildren(...(result ? [result] : []));
  const admin = adminPanel(id, view, changed, say);
  byId('admin-slot').replaceChildren(...(admin ? [admin] : []));
  byId('rules-panel').replaceChildren(el('h2', {}, 'Rules of this game'), rulesPanel(view));
}
