/**
 * The lobby and the game page in real Chromium against `dipkit serve` (the server package, in this process):
 * seven browser contexts join one game through the lobby, enter their Spring 1901 orders by clicking (Italy by
 * typing), a bad line is marked and nothing is sent, all press ready, and every page then shows Fall 1901 with the
 * units where the orders sent them and the outcomes. The openings below do not meet one another, so every order
 * succeeds (judged by hand).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer } from '@dipkit/server';
import type { Page } from 'playwright-core';
import {
  collectErrors,
  firstBoardTime,
  joinThroughLobby,
  launch,
  screenshot,
  unitsShown,
} from './browser.js';

/** Spring 1901 orders per power as [unit location, destination]. */
const OPENINGS: Record<string, [string, string][]> = {
  AUSTRIA: [
    ['VIE', 'GAL'],
    ['BUD', 'SER'],
    ['TRI', 'ALB'],
  ],
  ENGLAND: [
    ['LON', 'NTH'],
    ['EDI', 'NWG'],
    ['LVP', 'YOR'],
  ],
  FRANCE: [
    ['PAR', 'BUR'],
    ['MAR', 'SPA'],
    ['BRE', 'MAO'],
  ],
  GERMANY: [
    ['BER', 'KIE'],
    ['MUN', 'RUH'],
    ['KIE', 'DEN'],
  ],
  ITALY: [
    ['VEN', 'PIE'],
    ['ROM', 'APU'],
    ['NAP', 'ION'],
  ],
  RUSSIA: [
    ['WAR', 'UKR'],
    ['MOS', 'STP'],
    ['SEV', 'RUM'],
    ['STP/SC', 'BOT'],
  ],
  TURKEY: [
    ['CON', 'BUL'],
    ['SMY', 'ARM'],
    ['ANK', 'CON'],
  ],
};
const TYPED = 'ITALY';

test('seven players join through the lobby, order by clicking and typing, get ready, and all see Fall 1901', async () => {
  const data = mkdtempSync(join(tmpdir(), 'dipkit-web-'));
  const server = await startServer({ data, port: 0, tick: 200 });
  const browser = await launch();
  try {
    const base = server.url;
    const lobbyContext = await browser.newContext();
    const lobby = await lobbyContext.newPage();
    const lobbyErrors = collectErrors(lobby);
    await lobby.goto(`${base}/`);
    await lobby.click('#create');
    await lobby.waitForSelector('#games tr[data-game]');
    const id = (await lobby.getAttribute('#games tr[data-game]', 'data-game'))!;
    assert.deepEqual(lobbyErrors, []);

    const pages = new Map<string, { page: Page; errors: string[] }>();
    for (const power of Object.keys(OPENINGS)) {
      const { page, errors } = await joinThroughLobby(browser, base, id, power);
      if (power === 'ENGLAND')
        console.log(
          `game page: first map drawn ${(await firstBoardTime(page)).toFixed(0)} ms after navigation start`,
        );
      pages.set(power, { page, errors });
    }

    // A bad line is marked with its message and nothing is sent.
    const austria = pages.get('AUSTRIA')!.page;
    await austria.fill('#orders', 'A VIE - GAL\nA BUD flies to SER');
    await austria.click('#submit');
    const problems = await austria.$$eval('#order-problems li', (ls) => ls.map((l) => l.textContent ?? ''));
    assert.equal(problems.length, 1);
    assert.match(problems[0]!, /^line 2: .+/);
    const seat = JSON.parse(
      (await austria.evaluate((k) => localStorage.getItem(k), `dipkit:seat:${id}`))!,
    ) as {
      token: string;
    };
    const sent = (await (
      await fetch(`${base}/api/games/${id}/orders`, { headers: { authorization: `Bearer ${seat.token}` } })
    ).json()) as { orders: string[] };
    assert.deepEqual(sent.orders, []);
    await austria.fill('#orders', '');

    for (const [power, orders] of Object.entries(OPENINGS)) {
      const { page } = pages.get(power)!;
      if (power === TYPED) {
        await page.fill('#orders', orders.map(([from, to]) => `${from} - ${to}`).join('\n'));
      } else {
        for (const [from, to] of orders) {
          if (power === 'TURKEY' && from === 'CON') {
            // Without the map: the unit from the list, the order from its legal orders, by keyboard.
            await page.selectOption('#unit-pick', `A ${from}`);
            await page.focus(`#choices button[data-order="A ${from} - ${to}"]`);
            await page.keyboard.press('Enter');
            continue;
          }
          await page.click(`#board g.unit[data-location="${from}"]`);
          await page.waitForSelector('#choices button.choice');
          await page.dispatchEvent(`#board path.province[data-province="${to}"]`, 'click');
        }
      }
      // The orders are drawn as entered, before anything is sent.
      assert.equal(await page.$$eval('#board g.order.move', (gs) => gs.length), orders.length, power);
      assert.deepEqual(await page.$$eval('#order-problems li', (ls) => ls.length), 0);
    }
    for (const { page } of pages.values()) await page.click('#ready');

    const expected = Object.entries(OPENINGS)
      .flatMap(([power, orders]) => orders.map(([, to]) => `${power} ${to}`))
      .sort();
    for (const [power, { page, errors }] of pages) {
      await page
        .waitForFunction(
          () => document.querySelector('#phase')?.textContent?.startsWith('Fall 1901 Movement'),
          undefined,
          {
            timeout: 20_000,
          },
        )
        .catch(async (e: unknown) => {
          throw new Error(
            `${power}: the page shows "${await page.textContent('#phase')}", ${await page.textContent('#game-message')}: ${String(e)}`,
          );
        });
      assert.deepEqual(await unitsShown(page), expected, power);
      const words = await page.$$eval('#outcomes li', (ls) => ls.map((l) => l.getAttribute('data-words')));
      assert.equal(words.length, 22, power);
      assert.ok(
        words.every((w) => w === 'succeeds'),
        `${power}: ${words.join(', ')}`,
      );
      assert.deepEqual(errors, [], power);
    }
    // The history slider shows Spring 1901 with its outcomes drawn.
    const england = pages.get('ENGLAND')!.page;
    await england.fill('#history', '0');
    assert.equal(await england.$$eval('#board g.order.move.succeeds', (gs) => gs.length), 22);
    await england.fill('#history', '1');
    await england.click('#board g.unit[data-location="NTH"]');
    await england.waitForSelector('#choices button.choice');
    await england.dispatchEvent('#board path.province[data-province="NWY"]', 'click');
    await screenshot(england, 'game.png');
  } finally {
    await browser.close();
    await server.close();
    rmSync(data, { recursive: true, force: true });
  }
});
