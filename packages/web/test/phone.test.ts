/**
 * The game page on a phone (390 x 844, touch) in real Chromium against `dipkit serve`: no sideways scroll; orders
 * by tapping a unit and its destination; a pinch zooms the board until its labels are readable, a drag then pans
 * it without counting as a tap, and tapping still orders; typed orders are drawn and counted like tapped ones.
 * Then the keyboard alone on a desktop: the unit list, Tab, Enter, for a move and a support.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer } from '@dipkit/server';
import type { Browser, Page } from 'playwright-core';
import { collectErrors, launch, stateShot } from './browser.js';

async function post<T>(url: string, body: unknown): Promise<T> {
  const r = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  assert.ok(r.ok, `${url}: ${r.status}`);
  return (await r.json()) as T;
}

/** A page of `id` playing `power` (its seat put in the browser as the lobby's Join does). */
async function open(
  browser: Browser,
  base: string,
  id: string,
  power: string,
  phone: boolean,
): Promise<{ page: Page; errors: string[] }> {
  const seat = await post<{ power: string; token: string }>(`${base}/api/games/${id}/join`, { power });
  const context = await browser.newContext(
    phone
      ? {
          viewport: { width: 390, height: 844 },
          isMobile: true,
          hasTouch: true,
          deviceScaleFactor: process.env['DIPKIT_SCREENSHOTS'] ? 2 : 1,
        }
      : { viewport: { width: 1280, height: 900 } },
  );
  await context.addInitScript(
    ([key, value]) => localStorage.setItem(key!, value!),
    [`dipkit:seat:${id}`, JSON.stringify(seat)],
  );
  const page = await context.newPage();
  const errors = collectErrors(page);
  await page.goto(`${base}/games/${id}`);
  await page.waitForSelector('#board svg g.unit');
  return { page, errors };
}

async function orderBox(page: Page): Promise<string[]> {
  return (await page.inputValue('#orders'))
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '');
}

/** The board's zoom, from the transform @panzoom/panzoom sets. */
async function scale(page: Page): Promise<number> {
  return page.$eval('#board', (b) => new DOMMatrix(getComputedStyle(b).transform).a);
}

/** Two fingers on the board moving apart, one above the other (CDP touch events, as a phone's screen sends them). */
async function pinch(page: Page, cx: number, cy: number, from: number, to: number): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  const points = (d: number): { x: number; y: number; id: number }[] => [
    { x: cx, y: cy - d, id: 0 },
    { x: cx, y: cy + d, id: 1 },
  ];
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: points(from) });
  for (let i = 1; i <= 8; i++)
    await cdp.send('Input.dispatchTouchEvent', {
      type: 'touchMove',
      touchPoints: points(from + ((to - from) * i) / 8),
    });
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

/** One finger dragged across the board. */
async function drag(page: Page, x: number, y: number, dx: number, dy: number): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y, id: 0 }] });
  for (let i = 1; i <= 6; i++)
    await cdp.send('Input.dispatchTouchEvent', {
      type: 'touchMove',
      touchPoints: [{ x: x + (dx * i) / 6, y: y + (dy * i) / 6, id: 0 }],
    });
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

async function centre(page: Page, selector: string): Promise<{ x: number; y: number }> {
  const box = (await page.locator(selector).boundingBox())!;
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

test('on a phone: no sideways scroll, orders by tapping, pinch to zoom, drag to pan; the keyboard alone on a desktop', async () => {
  const data = mkdtempSync(join(tmpdir(), 'dipkit-web-phone-'));
  const server = await startServer({ data, port: 0, tick: 200 });
  const browser = await launch();
  try {
    const base = server.url;
    const { id } = await post<{ id: string }>(`${base}/api/games`, { map: 'standard' });
    const { page, errors } = await open(browser, base, id, 'ENGLAND', true);
    const width = (): Promise<[number, number]> =>
      page.evaluate(() => [document.scrollingElement!.scrollWidth, innerWidth] as [number, number]);
    let [scrollWidth, innerWidth] = await width();
    assert.ok(scrollWidth <= innerWidth, `the page scrolls sideways: ${scrollWidth} > ${innerWidth}`);
    await stateShot(page, 'phone-start');

    // Tap a unit, see where it can go, tap the destination.
    await page.tap('#board g.unit[data-location="LON"]');
    const reachable = await page.$$eval('#board path.highlight.reachable', (ps) =>
      ps.map((p) => p.getAttribute('data-highlight')).sort(),
    );
    assert.deepEqual(reachable, ['ENG', 'NTH', 'WAL', 'YOR'], 'London fleet: its neighbours by sea');
    await stateShot(page, 'phone-selected');
    await page.tap('#board text.label[data-province="NTH"]');
    assert.deepEqual(await orderBox(page), ['F LON - NTH']);
    assert.equal(await page.$$eval('#board g.order.move', (gs) => gs.length), 1);

    // A pinch zooms until a label is readable (at least 10 CSS px high); the page still does not scroll sideways.
    const before = (await page.locator('#board text.label[data-province="YOR"]').boundingBox())!.height;
    const at = await centre(page, '#board text.label[data-province="YOR"]');
    // As a player does, pinch again until it is big enough (a busy machine may merge some of the touch moves).
    for (let i = 0; i < 4 && (await scale(page)) < 2; i++) {
      await pinch(page, at.x, at.y, 20, 110);
      await page.waitForTimeout(100);
    }
    const zoomed = await scale(page);
    assert.ok(zoomed >= 2, `four pinches zoomed only to ${zoomed}`);
    const label = (await page.locator('#board text.label[data-province="YOR"]').boundingBox())!.height;
    assert.ok(
      label >= 10 && label > before * 2,
      `a label is ${label.toFixed(1)} px high at zoom ${zoomed.toFixed(2)} (${before.toFixed(1)} before)`,
    );
    [scrollWidth, innerWidth] = await width();
    assert.ok(scrollWidth <= innerWidth, `zoomed, the page scrolls sideways: ${scrollWidth} > ${innerWidth}`);

    // Zoomed, a tap still orders: the Liverpool army to Yorkshire.
    await page.tap('#board g.unit[data-location="LVP"]');
    await stateShot(page, 'phone-zoomed-selected');
    await page.tap('#board text.label[data-province="YOR"]');
    assert.deepEqual(await orderBox(page), ['F LON - NTH', 'A LVP - YOR']);

    // A drag pans the board and is no tap: nothing is selected or ordered by it.
    const panBefore = await page.$eval('#board', (b) => new DOMMatrix(getComputedStyle(b).transform).e);
    const from = await centre(page, '#board g.unit[data-location="EDI"]');
    await drag(page, from.x, from.y, 60, 0);
    const panAfter = await page.$eval('#board', (b) => new DOMMatrix(getComputedStyle(b).transform).e);
    assert.ok(panAfter > panBefore + 20, `the board panned: ${panBefore} -> ${panAfter}`);
    assert.equal(
      await page.$$eval('#board path.highlight.selected', (ps) => ps.length),
      0,
      'the drag selected nothing',
    );
    assert.deepEqual(await orderBox(page), ['F LON - NTH', 'A LVP - YOR']);

    // The fit button shows the whole board again.
    await page.$eval('#zoom-fit', (b) => (b as HTMLButtonElement).click());
    await page.waitForFunction(
      () => new DOMMatrix(getComputedStyle(document.getElementById('board')!).transform).a < 1.01,
    );

    // Typed orders are drawn and counted like tapped ones.
    await page.fill('#orders', 'F LON - NTH\nA LVP - YOR\nF EDI - NWG');
    assert.equal(await page.$$eval('#board g.order.move', (gs) => gs.length), 3);
    assert.match((await page.textContent('#choices .order-status')) ?? '', /Every unit has an order/);
    await stateShot(page, 'phone-arrows');
    assert.deepEqual(errors, []);

    // The keyboard alone (desktop): a move, then a support of a hold.
    const keys = await open(browser, base, id, 'FRANCE', false);
    const k = keys.page;
    await k.focus('#unit-pick');
    await k.selectOption('#unit-pick', 'PAR');
    assert.equal(
      await k.evaluate(() => document.activeElement?.textContent),
      'Hold',
      'the first choice has the focus',
    );
    await k.focus('#choices button[data-order="A PAR - BUR"]');
    await k.keyboard.press('Enter');
    await k.selectOption('#unit-pick', 'MAR');
    await k.focus('#choices button.step[data-other="PAR"]');
    await k.keyboard.press('Enter');
    await k.focus('#choices button[data-order="A MAR S A PAR - BUR"]');
    await k.keyboard.press('Enter');
    await k.selectOption('#unit-pick', 'BRE');
    await k.keyboard.press('Escape');
    assert.equal(
      await k.$$eval('#board path.highlight.selected', (ps) => ps.length),
      0,
      'Escape ends the entry',
    );
    assert.deepEqual(await orderBox(k), ['A PAR - BUR', 'A MAR S A PAR - BUR']);
    assert.deepEqual(keys.errors, []);
  } finally {
    await browser.close();
    await server.close();
    rmSync(data, { recursive: true, force: true });
  }
});
