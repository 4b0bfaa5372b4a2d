/**
 * The lobby's picture of a map: its board at the start (geographic art, or the schematic layout for a map without
 * art), small, beside the map choice, following the choice as it changes. The server draws it
 * (GET /api/maps/{map}/board.svg), so the lobby's script does not carry every map's art; the browser fetches a
 * map's board only when it is chosen.
 */
import { bundledMap } from 'dipkit';
import { el } from './common.js';

/** A figure showing the board of the map chosen in `choice`, kept up to date with it. */
export function mapThumbnail(choice: HTMLSelectElement): HTMLElement {
  // Sized here, not in style.css: the picture is one small piece of the lobby.
  const picture = el('img', {
    class: 'map-thumbnail-board',
    style: 'display: block; width: 100%; max-width: 22rem; height: auto',
  });
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
    picture.src = `/api/maps/${encodeURIComponent(choice.value)}/board.svg`;
    picture.alt = `${map.name}: the board at the start`;
    caption.textContent = `${map.name} at the start`;
  };
  choice.addEventListener('change', show);
  show();
  return figure;
}
