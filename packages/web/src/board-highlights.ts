/**
 * Marks on the drawn board for the order being entered (order-menu.ts's highlights): the unit being ordered, the
 * unit it supports or convoys, the provinces it can reach (by convoy: dashed), where the supported unit may go,
 * the provinces with something to order. Each mark is a copy of the province's outline laid over the provinces
 * and under the orders, labels and units, so nothing is hidden and clicks still reach the province below.
 */
import type { Highlights } from './order-menu.js';

const SVG = 'http://www.w3.org/2000/svg';

export function markBoard(container: HTMLElement, h: Highlights): void {
  const svg = container.querySelector('svg');
  const provinces = svg?.querySelector('g.provinces');
  if (!svg || !provinces) return;
  const width = svg.viewBox.baseVal?.width || 1000;
  const layer = document.createElementNS(SVG, 'g');
  layer.setAttribute('class', 'highlights');
  layer.setAttribute('pointer-events', 'none');
  const mark = (province: string | undefined, kind: string, strokeWidth: number): void => {
    if (province === undefined) return;
    const shape = provinces.querySelector(`path.province[data-province="${province}"]`);
    if (!shape) return;
    const copy = document.createElementNS(SVG, 'path');
    copy.setAttribute('d', shape.getAttribute('d') ?? '');
    copy.setAttribute('class', `highlight ${kind}`);
    copy.setAttribute('data-highlight', province);
    copy.setAttribute('stroke-width', String((width / 1000) * strokeWidth));
    if (kind === 'by-convoy' || kind === 'other')
      copy.setAttribute('stroke-dasharray', `${(width / 1000) * 9} ${(width / 1000) * 5}`);
    layer.append(copy);
  };
  const convoyOnly = h.byConvoy.filter((p) => !h.reachable.includes(p));
  for (const p of h.sites) mark(p, 'site', 4);
  for (const p of h.reachable) mark(p, 'reachable', 4);
  for (const p of convoyOnly) mark(p, 'by-convoy', 4);
  for (const p of h.targets) mark(p, 'target', 4);
  mark(h.other, 'other', 5);
  mark(h.selected, 'selected', 5);
  provinces.after(layer);
}
