/**
 * The press panel of the game page: a conversation per counterpart plus the public channel, unread counts (kept
 * across reloads), messages arriving live from the event stream (which carries only what this token may read),
 * phase separators, and a box to write in. A gunboat game has no panel. Once the game is over it becomes the
 * record's messages: those of the phase the board shows, filterable by power (a finished imported record is
 * public, so all of its messages).
 *
 * Every text goes into the page with textContent, never as HTML: a message is shown as written, whatever it holds.
 */
import { displayName, parsePhaseName } from 'dipkit';
import { api, type GameView, type Seat } from './api.js';
import { el } from './common.js';

export interface Message {
  id: number;
  phase: string;
  from: string;
  to: string | string[];
  text: string;
  time: string;
}

export interface PressPanel {
  /** The game was read again (a new phase, the game over). */
  update(view: GameView): void;
  /** The board now shows `phase` (the record's messages follow it). */
  phaseShown(phase: string): void;
}

const PUBLIC = 'ALL';

function phaseTitle(name: string): string {
  const p = parsePhaseName(name);
  return p ? `${displayName(p.season)} ${p.year} ${displayName(p.type)}` : name;
}

function recipients(m: Message): string[] {
  return m.to === PUBLIC ? [] : typeof m.to === 'string' ? [m.to] : m.to;
}

/** The channel a message belongs to for `me`: the public one, or each counterpart in a private message. */
function inChannel(m: Message, channel: string, me: string | undefined): boolean {
  if (channel === PUBLIC) return m.to === PUBLIC;
  if (m.to === PUBLIC) return false;
  const people = [m.from, ...recipients(m)];
  return people.includes(channel) && (me === undefined || people.includes(me));
}

/** "England", "England, Germany" or "all". */
function toWords(m: Message): string {
  return m.to === PUBLIC ? 'all' : recipients(m).map(displayName).join(', ');
}

/** Mounts the panel in `host` for game `id`; returns how the page keeps it informed. */
export function mountPress(
  host: HTMLElement,
  id: string,
  seat: Seat | undefined,
  first: GameView,
): PressPanel {
  // A gunboat game has no press at all: no panel.
  if (first.press === 'none') {
    host.hidden = true;
    host.replaceChildren();
    return { update: () => undefined, phaseShown: () => undefined };
  }
  let view = first;
  const me = seat?.power;
  const messages: Message[] = [];
  let channel = PUBLIC;
  let shownPhase = first.phase;
  let filter = '';
  const readKey = (c: string): string => `dipkit:read:${id}:${me ?? '-'}:${c}`;
  const lastRead = (c: string): number => Number(localStorage.getItem(readKey(c)) ?? '0') || 0;

  const title = el('h2', {}, 'Press');
  const tabs = el('div', { class: 'press-tabs', role: 'tablist' });
  const list = el('ol', { class: 'press-list', 'aria-live': 'polite' });
  const note = el('p', { class: 'muted press-note' });
  const box = el('textarea', { class: 'press-text', rows: '2', 'aria-label': 'message', maxlength: '10000' });
  const send = el('button', { type: 'button', class: 'press-send' }, 'Send');
  const problem = el('p', { class: 'problem press-problem', role: 'alert' });
  const compose = el('div', { class: 'press-compose' });
  compose.append(box, send);
  const powerFilter = el('select', { class: 'press-filter', 'aria-label': 'messages of power' });
  // The record's phase steps: they move the page's history slider, which draws the board and tells us back.
  const steps = el('div', { class: 'press-steps' });
  const step = (by: number, label: string): HTMLButtonElement => {
    const b = el('button', { type: 'button', class: 'press-step' }, label);
    b.addEventListener('click', () => {
      const slider = document.getElementById('history');
      if (!(slider instanceof HTMLInputElement)) return;
      slider.value = String(Number(slider.value) + by);
      slider.dispatchEvent(new Event('input'));
    });
    return b;
  };
  steps.append(step(-1, '◀ Previous phase'), step(1, 'Next phase ▶'));
  host.replaceChildren(title, tabs, steps, powerFilter, list, note, compose, problem);

  const over = (): boolean => view.status !== 'active';
  const channels = (): string[] => {
    if (me === undefined || over() || view.press === 'public') return [PUBLIC];
    return [PUBLIC, ...view.powers.map((p) => p.power).filter((p) => p !== me)];
  };

  /** Why the box is closed now, or undefined. */
  function closed(): string | undefined {
    if (me === undefined) return 'You are watching: join the game to write.';
    const type = parsePhaseName(view.phase)?.type;
    if (type !== 'movement' && view.pressInRetreatsAndAdjustments === false)
      return 'Press is closed during retreats and adjustments; it opens again with the next movement phase.';
    return undefined;
  }

  function renderTabs(): void {
    tabs.replaceChildren(
      ...channels().map((c) => {
        const unread = messages.filter(
          (m) => inChannel(m, c, me) && m.from !== me && m.id > lastRead(c),
        ).length;
        const b = el('button', {
          type: 'button',
          role: 'tab',
          class: 'press-tab',
          'data-channel': c,
          'aria-selected': String(c === channel),
        });
        b.append(el('span', {}, c === PUBLIC ? 'Public' : displayName(c)));
        if (unread > 0)
          b.append(el('span', { class: 'unread', 'aria-label': `${unread} unread` }, String(unread)));
        b.addEventListener('click', () => {
          channel = c;
          render();
        });
        return b;
      }),
    );
  }

  function item(m: Message): HTMLLIElement {
    const li = el('li', { class: `press-message${m.from === me ? ' mine' : ''}`, 'data-id': String(m.id) });
    const head = el('span', { class: 'press-head' }, `${displayName(m.from)} to ${toWords(m)}`);
    // dipcc's recordings (the Cicero games) write a line break as "~N~".
    li.append(head, el('span', { class: 'press-body' }, m.text.replace(/ ?~N~ ?/g, '\n')));
    return li;
  }

  /** The messages in order, a separator where the phase changes. */
  function fill(shown: readonly Message[]): void {
    const items: HTMLLIElement[] = [];
    let phase: string | undefined;
    for (const m of shown) {
      if (m.phase !== phase) {
        phase = m.phase;
        items.push(el('li', { class: 'press-phase' }, phaseTitle(m.phase)));
      }
      items.push(item(m));
    }
    list.replaceChildren(...items);
  }

  function render(): void {
    if (over()) {
      // The record: the shown phase's messages, all powers or one.
      const ofPhase = messages.filter((m) => m.phase === shownPhase);
      const shown = ofPhase.filter(
        (m) => filter === '' || m.from === filter || recipients(m).includes(filter),
      );
      title.textContent = `Messages of ${phaseTitle(shownPhase)} (${shown.length})`;
      tabs.hidden = true;
      steps.hidden = false;
      powerFilter.hidden = false;
      compose.hidden = true;
      fill(shown);
      const elsewhere = messages.length - ofPhase.length;
      note.textContent =
        shown.length > 0 || messages.length === 0
          ? messages.length === 0
            ? 'No messages in this game.'
            : ''
          : `No messages in this phase${elsewhere > 0 ? `; ${elsewhere} in other phases` : ''}.`;
      return;
    }
    title.textContent = 'Press';
    tabs.hidden = false;
    steps.hidden = true;
    powerFilter.hidden = true;
    if (!channels().includes(channel)) channel = PUBLIC;
    const shown = messages.filter((m) => inChannel(m, channel, me));
    fill(shown);
    const last = shown.at(-1);
    if (last && last.id > lastRead(channel)) localStorage.setItem(readKey(channel), String(last.id));
    renderTabs();
    const why = closed();
    compose.hidden = why !== undefined && me === undefined;
    box.disabled = send.disabled = why !== undefined;
    box.placeholder =
      channel === PUBLIC ? 'A message to every power' : `A message to ${displayName(channel)} only`;
    note.textContent = why ?? (shown.length === 0 ? 'No messages yet.' : '');
    list.lastElementChild?.scrollIntoView({ block: 'nearest' });
  }

  function add(incoming: readonly Message[]): void {
    for (const m of incoming) if (!messages.some((x) => x.id === m.id)) messages.push(m);
    messages.sort((a, b) => a.id - b.id);
    render();
  }

  async function catchUp(): Promise<void> {
    const since = messages.at(-1)?.id ?? 0;
    const r = await api<{ messages: Message[] }>(
      'GET',
      `/api/games/${id}/messages?since=${since}`,
      undefined,
      seat?.token,
    );
    add(r.messages);
  }

  async function sendMessage(): Promise<void> {
    const text = box.value;
    if (text.trim() === '' || !seat) return;
    problem.textContent = '';
    send.disabled = true;
    try {
      const m = await api<Message>('POST', `/api/games/${id}/messages`, { to: channel, text }, seat.token);
      box.value = '';
      add([m]);
    } catch (e) {
      problem.textContent = e instanceof Error ? e.message : String(e);
    } finally {
      send.disabled = closed() !== undefined;
    }
  }

  function fillFilter(): void {
    powerFilter.replaceChildren(
      el('option', { value: '' }, 'All powers'),
      ...view.powers.map((p) => el('option', { value: p.power }, displayName(p.power))),
    );
    powerFilter.value = filter;
  }

  send.addEventListener('click', () => void sendMessage());
  box.addEventListener('keydown', (e) => {
    // Enter sends; Shift+Enter is a new line.
    if (e.key === 'Enter' && !e.shiftKey && !e.isComposing) {
      e.preventDefault();
      void sendMessage();
    }
  });
  powerFilter.addEventListener('change', () => {
    filter = powerFilter.value;
    render();
  });

  host.hidden = false;
  fillFilter();
  render();
  void catchUp().catch((e: unknown) => (problem.textContent = e instanceof Error ? e.message : String(e)));
  if (!over()) {
    // The stream carries only the messages this token may read; after a reconnection, read what was missed.
    const events = new EventSource(
      `/api/games/${id}/events${seat ? `?token=${encodeURIComponent(seat.token)}` : ''}`,
    );
    events.addEventListener('message', (e) => add([JSON.parse((e as MessageEvent<string>).data) as Message]));
    events.addEventListener('open', () => void catchUp().catch(() => undefined));
  }
  return {
    update(next) {
      view = next;
      render();
    },
    phaseShown(phase) {
      if (phase === shownPhase) return;
      shownPhase = phase;
      if (over()) render();
    },
  };
}
