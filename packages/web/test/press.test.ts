/**
 * Press in the game page, in real Chromium against `dipkit serve`: France and England exchange private messages
 * (arriving live, with an unread count on the other's tab), France writes one public message holding
 * `<img src=x onerror=alert(1)>`, which stays text (no image, no alert); Germany sees only the public one; a
 * gunboat game has no press box; a Cicero game imported as a finished record opens as a viewer, the board and the
 * messages of each phase, filterable by power. Screenshots on a desktop and a 390x844 phone.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer } from '@dipkit/server';
import type { Browser, Page } from 'playwright-core';
import { collectErrors, launch, screenshot, webRoot } from './browser.js';

const XSS = '<img src=x onerror=alert(1)>';
/** A recorded text as the page shows it: dipcc writes a line break as "~N~". */
const asShown = (text: string): string => text.replace(/ ?~N~ ?/g, '\n');

async function post<T>(base: string, path: string, body: unknown): Promise<T> {
  const r = await fetch(base + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await r.text();
  assert.ok(r.ok, `${path}: ${r.status} ${text}`);
  return JSON.parse(text) as T;
}

/** A browser context holding `power`'s seat (as the lobby saves it), on the game page. */
async function openAs(
  browser: Browser,
  base: string,
  id: string,
  seat: { power: string; token: string } | undefined,
  viewport = { width: 1400, height: 1000 },
): Promise<{ page: Page; errors: string[]; dialogs: string[] }> {
  const context = await browser.newContext({ viewport });
  if (seat) {
    await context.addInitScript(
      ([key, value]) => {
        localStorage.setItem(key!, value!);
      },
      [`dipkit:seat:${id}`, JSON.stringify(seat)],
    );
  }
  const page = await context.newPage();
  const errors = collectErrors(page);
  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  await page.goto(`${base}/games/${id}`);
  await page.waitForSelector('#board svg');
  return { page, errors, dialogs };
}

/** The texts in the press list as shown. */
function shownTexts(page: Page): Promise<string[]> {
  return page.$$eval('#press .press-message .press-body', (bs) => bs.map((b) => b.textContent ?? ''));
}

async function sendIn(page: Page, channel: string, text: string): Promise<void> {
  await page.click(`#press .press-tab[data-channel="${channel}"]`);
  await page.fill('#press .press-text', text);
  await page.keyboard.press('Enter');
  await page.waitForFunction(
    (t) => [...document.querySelectorAll('#press .press-body')].some((b) => b.textContent === t),
    text,
  );
}

test('two powers talk in private and in public, a third sees only the public; text stays text; gunboat has no box', async () => {
  const data = mkdtempSync(join(tmpdir(), 'dipkit-web-press-'));
  const server = await startServer({ data, port: 0, tick: 200 });
  const browser = await launch();
  try {
    const base = server.url;
    const game = await post<{ id: string }>(base, '/api/games', {});
    const seats = new Map<string, { power: string; token: string }>();
    for (const power of ['FRANCE', 'ENGLAND', 'GERMANY'])
      seats.set(power, await post(base, `/api/games/${game.id}/join`, { power }));
    const france = await openAs(browser, base, game.id, seats.get('FRANCE'));
    const england = await openAs(browser, base, game.id, seats.get('ENGLAND'));
    const germany = await openAs(browser, base, game.id, seats.get('GERMANY'));
    await france.page.waitForSelector('#press .press-tab[data-channel="ENGLAND"]');
    await england.page.waitForSelector('#press .press-tab[data-channel="FRANCE"]');

    await sendIn(france.page, 'ENGLAND', 'Shall we keep the Channel empty?');
    // England's page gets it live: an unread count on France's tab, the message once opened.
    await england.page.waitForSelector('#press .press-tab[data-channel="FRANCE"] .unread');
    assert.equal(await england.page.textContent('#press .press-tab[data-channel="FRANCE"] .unread'), '1');
    await england.page.click('#press .press-tab[data-channel="FRANCE"]');
    assert.deepEqual(await shownTexts(england.page), ['Shall we keep the Channel empty?']);
    assert.equal(await england.page.$('#press .press-tab[data-channel="FRANCE"] .unread'), null, 'read now');
    await sendIn(england.page, 'FRANCE', 'Agreed.\nAnd Belgium?');
    await france.page.waitForFunction(() => document.querySelectorAll('#press .press-message').length === 2);
    assert.deepEqual(await shownTexts(france.page), [
      'Shall we keep the Channel empty?',
      'Agreed.\nAnd Belgium?',
    ]);
    // A phase separator heads the conversation.
    assert.equal(await france.page.textContent('#press .press-phase'), 'Spring 1901 Movement');

    // Germany looks at its (empty) conversation with France while the public message comes.
    await germany.page.click('#press .press-tab[data-channel="FRANCE"]');
    await sendIn(france.page, 'ALL', XSS);
    for (const who of [england, germany]) {
      await who.page.waitForSelector('#press .press-tab[data-channel="ALL"] .unread');
      await who.page.click('#press .press-tab[data-channel="ALL"]');
      await who.page.waitForFunction(() => document.querySelectorAll('#press .press-message').length === 1);
      assert.deepEqual(await shownTexts(who.page), [XSS]);
      assert.equal(await who.page.$$eval('#press img', (is) => is.length), 0, 'no image element');
    }
    // Germany: only the public message; France's tab empty, no unread count anywhere.
    await germany.page.click('#press .press-tab[data-channel="FRANCE"]');
    assert.deepEqual(await shownTexts(germany.page), []);
    assert.equal(await germany.page.$$eval('#press .unread', (us) => us.length), 0);
    assert.equal(await germany.page.$('#press .press-tab[data-channel="ENGLAND"] .unread'), null);
    const germanyPage = await germany.page.content();
    assert.ok(!germanyPage.includes('Channel empty') && !germanyPage.includes('And Belgium'));
    // Unread counts survive a reload: England has read France's first message, not its second one... none left.
    await england.page.reload();
    await england.page.waitForSelector('#press .press-tab[data-channel="FRANCE"]');
    assert.equal(await england.page.$('#press .press-tab[data-channel="FRANCE"] .unread'), null);

    await france.page.click('#press .press-tab[data-channel="ENGLAND"]');
    await screenshot(france.page, 'press.png');
    const phone = await openAs(browser, base, game.id, seats.get('ENGLAND'), { width: 390, height: 844 });
    await phone.page.click('#press .press-tab[data-channel="FRANCE"]');
    await phone.page.locator('#press').scrollIntoViewIfNeeded();
    const width = await phone.page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(width <= 390, `no sideways scrolling on the phone (${width} px)`);
    await screenshot(phone.page, 'press-phone.png');

    for (const who of [france, england, germany, phone]) {
      assert.deepEqual(who.dialogs, [], 'no alert ran');
      assert.deepEqual(who.errors, []);
    }

    // Gunboat: no press box at all.
    const gunboat = await post<{ id: string }>(base, '/api/games', { press: 'none' });
    const italy = await post<{ power: string; token: string }>(base, `/api/games/${gunboat.id}/join`, {
      power: 'ITALY',
    });
    const quiet = await openAs(browser, base, gunboat.id, italy);
    await quiet.page.waitForSelector('#phase:not(:empty)');
    assert.equal(await quiet.page.isVisible('#press'), false);
    assert.equal(await quiet.page.$$eval('#press textarea, #press button', (es) => es.length), 0);
    assert.deepEqual(quiet.errors, []);
  } finally {
    await browser.close();
    await server.close();
    rmSync(data, { recursive: true, force: true });
  }
});

test('a Cicero game imported as a finished record opens as a viewer: each phase with its messages, by power', async (t) => {
  const data = mkdtempSync(join(tmpdir(), 'dipkit-web-viewer-'));
  const server = await startServer({ data, port: 0, tick: 200 });
  const browser = await launch();
  try {
    const base = server.url;
    const file = join(webRoot, '..', '..', 'test', 'data', 'games', 'cicero-game_433761-with-press.json');
    const record = JSON.parse(readFileSync(file, 'utf8')) as {
      phases: { name: string; messages: { sender: string; recipient: string; message: string }[] }[];
    };
    const started = performance.now();
    const game = await post<{ id: string }>(base, '/api/games/import', { game: record, finished: true });
    const imported = performance.now();
    const viewer = await openAs(browser, base, game.id, undefined);
    await viewer.page.waitForSelector('#press .press-message');
    const shown = performance.now();
    t.diagnostic(
      `import ${(imported - started).toFixed(0)} ms, viewer with S1901M's messages ${(shown - imported).toFixed(0)} ms`,
    );
    const s1901 = record.phases[0]!.messages;
    assert.equal(
      await viewer.page.textContent('#press h2'),
      `Messages of Spring 1901 Movement (${s1901.length})`,
    );
    assert.deepEqual(
      await shownTexts(viewer.page),
      s1901.map((m) => asShown(m.message)),
    );
    // Filtered by power: what Austria wrote or was sent (messages to all are not Austria's).
    await viewer.page.selectOption('#press .press-filter', 'AUSTRIA');
    const austria = s1901.filter((m) => m.sender === 'AUSTRIA' || m.recipient === 'AUSTRIA');
    assert.deepEqual(
      await shownTexts(viewer.page),
      austria.map((m) => asShown(m.message)),
    );
    await viewer.page.selectOption('#press .press-filter', '');
    // The next phase: the board and the messages follow.
    await viewer.page.click('#press .press-step:nth-child(2)');
    const f1901 = record.phases[1]!;
    await viewer.page.waitForFunction(
      (n) => document.querySelector('#press h2')?.textContent?.includes(n),
      'Fall 1901',
    );
    assert.deepEqual(
      await shownTexts(viewer.page),
      f1901.messages.map((m) => asShown(m.message)),
    );
    assert.match((await viewer.page.textContent('#shown-phase')) ?? '', /Fall 1901 Movement/);
    await viewer.page.click('#press .press-step:nth-child(1)');
    await screenshot(viewer.page, 'viewer.png');
    const phone = await openAs(browser, base, game.id, undefined, { width: 390, height: 844 });
    await phone.page.waitForSelector('#press .press-message');
    await phone.page.locator('#press').scrollIntoViewIfNeeded();
    await screenshot(phone.page, 'viewer-phone.png');
    assert.deepEqual(viewer.errors, []);
    assert.deepEqual(phone.errors, []);
  } finally {
    await browser.close();
    await server.close();
    rmSync(data, { recursive: true, force: true });
  }
});
