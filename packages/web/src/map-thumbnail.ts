/**
 * The lobby's picture of a map: its board at the start (geographic art, or the schematic layout for a map without
 * art), small, beside the map choice, following the choice as it changes.
 */
import { bundledMap, newGame, renderSvg } from 'dipkit';
import { el } from './common.js';

/** A figure showing the board of the map chosen in `choice`, kept up to date with it. */
export function mapThumbnail(choice: HTMLSelectElement): HTMLElement {
  // Sized here, not in style.css: the picture is one small piece of the lobby.
  const picture = el('div', { class: 'map-thumbnail-board', style: 'width: 100%; max-width: 22rem' });
  const caption = el('figcaption', { style: 'font-size: 0.85em' });
  const figure = el('figure', {
    class: 'map-thumbnail',
    id: 'create-map-thumbnail',
    style: 'margin: 0.5em 0',
  });
  figure.append(picture, caption);
  const show = (): void => {
    const map = bundledMap(choice.value);
    if (!map) return;
    picture.innerHTML = renderSvg(map, newGame(map).position, { showOrders: false });
    const svg = picture.querySelector('svg');
    svg?.setAttribute('width', '100%');
    svg?.removeAttribute('height');
    svg?.setAttribute('role', 'img');
    svg?.setAttribute('aria-label', `${map.name}: the board at the start`);
    caption.textContent = `${map.name} at the start`;
  };
  choice.addEventListener('change', show);
  show();
  return figure;
}
