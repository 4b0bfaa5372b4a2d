/**
 * A finished game on its page: the result (the winner, or a draw among the powers still standing, and why), the
 * supply centres of each power year by year as a chart, and no join prompt.
 */
import { displayName } from 'dipkit';
import type { GameView } from './api.js';
import { el, map } from './common.js';

/** What the header says of the viewer: their power, or watching; never a join prompt once the game is over. */
export function viewerText(view: GameView, power: string | undefined): string {
  if (power !== undefined) return `You play ${displayName(power)}`;
  return view.status === 'active'
    ? 'You are watching (join from the lobby)'
    : 'You are watching a finished game';
}

/** The state column of the powers table. */
export function powerState(view: GameView, p: GameView['powers'][number]): string {
  if (view.status !== 'active') return (view.centers[p.power] ?? 0) > 0 ? 'survived' : 'eliminated';
  if (!p.joined) return p.civilDisorder === true ? 'civil disorder' : 'open';
  // dipkit's bot orders the moment a phase begins; a DAIDE bot may still be thinking (or away).
  if (p.playedBy === 'bot') return 'bot';
  if (p.playedBy === 'daide') return p.mustOrder && !p.ready ? 'DAIDE, ordering' : 'DAIDE';
  return p.ready ? 'ready' : p.mustOrder ? 'ordering' : 'nothing to order';
}

/** What the state column's tooltip says of a seat a bot has. */
export function seatTitle(p: GameView['powers'][number]): string | undefined {
  if (p.playedBy === 'bot') return `dipkit's bot plays ${displayName(p.power)}`;
  if (p.playedBy === 'daide') return `a DAIDE client plays ${displayName(p.power)}`;
  return undefined;
}

/** "France wins with 18 centres", or "Draw among England, France, Germany". */
export function resultText(view: GameView): string {
  if (view.status === 'won' && view.winner !== undefined) {
    return `${displayName(view.winner)} wins with ${view.centers[view.winner] ?? 0} centres`;
  }
  const standing = Object.entries(view.centers)
    .filter(([, n]) => n > 0)
    .map(([p]) => displayName(p))
    .sort();
  const limit =
    view.maxYear !== undefined && (Number(view.phase.slice(1, -1)) || 0) > view.maxYear
      ? ` (the year limit, ${view.maxYear}, was reached)`
      : '';
  return `Draw among ${standing.join(', ')}${limit}`;
}

/** Each power's centres at the start of each year's Spring, then at the end: the chart's data. */
export function centresByYear(view: GameView): { year: number; centres: Record<string, number> }[] {
  const points: { year: number; centres: Record<string, number> }[] = [];
  const count = (sc: Record<string, string[]>): Record<string, number> =>
    Object.fromEntries(map.powers.map((p) => [p, sc[p]?.length ?? 0]));
  for (const h of view.history ?? []) {
    if (!h.phase.startsWith('S') || !h.phase.endsWith('M')) continue;
    points.push({ year: Number(h.phase.slice(1, -1)), centres: count(h.position.supplyCenters) });
  }
  const endYear = Number(view.phase.slice(1, -1));
  if (Number.isFinite(endYear) && points.at(-1)?.year !== endYear) {
    points.push({ year: endYear, centres: count(view.position.supplyCenters) });
  }
  return points;
}

/** The chart: one line per power, centres up, years across; an SVG with a title per line for screen readers. */
export function centresChart(view: GameView): SVGSVGElement {
  const data = centresByYear(view);
  const width = 360;
  const height = 180;
  const pad = 28;
  const most = Math.max(map.victoryCenters, ...data.flatMap((d) => Object.values(d.centres)));
  const first = data[0]?.year ?? 0;
  const last = Math.max(first + 1, data.at(-1)?.year ?? 1);
  const x = (year: number): number => pad + ((year - first) / (last - first)) * (width - 2 * pad);
  const y = (n: number): number => height - pad - (n / most) * (height - 2 * pad);
  const colours = map.powerColour;
  const ns = 'http://www.w3.org/2000/svg';
  const svg = document.createElementNS(ns, 'svg');
  svg.setAttribute('viewBox', `0 0 ${width} ${height}`);
  svg.setAttribute('class', 'centres-chart');
  svg.setAttribute('role', 'img');
  svg.setAttribute('aria-label', 'supply centres of each power, year by year');
  const add = (tag: string, attrs: Record<string, string>, text?: string): SVGElement => {
    const e = document.createElementNS(ns, tag);
    for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
    if (text !== undefined) e.textContent = text;
    svg.append(e);
    return e;
  };
  add('line', {
    x1: String(pad),
    y1: String(height - pad),
    x2: String(width - pad),
    y2: String(height - pad),
    stroke: '#999',
  });
  add('line', {
    x1: String(pad),
    y1: String(pad),
    x2: String(pad),
    y2: String(height - pad),
    stroke: '#999',
  });
  add('text', { x: String(pad), y: String(height - 8), 'font-size': '10' }, String(first));
  add(
    'text',
    { x: String(width - pad), y: String(height - 8), 'font-size': '10', 'text-anchor': 'end' },
    String(last),
  );
  add('text', { x: '4', y: String(y(most) + 4), 'font-size': '10' }, String(most));
  map.powers.forEach((power, i) => {
    const points = data
      .map((d) => `${x(d.year).toFixed(1)},${y(d.centres[power] ?? 0).toFixed(1)}`)
      .join(' ');
    const line = add('polyline', {
      points,
      fill: 'none',
      stroke: colours[i] ?? '#333',
      'stroke-width': '2',
      'data-power': power,
    });
    // A dot per year too: a game of one year has no line to draw.
    for (const d of data) {
      add('circle', {
        cx: x(d.year).toFixed(1),
        cy: y(d.centres[power] ?? 0).toFixed(1),
        r: '2.5',
        fill: colours[i] ?? '#333',
      });
    }
    const title = document.createElementNS(ns, 'title');
    title.textContent = `${displayName(power)}: ${data.map((d) => `${d.year} ${d.centres[power] ?? 0}`).join(', ')}`;
    line.append(title);
  });
  return svg;
}

/** The result section: the result in words, the chart and its key. Null while the game goes on. */
export function resultPanel(view: GameView): HTMLElement | null {
  if (view.status === 'active') return null;
  const section = el('section', { id: 'game-result', class: 'result' });
  section.append(el('h2', {}, 'Game over'), el('p', { class: 'result-text' }, resultText(view)));
  section.append(centresChart(view));
  const colours = map.powerColour;
  const key = el('p', { class: 'chart-key' });
  map.powers.forEach((p, i) => {
    const item = el('span', { class: 'key' }, ` ${displayName(p)} ${view.centers[p] ?? 0}`);
    item.style.setProperty('--c', colours[i] ?? '#333');
    key.append(item);
  });
  section.append(key);
  return section;
}
