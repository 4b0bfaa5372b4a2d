/**
 * The order panel beside the board: what to click next, in words, and a button for every order a click gives
 * (order-menu.ts's panel), so that every order can be entered with the keyboard alone (Tab, Enter) or by tapping
 * a button on a phone; after a click that could have meant two orders, the other one as a button.
 */
import type { Choice, Panel, Step } from './order-menu.js';
import { el } from './common.js';

export interface PanelActions {
  choose(choice: Choice): void;
  go(step: Step): void;
  cancel(): void;
}

function choiceButton(
  label: string,
  title: string,
  choice: Choice,
  actions: PanelActions,
): HTMLButtonElement {
  const b = el('button', { type: 'button', class: 'choice', 'data-order': choice.text, title }, label);
  b.addEventListener('click', () => actions.choose(choice));
  return b;
}

/**
 * Fills `list` with `panel`'s buttons; `alternatives` (the other meanings of the last click) first; `status` a
 * line about the orders so far ("Not ordered yet: A PAR"). Cancel ends a step; Escape does too (game.ts).
 */
export function showPanel(
  list: HTMLElement,
  panel: Panel,
  alternatives: readonly Choice[],
  status: string,
  active: boolean,
  actions: PanelActions,
): void {
  const parts: HTMLElement[] = [];
  if (alternatives.length > 0) {
    const row = el('div', { class: 'group alternatives' });
    row.append(el('span', { class: 'group-label' }, 'Or instead:'));
    for (const c of alternatives) row.append(choiceButton(c.text, c.text, c, actions));
    parts.push(row);
  }
  parts.push(el('p', { class: 'prompt' }, panel.prompt));
  for (const group of panel.groups) {
    const row = el('div', { class: 'group' });
    if (group.label !== '') row.append(el('span', { class: 'group-label' }, group.label));
    for (const item of group.items) {
      if (item.choice) row.append(choiceButton(item.label, item.title, item.choice, actions));
      else if (item.step) {
        const step = item.step;
        const b = el('button', { type: 'button', class: 'step', title: item.title }, item.label);
        if (step.kind === 'other') b.setAttribute('data-other', step.other);
        b.addEventListener('click', () => actions.go(step));
        row.append(b);
      }
    }
    parts.push(row);
  }
  if (active) {
    const row = el('div', { class: 'group' });
    const back = panel.back;
    if (back) {
      const b = el('button', { type: 'button', class: 'back' }, 'Back');
      b.addEventListener('click', () => actions.go(back));
      row.append(b);
    }
    const cancel = el('button', { type: 'button', class: 'cancel', title: 'Escape' }, 'Cancel');
    cancel.addEventListener('click', () => actions.cancel());
    row.append(cancel);
    parts.push(row);
  }
  if (status !== '') parts.push(el('p', { class: 'muted order-status' }, status));
  list.replaceChildren(...parts);
}
