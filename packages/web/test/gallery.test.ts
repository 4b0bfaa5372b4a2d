/**
 * The DATC gallery in real Chromium: every case opens without a console error, is drawn, and dipkit's word for
 * every order is the document's (after errata), as shown on the page.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { collectErrors, launch, pageFile, screenshot, webRoot } from './browser.js';

const data = join(webRoot, '..', '..', 'test', 'data');
const ids = (
  JSON.parse(readFileSync(join(data, 'datc-v3.2.json'), 'utf8')) as { cases: { id: string }[] }
).cases.map((c) => c.id);

test('the gallery opens every DATC case without a console error, with dipkit agreeing with the document', async () => {
  const browser = await launch();
  try {
    const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
    const errors = collectErrors(page);
    await page.goto(`${pageFile('gallery.html')}#6.A.1`);
    assert.equal(await page.$$eval('#case-list a', (as) => as.length), ids.length);
    for (const id of ids) {
      await page.evaluate((h) => {
        location.hash = h;
      }, id);
      await page.waitForFunction(
        (h) => document.querySelector('#case h2')?.textContent?.startsWith(`${h} `),
        id,
      );
      const shown = await page.evaluate(() => ({
        boards: document.querySelectorAll('#case .board svg').length,
        failed: [...document.querySelectorAll('#case .error')].map((e) => e.textContent),
        mismatches: [...document.querySelectorAll('#case .case-text > table td.mismatch')].map((td) =>
          td.parentElement?.getAttribute('data-order'),
        ),
      }));
      assert.deepEqual(shown.failed, [], id);
      assert.ok(shown.boards >= 1, `${id}: no board drawn`);
      assert.deepEqual(shown.mismatches, [], `${id}: dipkit differs from the document`);
    }
    await page.evaluate(() => {
      location.hash = '6.F.16';
    });
    await page.waitForFunction(() => document.querySelector('#case h2')?.textContent?.startsWith('6.F.16 '));
    await screenshot(page, 'gallery.png');
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
  }
});
