/**
 * Order submissions that arrive together are written together on PGlite (order-writes.ts): each still gets its
 * own answer after its write, each power keeps the last orders it sent, and a submission for a phase that moved
 * on is refused, never lost in a batch.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { POWERS, call, sharedServer } from './helpers.js';

const shared = sharedServer();

async function seatedGame(): Promise<{ id: string; admin: string; tokens: Map<string, string> }> {
  const game = await call<{ id: string; adminToken: string }>(shared.base, 'POST', '/api/games', {
    processWhenReady: false,
  });
  const tokens = new Map<string, string>();
  for (const power of POWERS) {
    const joined = await call<{ token: string }>(shared.base, 'POST', `/api/games/${game.body.id}/join`, {
      power,
    });
    tokens.set(power, joined.body.token);
  }
  return { id: game.body.id, admin: game.body.adminToken, tokens };
}

/** The legal orders of `token`'s power, by unit. */
async function legalOf(id: string, token: string): Promise<Record<string, string[]>> {
  const legal = await call<{ orders: Record<string, string[]> }>(
    shared.base,
    'GET',
    `/api/games/${id}/legal`,
    undefined,
    token,
  );
  return legal.body.orders;
}

test('submissions of every power at once: each answered, each power keeps the last it sent', async () => {
  const { id, tokens } = await seatedGame();
  await Promise.all(
    POWERS.map(async (power) => {
      const token = tokens.get(power)!;
      const legal = Object.values(await legalOf(id, token));
      const hold = (list: string[]): string => list.find((o) => o.endsWith(' H'))!;
      const lists = [[hold(legal[0]!)], legal.map(hold), [hold(legal[1]!)]];
      for (const orders of lists) {
        const r = await call<{ orders: string[] }>(
          shared.base,
          'PUT',
          `/api/games/${id}/orders`,
          { orders },
          token,
        );
        assert.equal(r.status, 200, JSON.stringify(r.body));
        assert.deepEqual(r.body.orders, orders);
      }
      const kept = await call<{ orders: string[] }>(
        shared.base,
        'GET',
        `/api/games/${id}/orders`,
        undefined,
        token,
      );
      assert.deepEqual(kept.body.orders, lists[2], power);
    }),
  );
});

test('submissions racing the phase being processed: each answered 200 is adjudicated, each 409 is not', async () => {
  const { id, admin, tokens } = await seatedGame();
  const moves = new Map<string, string>();
  for (const power of POWERS) {
    const legal = Object.values(await legalOf(id, tokens.get(power)!));
    moves.set(
      power,
      legal.flat().find((o) => o.includes(' - '))!,
    );
  }
  const results = await Promise.all([
    ...POWERS.map((power) =>
      call(
        shared.base,
        'PUT',
        `/api/games/${id}/orders`,
        { orders: [moves.get(power)], phase: 'S1901M' },
        tokens.get(power),
      ),
    ),
    call(shared.base, 'POST', `/api/games/${id}/process`, {}, admin),
  ]);
  assert.equal(results.at(-1)?.status, 200);
  const game = await call<{ history: { orders: { power: string; text: string }[] }[] }>(
    shared.base,
    'GET',
    `/api/games/${id}`,
  );
  const adjudicated = game.body.history[0]!.orders;
  for (const [i, power] of POWERS.entries()) {
    const status = results[i]!.status;
    assert.ok(status === 200 || status === 409, `${power}: ${status}`);
    const given = adjudicated.some((o) => o.power === power && o.text === moves.get(power));
    assert.equal(given, status === 200, `${power} answered ${status}, adjudicated: ${given}`);
  }
});
