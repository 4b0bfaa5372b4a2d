/**
 * Debian's chromium driven by playwright-core, for the web client's tests: installed with apt-get when missing
 * (no browser download from anywhere else is possible), launched headless with a fresh profile, every console
 * error and page error of every page collected so a test can require none.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';

const CHROMIUM = '/usr/bin/chromium';
const here = dirname(fileURLToPath(import.meta.url));
/** packages/web (the tests run from packages/web/dist/test). */
export const webRoot = join(here, '..', '..');
export const www = join(webRoot, 'dist', 'www');
/** docs/images of the repository, where the screenshots go. */
export const imagesDir = join(webRoot, '..', '..', 'docs', 'images');

export function pageFile(name: string): string {
  return pathToFileURL(join(www, name)).href;
}

function ensureChromium(): void {
  if (existsSync(CHROMIUM)) return;
  execFileSync('sh', ['-c', 'apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y chromium'], {
    stdio: 'inherit',
  });
}

export async function launch(): Promise<Browser> {
  ensureChromium();
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/** The console errors and uncaught exceptions of a page, as they come. */
export function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
}

export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(imagesDir, { recursive: true });
  await page.screenshot({ path: join(imagesDir, name), fullPage: false });
}

/**
 * A screenshot of a state of a page for a person to look at (selection, highlights, arrows, retreat, builds), into
 * the folder DIPKIT_SCREENSHOTS names; none when it is not set (CI).
 */
export async function stateShot(page: Page, name: string): Promise<void> {
  const dir = process.env['DIPKIT_SCREENSHOTS'];
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: join(dir, `${name}.png`), fullPage: false });
}

/** Milliseconds from navigation start to the first board drawn (common.ts sets window.firstBoard). */
export async function firstBoardTime(page: Page): Promise<number> {
  await page.waitForFunction(() => 'firstBoard' in window);
  return page.evaluate(() => (window as unknown as { firstBoard: number }).firstBoard);
}

/** Milliseconds from navigation start until the game page takes orders by click (game.ts sets window.interactive). */
export async function interactiveTime(page: Page): Promise<number> {
  await page.waitForFunction(() => 'interactive' in window);
  return page.evaluate(() => (window as unknown as { interactive: number }).interactive);
}

/** The units on the board as "POWER LOCATION", sorted. */
export async function unitsShown(page: Page): Promise<string[]> {
  return page.$$eval('#board g.unit', (us) =>
    us.map((u) => `${u.getAttribute('data-power')} ${u.getAttribute('data-location')}`).sort(),
  );
}

/** A new browser context opens the lobby at `base`, joins game `id` as `power` and waits for its board. */
export async function joinThroughLobby(
  browser: Browser,
  base: string,
  id: string,
  power: string,
): Promise<{ page: Page; errors: string[] }> {
  const page = await (await browser.newContext({ viewport: { width: 1400, height: 1000 } })).newPage();
  const errors = collectErrors(page);
  await page.goto(`${base}/`);
  const row = `#games tr[data-game="${id}"]`;
  await page.waitForSelector(`${row} select`);
  await page.selectOption(`${row} select`, power);
  await page.click(`${row} button.join`);
  await page.waitForURL(`**/games/${id}`);
  await page.waitForSelector('#board svg g.unit');
  return { page, errors };
}
