/**
 * The lobby (/): the games with their map, phase, deadline, rules, deadlines, year limit and open powers; create a
 * game on any bundled map (lobby-create.ts); join a power.
 */
import { bundledMap, displayName } from 'dipkit';
import { api, countdown, saveSeat, savedGames, savedSeat, type GameSummary, type Seat } from './api.js';
import { byId, el } from './common.js';
import { setupCreateForm } from './lobby-create.js';
import { fillButton } from './lobby-bots.js';
import { deadlinesText, endText, rulesText } from './game-settings.js';

const message = byId('lobby-message');

async function join(id: string, power: string): Promise<void> {
  try {
    const seat = await api<Seat>('POST', `/api/games/${id}/join`, power ? { power } : {});
    saveSeat(id, seat);
    location.href = `/games/${id}`;
  } catch (e) {
    message.textContent = e instanceof Error ? e.message : String(e);
  }
}

function gameRow(g: GameSummary): HTMLTableRowElement {
  const row = el('tr', { 'data-game': g.id });
  const link = el('td');
  link.append(el('a', { href: `/games/${g.id}` }, g.id));
  const seat = savedSeat(g.id);
  const joinCell = el('td');
  if (seat) joinCell.append(el('a', { href: `/games/${g.id}` }, `play ${displayName(seat.power)}`));
  else if (g.openPowers.length > 0 && g.status === 'active') {
    const select = el('select', { 'aria-label': `power to join in ${g.id}` });
    for (const p of g.openPowers) select.append(el('option', { value: p }, displayName(p)));
    const button = el('button', { type: 'button', class: 'join' }, 'Join');
    button.addEventListener('click', () => void join(g.id, select.value));
    joinCell.append(select, button);
  }
  const fill = fillButton(g, refresh);
  if (fill) joinCell.append(fill);
  const state =
    g.status === 'active'
      ? g.paused === true
        ? 'paused'
        : countdown(g.deadline)
      : g.status === 'won' && g.winner !== undefined
        ? `${displayName(g.winner)} won`
        : g.status;
  const cell = (label: string, text: string): HTMLTableCellElement => el('td', { 'data-label': label }, text);
  link.setAttribute('data-label', 'Game');
  joinCell.setAttribute('data-label', 'Join');
  row.append(
    link,
    cell('Map', bundledMap(g.map)?.name ?? g.map),
    cell('Phase', g.phase),
    cell('Deadline', state),
    cell('Rules', rulesText(g)),
    cell('Deadlines', deadlinesText(g.deadlines)),
    cell('Game end', endText(g)),
    cell('Open powers', g.openPowers.map(displayName).join(', ') || 'none'),
    joinCell,
  );
  return row;
}

async function refresh(): Promise<void> {
  try {
    const { games } = await api<{ games: GameSummary[] }>('GET', '/api/games');
    const mine = new Set(savedGames());
    const body = byId('games');
    body.replaceChildren(...games.map(gameRow));
    byId('no-games').hidden = games.length > 0;
    for (const row of body.querySelectorAll('tr'))
      row.classList.toggle('mine', mine.has(row.getAttribute('data-game') ?? ''));
  } catch (e) {
    message.textContent = e instanceof Error ? e.message : String(e);
  }
}

function setup(): void {
  setupCreateForm(refresh, (text) => (message.textContent = text));
  void refresh();
  setInterval(() => void refresh(), 5000);
}

setup();
