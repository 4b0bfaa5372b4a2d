/**
 * The game as its creator runs it, in real Chromium against `dipkit serve`: the lobby creates a game with its
 * default settings (read back: rules "datc", deadlines 24 h / 12 h, year limit 1920), shows the admin link once,
 * and lays its rows out for a phone without sideways scrolling; the admin link opened in another browser (another
 * device) runs the game: pause, resume, extend the deadline, end as a draw; the history draws a played phase with
 * its standoff, dislodgement and retreat option and spells the dislodgement out; a finished game shows its result
 * and chart and no join prompt. The position of the played phase is judged by hand: F HOL, supported by A RUH,
 * dislodges A BEL, while A MAR and A MUN bounce in BUR, so BEL may retreat to PIC only.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gameToJson, newGame, standardMap } from 'dipkit';
import { startServer } from '@dipkit/server';
import type { Browser, Page } from 'playwright-core';
import { collectErrors, launch, screenshot } from './browser.js';

const DESKTOP = { width: 1400, height: 1000 };
const PHONE = { width: 390, height: 844 };

async function json<T>(url: string, init: RequestInit = {}): Promise<T> {
  const r = await fetch(url, init);
  assert.ok(r.ok, `${url}: ${r.status} ${await r.clone().text()}`);
  return (await r.json()) as T;
}

function post<T>(url: string, body: unknown, token?: string): Promise<T> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (token !== undefined) headers['authorization'] = `Bearer ${token}`;
  return json<T>(url, { method: 'POST', headers, body: JSON.stringify(body) });
}

/** Nothing wider than the viewport: no sideways scrolling. */
async function assertNoSidewaysScroll(page: Page, what: string): Promise<void> {
  const [scroll, width] = await page.evaluate(() => [
    document.documentElement.scrollWidth,
    window.innerWidth,
  ]);
  assert.ok(scroll <= width, `${what}: page ${scroll} px wide in a ${width} px viewport`);
}

async function openPage(
  browser: Browser,
  url: string,
  viewport = DESKTOP,
): Promise<{ page: Page; errors: string[] }> {
  const page = await (await browser.newContext({ viewport })).newPage();
  const errors = collectErrors(page);
  page.on('dialog', (d) => void d.accept());
  await page.goto(url);
  return { page, errors };
}

/** A game of five units on the standard map (imported), whose Spring 1901 has a standoff and a dislodgement. */
function storyGame(): object {
  const map = standardMap();
  return gameToJson({
    ...newGame(map),
    position: {
      phase: { season: 'spring', year: 1901, type: 'movement' },
      units: [
        { power: 'FRANCE', type: 'A', location: 'BEL' },
        { power: 'FRANCE', type: 'A', location: 'MAR' },
        { power: 'GERMANY', type: 'F', location: 'HOL' },
        { power: 'GERMANY', type: 'A', location: 'RUH' },
        { power: 'GERMANY', type: 'A', location: 'MUN' },
      ],
      dislodged: [],
      contested: [],
      supplyCenters: { FRANCE: ['BEL', 'MAR'], GERMANY: ['HOL', 'MUN'] },
    },
  });
}

test('the creator makes a game with the defaults, runs it from another device, and it tells its story', async () => {
  const data = mkdtempSync(join(tmpdir(), 'dipkit-web-admin-'));
  const server = await startServer({ data, port: 0, tick: 200 });
  const browser = await launch();
  const base = server.url;
  try {
    // The lobby with every setting as it comes.
    const lobby = await openPage(browser, `${base}/`);
    const request = lobby.page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/api/games'));
    await lobby.page.click('#create');
    const sent = JSON.parse((await request).postData() ?? '{}') as Record<string, unknown>;
    assert.equal(sent['rules'], 'datc');
    assert.deepEqual(sent['deadlines'], { movement: 86_400, retreat: 43_200, adjustment: 43_200 });
    assert.equal(sent['maxYear'], 1920);
    assert.equal(sent['victoryCenters'], 18);
    assert.equal(sent['civilDisorder'], false);
    assert.equal(sent['civilDisorderBot'], false, 'powers in civil disorder hold unless asked');
    await lobby.page.waitForSelector('#created:not([hidden]) #admin-link');
    const adminLink = await lobby.page.inputValue('#admin-link');
    const id = /\/games\/([^#]+)#admin=/.exec(adminLink)?.[1];
    assert.ok(id, adminLink);
    const game = await json<Record<string, unknown>>(`${base}/api/games/${id}?history=false`);
    assert.equal(game['preset'], 'datc');
    assert.deepEqual(game['rules'], []);
    assert.deepEqual(game['deadlines'], { movement: 86_400, retreat: 43_200, adjustment: 43_200 });
    assert.equal(game['maxYear'], 1920);
    assert.equal(game['civilDisorder'], false);
    assert.equal(game['civilDisorderBot'], false);
    assert.deepEqual(game['bots'], [], 'no bot at the table unless asked');
    const row = `#games tr[data-game="${id}"]`;
    await lobby.page.waitForSelector(row);
    const rowText = await lobby.page.textContent(row);
    for (const shown of [
      'datc (the DATC preferences)',
      '24 h movement, 12 h retreats, 12 h adjustments',
      '18 centres to win; drawn after 1920',
    ])
      assert.ok(rowText?.includes(shown), `${shown} in ${rowText}`);
    assert.equal(
      await lobby.page.textContent(`${row} button.fill-bots`),
      'Fill empty seats with bots',
      'the creator may fill the empty seats',
    );
    await screenshot(lobby.page, 'admin-lobby-desktop.png');
    assert.deepEqual(lobby.errors, []);

    // The lobby on a phone: no sideways scroll, the Join button on screen.
    const phone = await openPage(browser, `${base}/`, PHONE);
    await phone.page.waitForSelector(`${row} button.join`);
    await assertNoSidewaysScroll(phone.page, 'lobby');
    const join = (await phone.page.locator(`${row} button.join`).boundingBox())!;
    assert.ok(join.x >= 0 && join.x + join.width <= PHONE.width, `Join at ${join.x}..${join.x + join.width}`);
    await screenshot(phone.page, 'admin-lobby-phone.png');

    // The admin link on another device: the token is kept there and leaves the address bar; the panel runs the game.
    const admin = await openPage(browser, adminLink);
    await admin.page.waitForSelector('#admin-panel [data-action="pause"]');
    assert.equal(new URL(admin.page.url()).hash, '');
    assert.match((await admin.page.textContent('#rules-panel')) ?? '', /Rulesdatc \(the DATC preferences\)/);
    await admin.page.click('#admin-panel [data-action="pause"]');
    await admin.page.waitForSelector('#admin-panel [data-action="resume"]');
    assert.equal((await json<{ paused: boolean }>(`${base}/api/games/${id}?history=false`)).paused, true);
    assert.match((await admin.page.textContent('#rules-panel')) ?? '', /paused by the creator/);
    await admin.page.click('#admin-panel [data-action="resume"]');
    await admin.page.waitForSelector('#admin-panel [data-action="pause"]');
    const before = Date.parse(
      (await json<{ deadline: string }>(`${base}/api/games/${id}?history=false`)).deadline,
    );
    await admin.page.fill('#extend-hours', '2');
    await admin.page.click('#admin-panel [data-action="deadline"]');
    await admin.page.waitForFunction(() =>
      /extended by 2 h/.test(document.querySelector('#game-message')?.textContent ?? ''),
    );
    const after = Date.parse(
      (await json<{ deadline: string }>(`${base}/api/games/${id}?history=false`)).deadline,
    );
    assert.ok(Math.abs(after - before - 7_200_000) < 5_000, `extended by ${(after - before) / 1000} s`);
    // The page follows: the countdown shows the day and two hours left.
    await admin.page.waitForFunction(() =>
      /^25h/.test(document.querySelector('#deadline')?.textContent ?? ''),
    );
    await screenshot(admin.page, 'admin-panel-desktop.png');
    assert.deepEqual(admin.errors, []);

    // A played phase with a standoff and a dislodgement, on the page and in map.svg.
    const story = await post<{ id: string; adminToken: string }>(`${base}/api/games/import`, {
      game: storyGame(),
    });
    const orders = {
      FRANCE: ['A BEL H', 'A MAR - BUR'],
      GERMANY: ['F HOL - BEL', 'A RUH S F HOL - BEL', 'A MUN - BUR'],
    };
    for (const [power, list] of Object.entries(orders)) {
      const seat = await post<{ token: string }>(`${base}/api/games/${story.id}/join`, { power });
      const put = await fetch(`${base}/api/games/${story.id}/orders`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${seat.token}` },
        body: JSON.stringify({ orders: list }),
      });
      assert.equal(put.status, 200, await put.text());
    }
    await post(`${base}/api/games/${story.id}/process`, {}, story.adminToken);
    const svg = await (await fetch(`${base}/api/games/${story.id}/map.svg?phase=S1901M`)).text();
    assert.match(svg, /<g class="bounce" data-province="BUR">/);
    assert.match(svg, /<g class="dislodgement" data-location="BEL">/);
    assert.match(svg, /<g class="retreat-option" data-location="PIC">/);
    const storyLink = `${base}/games/${story.id}#admin=${story.adminToken}`;
    for (const [viewport, name] of [
      [DESKTOP, 'desktop'],
      [PHONE, 'phone'],
    ] as const) {
      const { page, errors } = await openPage(browser, storyLink, viewport);
      await page.waitForSelector('#outcomes li');
      await page.fill('#history', '0');
      await page.dispatchEvent('#history', 'input');
      await page.waitForSelector('#board g.bounce[data-province="BUR"]');
      await page.waitForSelector('#board g.dislodgement[data-location="BEL"]');
      await page.waitForSelector('#board g.retreat-option[data-location="PIC"]');
      const results = await page.$$eval('#outcomes li', (ls) => ls.map((l) => l.textContent ?? ''));
      assert.ok(
        results.some((r) =>
          /^France: A Belgium Holds stands; dislodged by F HOL; may retreat to PIC$/.test(r),
        ),
        results.join('\n'),
      );
      assert.ok(results.includes('standoff: BUR left empty (no retreat there)'), results.join('\n'));
      if (name === 'phone') await assertNoSidewaysScroll(page, 'game page');
      await screenshot(page, `admin-history-${name}.png`);
      assert.deepEqual(errors, []);
    }

    // The creator ends it as a draw: the page shows the result and the chart, and no join prompt.
    await admin.page.goto(storyLink);
    await admin.page.waitForSelector('#admin-panel [data-action="draw"]');
    await admin.page.click('#admin-panel [data-action="draw"]');
    await admin.page.waitForSelector('#game-result .centres-chart circle');
    assert.equal(await admin.page.textContent('#game-result .result-text'), 'Draw among France, Germany');
    const watcher = await openPage(browser, `${base}/games/${story.id}`, PHONE);
    await watcher.page.waitForSelector('#game-result .centres-chart');
    assert.equal(await watcher.page.textContent('#me'), 'You are watching a finished game');
    const states = await watcher.page.$$eval('#powers tr td:last-child', (ts) =>
      ts.map((t) => t.textContent),
    );
    assert.ok(!states.includes('open'), states.join(', '));
    await assertNoSidewaysScroll(watcher.page, 'finished game');
    await screenshot(admin.page, 'admin-finished-desktop.png');
    await screenshot(watcher.page, 'admin-finished-phone.png');
    assert.deepEqual(watcher.errors, []);

    // Against the bots: the creator plays France, dipkit's bot takes the six others and plays civil disorder.
    await lobby.page.goto(`${base}/`);
    await lobby.page.check('#create-play-bots');
    await lobby.page.selectOption('#create-my-power', 'FRANCE');
    await lobby.page.check('#create-civil-disorder-bot');
    await Promise.all([lobby.page.waitForURL(/\/games\/[^/]+$/), lobby.page.click('#create')]);
    const versus = decodeURIComponent(new URL(lobby.page.url()).pathname.split('/').pop() ?? '');
    await lobby.page.waitForFunction(() => /France/.test(document.querySelector('#me')?.textContent ?? ''));
    const played = await json<{ bots: string[]; civilDisorderBot: boolean }>(
      `${base}/api/games/${versus}?history=false`,
    );
    assert.deepEqual([...played.bots].sort(), ['AUSTRIA', 'ENGLAND', 'GERMANY', 'ITALY', 'RUSSIA', 'TURKEY']);
    assert.equal(played.civilDisorderBot, true);
    // The powers table says which seats the bot has, instead of "ready".
    await lobby.page.waitForFunction(
      () =>
        [...document.querySelectorAll('#powers tr td:last-child')].filter((t) => t.textContent === 'bot')
          .length === 6,
    );
    const seats = await lobby.page.$$eval('#powers tr[data-power]', (rows) =>
      rows.map((r) => `${r.getAttribute('data-power')}: ${r.lastElementChild?.textContent}`),
    );
    assert.ok(seats.includes('FRANCE: ordering'), seats.join(', '));
    await screenshot(lobby.page, 'bots-game-desktop.png');
    assert.deepEqual(lobby.errors, []);

    // On a phone: a game made with the defaults, then its empty seats filled from the games list.
    await phone.page.goto(`${base}/`);
    const made = phone.page.waitForResponse(
      (r) => r.request().method() === 'POST' && r.url().endsWith('/api/games'),
    );
    await phone.page.click('#create');
    const filled = ((await (await made).json()) as { id: string }).id;
    const fillRow = `#games tr[data-game="${filled}"]`;
    await phone.page.click(`${fillRow} button.fill-bots`);
    await phone.page.waitForFunction(() =>
      /bot plays|^(?!Game )\S/.test(document.querySelector('#lobby-message')?.textContent ?? ''),
    );
    assert.match(
      (await phone.page.textContent('#lobby-message')) ?? '',
      new RegExp(`^dipkit's bot plays (\\w+, ){6}\\w+ in game ${filled}\\.$`),
    );
    const full = await json<{ bots: string[] }>(`${base}/api/games/${filled}?history=false`);
    assert.equal(full.bots.length, 7, 'every empty seat');
    await phone.page.waitForSelector(`${fillRow} button.fill-bots`, { state: 'detached' });
    await phone.page.locator('#lobby-message').scrollIntoViewIfNeeded();
    await assertNoSidewaysScroll(phone.page, 'lobby with the bot choices');
    await screenshot(phone.page, 'bots-lobby-phone.png');
    assert.deepEqual(phone.errors, []);
  } finally {
    await browser.close();
    await server.close();
    rmSync(data, { recursive: true, force: true });
  }
});
