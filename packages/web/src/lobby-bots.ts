/**
 * dipkit's bot in the lobby: the create form's "Play against dipkit's bots" (the creator joins a power, the bot
 * takes every other) and "dipkit's bot plays the powers in civil disorder" (the game's civilDisorderBot), and the
 * games list's "Fill empty seats with bots" for a game whose admin link this browser holds. Seats go to the bot
 * through POST /api/games/{id}/bots with the admin token.
 */
import { bundledMap, displayName } from 'dipkit';
import { api, saveSeat, savedAdmin, type GameSummary, type Seat } from './api.js';
import { byId, el } from './common.js';

export interface BotChoices {
  /** The civilDisorderBot field of POST /api/games. */
  civilDisorderBot(): boolean;
  /** The power the creator plays against the bots ('' for any), or undefined when not playing against them. */
  againstBots(): string | undefined;
}

/** Adds the bot choices to the create form, before its submit button; the power list follows the map choice. */
export function botChoices(form: HTMLElement, mapChoice: HTMLSelectElement): BotChoices {
  const cd = el('input', { type: 'checkbox', id: 'create-civil-disorder-bot' });
  const cdLabel = el('label', {
    title: 'a power that gives no orders by the deadline gets the bot’s orders instead of holding',
  });
  cdLabel.append(cd, " dipkit's bot plays the powers in civil disorder");
  const play = el('input', { type: 'checkbox', id: 'create-play-bots' });
  const power = el('select', { id: 'create-my-power', 'aria-label': 'the power you play against the bots' });
  const playLabel = el('label', { title: 'you join one power; dipkit’s bot takes all the others' });
  playLabel.append(play, " Play against dipkit's bots as ", power);
  const powers = (): void => {
    const map = bundledMap(mapChoice.value);
    power.replaceChildren(
      el('option', { value: '' }, 'any power'),
      ...(map?.powers ?? []).map((p) => el('option', { value: p }, displayName(p))),
    );
  };
  mapChoice.addEventListener('change', powers);
  powers();
  const submit = form.querySelector('button[type="submit"]');
  form.insertBefore(cdLabel, submit);
  form.insertBefore(playLabel, submit);
  return {
    civilDisorderBot: () => cd.checked,
    againstBots: () => (play.checked ? power.value : undefined),
  };
}

/** Seats the bot at every power of game `id` nobody has joined; returns the powers it took. */
export async function fillEmptySeats(id: string, adminToken: string): Promise<string[]> {
  const view = await api<{ powers: { power: string; joined: boolean }[] }>(
    'GET',
    `/api/games/${id}?history=false`,
  );
  const open = view.powers.filter((p) => !p.joined).map((p) => p.power);
  if (open.length === 0) return [];
  await api('POST', `/api/games/${id}/bots`, { powers: open }, adminToken);
  return open;
}

/** The creator joins `power` ('' for any) of a game just created, the bot takes the others; then the game page. */
export async function playAgainstBots(id: string, adminToken: string, power: string): Promise<void> {
  const seat = await api<Seat>('POST', `/api/games/${id}/join`, power ? { power } : {});
  saveSeat(id, seat);
  await fillEmptySeats(id, adminToken);
  location.href = `/games/${id}`;
}

/** "Fill empty seats with bots" for a game row, when this browser holds the game's admin link. */
export function fillButton(g: GameSummary, refresh: () => Promise<void>): HTMLButtonElement | undefined {
  const token = savedAdmin(g.id);
  if (token === undefined || g.status !== 'active' || g.openPowers.length === 0) return undefined;
  const button = el('button', { type: 'button', class: 'fill-bots' }, 'Fill empty seats with bots');
  button.addEventListener('click', () => {
    button.disabled = true;
    void fillEmptySeats(g.id, token)
      .then((taken) => {
        byId('lobby-message').textContent =
          `dipkit's bot plays ${taken.map(displayName).join(', ') || 'no power'} in game ${g.id}.`;
        return refresh();
      })
      .catch((e: unknown) => {
        button.disabled = false;
        byId('lobby-message').textContent = e instanceof Error ? e.message : String(e);
      });
  });
  return button;
}
