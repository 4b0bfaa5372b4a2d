/**
 * The sandbox in real Chromium, opened as a file (no server): DATC 6.F.16 and 6.C.3 typed in and compared with the
 * document's words, a rule choice changing 6.F.16 as the DATC's alternatives file says, a unit put with the
 * keyboard, a shared URL reopening the same position, and a bad order line marked with its message.
 */
import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { bundledMap, bundledMapIds } from 'dipkit';
import {
  collectErrors,
  firstBoardTime,
  launch,
  pageFile,
  screenshot,
  unitsShown,
  webRoot,
} from './browser.js';

interface Line {
  power: string;
  text: string;
  result: string;
}
interface Case {
  id: string;
  orders: Line[];
}
interface Alternative {
  case: string;
  rules: string[];
  expect?: Record<string, string>;
}
const data = join(webRoot, '..', '..', 'test', 'data');
const cases = (JSON.parse(readFileSync(join(data, 'datc-v3.2.json'), 'utf8')) as { cases: Case[] }).cases;
const alternatives = (
  JSON.parse(readFileSync(join(data, 'datc-alternatives.json'), 'utf8')) as { alternatives: Alternative[] }
).alternatives;

function caseNamed(id: string): Case {
  const c = cases.find((x) => x.id === id);
  assert.ok(c, `no case ${id} in the data`);
  return c;
}

/** The case's orders as the sandbox reads them: one line per order, each with its power. */
function orderText(c: Case): string {
  return c.orders.map((o) => `${o.power}: ${o.text}`).join('\n');
}

let browser: Browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser.close();
});

async function openSandbox(url = pageFile('sandbox.html')): Promise<{ page: Page; errors: string[] }> {
  const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
  const errors = collectErrors(page);
  await page.goto(url);
  await page.waitForSelector('#board svg');
  return { page, errors };
}

/** Empties the board, types the case's orders, puts the units they name: the case's position, as the DATC sets it. */
async function enterCase(page: Page, c: Case): Promise<void> {
  await page.click('#clear-board');
  await page.fill('#orders', orderText(c));
  await page.click('#units-from-orders');
}

async function outcomeWords(page: Page): Promise<string[]> {
  return page.$$eval('#outcomes li', (items) => items.map((li) => li.getAttribute('data-words') ?? ''));
}

test('the sandbox reproduces DATC 6.F.16 and 6.C.3, and a rule choice changes 6.F.16 as the DATC says', async () => {
  const { page, errors } = await openSandbox();
  const started = await firstBoardTime(page);
  console.log(`sandbox: first map drawn ${started.toFixed(0)} ms after navigation start`);
  for (const id of ['6.C.3', '6.F.16']) {
    const c = caseNamed(id);
    await enterCase(page, c);
    assert.deepEqual(
      await outcomeWords(page),
      c.orders.map((o) => o.result.toLowerCase()),
      id,
    );
  }
  // 6.F.16 under each rule choice the alternatives file states an outcome for.
  const c = caseNamed('6.F.16');
  const stated = alternatives.filter((a) => a.case === '6.F.16' && a.expect && a.rules.length === 1);
  assert.ok(stated.length > 0);
  await page.click('.rules details summary');
  for (const alt of stated) {
    const [issueId, choice] = alt.rules[0]!.split('=') as [string, string];
    await page.selectOption(`select[data-issue="${issueId}"]`, choice);
    const words = await outcomeWords(page);
    for (const [text, word] of Object.entries(alt.expect ?? {})) {
      const i = c.orders.findIndex((o) => o.text === text);
      assert.equal(words[i], word, `${alt.rules[0]}: ${text}`);
    }
  }
  // The convoy's word differs between the preferred rule and 1971: the switch did change the outcome.
  await page.selectOption('select[data-issue="4.A.2"]', 'rule-1971');
  const convoy = c.orders.findIndex((o) => o.text.includes('Convoys'));
  assert.equal((await outcomeWords(page))[convoy], 'available');
  await page.selectOption('select[data-issue="4.A.2"]', '');
  assert.equal((await outcomeWords(page))[convoy], c.orders[convoy]!.result.toLowerCase());
  // Reasons on hover: every order on the map carries its title.
  const titles = await page.$$eval('#board g.order title', (ts) => ts.map((t) => t.textContent ?? ''));
  assert.equal(titles.length, c.orders.length);
  await page.hover('#board g.order.move');
  await screenshot(page, 'sandbox.png');
  assert.deepEqual(errors, []);
  await page.close();
});

test('a unit put with the keyboard, and a shared URL that reopens the same position and orders', async () => {
  const { page, errors } = await openSandbox();
  await page.click('#clear-board');
  await page.fill('#unit-location', 'stp/sc');
  await page.selectOption('#unit-power', 'RUSSIA');
  await page.selectOption('#unit-type', 'F');
  await page.press('#unit-location', 'Enter');
  await page.fill('#unit-location', 'fin');
  await page.selectOption('#unit-power', 'ENGLAND');
  await page.selectOption('#unit-type', 'A');
  await page.keyboard.press('Enter');
  await page.fill('#orders', 'Russia: F stp/sc - bot\nEngland: A fin - stp');
  await page.selectOption('#preset', '1982');
  const units = await unitsShown(page);
  assert.deepEqual(units, ['ENGLAND FIN', 'RUSSIA STP/SC']);
  const words = await outcomeWords(page);
  assert.deepEqual(words, ['succeeds', 'succeeds']);
  await page.click('#share');
  const link = await page.inputValue('#share-link');
  const board = await page.innerHTML('#board');
  const again = await openSandbox(link);
  assert.equal(await again.page.innerHTML('#board'), board);
  assert.equal(await again.page.inputValue('#orders'), 'Russia: F stp/sc - bot\nEngland: A fin - stp');
  assert.equal(await again.page.inputValue('#preset'), '1982');
  // The next phase: Fall 1901 with the units where they moved.
  await again.page.click('#next-phase');
  assert.equal(await again.page.inputValue('#season'), 'fall');
  const moved = await unitsShown(again.page);
  assert.deepEqual(moved, ['ENGLAND STP', 'RUSSIA BOT']);
  assert.deepEqual([...errors, ...again.errors], []);
  await page.close();
  await again.page.close();
});

test('a bad order line is marked with its message and the others are still adjudicated', async () => {
  const { page, errors } = await openSandbox();
  await page.fill('#orders', 'England: F lon - nth\nEngland: F lon fly to the moon\nFrance: A par - bur');
  const problems = await page.$$eval('#order-problems li', (ls) =>
    ls.map((l) => `${l.getAttribute('data-line')} ${l.textContent}`),
  );
  assert.equal(problems.length, 1);
  assert.match(problems[0]!, /^2 line 2: .+/);
  assert.ok(await page.$eval('#orders', (t) => t.classList.contains('has-problems')));
  assert.deepEqual(await outcomeWords(page), ['succeeds', 'succeeds']);
  assert.deepEqual(errors, []);
  await page.close();
});

test('another map: Hundred chosen, its start drawn, an order adjudicated, its calendar followed, the link keeps it', async () => {
  const { page, errors } = await openSandbox();
  const hundred = bundledMap('hundred')!;
  assert.deepEqual(
    await page.$$eval('#sandbox-map option', (os) => os.map((o) => o.getAttribute('value'))),
    bundledMapIds(),
  );
  await page.selectOption('#sandbox-map', 'hundred');
  const start = hundred.startingUnits.map(
    (u) => `${hundred.powers[u.power]} ${hundred.locationCode[u.location]}`,
  );
  assert.deepEqual(await unitsShown(page), start.sort());
  assert.deepEqual(
    await page.$$eval('#unit-power option', (os) => os.map((o) => o.getAttribute('value'))),
    hundred.powers,
  );
  assert.equal(await page.inputValue('#year'), '1425');
  // The order box's example is written for this map: typed in as it stands, it gives two orders, both legal here.
  const example = (await page.getAttribute('#orders', 'placeholder')) ?? '';
  await page.fill('#orders', example);
  const exampleWords = await outcomeWords(page);
  assert.equal(exampleWords.length, 2, example);
  assert.ok(!exampleWords.includes('illegal'), example);
  // Paris borders Champagne on Hundred's map, and no other unit moves: the move succeeds (judged by hand).
  await page.fill('#orders', 'France: A par - cha');
  assert.deepEqual(await outcomeWords(page), ['succeeds']);
  await page.click('#share');
  const again = await openSandbox(await page.inputValue('#share-link'));
  assert.equal(await again.page.inputValue('#sandbox-map'), 'hundred');
  assert.equal(await again.page.innerHTML('#board'), await page.innerHTML('#board'));
  // Hundred plays a turn every five years: the Fall after Spring 1425 is Fall 1430.
  await again.page.click('#next-phase');
  assert.equal(await again.page.inputValue('#season'), 'fall');
  assert.equal(await again.page.inputValue('#year'), '1430');
  assert.ok((await unitsShown(again.page)).includes('FRANCE CHA'));
  assert.deepEqual([...errors, ...again.errors], []);
  await page.close();
  await again.page.close();
});
