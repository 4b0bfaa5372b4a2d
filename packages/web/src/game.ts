/**
 * The game page (/games/{id}): the current phase's map with the player's own orders drawn as entered; orders by
 * clicking (a unit, then a destination, the supported unit, or one of its legal orders listed) or by typing (bad
 * lines marked, nothing sent until every line reads); ready; the deadline counting down; live updates by
 * server-sent events; the last phase's outcomes with reasons; a history slider; supply-centre counts.
 */
import { displayName, parsePhaseName, splitCoast, type Position } from 'dipkit';
import { api, countdown, savedSeat, type GameView, type HistoryPhase, type Seat } from './api.js';
import { byId, clickedProvince, drawBoard, el, map, readOrders, showProblems, useMap } from './common.js';
import { setupPanels, showPanels } from './game-panels.js';
import { historyItems, historyMarks } from './history-story.js';
import { powerState, viewerText } from './game-result.js';

const id = decodeURIComponent(location.pathname.split('/').filter(Boolean).pop() ?? '');
const seat: Seat | undefined = savedSeat(id);
let view: GameView | undefined;
/** The legal orders of the player's power by unit ("A PAR": ["A PAR H", "A PAR - BUR", ...]). */
let legal: Record<string, string[]> = {};
let selectedUnit: string | undefined;
/** Index into the history shown by the slider; history.length is the current phase. */
let shown = 0;

const board = byId('board');
const ordersBox = byId<HTMLTextAreaElement>('orders');
const problemsList = byId('order-problems');
const status = byId('game-message');

function say(text: string): void {
  status.textContent = text;
}

/** "Fall 1901 Movement" for "F1901M". */
function phaseTitle(name: string): string {
  const p = parsePhaseName(name);
  return p ? `${displayName(p.season)} ${p.year} ${displayName(p.type)}` : name;
}

function position(p: Omit<Position, 'phase'>, phase: string): Position {
  return {
    ...p,
    phase: parsePhaseName(phase) ?? { season: 'spring', year: 1901, type: 'movement' },
  };
}

/** The province of a location code ("STP/SC" -> "STP"). */
function provinceOf(location: string): string {
  const p = splitCoast(map, location).province;
  return p < 0 ? location : map.locationCode[p]!;
}

/** The results of the phase the slider shows (the last one played, for the current phase). */
function showResults(h: HistoryPhase | undefined): void {
  byId('last-phase').textContent = h ? `Results of ${phaseTitle(h.phase)}` : 'No phase played yet';
  byId('outcomes').replaceChildren(...(view && h ? historyItems(view, h) : []));
}

/** Draws the phase the slider points at: the current one with my orders, or a past one with its outcomes. */
function draw(): void {
  if (!view) return;
  const history = view.history ?? [];
  const slider = byId<HTMLInputElement>('history');
  slider.max = String(history.length);
  slider.value = String(shown);
  if (shown < history.length) {
    const past = history[shown]!;
    byId('shown-phase').textContent = `${phaseTitle(past.phase)} (played)`;
    drawBoard(board, position(past.position, past.phase), { result: historyMarks(view, past) });
    showResults(past);
  } else {
    byId('shown-phase').textContent = `${phaseTitle(view.phase)} (now)`;
    showResults(history.at(-1));
    const { orders } = readOrders(ordersBox.value);
    const mine = seat ? orders.map((o) => (o.power === undefined ? { ...o, power: seat.power } : o)) : [];
    drawBoard(board, position(view.position, view.phase), { orders: mine });
    if (selectedUnit)
      board
        .querySelector(`path.province[data-province="${provinceOf(selectedUnit.slice(2))}"]`)
        ?.classList.add('selected');
  }
}

function showView(): void {
  if (!view) return;
  byId('phase').textContent =
    `${phaseTitle(view.phase)}${view.status !== 'active' ? ` - ${view.status}${view.winner ? `, ${displayName(view.winner)} wins` : ''}` : ''}`;
  byId('me').textContent = viewerText(view, seat?.power);
  const powers = byId('powers');
  powers.replaceChildren(
    ...view.powers.map((p) => {
      const row = el('tr', { 'data-power': p.power });
      row.append(
        el('td', {}, displayName(p.power)),
        el('td', {}, String(view?.centers[p.power] ?? 0)),
        el('td', {}, powerState(view!, p)),
      );
      return row;
    }),
  );
  showPanels(id, view, () => void load(), say);
  draw();
}

async function load(): Promise<void> {
  try {
    const before = view?.phase;
    view = await api<GameView>('GET', `/api/games/${id}`);
    if (!useMap(view.map)) say(`This page does not know the map "${view.map}": it shows the standard map.`);
    if (before !== undefined && before !== view.phase) say(`${phaseTitle(before)} was processed.`);
    shown = view.history?.length ?? 0;
    if (seat && view.status === 'active') {
      const [l, mine] = await Promise.all([
        api<{ orders: Record<string, string[]> }>('GET', `/api/games/${id}/legal`, undefined, seat.token),
        api<{ orders: string[]; ready: boolean }>('GET', `/api/games/${id}/orders`, undefined, seat.token),
      ]);
      legal = l.orders;
      const pick = byId<HTMLSelectElement>('unit-pick');
      pick.replaceChildren(
        el('option', { value: '' }, 'choose a unit…'),
        ...Object.keys(legal).map((u) => el('option', { value: u }, u)),
      );
      ordersBox.value = mine.orders.join('\n');
      ordersBox.placeholder = exampleLines(legal);
      byId<HTMLButtonElement>('ready').textContent = mine.ready ? 'Not ready' : 'Ready';
    }
    selectedUnit = undefined;
    byId('choices').replaceChildren();
    showView();
    orderLinesChanged();
  } catch (e) {
    say(e instanceof Error ? e.message : String(e));
  }
}

/** Re-reads the order box: marks bad lines, redraws my orders. */
function orderLinesChanged(): void {
  const { problems } = readOrders(ordersBox.value);
  showProblems(problemsList, problems);
  ordersBox.classList.toggle('has-problems', problems.length > 0);
  if (shown === (view?.history?.length ?? 0)) draw();
}

/** Puts `order` in the box in place of the unit's earlier order. */
function chooseOrder(unit: string, order: string): void {
  const lines = ordersBox.value.split('\n').filter((l) => l.trim() !== '');
  const province = provinceOf(unit.slice(2));
  const kept = lines.filter((l) => {
    const first = readOrders(l).orders[0]?.order;
    return !(first && first.kind !== 'waive' && provinceOf(first.unit.location) === province);
  });
  ordersBox.value = [...kept, order].join('\n');
  selectedUnit = undefined;
  byId('choices').replaceChildren();
  orderLinesChanged();
}

/**
 * The order box's example: a legal move (else the first legal order) of each of the player's first two units, so
 * that it shows this game's map and phase ("A PAR - BUR" on the standard map in spring, "F BRE B" in winter).
 */
function exampleLines(byUnit: Record<string, string[]>): string {
  return Object.values(byUnit)
    .slice(0, 2)
    .map((orders) => orders.find((o) => o.includes(' - ')) ?? orders[0] ?? '')
    .join('\n');
}

/** The legal orders of the selected unit that end in `province`: a move first, then a support or convoy. */
function ordersEndingIn(unit: string, province: string): string[] {
  const all = legal[unit] ?? [];
  const ending = all.filter((o) => provinceOf(o.split(' ').at(-1) ?? '') === province && !o.endsWith(' H'));
  return [...ending.filter((o) => o.split(' ')[2] === '-'), ...ending.filter((o) => o.split(' ')[2] !== '-')];
}

function showChoices(unit: string, options: readonly string[]): void {
  const list = byId('choices');
  list.replaceChildren(
    el('p', { class: 'muted' }, `${unit}: click a destination or the supported unit on the map, or choose:`),
    ...options.map((o) => {
      const b = el('button', { type: 'button', class: 'choice', 'data-order': o }, o);
      b.addEventListener('click', () => chooseOrder(unit, o));
      return b;
    }),
  );
  list.querySelector('button')?.focus();
}

/** A click on the board: select one of my units, or give the selected unit an order ending there. */
function boardClicked(target: EventTarget | null): void {
  if (!view || shown !== (view.history?.length ?? 0)) return;
  const province = clickedProvince(target);
  if (province === undefined) return;
  const myUnit = Object.keys(legal).find((u) => u !== 'WAIVE' && provinceOf(u.slice(2)) === province);
  if (selectedUnit) {
    const options = ordersEndingIn(selectedUnit, province);
    if (options.length > 0 && !(myUnit && provinceOf(selectedUnit.slice(2)) === province)) {
      if (options.length === 1 || options[0]!.split(' ')[2] === '-') chooseOrder(selectedUnit, options[0]!);
      else showChoices(selectedUnit, options);
      return;
    }
  }
  if (myUnit) {
    selectedUnit = myUnit;
    showChoices(myUnit, legal[myUnit] ?? []);
    draw();
  }
}

/** Sends the orders; false (and nothing sent) when a line does not read. */
async function submit(): Promise<boolean> {
  if (!seat) return false;
  const { problems } = readOrders(ordersBox.value);
  if (problems.length > 0) {
    say('Orders not sent: correct the marked lines first.');
    return false;
  }
  const lines = ordersBox.value
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '');
  try {
    await api('PUT', `/api/games/${id}/orders`, { orders: lines, phase: view?.phase }, seat.token);
    say(`Orders sent (${lines.length}).`);
    return true;
  } catch (e) {
    say(e instanceof Error ? e.message : String(e));
    return false;
  }
}

async function toggleReady(): Promise<void> {
  if (!seat || !view) return;
  const ready = byId('ready').textContent === 'Ready';
  if (ready && !(await submit())) return;
  try {
    const r = await api<{ ready: boolean; processed: boolean }>(
      'POST',
      `/api/games/${id}/ready`,
      { ready, phase: view.phase },
      seat.token,
    );
    byId('ready').textContent = r.ready ? 'Not ready' : 'Ready';
    if (r.processed) await load();
  } catch (e) {
    say(e instanceof Error ? e.message : String(e));
  }
}

function listen(): void {
  const events = new EventSource(`/api/games/${id}/events`);
  const reloadView = (): void => {
    void api<GameView>('GET', `/api/games/${id}`).then((v) => {
      // A view of a later phase (the game moved on before this event's read): reload it all, so that the slider,
      // the legal orders and the order box follow the new phase instead of drawing the old one under its title.
      if (v.phase !== view?.phase) return load();
      view = v;
      showView();
    });
  };
  events.addEventListener('joined', reloadView);
  events.addEventListener('ready', reloadView);
  events.addEventListener('phase', () => void load());
  events.addEventListener('gameover', () => void load());
  for (const kind of ['paused', 'resumed', 'deadline']) events.addEventListener(kind, reloadView);
}

function setup(): void {
  document.title = `dipkit game ${id}`;
  setupPanels(id);
  byId('game-id').textContent = id;
  ordersBox.addEventListener('input', orderLinesChanged);
  board.addEventListener('click', (e) => boardClicked(e.target));
  byId('unit-pick').addEventListener('change', () => {
    const unit = byId<HTMLSelectElement>('unit-pick').value;
    if (!unit) return;
    selectedUnit = unit;
    showChoices(unit, legal[unit] ?? []);
    draw();
  });
  byId('submit').addEventListener('click', () => void submit());
  byId('ready').addEventListener('click', () => void toggleReady());
  byId('history').addEventListener('input', () => {
    shown = Number(byId<HTMLInputElement>('history').value);
    draw();
  });
  byId('ordering').hidden = seat === undefined;
  setInterval(() => {
    byId('deadline').textContent = view ? countdown(view.deadline) : '';
  }, 1000);
  void load();
  listen();
}

setup();
