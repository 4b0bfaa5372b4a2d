/**
 * Two game years in real Chromium against `dipkit serve` (the server package, in this process): seven browser
 * contexts join one game through the lobby, one per power, and enter every order by clicking the board and the
 * order panel only: moves, a hold, a support of a hold, a support of a move, a convoy and its convoyed army, the
 * dislodged army's retreat, builds of armies and fleets (St Petersburg's north coast chosen), a waive, a move via
 * convoy where the land route exists too, a convoy offered beside a support; each page's order box is checked
 * against the orders the clicks should write, and each phase's result against the hand-judged one (below). Also
 * on the way: a bad typed line is marked and nothing is sent; orders entered after Ready take the Ready back (on
 * the server too); unsent orders survive a reload, marked "not sent", and leaving the page with them asks first.
 *
 * The game, judged by hand (standard rules):
 * - Spring 1901: every order succeeds (no two units meet).
 * - Fall 1901: England convoys A YOR to NWY through F NTH; Germany A RUH - BUR supported by A MUN dislodges the
 *   French A BUR (2 against 1), which may retreat to BEL, GAS, MAR, PAR or PIC (not RUH, where the attack came
 *   from, nor MUN, occupied); Turkey's A BUL - RUM fails against F RUM supported in its hold by A UKR (1 against
 *   2); Russia takes SWE, France POR and SPA, Italy TUN, Austria SER, England NWY, Germany DEN, Turkey BUL.
 * - Fall 1901 retreat: A BUR to PAR.
 * - Winter 1901 builds: Austria 1, England 1, France 2, Germany 1, Italy 1, Russia 2, Turkey 1 (centres minus units).
 * - Spring 1902: England's A EDI - YOR via convoy with F NTH convoying; F BRE - ENG; F STP/NC - BAR: all succeed.
 * - Fall 1902: Austria A SER - GRE succeeds; Winter 1902: builds Austria 1 (A BUD), Russia 1 and Turkey 1 waived.
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
  interactiveTime,
  joinThroughLobby,
  launch,
  screenshot,
  stateShot,
} from './browser.js';

/**
 * A click: `unit:PAR` a unit on the board, `dislodged:BUR` a dislodged one, `at:BUR` a province (its label),
 * `order:F STP/NC B` a button of the order panel.
 */
type Click = `${'unit' | 'dislodged' | 'at' | 'order'}:${string}`;

interface Entry {
  clicks: Click[];
  /** The order box afterwards, line by line. */
  orders: string[];
}

const PHASES: { phase: string; next: string; entries: Record<string, Entry> }[] = [
  {
    phase: 'Spring 1901 Movement',
    next: 'Fall 1901 Movement',
    entries: {
      AUSTRIA: {
        clicks: ['unit:VIE', 'at:GAL', 'unit:BUD', 'at:SER', 'unit:TRI', 'at:ALB'],
        orders: ['A VIE - GAL', 'A BUD - SER', 'F TRI - ALB'],
      },
      ENGLAND: {
        clicks: ['unit:LON', 'at:NTH', 'unit:EDI', 'at:NWG', 'unit:LVP', 'at:YOR'],
        orders: ['F LON - NTH', 'F EDI - NWG', 'A LVP - YOR'],
      },
      FRANCE: {
        clicks: ['unit:PAR', 'at:BUR', 'unit:MAR', 'at:SPA', 'unit:BRE', 'at:MAO'],
        orders: ['A PAR - BUR', 'A MAR - SPA', 'F BRE - MAO'],
      },
      GERMANY: {
        // BER's move into MUN, where A MUN stands (and leaves): the click writes the move; the next click on
        // another German unit orders that unit.
        clicks: ['unit:MUN', 'at:RUH', 'unit:BER', 'unit:MUN', 'unit:KIE', 'at:DEN'],
        orders: ['A MUN - RUH', 'A BER - MUN', 'F KIE - DEN'],
      },
      ITALY: {
        clicks: ['unit:VEN', 'at:PIE', 'unit:ROM', 'at:APU', 'unit:NAP', 'at:ION'],
        orders: ['A VEN - PIE', 'A ROM - APU', 'F NAP - ION'],
      },
      RUSSIA: {
        clicks: ['unit:WAR', 'unit:WAR', 'unit:MOS', 'at:UKR', 'unit:SEV', 'at:RUM', 'unit:STP/SC', 'at:BOT'],
        orders: ['A WAR H', 'A MOS - UKR', 'F SEV - RUM', 'F STP/SC - BOT'],
      },
      TURKEY: {
        clicks: ['unit:CON', 'at:BUL', 'unit:ANK', 'at:BLA', 'unit:SMY', 'at:ARM'],
        orders: ['A CON - BUL', 'F ANK - BLA', 'A SMY - ARM'],
      },
    },
  },
  {
    phase: 'Fall 1901 Movement',
    next: 'Fall 1901 Retreat',
    entries: {
      ENGLAND: {
        // The fleet, the army (its move to YOR is written, then replaced), the army's destination: the convoy.
        clicks: ['unit:NTH', 'unit:YOR', 'at:NWY', 'unit:YOR', 'at:NWY'],
        orders: ['F NTH C A YOR - NWY', 'A YOR - NWY'],
      },
      GERMANY: {
        // The supporter, the supported unit, its destination (the French army there): the support of the move.
        clicks: ['unit:MUN', 'unit:RUH', 'unit:BUR', 'unit:RUH', 'unit:BUR'],
        orders: ['A MUN S A RUH - BUR', 'A RUH - BUR'],
      },
      RUSSIA: {
        // The supporter, the supported unit, the supported unit again: the support of its hold.
        clicks: ['unit:BOT', 'at:SWE', 'unit:UKR', 'unit:RUM', 'unit:RUM'],
        orders: ['F BOT - SWE', 'A UKR S F RUM'],
      },
      TURKEY: { clicks: ['unit:BUL', 'unit:RUM'], orders: ['A BUL - RUM'] },
      FRANCE: { clicks: ['unit:MAO', 'at:POR'], orders: ['F MAO - POR'] },
      ITALY: { clicks: ['unit:ION', 'at:TUN'], orders: ['F ION - TUN'] },
      AUSTRIA: { clicks: [], orders: [] },
    },
  },
  {
    phase: 'Fall 1901 Retreat',
    next: 'Winter 1901 Adjustment',
    entries: { FRANCE: { clicks: ['dislodged:BUR', 'at:PAR'], orders: ['A BUR R PAR'] } },
  },
  {
    phase: 'Winter 1901 Adjustment',
    next: 'Spring 1902 Movement',
    entries: {
      AUSTRIA: { clicks: ['at:VIE'], orders: ['A VIE B'] },
      ENGLAND: { clicks: ['at:EDI', 'order:A EDI B'], orders: ['A EDI B'] },
      FRANCE: {
        clicks: ['at:BRE', 'order:F BRE B', 'at:MAR', 'order:A MAR B'],
        orders: ['F BRE B', 'A MAR B'],
      },
      GERMANY: { clicks: ['at:KIE', 'order:F KIE B'], orders: ['F KIE B'] },
      ITALY: { clicks: ['at:NAP', 'order:F NAP B'], orders: ['F NAP B'] },
      RUSSIA: { clicks: ['at:STP', 'order:F STP/NC B', 'order:WAIVE'], orders: ['F STP/NC B', 'WAIVE'] },
      TURKEY: { clicks: [], orders: [] },
    },
  },
  {
    phase: 'Spring 1902 Movement',
    next: 'Fall 1902 Movement',
    entries: {
      ENGLAND: {
        // By land is written first; 'via convoy' is offered beside it; the fleet's support is offered with the
        // convoy beside it.
        clicks: [
          'unit:EDI',
          'at:YOR',
          'order:A EDI - YOR VIA',
          'unit:NTH',
          'unit:EDI',
          'at:YOR',
          'order:F NTH C A EDI - YOR',
        ],
        orders: ['A EDI - YOR VIA', 'F NTH C A EDI - YOR'],
      },
      FRANCE: { clicks: ['unit:BRE', 'at:ENG'], orders: ['F BRE - ENG'] },
      RUSSIA: { clicks: ['unit:STP/NC', 'at:BAR'], orders: ['F STP/NC - BAR'] },
    },
  },
  {
    phase: 'Fall 1902 Movement',
    next: 'Winter 1902 Adjustment',
    entries: { AUSTRIA: { clicks: ['unit:SER', 'at:GRE'], orders: ['A SER - GRE'] } },
  },
  {
    phase: 'Winter 1902 Adjustment',
    next: 'Spring 1903 Movement',
    entries: { AUSTRIA: { clicks: ['at:BUD'], orders: ['A BUD B'] } },
  },
];

/** Where the units stand at the start of some phases (hand-judged, see the header), checked on the server. */
const AFTER: Record<string, string[]> = {
  'Fall 1901 Movement': [
    'AUSTRIA A GAL',
    'AUSTRIA A SER',
    'AUSTRIA F ALB',
    'ENGLAND F NTH',
    'ENGLAND F NWG',
    'ENGLAND A YOR',
    'FRANCE A BUR',
    'FRANCE A SPA',
    'FRANCE F MAO',
    'GERMANY A MUN',
    'GERMANY A RUH',
    'GERMANY F DEN',
    'ITALY A APU',
    'ITALY A PIE',
    'ITALY F ION',
    'RUSSIA A UKR',
    'RUSSIA A WAR',
    'RUSSIA F BOT',
    'RUSSIA F RUM',
    'TURKEY A ARM',
    'TURKEY A BUL',
    'TURKEY F BLA',
  ],
  'Winter 1901 Adjustment': [
    'AUSTRIA A GAL',
    'AUSTRIA A SER',
    'AUSTRIA F ALB',
    'ENGLAND A NWY',
    'ENGLAND F NTH',
    'ENGLAND F NWG',
    'FRANCE A PAR',
    'FRANCE A SPA',
    'FRANCE F POR',
    'GERMANY A BUR',
    'GERMANY A MUN',
    'GERMANY F DEN',
    'ITALY A APU',
    'ITALY A PIE',
    'ITALY F TUN',
    'RUSSIA A UKR',
    'RUSSIA A WAR',
    'RUSSIA F RUM',
    'RUSSIA F SWE',
    'TURKEY A ARM',
    'TURKEY A BUL',
    'TURKEY F BLA',
  ],
  'Spring 1903 Movement': [
    'AUSTRIA A BUD',
    'AUSTRIA A GAL',
    'AUSTRIA A GRE',
    'AUSTRIA A VIE',
    'AUSTRIA F ALB',
    'ENGLAND A NWY',
    'ENGLAND A YOR',
    'ENGLAND F NTH',
    'ENGLAND F NWG',
    'FRANCE A MAR',
    'FRANCE A PAR',
    'FRANCE A SPA',
    'FRANCE F ENG',
    'FRANCE F POR',
    'GERMANY A BUR',
    'GERMANY A MUN',
    'GERMANY F DEN',
    'GERMANY F KIE',
    'ITALY A APU',
    'ITALY A PIE',
    'ITALY F NAP',
    'ITALY F TUN',
    'RUSSIA A UKR',
    'RUSSIA A WAR',
    'RUSSIA F BAR',
    'RUSSIA F RUM',
    'RUSSIA F SWE',
    'TURKEY A ARM',
    'TURKEY A BUL',
    'TURKEY F BLA',
  ],
};

interface ServerView {
  phase: string;
  position: { units: { power: string; type: string; location: string }[] };
  powers: { power: string; ready: boolean; mustOrder: boolean }[];
  retreats?: { unit: string; retreats: string[] }[];
  adjustments?: { power: string; change: number }[];
}

async function serverView(base: string, id: string): Promise<ServerView> {
  return (await (await fetch(`${base}/api/games/${id}?history=false`)).json()) as ServerView;
}

function unitsOf(view: ServerView): string[] {
  return view.position.units.map((u) => `${u.power} ${u.type} ${u.location}`).sort();
}

/** One click of an entry, as a player makes it (a real mouse click at the element's centre). */
async function click(page: Page, what: Click): Promise<void> {
  const [kind, target] = what.split(/:(.*)/s) as [string, string];
  const selector =
    kind === 'unit'
      ? `#board g.unit:not(.dislodged)[data-location="${target}"]`
      : kind === 'dislodged'
        ? `#board g.unit.dislodged[data-location="${target}"]`
        : kind === 'at'
          ? `#board text.label[data-province="${target}"]`
          : `#choices button[data-order="${target}"]`;
  await page.click(selector);
}

async function orderBox(page: Page): Promise<string[]> {
  return (await page.inputValue('#orders'))
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '');
}

test('seven players play two game years, every order entered by clicking', async () => {
  const data = mkdtempSync(join(tmpdir(), 'dipkit-web-'));
  const server = await startServer({ data, port: 0, tick: 200 });
  const browser = await launch();
  try {
    const base = server.url;
    const lobby = await (await browser.newContext()).newPage();
    const lobbyErrors = collectErrors(lobby);
    await lobby.goto(`${base}/`);
    await lobby.click('#create');
    await lobby.waitForSelector('#games tr[data-game]');
    const id = (await lobby.getAttribute('#games tr[data-game]', 'data-game'))!;
    assert.deepEqual(lobbyErrors, []);

    const pages = new Map<string, { page: Page; errors: string[] }>();
    for (const power of Object.keys(PHASES[0]!.entries)) {
      const joined = await joinThroughLobby(browser, base, id, power);
      if (power === 'ENGLAND')
        console.log(
          `game page: first map drawn ${(await firstBoardTime(joined.page)).toFixed(0)} ms, orders taken by click ${(await interactiveTime(joined.page)).toFixed(0)} ms after navigation start`,
        );
      pages.set(power, joined);
    }

    // A bad typed line is marked with its message, and nothing is sent.
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

    for (const { phase, next, entries } of PHASES) {
      const started = Date.now();
      for (const [power, { clicks, orders }] of Object.entries(entries)) {
        const { page } = pages.get(power)!;
        assert.match((await page.textContent('#phase')) ?? '', new RegExp(`^${phase}`), power);
        if (phase === 'Spring 1902 Movement' && power === 'FRANCE') {
          // Ready first, then an order: the page and the server both say France is no longer ready.
          await page.click('#ready');
          await page.waitForFunction(() => document.querySelector('#ready')?.textContent === 'Not ready');
        }
        for (const c of clicks) await click(page, c);
        assert.deepEqual(await orderBox(page), orders, `${phase}, ${power}`);
        assert.equal(await page.$$eval('#order-problems li', (ls) => ls.length), 0);
        if (orders.length > 0) assert.equal(await page.textContent('#send-state'), 'not sent');
        if (phase === 'Spring 1902 Movement' && power === 'FRANCE') {
          assert.equal(await page.textContent('#ready'), 'Ready');
          await page.waitForFunction(() => document.querySelector('#send-state')?.textContent === 'not sent');
          const france = (await serverView(base, id)).powers.find((p) => p.power === 'FRANCE')!;
          assert.equal(france.ready, false, 'the server knows France is no longer ready');
        }
        if (phase === 'Spring 1902 Movement' && power === 'RUSSIA') {
          // Unsent orders survive a reload, marked "not sent"; leaving the page with them asks first.
          const asked = new Promise<string>((resolve) =>
            page.once('dialog', (d) => {
              resolve(d.type());
              void d.accept();
            }),
          );
          await page.reload();
          assert.equal(await asked, 'beforeunload');
          await page.waitForSelector('#board svg g.unit');
          await page.waitForFunction(() => document.querySelector('#send-state')?.textContent === 'not sent');
          assert.deepEqual(await orderBox(page), orders);
          assert.equal(
            await page.$$eval('#board g.order.move', (gs) => gs.length),
            1,
            'the kept order is drawn',
          );
        }
        if (power === 'GERMANY' && phase === 'Fall 1901 Movement') await screenshot(page, 'game.png');
        if (power === 'FRANCE' && phase === 'Fall 1901 Retreat')
          await stateShot(page, 'desktop-retreat-entered');
        if (power === 'RUSSIA' && phase === 'Winter 1901 Adjustment') await stateShot(page, 'desktop-build');
      }
      if (phase === 'Fall 1901 Retreat') {
        const retreats = (await serverView(base, id)).retreats;
        assert.deepEqual(
          retreats?.map((r) => [r.unit, [...r.retreats].sort()]),
          [['A BUR', ['BEL', 'GAS', 'MAR', 'PAR', 'PIC']]],
        );
      }
      if (phase === 'Winter 1901 Adjustment') {
        const due = Object.fromEntries(
          (await serverView(base, id)).adjustments!.map((a) => [a.power, a.change]),
        );
        assert.deepEqual(due, {
          AUSTRIA: 1,
          ENGLAND: 1,
          FRANCE: 2,
          GERMANY: 1,
          ITALY: 1,
          RUSSIA: 2,
          TURKEY: 1,
        });
      }
      // Every power that must order presses Ready (with its orders, or none: its units hold, its builds waived).
      const must = (await serverView(base, id)).powers.filter((p) => p.mustOrder).map((p) => p.power);
      for (const power of must) await pages.get(power)!.page.click('#ready');
      for (const [power, { page }] of pages) {
        await page
          .waitForFunction(
            (title) => document.querySelector('#phase')?.textContent?.startsWith(title),
            next,
            {
              timeout: 20_000,
            },
          )
          .catch(async (e: unknown) => {
            throw new Error(
              `${power}: the page shows "${await page.textContent('#phase')}", ${await page.textContent('#game-message')}: ${String(e)}`,
            );
          });
      }
      const expected = AFTER[next];
      if (expected) assert.deepEqual(unitsOf(await serverView(base, id)), [...expected].sort(), next);
      console.log(`${phase}: entered and processed in ${Date.now() - started} ms`);
    }
    for (const [power, { errors }] of pages) assert.deepEqual(errors, [], power);
  } finally {
    await browser.close();
    await server.close();
    rmSync(data, { recursive: true, force: true });
  }
});
