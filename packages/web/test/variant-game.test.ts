/**
 * A game on a variant map through the lobby and the game page, in real Chromium against `dipkit serve`: the
 * lobby lists every bundled map, choosing Hundred sets the centres to win to Hundred's and shows its board, the game row names the
 * map, its three powers join, the page draws Hundred's board (its provinces and starting units, not the standard
 * map's), and after all three are ready with no orders (every unit holds) the page shows the next turn of
 * Hundred's calendar, Fall 1430 Movement, five years after Spring 1425 (the map's calendar: a turn every five
 * years), with every unit where it stood.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer } from '@dipkit/server';
import { bundledMap, bundledMapIds } from 'dipkit';
import type { Page } from 'playwright-core';
import { collectErrors, joinThroughLobby, launch, unitsShown } from './browser.js';

test('a Hundred game: created and joined in the lobby, drawn on its own map, played to its next turn', async () => {
  const hundred = bundledMap('hundred')!;
  const data = mkdtempSync(join(tmpdir(), 'dipkit-web-variant-'));
  const server = await startServer({ data, port: 0, tick: 200 });
  const browser = await launch();
  try {
    const base = server.url;
    const lobby = await (await browser.newContext()).newPage();
    const lobbyErrors = collectErrors(lobby);
    await lobby.goto(`${base}/`);
    const choices = await lobby.$$eval('#create-map option', (os) => os.map((o) => o.getAttribute('value')));
    assert.deepEqual(choices, bundledMapIds());
    assert.equal(await lobby.inputValue('#create-victory'), '18', 'the standard map is chosen first');
    await lobby.selectOption('#create-map', 'hundred');
    assert.equal(await lobby.inputValue('#create-victory'), String(hundred.victoryCenters));
    // The thumbnail follows the choice: Hundred's board, drawn by the server, loaded as an image.
    await lobby.waitForFunction(() => {
      const img = document.querySelector<HTMLImageElement>('#create-map-thumbnail img');
      return img?.src.endsWith('/api/maps/hundred/board.svg') && img.complete && img.naturalWidth > 0;
    });
    assert.equal(await lobby.textContent('#create-map-thumbnail figcaption'), 'Hundred at the start');
    await lobby.click('#create');
    await lobby.waitForSelector('#games tr[data-game]');
    const id = (await lobby.getAttribute('#games tr[data-game]', 'data-game'))!;
    assert.equal(await lobby.textContent(`#games tr[data-game="${id}"] td:nth-child(2)`), 'Hundred');
    assert.deepEqual(lobbyErrors, []);

    const pages: { power: string; page: Page; errors: string[] }[] = [];
    for (const power of hundred.powers) {
      pages.push({ power, ...(await joinThroughLobby(browser, base, id, power)) });
    }
    const start = hundred.startingUnits
      .map((u) => `${hundred.powers[u.power]} ${hundred.locationCode[u.location]}`)
      .sort();
    for (const { power, page } of pages) {
      assert.match((await page.textContent('#phase')) ?? '', /^Spring 1425 Movement/, power);
      assert.deepEqual(await unitsShown(page), start, power);
      const provinces = await page.$$eval('#board path.province', (ps) =>
        ps.map((p) => p.getAttribute('data-province')),
      );
      assert.equal(new Set(provinces).size, hundred.provinceCount, power);
      const rows = await page.$$eval('#powers tr', (rs) => rs.map((r) => r.getAttribute('data-power')));
      assert.deepEqual(rows, hundred.powers, power);
      const own = hundred.startingUnits.filter((u) => hundred.powers[u.power] === power).length;
      assert.equal(
        await page.$$eval('#unit-pick option[value]:not([value=""])', (os) => os.length),
        own,
        power,
      );
    }
    for (const { page } of pages) await page.click('#ready');
    for (const { power, page, errors } of pages) {
      await page.waitForFunction(
        () => document.querySelector('#phase')?.textContent?.startsWith('Fall 1430 Movement'),
        undefined,
        { timeout: 20_000 },
      );
      assert.deepEqual(await unitsShown(page), start, power);
      assert.deepEqual(errors, [], power);
    }
  } finally {
    await browser.close();
    await server.close();
    rmSync(data, { recursive: true, force: true });
  }
});
