/**
 * The lobby's "Create a game" form: the defaults are the product (the DATC preferences, a day per movement phase
 * and half a day for retreats and adjustments, a year limit twenty years on, the map's centres to win); after
 * creation the admin link is shown once, with a button to copy it.
 */
import { PRESETS, bundledMap, bundledMapIds, fallYearOfTurn } from 'dipkit';
import { api, saveAdmin } from './api.js';
import { adminLink } from './admin-panel.js';
import { byId, el } from './common.js';
import { mapThumbnail } from './map-thumbnail.js';
import { daideChoice } from './daide-ui.js';
import { botChoices, playAgainstBots } from './lobby-bots.js';

/** The year limit offered for a map: the Fall of its twentieth year of play, as the server's default. */
function defaultYearLimit(id: string): number {
  return fallYearOfTurn(bundledMap(id)!, 20);
}

/** The map choices; choosing one sets the centres to win and the year limit to that map's. */
function setupMapChoice(): HTMLSelectElement {
  const choice = byId<HTMLSelectElement>('create-map');
  const victory = byId<HTMLInputElement>('create-victory');
  const limit = byId<HTMLInputElement>('create-max-year');
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
    limit.value = String(defaultYearLimit(choice.value));
    limit.min = String(m.startYear);
  };
  choice.addEventListener('change', chosen);
  chosen();
  choice.closest('label')?.after(mapThumbnail(choice));
  return choice;
}

/** The presets, the DATC preferences first and chosen (object keys that are years would sort first). */
function setupPresets(): HTMLSelectElement {
  const preset = byId<HTMLSelectElement>('create-rules');
  const names = ['datc', ...Object.keys(PRESETS).filter((n) => n !== 'datc')];
  for (const name of names)
    preset.append(el('option', { value: name }, `${name}: ${PRESETS[name]!.description}`));
  preset.value = 'datc';
  return preset;
}

/** Hours in a field as seconds, or undefined for an empty field or 0 (no deadline for that phase type). */
function seconds(fieldId: string): number | undefined {
  const hours = Number(byId<HTMLInputElement>(fieldId).value);
  return hours > 0 ? Math.round(hours * 3600) : undefined;
}

/** The body of POST /api/games from the form. */
export function createBody(map: string, preset: string): Record<string, unknown> {
  const body: Record<string, unknown> = { map, rules: preset };
  const movement = seconds('create-deadline-movement');
  const other = seconds('create-deadline-other');
  const deadlines: Record<string, number> = {};
  if (movement !== undefined) deadlines['movement'] = movement;
  if (other !== undefined) deadlines['retreat'] = deadlines['adjustment'] = other;
  body['deadlines'] = Object.keys(deadlines).length > 0 ? deadlines : null;
  const victory = Number(byId<HTMLInputElement>('create-victory').value);
  if (victory > 0) body['victoryCenters'] = victory;
  const limit = Number(byId<HTMLInputElement>('create-max-year').value);
  if (limit > 0) body['maxYear'] = limit;
  body['civilDisorder'] = byId<HTMLInputElement>('create-civil-disorder').checked;
  return body;
}

/** Shows the admin link of a game just created, once, with a copy button. */
function showAdminLink(id: string, token: string): void {
  const link = adminLink(id, token);
  const box = byId('created');
  const field = el('input', {
    type: 'text',
    readonly: '',
    value: link,
    id: 'admin-link',
    'aria-label': 'admin link',
  });
  const copy = el('button', { type: 'button', id: 'copy-link' }, 'Copy');
  copy.addEventListener('click', () => {
    field.select();
    void navigator.clipboard?.writeText(link).then(
      () => (copy.textContent = 'Copied'),
      () => (copy.textContent = 'Press Ctrl+C'),
    );
  });
  box.replaceChildren(
    el('strong', {}, `Game ${id} created. `),
    el(
      'span',
      {},
      'Your admin link, shown once: it runs the game (process now, pause, extend, draw) from any device. ',
    ),
    field,
    copy,
    el('a', { href: link }, 'Open the game page'),
  );
  box.hidden = false;
}

export function setupCreateForm(refresh: () => Promise<void>, say: (text: string) => void): void {
  const mapChoice = setupMapChoice();
  const preset = setupPresets();
  const daide = daideChoice(byId('create-form'));
  const bots = botChoices(byId('create-form'), mapChoice);
  byId('create-form').addEventListener('submit', (e) => {
    e.preventDefault();
    void api<{ id: string; adminToken: string }>('POST', '/api/games', {
      ...createBody(mapChoice.value, preset.value),
      ...(daide() ? { daide: true } : {}),
      civilDisorderBot: bots.civilDisorderBot(),
    })
      .then((created) => {
        saveAdmin(created.id, created.adminToken);
        const power = bots.againstBots();
        if (power !== undefined) return playAgainstBots(created.id, created.adminToken, power);
        showAdminLink(created.id, created.adminToken);
        say(`Game ${created.id} created; join a power below.`);
        return refresh();
      })
      .catch((err: unknown) => say(err instanceof Error ? err.message : String(err)));
  });
}
