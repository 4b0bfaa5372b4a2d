/**
 * The lobby (/): the games with their map, phase, deadline and open powers; create a game on any bundled map;
 * join a power.
 */
import { PRESETS, bundledMap, bundledMapIds, displayName } from 'dipkit';
import {
  api,
  countdown,
  saveAdmin,
  saveSeat,
  savedGames,
  savedSeat,
  type GameSummary,
  type Seat,
} from './api.js';
import { byId, el } from './common.js';
import { mapThumbnail } from './map-thumbnail.js';

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
  row.append(
    link,
    el('td', {}, bundledMap(g.map)?.name ?? g.map),
    el('td', {}, g.phase),
    el('td', {}, g.status === 'active' ? countdown(g.deadline) : g.status),
    el('td', {}, g.openPowers.map(displayName).join(', ') || 'none'),
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

/** The map choices, each with its powers and centres; choosing one sets the centres to win to that map's. */
function setupMapChoice(): HTMLSelectElement {
  const choice = byId<HTMLSelectElement>('create-map');
  const victory = byId<HTMLInputElement>('create-victory');
  for (const id of bundledMapIds()) {
    const m = bundledMap(id)!;
    choice.append(
      el('option', { value: id }, `${m.name}: ${m.powers.length} powers, ${m.supplyCenterCount} centres`),
    );
  }
  const chosen = (): void => {
    const m = bundledMap(choice.value)!;
    victory.value = String(m.victoryCenters);
    victory.max = String(m.supplyCenterCount);
  };
  choice.addEventListener('change', chosen);
  chosen();
  choice.closest('label')?.after(mapThumbnail(choice));
  return choice;
}

function setup(): void {
  const mapChoice = setupMapChoice();
  const preset = byId<HTMLSelectElement>('create-rules');
  for (const [name, p] of Object.entries(PRESETS))
    preset.append(el('option', { value: name }, `${name}: ${p.description}`));
  byId('create-form').addEventListener('submit', (e) => {
    e.preventDefault();
    const hours = Number(byId<HTMLInputElement>('create-deadline').value);
    const victory = Number(byId<HTMLInputElement>('create-victory').value);
    const body: Record<string, unknown> = { map: mapChoice.value, rules: preset.value };
    if (hours > 0) {
      const seconds = Math.round(hours * 3600);
      body.deadlines = { movement: seconds, retreat: seconds, adjustment: seconds };
    }
    if (victory > 0) body.victoryCenters = victory;
    void api<{ id: string; adminToken: string }>('POST', '/api/games', body)
      .then((created) => {
        saveAdmin(created.id, created.adminToken);
        message.textContent = `Game ${created.id} created; join a power below.`;
        return refresh();
      })
      .catch((err: unknown) => {
        message.textContent = err instanceof Error ? err.message : String(err);
      });
  });
  void refresh();
  setInterval(() => void refresh(), 5000);
}

setup();
