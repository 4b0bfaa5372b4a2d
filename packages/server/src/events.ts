/**
 * Server-sent events. Every event is a row of the `events` table, numbered per game; a transaction that adds one
 * also runs pg_notify, which every instance hears (LISTEN), so a client connected to any instance gets every event,
 * in order, once. A stream resumes after Last-Event-ID. A slow poll covers notifications lost while an
 * instance's listening connection was down. An event with readers (a private message) goes only to the streams
 * of those powers; the others never see it, not even its number's data.
 */
import type { ServerResponse } from 'node:http';
import type { Db } from './db.js';
import { eventsAfter, type GameEvent } from './games.js';

interface Subscriber {
  last: number;
  res: ServerResponse;
  /** The stream's power (its token's), or undefined: the admin token or no token, which see only public events. */
  reader: string | undefined;
}

export class EventHub {
  readonly #db: Db;
  readonly #games = new Map<string, Set<Subscriber>>();
  /** Games being read now, and whether another wake came meanwhile. */
  readonly #busy = new Map<string, boolean>();
  #timer: NodeJS.Timeout | undefined;

  constructor(db: Db) {
    this.#db = db;
  }

  async start(): Promise<void> {
    const wakeAll = (): void => {
      for (const id of this.#games.keys()) this.wake(id);
    };
    // Back from a lost listening connection: what was notified meanwhile is read from the table now.
    await this.#db.listen((id) => this.wake(id), wakeAll);
    this.#timer = setInterval(wakeAll, 5000);
    this.#timer.unref();
  }

  stop(): void {
    clearInterval(this.#timer);
    for (const subs of this.#games.values()) for (const s of subs) s.res.end();
    this.#games.clear();
  }

  /** Streams game `id`'s events after `since` that `reader` may see to `res` until the client goes away. */
  subscribe(id: string, since: number, res: ServerResponse, reader: string | undefined): void {
    const sub: Subscriber = { last: since, res, reader };
    let subs = this.#games.get(id);
    if (!subs) this.#games.set(id, (subs = new Set()));
    subs.add(sub);
    const ping = setInterval(() => res.write(': keep-alive\n\n'), 15_000);
    res.on('close', () => {
      clearInterval(ping);
      subs.delete(sub);
      if (subs.size === 0) this.#games.delete(id);
    });
    this.wake(id);
  }

  /** Reads the game's new events and sends each subscriber those it has not had. */
  wake(id: string): void {
    if (!this.#games.has(id)) return;
    if (this.#busy.has(id)) {
      this.#busy.set(id, true);
      return;
    }
    this.#busy.set(id, false);
    void this.#deliver(id).finally(() => {
      const again = this.#busy.get(id) === true;
      this.#busy.delete(id);
      if (again) this.wake(id);
    });
  }

  async #deliver(id: string): Promise<void> {
    const subs = this.#games.get(id);
    if (!subs || subs.size === 0) return;
    const from = Math.min(...[...subs].map((s) => s.last));
    let events: GameEvent[];
    try {
      events = await eventsAfter(this.#db, id, from);
    } catch {
      return; // the database is away; the poll tries again
    }
    for (const sub of subs) {
      for (const e of events) {
        if (e.seq <= sub.last) continue;
        sub.last = e.seq;
        if (e.readers !== null && (sub.reader === undefined || !e.readers.includes(sub.reader))) continue;
        sub.res.write(`id: ${e.seq}\nevent: ${e.kind}\ndata: ${JSON.stringify(e.data)}\n\n`);
      }
    }
    if (events.length === 1000) this.#busy.set(id, true);
  }
}
