/**
 * DAIDE in the web client: the lobby's "DAIDE bots may join" choice when creating a game, and the game page's line
 * saying where the bots connect (the game's `daidePort`, on the server's host).
 */
import { byId, el } from './common.js';

/** Adds the choice to the create form (before its submit button); returns whether it is ticked. */
export function daideChoice(form: HTMLElement): () => boolean {
  const box = el('input', { type: 'checkbox', id: 'create-daide' });
  const label = el('label', {
    title: 'the game listens on its own TCP port for DAIDE bots (dipkit serve --daide)',
  });
  label.append(box, ' DAIDE bots may join');
  form.insertBefore(label, form.querySelector('button[type="submit"]'));
  return () => box.checked;
}

/** Shows "DAIDE bots: host:port" in the game page's header while the game listens for them. */
export function showDaidePort(view: { daidePort?: number; status: string }): void {
  let line = document.getElementById('daide-port');
  if (view.daidePort === undefined || view.status !== 'active') {
    line?.remove();
    return;
  }
  if (!line) {
    line = el('span', { id: 'daide-port', title: 'DAIDE bots connect to this TCP port' });
    byId('deadline').after(line);
  }
  line.textContent = `DAIDE bots: ${location.hostname}:${view.daidePort}`;
}
