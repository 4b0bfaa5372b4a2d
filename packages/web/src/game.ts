/**
 * The game page (/games/{id}): the current phase's map with the player's own orders drawn as arrows as they are
 * entered; orders by clicking or tapping (order-menu.ts's grammar: a unit, then where it goes, or the unit it
 * supports or convoys and then that unit again or its destination), by the buttons of the order panel (keyboard:
 * the unit list, Tab, Enter), or by typing (bad lines marked, nothing sent until every line reads); the clicks
 * and the text stay in step both ways. Unsent orders are marked "not sent" and kept in the browser (drafts.ts);
 * leaving the page with them asks first; changing orders after Ready takes the Ready back, on the server too.
 * Also: the deadline counting down, live updates by server-sent events, the last phase's outcomes with reasons, a
 * history slider, supply-centre counts; the board pans and zooms (board-zoom.ts).
 */
import { displayName, parsePhaseName, type Position } from 'dipkit';
import { api, countdown, savedSeat, type GameView, type HistoryPhase, type Seat } from './api.js';
import { byId, clickedProvince, drawBoard, el, map, readOrders, showProblems, useMapArt } from './common.js';
import { setupPanels, showPanels } from './game-panels.js';
import { historyItems, historyMarks } from './history-story.js';
import { powerState, seatTitle, viewerText } from './game-result.js';
import { showDaidePort } from './daide-ui.js';
import { mountPress, type PressPanel } from './press.js';
import { markBoard } from './board-highlights.js';
import { makeZoomable } from './board-zoom.js';
import { dropDraft, loadDraft, orderLines, saveDraft } from './drafts.js';
import {
  IDLE,
  clickOn,
  highlightsOf,
  panelOf,
  provinceOf,
  readLegal,
  unitLabel,
  type Choice,
  type Orderable,
  type PhaseKind,
  type Step,
} from './order-menu.js';
import { showPanel } from './order-panel.js';

const id = decodeURIComponent(location.pathname.split('/').filter(Boolean).pop() ?? '');
const seat: Seat | undefined = savedSeat(id);
let view: GameView | undefined;
/** The player's legal orders (`GET .../legal`), read for clicks. */
let orderable: Orderable = { byProvince: new Map(), waive: undefined };
/** The order being entered. */
let step: Step = IDLE;
/** The other meanings of the last click, offered as buttons. */
let alternatives: readonly Choice[] = [];
/** The order lines the server holds for this phase (as it wrote them back). */
let sentLines: string[] = [];
/** Whether the server has this power ready. */
let ready = false;
/** Index into the history shown by the slider; history.length is the current phase. */
let shown = 0;
let press: PressPanel | undefined;

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

function phaseKind(): PhaseKind {
  return parsePhaseName(view?.phase ?? '')?.type ?? 'movement';
}

function position(p: Omit<Position, 'phase'>, phase: string): Position {
  return {
    ...p,
    phase: parsePhaseName(phase) ?? { season: 'spring', year: 1901, type: 'movement' },
  };
}

function atCurrentPhase(): boolean {
  return view !== undefined && shown === (view.history?.length ?? 0);
}

// ---------------------------------------------------------------------------------------------------------------
// The board and the order panel

/** The results of the phase the slider shows (the last one played, for the current phase). */
function showResults(h: HistoryPhase | undefined): void {
  byId('last-phase').textContent = h ? `Results of ${phaseTitle(h.phase)}` : 'No phase played yet';
  byId('outcomes').replaceChildren(...(view && h ? historyItems(view, h) : []));
}

/** Draws the phase the slider points at: the current one with my orders and the entry's marks, or a past one. */
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
    press?.phaseShown(past.phase);
    return;
  }
  showResults(history.at(-1));
  press?.phaseShown(view.phase);
  byId('shown-phase').textContent = `${phaseTitle(view.phase)} (now)`;
  const { orders } = readOrders(ordersBox.value);
  const mine = seat ? orders.map((o) => (o.power === undefined ? { ...o, power: seat.power } : o)) : [];
  drawBoard(board, position(view.position, view.phase), { orders: mine });
  if (seat) markBoard(board, highlightsOf(map, orderable, step, phaseKind()));
}

/** The units (or build sites) of mine without an order in the box, for the panel's status line. */
function unordered(): string {
  if (!seat || orderable.byProvince.size === 0) return '';
  const ordered = new Set<string>();
  let waives = 0;
  for (const { order } of readOrders(ordersBox.value).orders) {
    if (order.kind === 'waive') waives++;
    else ordered.add(provinceOf(map, order.unit.location));
  }
  if (phaseKind() === 'adjustment') {
    const change = view?.adjustments?.find((a) => a.power === seat.power)?.change ?? 0;
    const used = [...ordered].filter((p) => orderable.byProvince.has(p)).length + waives;
    return change > 0
      ? `Builds: ${used} of ${change} ordered${used < change ? ' (the rest are waived)' : ''}.`
      : `Removals: ${used} of ${-change} ordered${used < -change ? ' (the rest are chosen by the rules)' : ''}.`;
  }
  const missing = [...orderable.byProvince.keys()]
    .filter((p) => !ordered.has(p))
    .map((p) => unitLabel(orderable, p, phaseKind()));
  return missing.length === 0
    ? 'Every unit has an order.'
    : `Not ordered yet (${phaseKind() === 'retreat' ? 'they disband' : 'they hold'}): ${missing.join(', ')}.`;
}

function showOrderPanel(): void {
  showPanel(
    byId('choices'),
    panelOf(map, orderable, step, phaseKind()),
    alternatives,
    unordered(),
    step.kind !== 'idle',
    {
      choose: (c) => chooseOrder(c),
      go: (s) => goTo(s),
      cancel: () => goTo(IDLE),
    },
  );
  byId<HTMLSelectElement>('unit-pick').value = step.kind === 'idle' ? '' : step.province;
}

function goTo(next: Step, keepAlternatives = false): void {
  step = next;
  if (!keepAlternatives) alternatives = [];
  showOrderPanel();
  draw();
}

// ---------------------------------------------------------------------------------------------------------------
// Entering orders

/** Puts `choice` in the box in place of its unit's earlier order (a waive is added to the others). */
function chooseOrder(choice: Choice, next: Step = IDLE, others: readonly Choice[] = []): void {
  const lines = orderLines(ordersBox.value);
  const order = choice.order;
  const province = order.kind === 'waive' ? undefined : provinceOf(map, order.unit.location);
  const kept = lines.filter((l) => {
    const first = readOrders(l).orders[0]?.order;
    return !(first && first.kind !== 'waive' && provinceOf(map, first.unit.location) === province);
  });
  ordersBox.value = [...kept, choice.text].join('\n');
  alternatives = others;
  ordersEdited();
  goTo(next, true);
}

/** A click or tap on the board: order.menu's grammar at the current step. */
function boardClicked(target: EventTarget | null): void {
  if (!seat || !atCurrentPhase()) return;
  const province = clickedProvince(target);
  if (province === undefined) return;
  const click = clickOn(map, orderable, step, province, phaseKind());
  if (click.order) chooseOrder(click.order, click.next, click.alternatives);
  else goTo(click.next);
}

/** Re-reads the order box: marks bad lines, redraws my orders. */
function orderLinesChanged(): void {
  const { problems } = readOrders(ordersBox.value);
  showProblems(problemsList, problems);
  ordersBox.classList.toggle('has-problems', problems.length > 0);
  if (atCurrentPhase()) draw();
}

// ---------------------------------------------------------------------------------------------------------------
// Sent or not, ready or not

function unsent(): boolean {
  return orderLines(ordersBox.value).join('\n') !== sentLines.join('\n');
}

/** Shows the orders' state: "not sent", "sent", "ready". */
function showSendState(): void {
  const changed = unsent();
  ordersBox.classList.toggle('unsent', changed);
  const state = byId('send-state');
  state.textContent = changed ? 'not sent' : ready ? 'sent, ready' : sentLines.length > 0 ? 'sent' : '';
  state.className = changed ? 'badge unsent' : ready ? 'badge ready' : 'badge';
  byId<HTMLButtonElement>('ready').textContent = ready ? 'Not ready' : 'Ready';
}

/** After every change of the box, typed or clicked: kept in the browser, marked, and Ready taken back. */
function ordersEdited(): void {
  orderLinesChanged();
  if (seat && view) {
    if (unsent()) saveDraft(id, seat.power, view.phase, ordersBox.value);
    else dropDraft(id, seat.power);
    if (ready && unsent())
      void setReady(false, 'Your orders changed: you are no longer ready. Send them and press Ready again.');
  }
  showSendState();
  showOrderPanel();
}

/** Sends the orders; false (and nothing sent) when a line does not read. */
async function submit(): Promise<boolean> {
  if (!seat || !view) return false;
  const { problems } = readOrders(ordersBox.value);
  if (problems.length > 0) {
    say('Orders not sent: correct the marked lines first.');
    return false;
  }
  const lines = orderLines(ordersBox.value);
  try {
    const r = await api<{ orders: string[] }>(
      'PUT',
      `/api/games/${id}/orders`,
      { orders: lines, phase: view.phase },
      seat.token,
    );
    sentLines = r.orders;
    // The box shows what the server holds, unless it was changed while the orders were on their way.
    if (orderLines(ordersBox.value).join('\n') === lines.join('\n')) ordersBox.value = r.orders.join('\n');
    if (!unsent()) dropDraft(id, seat.power);
    say(`Orders sent (${lines.length}).`);
    orderLinesChanged();
    showSendState();
    return true;
  } catch (e) {
    say(e instanceof Error ? e.message : String(e));
    return false;
  }
}

async function setReady(want: boolean, message?: string): Promise<void> {
  if (!seat || !view) return;
  ready = want;
  showSendState();
  try {
    const r = await api<{ ready: boolean; processed: boolean }>(
      'POST',
      `/api/games/${id}/ready`,
      { ready: want, phase: view.phase },
      seat.token,
    );
    ready = r.ready;
    showSendState();
    if (message) say(message);
    if (r.processed) await load();
  } catch (e) {
    say(e instanceof Error ? e.message : String(e));
  }
}

async function toggleReady(): Promise<void> {
  if (!ready && !(await submit())) return;
  await setReady(!ready);
}

// ---------------------------------------------------------------------------------------------------------------
// The game from the server

function showView(): void {
  if (!view) return;
  showDaidePort(view);
  showPowers();
  showPanels(id, view, () => void load(), say);
  draw();
}

/** The header's phase and seat, and the powers table: centres and who is ready. */
function showPowers(): void {
  if (!view) return;
  byId('phase').textContent =
    `${phaseTitle(view.phase)}${view.status !== 'active' ? ` - ${view.status}${view.winner ? `, ${displayName(view.winner)} wins` : ''}` : ''}`;
  byId('me').textContent = viewerText(view, seat?.power);
  const powers = byId('powers');
  powers.replaceChildren(
    ...view.powers.map((p) => {
      const row = el('tr', { 'data-power': p.power });
      const title = view?.status === 'active' ? seatTitle(p) : undefined;
      row.append(
        el('td', {}, displayName(p.power)),
        el('td', {}, String(view?.centers[p.power] ?? 0)),
        el('td', title === undefined ? {} : { title }, powerState(view!, p)),
      );
      return row;
    }),
  );
}

/** The orders to show on arrival: the unsent ones kept in the browser, else those the server holds. */
function restoreOrders(serverLines: string[]): void {
  sentLines = serverLines;
  const draft = seat && view ? loadDraft(id, seat.power, view.phase) : undefined;
  ordersBox.value = draft ?? serverLines.join('\n');
  if (draft !== undefined && unsent()) say('Your unsent orders were kept: they are marked "not sent".');
}

async function load(): Promise<void> {
  try {
    const before = view?.phase;
    view = await api<GameView>('GET', `/api/games/${id}`);
    if (!(await useMapArt(view.map)))
      say(`This page does not know the map "${view.map}": it shows the standard map.`);
    if (before !== undefined && before !== view.phase) say(`${phaseTitle(before)} was processed.`);
    // A finished game opens as a record to watch, from its first phase; a game in play at its current phase.
    shown = view.status !== 'active' && before === undefined ? 0 : (view.history?.length ?? 0);
    orderable = { byProvince: new Map(), waive: undefined };
    if (seat && view.status === 'active') {
      const [l, mine] = await Promise.all([
        api<{ orders: Record<string, string[]> }>('GET', `/api/games/${id}/legal`, undefined, seat.token),
        api<{ orders: string[]; ready: boolean }>('GET', `/api/games/${id}/orders`, undefined, seat.token),
      ]);
      orderable = readLegal(map, l.orders);
      const pick = byId<HTMLSelectElement>('unit-pick');
      pick.replaceChildren(
        el('option', { value: '' }, orderable.byProvince.size > 0 ? 'choose a unit…' : 'nothing to order'),
        ...[...orderable.byProvince.keys()].map((p) =>
          el('option', { value: p }, unitLabel(orderable, p, phaseKind())),
        ),
      );
      ready = mine.ready;
      restoreOrders(mine.orders);
      ordersBox.placeholder = exampleLines(l.orders);
    }
    step = IDLE;
    alternatives = [];
    if (press) press.update(view);
    else press = mountPress(byId('press'), id, seat, view);
    showView();
    orderLinesChanged();
    showSendState();
    showOrderPanel();
    // The first moment a click gives an order (the board drawn, the legal orders read): the browser test prints it.
    const w = window as unknown as { interactive?: number };
    w.interactive ??= performance.now();
  } catch (e) {
    say(e instanceof Error ? e.message : String(e));
  }
}

/**
 * The order box's example: a legal move (else the first legal order) of each of the player's first two units, so
 * that it shows this game's map and phase ("A PAR - BUR" on the standard map in spring, "F BRE B" in winter).
 */
function exampleLines(byUnit: Record<string, string[]>): string {
  return Object.entries(byUnit)
    .filter(([unit]) => unit !== 'WAIVE')
    .slice(0, 2)
    .map(([, orders]) => orders.find((o) => / [-R] /.test(o)) ?? orders[0] ?? '')
    .join('\n');
}

function listen(): void {
  const events = new EventSource(`/api/games/${id}/events`);
  // Someone joined or pressed Ready: only the powers table changes (the board is not drawn again, the history not
  // read again: seven players pressing Ready cost each page seven small reads, not seven boards).
  const reloadPowers = (settings = false): void => {
    void api<GameView>('GET', `/api/games/${id}?history=false`).then((v) => {
      // A view of a later phase (the game moved on before this event's read): reload it all, so that the slider,
      // the legal orders and the order box follow the new phase instead of drawing the old one under its title.
      if (v.phase !== view?.phase) return load();
      view = { ...v, history: view.history ?? [] };
      // Paused, resumed, a new deadline: the creator's panel and the settings change too.
      if (settings) showPanels(id, view, () => void load(), say);
      showPowers();
    });
  };
  events.addEventListener('joined', () => reloadPowers());
  events.addEventListener('ready', () => reloadPowers());
  for (const kind of ['paused', 'resumed', 'deadline'])
    events.addEventListener(kind, () => reloadPowers(true));
  events.addEventListener('phase', () => void load());
  events.addEventListener('gameover', () => void load());
}

function setup(): void {
  document.title = `dipkit game ${id}`;
  setupPanels(id);
  byId('game-id').textContent = id;
  ordersBox.addEventListener('input', ordersEdited);
  board.addEventListener('click', (e) => boardClicked(e.target));
  makeZoomable(board, { in: byId('zoom-in'), out: byId('zoom-out'), fit: byId('zoom-fit') });
  byId('unit-pick').addEventListener('change', () => {
    const province = byId<HTMLSelectElement>('unit-pick').value;
    goTo(province ? { kind: 'unit', province } : IDLE);
    byId('choices').querySelector('button')?.focus();
  });
  document.addEventListener('keydown', (e) => {
    if (e.key === 'Escape' && step.kind !== 'idle') goTo(IDLE);
  });
  byId('submit').addEventListener('click', () => void submit());
  byId('ready').addEventListener('click', () => void toggleReady());
  byId('history').addEventListener('input', () => {
    shown = Number(byId<HTMLInputElement>('history').value);
    draw();
  });
  // Leaving with unsent orders asks first (they are kept in the browser all the same).
  window.addEventListener('beforeunload', (e) => {
    if (seat && unsent()) {
      e.preventDefault();
      e.returnValue = '';
    }
  });
  byId('ordering').hidden = seat === undefined;
  setInterval(() => {
    byId('deadline').textContent = view ? countdown(view.deadline) : '';
  }, 1000);
  void load();
  listen();
}

setup();
