/**
 * Load that rides out database faults, for the fault tests: players that submit orders, write press messages and
 * mark ready in a loop, treating 503 `database-unavailable` as "try again" (and checking it is a proper problem
 * with Retry-After); a record of every order and message the server acknowledged (200, 201) and of submissions
 * whose outcome is unknown (a 503 after the connection was lost as the statement committed); and a server-sent
 * events reader.
 */
import assert from 'node:assert/strict';
import { seededRandom } from 'dipkit';
import type { Db } from '../src/index.js';
import { pickOrders, type Seat } from './client.js';

export interface Answer {
  status: number;
  body: Record<string, unknown>;
}

/** Counts of what the load saw. */
export interface Tally {
  requests: number;
  unavailable: number;
  /** Order submissions answered 200. */
  acknowledged: number;
  /** Messages answered 201; refused by the per-power rate (429); answered 503 (outcome unknown, sent again). */
  messages: number;
  messagesRateLimited: number;
  messagesUnknown: number;
}

/** A message the server acknowledged: its number in the game, who wrote it to whom, its text. */
export interface SentMessage {
  game: string;
  id: number;
  sender: string;
  /** null: to all. */
  recipients: string[] | null;
  text: string;
}

export interface Game {
  id: string;
  seats: Seat[];
}

/** For each game, phase and power: the orders last acknowledged, and later submissions of unknown outcome. */
export type Acks = Map<string, { last: string[]; unknown: string[][] }>;

const key = (game: string, phase: string, power: string): string => `${game} ${phase} ${power}`;

export class FaultLoad {
  readonly tally: Tally = {
    requests: 0,
    unavailable: 0,
    acknowledged: 0,
    messages: 0,
    messagesRateLimited: 0,
    messagesUnknown: 0,
  };
  readonly acks: Acks = new Map();
  readonly sent: SentMessage[] = [];
  #stopped = false;
  readonly #base: string;
  readonly #random = seededRandom(26);

  constructor(base: string) {
    this.#base = base;
  }

  /**
   * One request; a 503 is checked (problem+json, database-unavailable, Retry-After) and retried after a short
   * pause, as a client following Retry-After would (shortened: the tests wait seconds, not minutes). A write
   * that is not idempotent (`once`) gets its 503 back instead: it may have been stored.
   */
  async request(method: string, path: string, body?: unknown, token?: string, once = false): Promise<Answer> {
    for (;;) {
      const headers: Record<string, string> = {};
      if (body !== undefined) headers['content-type'] = 'application/json';
      if (token !== undefined) headers['authorization'] = `Bearer ${token}`;
      this.tally.requests++;
      const init: RequestInit = { method, headers };
      if (body !== undefined) init.body = JSON.stringify(body);
      const r = await fetch(this.#base + path, init);
      const parsed = (await r.json()) as Record<string, unknown>;
      if (r.status !== 503) return { status: r.status, body: parsed };
      this.tally.unavailable++;
      assert.equal(parsed['code'], 'database-unavailable', JSON.stringify(parsed));
      assert.match(r.headers.get('content-type') ?? '', /^application\/problem\+json/);
      assert.match(r.headers.get('retry-after') ?? '', /^[0-9]+$/);
      if (once) return { status: 503, body: parsed };
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  /** Plays `games` until stop(): every seat submits random legal orders for the phase, then all mark ready. */
  async run(games: readonly Game[]): Promise<void> {
    await Promise.all(games.map((g) => this.#play(g)));
  }

  stop(): void {
    this.#stopped = true;
  }

  async #play(game: Game): Promise<void> {
    while (!this.#stopped) {
      const view = await this.request('GET', `/api/games/${game.id}?history=false`);
      assert.equal(view.status, 200, JSON.stringify(view.body));
      if (view.body['status'] !== 'active') return;
      const phase = String(view.body['phase']);
      const adjustments = (view.body['adjustments'] ?? []) as { power: string; change: number }[];
      for (const seat of game.seats) await this.#submit(game.id, phase, seat, adjustments);
      if (phase.endsWith('M')) {
        for (const [i, seat] of game.seats.entries()) await this.#write(game, phase, i, seat);
      }
      await Promise.all(
        game.seats.map(async (seat) => {
          const r = await this.request(
            'POST',
            `/api/games/${game.id}/ready`,
            { ready: true, phase },
            seat.token,
          );
          assert.ok(r.status === 200 || r.status === 409, JSON.stringify(r.body));
        }),
      );
    }
  }

  async #submit(
    id: string,
    phase: string,
    seat: Seat,
    adjustments: readonly { power: string; change: number }[],
  ): Promise<void> {
    const legal = await this.request('GET', `/api/games/${id}/legal`, undefined, seat.token);
    assert.equal(legal.status, 200, JSON.stringify(legal.body));
    if (legal.body['phase'] !== phase) return;
    const orders = pickOrders(
      legal.body['orders'] as Record<string, string[]>,
      phase,
      adjustments.find((a) => a.power === seat.power),
      this.#random,
    );
    for (;;) {
      const put = await this.request('PUT', `/api/games/${id}/orders`, { orders, phase }, seat.token, true);
      const k = key(id, phase, seat.power);
      if (put.status === 200) {
        this.acks.set(k, { last: put.body['orders'] as string[], unknown: [] });
        this.tally.acknowledged++;
        return;
      }
      if (put.status === 409) return; // the phase moved on
      assert.equal(put.status, 503, JSON.stringify(put.body));
      // Not acknowledged: it may still have committed. Tried again after the pause.
      const entry = this.acks.get(k);
      if (entry) entry.unknown.push(orders);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  /**
   * A press message from seat `i`: to all from even seats, to the next seat's power from odd ones (private: only
   * the two of them may read it). After a 503 it may have been stored or not: sent again after the pause, as a
   * client would (so the same text may be stored twice; the one acknowledged must be there).
   */
  async #write(game: Game, phase: string, i: number, seat: Seat): Promise<void> {
    const to = i % 2 === 0 ? 'ALL' : (game.seats[(i + 1) % game.seats.length]?.power ?? 'ALL');
    const text = `${seat.power} in ${phase}: message ${this.sent.length + 1}`;
    for (;;) {
      const r = await this.request('POST', `/api/games/${game.id}/messages`, { to, text }, seat.token, true);
      if (r.status === 503) {
        this.tally.messagesUnknown++;
        await new Promise((resolve) => setTimeout(resolve, 100));
        continue;
      }
      if (r.status === 201) {
        this.tally.messages++;
        this.sent.push({
          game: game.id,
          id: Number(r.body['id']),
          sender: seat.power,
          recipients: to === 'ALL' ? null : [to],
          text,
        });
      } else if (r.status === 429) this.tally.messagesRateLimited++;
      // 403: press closed (the phase moved on to a retreat), 409: the game ended.
      else assert.ok(r.status === 403 || r.status === 409, JSON.stringify(r.body));
      return;
    }
  }
}

/**
 * Every acknowledged message is stored as it was acknowledged: under its number, from its sender, to its
 * recipients, with its text. Returns how many were checked.
 */
export async function checkMessages(db: Db, sent: readonly SentMessage[]): Promise<number> {
  for (const m of sent) {
    const r = await db.query<{ sender: string; recipients: string[] | null; text: string }>(
      'SELECT sender, recipients, text FROM messages WHERE game_id = $1 AND id = $2',
      [m.game, m.id],
    );
    assert.deepEqual(
      r.rows[0],
      { sender: m.sender, recipients: m.recipients, text: m.text },
      `message ${m.game} #${m.id}`,
    );
  }
  return sent.length;
}

/**
 * Every acknowledged order is where it belongs: in the record of its phase once processed, in the orders table
 * for the current phase. (An acknowledged list later replaced by a submission of unknown outcome may have been
 * replaced: either list is accepted then.) Returns how many acknowledged lists were checked.
 */
export async function checkAcknowledged(db: Db, games: readonly Game[], acks: Acks): Promise<number> {
  let checked = 0;
  for (const g of games) {
    const records = await db.query<{ name: string; record: { orders: { power: string; text: string }[] } }>(
      'SELECT name, record FROM phases WHERE game_id = $1',
      [g.id],
    );
    const byPhase = new Map(records.rows.map((r) => [r.name, r.record]));
    const current = await db.query<{ phase: string; power: string; orders: { text: string }[] }>(
      'SELECT g.phase, o.power, o.orders FROM orders o JOIN games g ON g.id = o.game_id AND g.seq = o.seq WHERE o.game_id = $1',
      [g.id],
    );
    for (const [k, entry] of acks) {
      const [id, phase, power] = k.split(' ') as [string, string, string];
      if (id !== g.id) continue;
      const record = byPhase.get(phase);
      let found: string[] | undefined;
      if (record) found = record.orders.filter((o) => o.power === power).map((o) => o.text);
      else {
        const row = current.rows.find((r) => r.phase === phase && r.power === power);
        found = row?.orders.map((o) => o.text);
      }
      const allowed = [entry.last, ...entry.unknown].map((o) => JSON.stringify(o));
      assert.ok(
        allowed.includes(JSON.stringify(found ?? [])),
        `${k}: acknowledged ${JSON.stringify(entry.last)}, stored ${JSON.stringify(found)}`,
      );
      checked++;
    }
  }
  return checked;
}

/** A server-sent events stream: the ids received, in order. */
export class EventReader {
  readonly ids: number[] = [];
  readonly #abort = new AbortController();
  readonly done: Promise<void>;

  constructor(url: string, lastEventId?: number) {
    const headers: Record<string, string> = {};
    if (lastEventId !== undefined) headers['last-event-id'] = String(lastEventId);
    this.done = this.#read(url, headers).catch((e: unknown) => {
      if ((e as Error).name !== 'AbortError') throw e;
    });
  }

  async #read(url: string, headers: Record<string, string>): Promise<void> {
    const r = await fetch(url, { headers, signal: this.#abort.signal });
    assert.equal(r.status, 200);
    const decoder = new TextDecoder();
    let buffer = '';
    for await (const chunk of r.body as unknown as AsyncIterable<Uint8Array>) {
      buffer += decoder.decode(chunk, { stream: true });
      let end;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const event = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const id = /^id: ([0-9]+)$/m.exec(event);
        if (id?.[1]) this.ids.push(Number(id[1]));
      }
    }
  }

  /** Waits until the last id received is `last` (or `ms` passed). */
  async until(last: number, ms: number): Promise<void> {
    const end = Date.now() + ms;
    while (this.ids[this.ids.length - 1] !== last && Date.now() < end) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  close(): void {
    this.#abort.abort();
  }
}

/** The counts of a fault run, for its output line (and the session note). */
export function faultCounts(load: FaultLoad, orderLists: number, messages: number, phases: number): string {
  const t = load.tally;
  return (
    `${t.requests} requests, ${t.unavailable} answered 503; orders: ${t.acknowledged} submissions acknowledged, ` +
    `${orderLists} acknowledged lists (the last per phase and power) checked, all present; messages: ` +
    `${t.messages} acknowledged, ${messages} checked, all present (${t.messagesUnknown} answers 503, sent again; ` +
    `${t.messagesRateLimited} over the rate); ${phases} phases, each processed once`
  );
}
