/**
 * The creator's panel on the game page, for whoever holds the admin token: the admin link (this page's address
 * with the token in the fragment, never sent to the server by the browser; opened on another device it keeps the
 * token there), process now, pause and resume, extend the deadline, end the game as a draw.
 */
import { api, saveAdmin, savedAdmin } from './api.js';
import { el } from './common.js';

/** The admin link of game `id`: `/games/{id}#admin=TOKEN`. */
export function adminLink(id: string, token: string): string {
  return `${location.origin}/games/${encodeURIComponent(id)}#admin=${encodeURIComponent(token)}`;
}

/**
 * Keeps an admin token arriving in the page's fragment (`#admin=TOKEN`) and takes it out of the address bar, so
 * that it is not left in the history or shown to someone looking at the screen. Returns the token this browser
 * holds for the game, if any.
 */
export function adoptAdminToken(id: string): string | undefined {
  const m = /(?:^#|&)admin=([^&]+)/.exec(location.hash);
  if (m) {
    saveAdmin(id, decodeURIComponent(m[1]!));
    history.replaceState(null, '', location.pathname + location.search);
  }
  return savedAdmin(id);
}

export interface AdminView {
  status: string;
  paused?: boolean;
}

/** Copies `text`; where the clipboard is refused (no secure context), selects it in `field` for Ctrl+C. */
async function copy(text: string, field: HTMLInputElement): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    field.hidden = false;
    field.select();
    return false;
  }
}

/**
 * The panel, or null without the admin token. `changed` is called after each action succeeds (the page reads the
 * game again); `say` reports what happened or why not.
 */
export function adminPanel(
  id: string,
  view: AdminView,
  changed: () => void,
  say: (text: string) => void,
): HTMLElement | null {
  const token = savedAdmin(id);
  if (token === undefined) return null;
  const section = el('section', { id: 'admin-panel', class: 'admin' });
  section.append(el('h2', {}, 'Run the game (you created it)'));
  const link = adminLink(id, token);
  const field = el('input', { type: 'text', readonly: '', 'aria-label': 'admin link', value: link });
  field.hidden = true;
  const copyButton = el('button', { type: 'button', id: 'copy-admin-link' }, 'Copy admin link');
  copyButton.addEventListener('click', () => {
    void copy(link, field).then((ok) =>
      say(
        ok
          ? 'Admin link copied: open it on another device to run the game there.'
          : 'Copy the selected link.',
      ),
    );
  });
  section.append(
    el('p', { class: 'muted' }, 'The admin link lets any device run this game: keep it to yourself.'),
    copyButton,
    field,
  );
  if (view.status !== 'active') {
    section.append(el('p', { class: 'muted' }, 'The game is over.'));
    return section;
  }
  const act = (
    label: string,
    path: string,
    body: unknown,
    done: string,
    confirmText?: string,
  ): HTMLElement => {
    const button = el('button', { type: 'button', 'data-action': path }, label);
    button.addEventListener('click', () => {
      if (confirmText !== undefined && !confirm(confirmText)) return;
      void api('POST', `/api/games/${id}/${path}`, body, token)
        .then(() => {
          say(done);
          changed();
        })
        .catch((e: unknown) => say(e instanceof Error ? e.message : String(e)));
    });
    return button;
  };
  const hours = el('input', {
    type: 'number',
    min: '1',
    step: '1',
    value: '24',
    id: 'extend-hours',
    'aria-label': 'hours to add to the deadline',
  });
  const extend = el('button', { type: 'button', 'data-action': 'deadline' }, 'Extend deadline');
  extend.addEventListener('click', () => {
    const seconds = Math.round(Number(hours.value) * 3600);
    void api('POST', `/api/games/${id}/deadline`, { extend: seconds }, token)
      .then(() => {
        say(`Deadline extended by ${hours.value} h.`);
        changed();
      })
      .catch((e: unknown) => say(e instanceof Error ? e.message : String(e)));
  });
  const row = el('div', { class: 'admin-actions' });
  row.append(
    view.paused === true
      ? act('Resume', 'resume', {}, 'Game resumed: the deadline runs again.')
      : act('Pause', 'pause', {}, 'Game paused: nothing is processed until you resume.'),
  );
  if (view.paused !== true) row.append(act('Process now', 'process', {}, 'Phase processed.'));
  const extendBox = el('span', { class: 'extend' });
  extendBox.append(hours, el('span', {}, ' h '), extend);
  row.append(
    extendBox,
    act(
      'End as a draw',
      'draw',
      {},
      'The game ended as a draw.',
      'End the game now as a draw among the powers still standing?',
    ),
  );
  section.append(row);
  return section;
}
