/**
 * Pan and zoom of the game board (@panzoom/panzoom, CSS transforms: the SVG stays sharp, its labels grow with the
 * zoom): pinch or the + / - buttons zoom, a drag pans once zoomed, ctrl + wheel (a touchpad's pinch) zooms on a
 * desktop while the plain wheel still scrolls the page. Unzoomed, a vertical swipe on the map scrolls the page, so
 * the map never traps a phone's user; zoomed, a drag pans the map. A drag or pinch never counts as a click.
 */
import Panzoom, { type PanzoomObject } from '@panzoom/panzoom';

/** Pointer travel (CSS px) past which a press is a drag, not a tap. */
const TAP_SLOP = 8;

export function makeZoomable(
  board: HTMLElement,
  controls: { in: HTMLElement; out: HTMLElement; fit: HTMLElement },
): PanzoomObject {
  const zoom = Panzoom(board, {
    minScale: 1,
    maxScale: 6,
    step: 0.5,
    contain: 'outside',
    panOnlyWhenZoomed: true,
    cursor: 'default',
    // Only preventDefault: the click that ends a tap must still reach the board.
    handleStartEvent: (e: Event) => e.preventDefault(),
  });
  const frame = board.parentElement!;
  const touchAction = (): void => {
    const value = zoom.getScale() > 1.01 ? 'none' : 'pan-y';
    board.style.touchAction = value;
    frame.style.touchAction = value;
    frame.classList.toggle('zoomed', value === 'none');
  };
  touchAction();
  board.addEventListener('panzoomchange', touchAction);
  frame.addEventListener(
    'wheel',
    (e) => {
      if (e.ctrlKey) zoom.zoomWithWheel(e);
    },
    { passive: false },
  );
  controls.in.addEventListener('click', () => zoom.zoomIn());
  controls.out.addEventListener('click', () => zoom.zoomOut());
  controls.fit.addEventListener('click', () => zoom.reset());

  // A press that travelled is a pan or a pinch: its click is swallowed before the board's handlers see it.
  let start: { x: number; y: number } | undefined;
  let travelled = false;
  let pointers = 0;
  board.addEventListener('pointerdown', (e) => {
    pointers++;
    if (pointers === 1) {
      start = { x: e.clientX, y: e.clientY };
      travelled = false;
    } else travelled = true;
  });
  board.addEventListener('pointermove', (e) => {
    if (start && Math.hypot(e.clientX - start.x, e.clientY - start.y) > TAP_SLOP) travelled = true;
  });
  const up = (): void => {
    pointers = Math.max(0, pointers - 1);
  };
  board.addEventListener('pointerup', up);
  board.addEventListener('pointercancel', () => {
    up();
    travelled = true;
  });
  board.addEventListener(
    'click',
    (e) => {
      if (travelled) {
        e.stopImmediatePropagation();
        e.preventDefault();
      }
      travelled = false;
    },
    true,
  );
  return zoom;
}
