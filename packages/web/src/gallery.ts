/**
 * The DATC gallery (/datc): every DATC v3.2 chapter 6 case drawn with its orders and dipkit's outcome (the core's
 * case runner, src/datc/run.ts), the case's text beside it, and the outcome under each alternative rule the DATC
 * states for it (test/data/datc-alternatives.json), each word beside the document's. The data comes from
 * datc-data.js, made by build.mjs from the project's test data.
 */
import {
  applyErrata,
  prepareCase,
  readDatcJson,
  readErrata,
  resolveRules,
  runCase,
  type CaseRun,
  type DatcCase,
  type DatcLine,
  type PreparedCase,
} from 'dipkit';
import { byId, drawBoard, el, map } from './common.js';

interface RawCase {
  id: string;
  title: string;
  description?: string;
  notes?: string;
}
interface Outcome {
  expect?: Record<string, string>;
  retreats?: Record<string, string>;
  note?: string;
}
interface Alternative extends Outcome {
  case: string;
  rules: string[];
  source: string;
  noResolution?: boolean;
  fallback?: Outcome & { rules: string[] };
}
declare global {
  var dipkitDatc: { cases: RawCase[]; alternatives: Alternative[]; errata: string };
}

const data = globalThis.dipkitDatc;
const read = readDatcJson(JSON.stringify({ cases: data.cases }));
const errata = readErrata(data.errata).value ?? [];
const cases: DatcCase[] = applyErrata(read.value ?? [], errata).value ?? [];

/** A table of the orders: the document's word (or the stated one), dipkit's word, marked where they differ. */
function outcomeTable(
  lines: readonly DatcLine[],
  stated: (line: DatcLine) => string | undefined,
  words: readonly string[],
): HTMLTableElement {
  const table = el('table', { class: 'outcomes' });
  const head = el('tr');
  head.append(el('th', {}, 'Order'), el('th', {}, 'DATC'), el('th', {}, 'dipkit'));
  table.append(head);
  lines.forEach((line, i) => {
    const want = stated(line);
    const got = words[i] ?? '';
    const row = el('tr', { 'data-order': line.text });
    row.append(
      el('td', {}, `${line.power}: ${line.text}`),
      el('td', {}, want ?? '(not stated)'),
      el('td', { class: want !== undefined && want !== got ? 'mismatch dipkit' : 'dipkit' }, got),
    );
    table.append(row);
  });
  return table;
}

/** Runs a prepared case under settings; an error (a case the runner cannot read) is shown, not thrown. */
function run(prepared: PreparedCase, settings: readonly string[]): CaseRun | string {
  const rules = resolveRules('datc', settings);
  if (!rules.value) return rules.issues.map((i) => i.message).join('; ');
  try {
    return runCase(map, prepared, rules.value);
  } catch (e) {
    return e instanceof Error ? e.message : String(e);
  }
}

function showCase(id: string): void {
  const c = cases.find((x) => x.id === id) ?? cases[0]!;
  const raw = data.cases.find((x) => x.id === c.id);
  for (const a of document.querySelectorAll('nav.cases a'))
    a.classList.toggle('current', a.getAttribute('href') === `#${c.id}`);
  const view = byId('case');
  view.replaceChildren();
  view.append(el('h2', {}, `${c.id} ${c.title}`));
  const body = el('div', { class: 'case-body' });
  const board = el('div', { class: 'board', id: 'board' });
  const text = el('div', { class: 'case-text' });
  if (raw?.description) text.append(el('p', {}, raw.description));
  if (raw?.notes) text.append(el('p', { class: 'muted' }, raw.notes));
  body.append(board, text);
  view.append(body);
  let prepared: PreparedCase;
  try {
    prepared = prepareCase(map, c);
  } catch (e) {
    view.append(el('p', { class: 'error' }, e instanceof Error ? e.message : String(e)));
    return;
  }
  const main = run(prepared, []);
  if (typeof main === 'string') {
    view.append(el('p', { class: 'error' }, main));
    return;
  }
  drawBoard(board, prepared.position, {
    result: { orders: main.outcomes },
    caption: `DATC ${c.id}`,
    crop: true,
  });
  text.append(outcomeTable(c.orders, (l) => l.result.toLowerCase(), main.words));
  if (prepared.retreats && main.retreatWords) {
    text.append(
      el('h3', {}, 'Retreats'),
      outcomeTable(c.retreats, (l) => l.result.toLowerCase(), main.retreatWords),
    );
  }
  for (const alt of data.alternatives.filter((a) => a.case === c.id)) {
    const box = el('div', { class: 'alternative' });
    box.append(el('h3', {}, `Under ${alt.rules.join(', ')}`), el('p', { class: 'muted' }, alt.source));
    const outcome: Outcome = alt.noResolution && alt.fallback ? alt.fallback : alt;
    const settings = alt.noResolution && alt.fallback ? [...alt.rules, ...alt.fallback.rules] : alt.rules;
    if (alt.noResolution)
      box.append(el('p', {}, `The DATC gives no resolution; the backup rule ${settings.join(', ')}:`));
    const r = run(prepared, settings);
    if (typeof r === 'string') box.append(el('p', { class: 'error' }, r));
    else {
      const altBoard = el('div', { class: 'board' });
      drawBoard(altBoard, prepared.position, {
        result: { orders: r.outcomes },
        caption: settings.join(' '),
        crop: true,
      });
      box.append(
        altBoard,
        outcomeTable(c.orders, (l) => outcome.expect?.[l.text], r.words),
      );
      if (prepared.retreats && r.retreatWords)
        box.append(outcomeTable(c.retreats, (l) => outcome.retreats?.[l.text], r.retreatWords));
    }
    if (outcome.note) box.append(el('p', { class: 'muted' }, outcome.note));
    text.append(box);
  }
  document.title = `DATC ${c.id}: ${c.title} - dipkit`;
}

function setup(): void {
  const nav = byId('case-list');
  for (const c of cases) nav.append(el('a', { href: `#${c.id}` }, `${c.id} ${c.title.toLowerCase()}`));
  for (const i of read.issues) nav.append(el('p', { class: 'error' }, i.message));
  window.addEventListener('hashchange', () => showCase(location.hash.slice(1)));
  showCase(location.hash.slice(1));
}

setup();
